// pgnkit validate: replay every game, report every defect.

#include "common.hpp"
#include "pgnkit/cmd/validate/validate.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <fmt/format.h>

#include <memory>
#include <optional>

namespace pgnkit::cli {

namespace {
struct ValidateCli {
    const CLI::App* cmd = nullptr;
    app::ValidateRunOptions run;
    SeverityOptions severities;
    ProgressOptions progress;
    PieceLetterOptions letters;
    std::string output_letters; ///< --piece-letters: validate writes no moves (a usage error)
    bool list_checks = false, verbose = false;
    bool no_summary = false, no_timing = false;
    std::string format = "text", color = "auto", variant = "auto";
    int jobs = 0;
    std::string eco_file;
    std::optional<openings::OpeningTable> eco_table; ///< --eco-file's, when given
};

int run_validate_cli(ValidateCli& o) {
    if (o.list_checks) {
        app::print_check_list();
        return ExitOk;
    }
    if (o.run.inputs.empty()) {
        return usage_error("validate", "no input files (use - for stdin)");
    }
    if (refuse_output_clash(
            "validate", o.run.inputs,
            {{"--rejects", o.run.rejects}, {"--accepted", o.run.accepted}, {"--html", o.run.html}}))
        return ExitError;
    if (!o.output_letters.empty())
        return usage_error("validate",
                           "--piece-letters is the letters written, and validate writes no "
                           "moves: the letters read are --input-piece-letters {}",
                           o.output_letters);
    if (!apply_severity_options("validate", o.severities, o.run.severities) ||
        !resolve_letters("validate", "--input-piece-letters", o.letters.input, o.run.piece_letters))
        return ExitError;
    if (!o.run.eco_check)
        if (int rc = ignored_option("validate", o.cmd, "--eco-file", "without --eco-check",
                                    "only the opening classification reads a table"))
            return rc;
    if (!o.eco_file.empty()) {
        o.run.eco_table = eco_table(o.eco_file, o.eco_table);
        if (!o.run.eco_table) return ExitError;
    }
    o.run.format = o.format == "json" ? app::OutputFormat::Json : app::OutputFormat::Text;
    o.run.color = color_wanted(o.color, o.run.format == app::OutputFormat::Text);
    o.run.progress = progress_wanted(o.progress);
    o.run.jobs = jobs_or_default(o.jobs);
    o.run.show_info = o.verbose;
    o.run.variant = *parse_game_choice(o.variant); // (checked by CLI11)
    o.run.summary = !o.no_summary;
    o.run.timing = !o.no_timing;
    return app::run_validate(o.run);
}
} // namespace

void add_validate(CLI::App& app, Runner& run) {
    auto o = std::make_shared<ValidateCli>();
    auto* cmd =
        app.add_subcommand("validate", "Replay every game and report every defect (the main job)");
    o->cmd = cmd;
    cmd->add_option("files", o->run.inputs,
                    "PGN files (.pgn; .zst .gz .bz2 .xz; .zip .7z .tar; - for stdin)")
        ->type_name("FILE");
    cmd->add_option("-f,--format", o->format, "Report format: text or json (NDJSON)")
        ->type_name("FORMAT")
        ->check(CLI::IsMember({"text", "json"}));
    cmd->add_flag("--eco-check", o->run.eco_check,
                  "Also compare each game's ECO tag with the opening its moves reach in the "
                  "bundled lichess table (or --eco-file's), by position (eco-mismatch, a "
                  "warning; see pgnkit eco)");
    add_eco_file_option(cmd, o->eco_file, "for --eco-check");
    cmd->add_option("--variant", o->variant,
                    "Which game the games are: auto (by the tags: [Variant \"xiangqi\"], "
                    "[Game \"Chinese Chess\"] or a xiangqi FEN make a game xiangqi; the "
                    "default), chess, or xiangqi (for untagged xiangqi files)")
        ->type_name("GAME")
        ->check(CLI::IsMember({"auto", "chess", "xiangqi"}));
    add_jobs_option(cmd, o->jobs);
    add_shard_option(cmd, o->run.shard);
    add_severity_options(cmd, o->severities);
    cmd->add_flag("--list-checks", o->list_checks, "Print the table of checks and exit");
    cmd->add_option("--rejects", o->run.rejects,
                    "Write every game with an error, byte for byte, to FILE")
        ->type_name("FILE");
    cmd->add_option("--accepted", o->run.accepted, "Write every game without an error to FILE")
        ->type_name("FILE");
    cmd->add_option("--html", o->run.html,
                    "Also write an HTML report to FILE: summary by code, every invalid game "
                    "with a board of the position before the offending move, and every "
                    "warning of the valid games (a collapsed section)")
        ->type_name("FILE");
    cmd->add_option("--html-max", o->run.html_max,
                    "Invalid games drawn with a board in the HTML report; the rest without one")
        ->type_name("N")
        ->check(Count)
        ->capture_default_str();
    cmd->add_option("--color", o->color,
                    "Colour: auto, always, never (control characters from the games are always "
                    "shown as symbols)")
        ->type_name("WHEN")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    add_progress_options(cmd, o->progress);
    cmd->add_flag("-v,--verbose", o->verbose,
                  "Also print notes (info-level diagnostics; always counted)");
    cmd->add_flag("-q,--quiet", o->run.quiet,
                  "Print only the summary (diagnostics are still counted)");
    cmd->add_flag("--no-summary", o->no_summary, "Omit the closing summary");
    cmd->add_flag("--no-timing", o->no_timing, "Omit times from the summary (reproducible output)");
    add_piece_letter_options(cmd, o->letters, false);
    cmd->add_option("--piece-letters", o->output_letters)->group(""); // see run_validate_cli
    cmd->callback([&run, o] { run = [o] { return run_validate_cli(*o); }; });
}

} // namespace pgnkit::cli
