// pgnkit fen: positions out of games (FEN, EPD, NDJSON, CSV, TSV) for shell pipelines.

#include "common.hpp"
#include "pgnkit/cmd/fen/fen_command.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <fmt/format.h>

#include <memory>

namespace pgnkit::cli {

namespace {
struct FenCli {
    const CLI::App* cmd = nullptr;
    app::FenRunOptions run;
    std::string format = "fen", ep = "legal", plies = "all", columns;
    std::string variant = "standard";
    int every = 1, min_ply = 0, jobs = 0;
    CompressionOptions compression;
    bool start = false;
    ProgressOptions progress;
    SeverityOptions severities;
    PieceLetterOptions letters;
};

/// Options that the chosen format or mode makes do nothing: usage errors, not silence.
int check_ignored_options(const FenCli& o) {
    const bool table = o.format == "csv" || o.format == "tsv";
    const bool san_column = o.columns.empty() || o.columns.find("move_san") != std::string::npos;
    const std::string with_format = "with --format " + o.format;
    if (!table)
        if (int rc = ignored_option("fen", o.cmd, "--columns", with_format,
                                    "only csv and tsv have columns"))
            return rc;
    if (o.format != "epd")
        if (int rc = ignored_option("fen", o.cmd, "--id", with_format, "only epd lines have an id"))
            return rc;
    if (o.format == "fen" || (table && !san_column))
        if (int rc = ignored_option("fen", o.cmd, "--piece-letters",
                                    table ? "with --columns " + o.columns : with_format,
                                    "only epd's sm, ndjson and the move_san column hold SAN"))
            return rc;
    if (o.plies != "all")
        if (int rc = ignored_option("fen", o.cmd, "--start", "with --plies " + o.plies,
                                    "the start position is added to --plies all"))
            return rc;
    return level_ignored("fen", o.cmd, o.compression, o.run.output);
}

int run_fen_cli(FenCli& o) {
    if (int rc = check_ignored_options(o)) return rc;
    if (o.run.unique && o.run.shard.active())
        return usage_error("fen", "--unique cannot be combined with --shard: a shard knows only "
                                  "its own positions (deduplicate the shards' outputs together)");
    if (!inputs_or_stdin("fen", o.run.inputs) ||
        !apply_severity_options("fen", o.severities, o.run.severities) ||
        !resolve_letters("fen", "--piece-letters", o.letters.output, o.run.piece_letters) ||
        !resolve_letters("fen", "--input-piece-letters", o.letters.input,
                         o.run.input_piece_letters))
        return ExitError;
    if (refuse_output_clash("fen", o.run.inputs, {{"-o", o.run.output}})) return ExitError;
    static const std::pair<const char*, app::PositionFormat> formats[] = {
        {"fen", app::PositionFormat::Fen},       {"epd", app::PositionFormat::Epd},
        {"ndjson", app::PositionFormat::Ndjson}, {"json", app::PositionFormat::Ndjson},
        {"csv", app::PositionFormat::Csv},       {"tsv", app::PositionFormat::Tsv}};
    for (auto [name, f] : formats)
        if (o.format == name) o.run.format = f;
    chess::parse_ep_mode(o.ep, o.run.ep);
    o.run.chess960 = o.variant == "chess960";
    // standard and chess960 name the chess of untagged games; a game tagged xiangqi is xiangqi.
    o.run.game = o.variant == "xiangqi" ? GameChoice::Xiangqi
                 : o.variant == "chess" ? GameChoice::Chess
                                        : GameChoice::Auto;
    if (!app::parse_ply_selection(o.plies, o.run.plies))
        return usage_error("fen", "--plies '{}': expected all, end, N or N-M", o.plies);
    o.run.plies.start = o.start;
    o.run.plies.every = o.every;
    o.run.plies.min_ply = o.min_ply;
    o.run.columns = split_list({o.columns});
    apply_compression_options(o.compression, o.run.output_options);
    o.run.jobs = jobs_or_default(o.jobs);
    // Not by itself when the output goes to stdout: the line would mix with it on a terminal.
    o.run.progress = progress_wanted(o.progress, o.run.output != "-");
    return app::run_fen(o.run);
}
} // namespace

void add_fen(CLI::App& app, Runner& run) {
    auto o = std::make_shared<FenCli>();
    auto* cmd = app.add_subcommand(
        "fen", "Positions out of games: FEN, EPD, NDJSON, CSV or TSV, one per line");
    o->cmd = cmd;
    cmd->add_option("files", o->run.inputs,
                    "PGN files (.pgn; .zst .gz .bz2 .xz; .zip .7z .tar; - or nothing for stdin "
                    "when it is no terminal)")
        ->type_name("FILE");
    cmd->add_option("-f,--format", o->format,
                    "fen, epd, ndjson (json is the same), csv or tsv (default: fen)")
        ->type_name("FORMAT")
        ->check(CLI::IsMember({"fen", "epd", "ndjson", "json", "csv", "tsv"}));
    cmd->add_option("--plies", o->plies,
                    "Which positions: all (after every move), end, N or N-M (ply 0 = start)")
        ->type_name("WHICH");
    cmd->add_flag("--start", o->start, "With --plies all: also the start position");
    cmd->add_option("--every", o->every, "Only plies divisible by N")
        ->type_name("N")
        ->check(number_in(1, 100000));
    cmd->add_option("--min-ply", o->min_ply, "Only plies ≥ N")
        ->type_name("N")
        ->check(number_in(0, 100000));
    cmd->add_flag("--variations", o->run.variations, "Also walk every variation");
    cmd->add_option("--variant", o->variant,
                    "Variant of games without a Variant tag: standard (default) or chess960 "
                    "(their FEN castling rights read as X-FEN/Shredder-FEN); a game tagged "
                    "xiangqi ([Variant \"xiangqi\"], [Game \"Chinese Chess\"], a xiangqi FEN) "
                    "is xiangqi; xiangqi: every game is (untagged xiangqi files); chess: no "
                    "game is; auto: as standard")
        ->type_name("VARIANT")
        ->check(CLI::IsMember({"standard", "chess960", "xiangqi", "chess", "auto"}));
    cmd->add_flag("--skip-check", o->run.skip_check,
                  "Skip positions where the side to move is in check");
    cmd->add_flag(
        "--quiet-only", o->run.quiet_only,
        "Only quiet positions: not in check, and the move played is no capture or promotion");
    cmd->add_flag("--unique", o->run.unique,
                  "Drop positions already written in this run (repetition identity)");
    cmd->add_flag("--valid-only", o->run.valid_only, "Write nothing for games with an error");
    add_severity_options(cmd, o->severities);
    cmd->add_option("--ep", o->ep, "En-passant square in FENs: legal (default), pseudo, always")
        ->type_name("MODE")
        ->check(CLI::IsMember({"legal", "pseudo", "always"}));
    cmd->add_option("--id", o->run.id_template,
                    "With -f epd: id template over tags, e.g. \"{White}-{Black} {Round}\"; "
                    "default: the game number")
        ->type_name("TEMPLATE");
    cmd->add_option("--columns", o->columns,
                    "With -f csv/tsv: columns, comma-separated (default: all): " +
                        fmt::format("{}", fmt::join(app::position_columns(), ", ")))
        ->type_name("LIST");
    add_piece_letter_options(cmd, o->letters, true,
                             "SAN piece letters written (epd sm, ndjson and move_san): en, de, "
                             "fr, es, it, nl or 5-6 upper-case letters in KQRBN(P) order");
    cmd->add_option("-o,--output", o->run.output,
                    "Output FILE (default: stdout); a .zst name writes zstd")
        ->type_name("FILE");
    add_compression_options(cmd, o->compression, "auto (by name), zstd or none",
                            "zstd level (1-19)");
    add_jobs_option(cmd, o->jobs);
    add_shard_option(cmd, o->run.shard);
    cmd->add_flag("--summary", o->run.summary,
                  "Always print the summary on stderr (else only when a game had an error)");
    add_progress_options(cmd, o->progress);
    cmd->callback([&run, o] { run = [o] { return run_fen_cli(*o); }; });
}

} // namespace pgnkit::cli
