// pgnkit perft: count the leaves of the legal move tree (a move-generator check).

#include "common.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/uci_lan.hpp"
#include "pgnkit/cmd/perft/perft_suite.hpp"
#include "pgnkit/xiangqi/coordinates.hpp"
#include "pgnkit/xiangqi/fen.hpp"
#include "pgnkit/xiangqi/movegen.hpp"

#include <fmt/format.h>

#include <fstream>
#include <memory>

namespace pgnkit::cli {

namespace {
struct PerftOptions {
    const CLI::App* cmd = nullptr;
    std::string fen{chess::StartFen};
    int depth = -1;
    bool divide = false;
    bool chess960 = false;
    std::string variant = "standard";
    std::string suite;
    std::uint64_t max_nodes = 0;
};

/// perft of a xiangqi position (--variant xiangqi); --divide writes the root moves in ICCS.
int run_xiangqi_perft(const PerftOptions& o) {
    const bool fen_given = o.cmd->count("--fen") > 0;
    auto parsed = xiangqi::parse_fen(fen_given ? std::string_view(o.fen) : xiangqi::StartFen);
    if (!parsed) {
        fmt::print(stderr, "pgnkit perft: error: invalid FEN: {}\n", parsed.error().to_string());
        return ExitFound;
    }
    const xiangqi::Position& pos = parsed->position;
    std::uint64_t total = 0;
    if (o.divide && o.depth > 0) {
        for (xiangqi::Move m : xiangqi::legal_moves(pos)) {
            const std::uint64_t n = xiangqi::perft(pos.after(m), o.depth - 1);
            fmt::print("{}: {}\n", xiangqi::format_coordinates(m, xiangqi::Coordinates::Iccs), n);
            total += n;
        }
        fmt::print("\n");
    } else {
        total = xiangqi::perft(pos, o.depth);
    }
    fmt::print("{}\n", total);
    return ExitOk;
}

int run_perft(const PerftOptions& o) {
    // Options that the others make do nothing: usage errors, not silence.
    const bool xiangqi = o.variant == "xiangqi";
    if (xiangqi && o.chess960)
        return usage_error("perft", "--chess960 and --variant xiangqi exclude each other");
    if (!o.suite.empty()) {
        for (const char* ignored : {"--fen", "--depth", "--divide", "--chess960"})
            if (int rc = ignored_option("perft", o.cmd, ignored, "with --suite",
                                        "a suite gives each position and depth"))
                return rc;
    } else if (int rc = ignored_option("perft", o.cmd, "--max-nodes", "without --suite",
                                       "it skips depths of a suite")) {
        return rc;
    }
    if (!o.suite.empty()) {
        std::ifstream in(o.suite);
        if (!in) {
            fmt::print(stderr, "pgnkit perft: error: cannot open '{}'\n", o.suite);
            return ExitError;
        }
        auto cases = app::read_perft_suite(in, xiangqi);
        auto r = app::run_perft_suite(
            cases, o.max_nodes, [](const std::string& line) { fmt::print("FAIL {}\n", line); });
        fmt::print("{} passed, {} failed", r.passed, r.failed);
        if (r.skipped) fmt::print(" ({} depths skipped by --max-nodes)", r.skipped);
        fmt::print("\n");
        return r.failed ? ExitFound : ExitOk;
    }
    if (o.depth < 0) {
        return usage_error("perft", "--depth is required (or --suite)");
    }
    if (xiangqi) return run_xiangqi_perft(o);
    chess::FenParseOptions fo;
    fo.chess960 = o.chess960 || o.variant == "chess960";
    auto parsed = chess::parse_fen(o.fen, fo);
    if (!parsed) {
        fmt::print(stderr, "pgnkit perft: error: invalid FEN: {}\n", parsed.error().to_string());
        return ExitFound;
    }
    const chess::Position& pos = parsed->position;
    std::uint64_t total = 0;
    if (o.divide && o.depth > 0) {
        for (chess::Move m : chess::legal_moves(pos)) {
            std::uint64_t n = chess::perft(pos.after(m), o.depth - 1);
            fmt::print("{}: {}\n", chess::format_uci(pos, m), n);
            total += n;
        }
        fmt::print("\n");
    } else {
        total = chess::perft(pos, o.depth);
    }
    fmt::print("{}\n", total);
    return ExitOk;
}
} // namespace

void add_perft(CLI::App& app, Runner& run) {
    auto opts = std::make_shared<PerftOptions>();
    auto* cmd = app.add_subcommand(
        "perft", "Count leaf nodes of the legal move tree (move generator check)");
    opts->cmd = cmd;
    cmd->add_option("--fen", opts->fen,
                    "Start position (default: the start position of the variant)")
        ->type_name("FEN");
    cmd->add_option("-d,--depth", opts->depth, "Depth in plies")
        ->type_name("N")
        ->check(number_in(0, 20));
    cmd->add_flag("--divide", opts->divide,
                  "Print '<move>: <count>' for every root move first (UCI; ICCS for xiangqi)");
    cmd->add_option("--variant", opts->variant,
                    "standard (default: castling rights need the king on e1/e8 and the rook in "
                    "its corner), chess960 (X-FEN/Shredder-FEN castling, king-takes-rook UCI) "
                    "or xiangqi (Chinese chess: a xiangqi FEN, 10 ranks of 9 points)")
        ->type_name("VARIANT")
        ->check(CLI::IsMember({"standard", "chess960", "xiangqi"}));
    cmd->add_flag("--chess960", opts->chess960, "Same as --variant chess960");
    cmd->add_option("--suite", opts->suite,
                    "Run a perft suite file (EPD ';D1 n' lines, id/epd/perft blocks, or TSV; a "
                    "xiangqi FEN runs by xiangqi rules)")
        ->type_name("FILE");
    cmd->add_option("--max-nodes", opts->max_nodes,
                    "With --suite: skip depths whose expected count exceeds N")
        ->type_name("N")
        ->check(Count);
    cmd->callback([&run, opts] { run = [opts] { return run_perft(*opts); }; });
}

} // namespace pgnkit::cli
