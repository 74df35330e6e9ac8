// pgnkit perft: count the leaves of the legal move tree (a move-generator check).

#include "commands.hpp"
#include "pgnkit/app/perft_suite.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/notation.hpp"

#include <fmt/format.h>

#include <fstream>
#include <memory>

namespace pgnkit::cli {

namespace {
struct PerftOptions {
    std::string fen{chess::StartFen};
    int depth = -1;
    bool divide = false;
    bool chess960 = false;
    std::string variant = "standard";
    std::string suite;
    std::uint64_t max_nodes = 0;
};

int run_perft(const PerftOptions& o) {
    if (!o.suite.empty()) {
        std::ifstream in(o.suite);
        if (!in) {
            fmt::print(stderr, "pgnkit perft: cannot open '{}'\n", o.suite);
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
        fmt::print(stderr, "pgnkit perft: --depth is required (or --suite)\n");
        return ExitError;
    }
    chess::FenParseOptions fo;
    fo.chess960 = o.chess960 || o.variant == "chess960";
    auto parsed = chess::parse_fen(o.fen, fo);
    if (!parsed) {
        fmt::print(stderr, "pgnkit perft: invalid FEN: {}\n", parsed.error().to_string());
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
    cmd->add_option("--fen", opts->fen, "Start position (default: the standard start position)");
    cmd->add_option("-d,--depth", opts->depth, "Depth in plies")->check(CLI::Range(0, 20));
    cmd->add_flag("--divide", opts->divide, "Print '<uci>: <count>' for every root move first");
    cmd->add_option("--variant", opts->variant,
                    "standard (default: castling rights need the king on e1/e8 and the rook in "
                    "its corner) or chess960 (X-FEN/Shredder-FEN castling, king-takes-rook UCI)")
        ->type_name("VARIANT")
        ->check(CLI::IsMember({"standard", "chess960"}));
    cmd->add_flag("--chess960", opts->chess960, "Same as --variant chess960");
    cmd->add_option("--suite", opts->suite,
                    "Run a perft suite file (EPD ';D1 n' lines, id/epd/perft blocks, or TSV)");
    cmd->add_option("--max-nodes", opts->max_nodes,
                    "With --suite: skip depths whose expected count exceeds N");
    cmd->callback([&run, opts] { run = [opts] { return run_perft(*opts); }; });
}

} // namespace pgnkit::cli
