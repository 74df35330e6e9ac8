// pgnkit fen: positions out of games (FEN, EPD, NDJSON, CSV, TSV) for shell pipelines.

#include "commands.hpp"
#include "pgnkit/app/fen_export.hpp"
#include "pgnkit/app/pipeline.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <memory>

namespace pgnkit::cli {

namespace {
struct FenCli {
    app::FenRunOptions run;
    std::string format = "fen", ep = "legal", plies = "all", compress = "auto", columns;
    std::string variant = "standard";
    int every = 1, min_ply = 0, jobs = 0, level = 3;
    bool start = false, progress = false, no_progress = false;
};

int run_fen_cli(FenCli& o) {
    if (o.run.inputs.empty()) o.run.inputs.push_back("-");
    static const std::pair<const char*, app::PositionFormat> formats[] = {
        {"fen", app::PositionFormat::Fen},       {"epd", app::PositionFormat::Epd},
        {"ndjson", app::PositionFormat::Ndjson}, {"json", app::PositionFormat::Ndjson},
        {"csv", app::PositionFormat::Csv},       {"tsv", app::PositionFormat::Tsv}};
    for (auto [name, f] : formats)
        if (o.format == name) o.run.format = f;
    chess::parse_ep_mode(o.ep, o.run.ep);
    o.run.chess960 = o.variant == "chess960";
    if (!app::parse_ply_selection(o.plies, o.run.plies)) {
        fmt::print(stderr, "pgnkit fen: --plies '{}': expected all, end, N or N-M\n", o.plies);
        return ExitError;
    }
    o.run.plies.start = o.start;
    o.run.plies.every = o.every;
    o.run.plies.min_ply = o.min_ply;
    if (!o.columns.empty()) {
        std::size_t b = 0;
        while (b <= o.columns.size()) {
            auto e = o.columns.find(',', b);
            if (e == std::string::npos) e = o.columns.size();
            if (e > b) o.run.columns.push_back(o.columns.substr(b, e - b));
            b = e + 1;
        }
    }
    o.run.output_options.compression = o.compress == "zstd"   ? app::OutputCompression::Zstd
                                       : o.compress == "none" ? app::OutputCompression::None
                                                              : app::OutputCompression::Auto;
    o.run.output_options.zstd_level = o.level;
    o.run.jobs = o.jobs > 0 ? o.jobs : app::default_jobs();
    o.run.progress =
        o.no_progress ? false : (o.progress || (::isatty(STDERR_FILENO) && o.run.output != "-"));
    return app::run_fen(o.run);
}
} // namespace

void add_fen(CLI::App& app, Runner& run) {
    auto o = std::make_shared<FenCli>();
    auto* cmd = app.add_subcommand(
        "fen", "Positions out of games: FEN, EPD, NDJSON, CSV or TSV, one per line");
    cmd->add_option("files", o->run.inputs, "PGN files (.pgn, .zst, .gz; - or nothing for stdin)");
    cmd->add_option("-f,--format", o->format, "fen, epd, ndjson, csv or tsv")
        ->check(CLI::IsMember({"fen", "epd", "ndjson", "json", "csv", "tsv"}));
    cmd->add_option("--plies", o->plies,
                    "Which positions: all (after every move), end, N or N-M (ply 0 = start)");
    cmd->add_flag("--start", o->start, "With --plies all: also the start position");
    cmd->add_option("--every", o->every, "Only plies divisible by K")->check(CLI::Range(1, 100000));
    cmd->add_option("--min-ply", o->min_ply, "Only plies ≥ N")->check(CLI::Range(0, 100000));
    cmd->add_flag("--variations", o->run.variations, "Also walk every variation");
    cmd->add_option("--variant", o->variant,
                    "Variant of games without a Variant tag: standard (default) or chess960 "
                    "(their FEN castling rights read as X-FEN/Shredder-FEN)")
        ->type_name("VARIANT")
        ->check(CLI::IsMember({"standard", "chess960"}));
    cmd->add_flag("--skip-check", o->run.skip_check,
                  "Skip positions where the side to move is in check");
    cmd->add_flag(
        "--quiet-only", o->run.quiet_only,
        "Only quiet positions: not in check, and the move played is no capture or promotion");
    cmd->add_flag("--unique", o->run.unique,
                  "Drop positions already written in this run (repetition identity)");
    cmd->add_flag("--valid-only", o->run.valid_only, "Write nothing for games with an error");
    cmd->add_option("--ep", o->ep, "En-passant square in FENs: legal (default), pseudo, always")
        ->check(CLI::IsMember({"legal", "pseudo", "always"}));
    cmd->add_option("--id", o->run.id_template,
                    "EPD id template over tags, e.g. \"{White}-{Black} {Round}\"; "
                    "default: the game number");
    cmd->add_option("--columns", o->columns, "CSV/TSV columns, comma-separated (default: all)");
    cmd->add_option("--piece-letters", o->run.piece_letters,
                    "SAN piece letters (KQRBN order) for input and sm/move_san");
    cmd->add_option("-o,--output", o->run.output,
                    "Output file (default: stdout); a .zst name writes zstd");
    cmd->add_option("--compress", o->compress, "auto (by name), zstd or none")
        ->check(CLI::IsMember({"auto", "zstd", "none"}));
    cmd->add_option("--level", o->level, "zstd level")->check(CLI::Range(1, 19));
    cmd->add_option("-j,--jobs", o->jobs, "Worker threads (default: all cores)")
        ->check(CLI::Range(1, 1024));
    cmd->add_flag("--summary", o->run.summary, "Print a summary on stderr at the end");
    cmd->add_flag("--progress", o->progress, "Show a progress line on stderr");
    cmd->add_flag("--no-progress", o->no_progress, "Never show the progress line");
    cmd->callback([&run, o] { run = [o] { return run_fen_cli(*o); }; });
}

} // namespace pgnkit::cli
