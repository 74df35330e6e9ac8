// pgnkit perft: count the leaves of the legal move tree (a move-generator check).

#include "common.hpp"
#include "pgnkit/cmd/perft/perft_suite.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/uci_lan.hpp"

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

int run_perft(const PerftOptions& o) {
    // Options that the others make do nothing: usage errors, not silence.
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
        auto cases = app::read_perft_suite(in);
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
    cmd->add_option("--fen", opts->fen, "Start position (default: the standard start position)")
        ->type_name("FEN");
    cmd->add_option("-d,--depth", opts->depth, "Depth in plies")
        ->type_name("N")
        ->check(number_in(0, 20));
    cmd->add_flag("--divide", opts->divide, "Print '<uci>: <count>' for every root move first");
    cmd->add_option("--variant", opts->variant,
                    "standard (default: castling rights need the king on e1/e8 and the rook in "
                    "its corner) or chess960 (X-FEN/Shredder-FEN castling, king-takes-rook UCI)")
        ->type_name("VARIANT")
        ->check(CLI::IsMember({"standard", "chess960"}));
    cmd->add_flag("--chess960", opts->chess960, "Same as --variant chess960");
    cmd->add_option("--suite", opts->suite,
                    "Run a perft suite file (EPD ';D1 n' lines, id/epd/perft blocks, or TSV)")
        ->type_name("FILE");
    cmd->add_option("--max-nodes", opts->max_nodes,
                    "With --suite: skip depths whose expected count exceeds N")
        ->type_name("N")
        ->check(Count);
    cmd->callback([&run, opts] { run = [opts] { return run_perft(*opts); }; });
}

} // namespace pgnkit::cli
