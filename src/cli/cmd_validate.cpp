// pgnkit validate: replay every game, report every defect.

#include "commands.hpp"
#include "pgnkit/app/pipeline.hpp"
#include "pgnkit/app/validate.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <cstdlib>
#include <memory>

namespace pgnkit::cli {

namespace {
struct ValidateCli {
    app::ValidateRunOptions run;
    std::vector<std::string> errors, warns, ignores;
    bool strict = false, list_checks = false, progress = false, no_progress = false,
         verbose = false;
    bool no_summary = false, no_timing = false;
    std::string format = "text", color = "auto";
    int jobs = 0;
};

int set_codes(SeverityTable& t, const std::vector<std::string>& names, Severity s) {
    std::vector<std::string> split;
    for (const auto& n : names) {
        std::size_t b = 0;
        while (b <= n.size()) {
            std::size_t e = n.find(',', b);
            if (e == std::string::npos) e = n.size();
            if (e > b) split.push_back(n.substr(b, e - b));
            b = e + 1;
        }
    }
    for (const auto& n : split) {
        auto c = code_from_name(n);
        if (!c) {
            fmt::print(stderr, "pgnkit validate: unknown check '{}' (see --list-checks)\n", n);
            return ExitError;
        }
        t.set(*c, s);
    }
    return ExitOk;
}

int run_validate_cli(ValidateCli& o) {
    if (o.list_checks) {
        app::print_check_list();
        return ExitOk;
    }
    if (o.run.inputs.empty()) {
        fmt::print(stderr, "pgnkit validate: no input files (use - for stdin)\n");
        return ExitError;
    }
    if (o.strict) o.run.severities.make_strict();
    if (set_codes(o.run.severities, o.errors, Severity::Error) ||
        set_codes(o.run.severities, o.warns, Severity::Warning) ||
        set_codes(o.run.severities, o.ignores, Severity::Ignore))
        return ExitError;
    o.run.format = o.format == "json" ? app::OutputFormat::Json : app::OutputFormat::Text;
    bool tty = ::isatty(STDOUT_FILENO);
    o.run.color = o.color == "always" || (o.color == "auto" && tty &&
                                          !(std::getenv("NO_COLOR") && *std::getenv("NO_COLOR")) &&
                                          o.run.format == app::OutputFormat::Text);
    o.run.progress = o.no_progress ? false : (o.progress || ::isatty(STDERR_FILENO));
    o.run.jobs = o.jobs > 0 ? o.jobs : app::default_jobs();
    o.run.show_info = o.verbose;
    o.run.summary = !o.no_summary;
    o.run.timing = !o.no_timing;
    return app::run_validate(o.run);
}
} // namespace

void add_validate(CLI::App& app, Runner& run) {
    auto o = std::make_shared<ValidateCli>();
    auto* cmd =
        app.add_subcommand("validate", "Replay every game and report every defect (the main job)");
    cmd->add_option("files", o->run.inputs,
                    "PGN files (.pgn; .zst .gz .bz2 .xz; .zip .7z .tar; - for stdin)");
    cmd->add_option("-f,--format", o->format, "Report format: text or json (NDJSON)")
        ->check(CLI::IsMember({"text", "json"}));
    cmd->add_option("-j,--jobs", o->jobs, "Worker threads (default: all cores)")
        ->check(CLI::Range(1, 1024));
    cmd->add_option("--error", o->errors,
                    "Treat CODE as an error (repeatable; comma-separated list allowed)")
        ->type_name("CODE")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    cmd->add_option("--warn", o->warns,
                    "Treat CODE as a warning (repeatable; comma-separated list allowed)")
        ->type_name("CODE")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    cmd->add_option("--ignore", o->ignores,
                    "Do not report CODE (repeatable; comma-separated list allowed)")
        ->type_name("CODE")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    cmd->add_flag("--strict", o->strict, "Make every warning an error");
    cmd->add_flag("--list-checks", o->list_checks, "Print the table of checks and exit");
    cmd->add_option("--rejects", o->run.rejects,
                    "Write every game with an error, byte for byte, to FILE");
    cmd->add_option("--accepted", o->run.accepted, "Write every game without an error to FILE");
    cmd->add_option("--html", o->run.html,
                    "Also write an HTML report to FILE: summary by code, and every invalid game "
                    "with a board of the position before the offending move")
        ->type_name("FILE");
    cmd->add_option("--html-max", o->run.html_max,
                    "Invalid games drawn with a board in the HTML report; the rest one line each")
        ->type_name("N")
        ->capture_default_str();
    cmd->add_option("--color", o->color,
                    "Colour: auto, always, never (control characters from the games are always "
                    "shown as symbols)")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    cmd->add_flag("--progress", o->progress, "Show a progress line on stderr");
    cmd->add_flag("--no-progress", o->no_progress, "Never show the progress line");
    cmd->add_flag("-v,--verbose", o->verbose,
                  "Also print notes (info-level diagnostics; always counted)");
    cmd->add_flag("-q,--quiet", o->run.quiet,
                  "Print only the summary (diagnostics are still counted)");
    cmd->add_flag("--no-summary", o->no_summary, "Omit the closing summary");
    cmd->add_flag("--no-timing", o->no_timing, "Omit times from the summary (reproducible output)");
    cmd->add_option("--piece-letters", o->run.piece_letters,
                    "SAN piece letters of the input (KQRBN order, e.g. KDTLS)");
    cmd->callback([&run, o] { run = [o] { return run_validate_cli(*o); }; });
}

} // namespace pgnkit::cli
