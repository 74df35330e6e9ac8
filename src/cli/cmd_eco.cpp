// pgnkit eco: each game's opening from an opening table, into its ECO/Opening/Variation tags.

#include "common.hpp"
#include "pgnkit/cmd/eco/eco.hpp"

#include <fmt/format.h>

#include <memory>
#include <optional>

namespace pgnkit::cli {

namespace {
struct EcoCli {
    const CLI::App* cmd = nullptr;
    app::EcoRunOptions run;
    std::string eco_file;
    std::optional<openings::OpeningTable> table; ///< --eco-file's, when given
    std::vector<std::string> tags;
    CompressionOptions compression;
    ProgressOptions progress;
    int jobs = 0;
};

int run_eco_cli(EcoCli& o) {
    if (!o.tags.empty()) {
        o.run.tags = {false, false, false};
        for (const std::string& t : split_list(o.tags)) {
            if (t == "eco")
                o.run.tags.eco = true;
            else if (t == "opening")
                o.run.tags.opening = true;
            else if (t == "variation")
                o.run.tags.variation = true;
            else
                return usage_error("eco", "--eco-tags '{}': one of eco, opening, variation", t);
        }
    }
    if (o.run.check) {
        for (const char* option : {"--output", "--eco-tags", "--keep-existing", "--compress"})
            if (int rc =
                    ignored_option("eco", o.cmd, option, "with --check", "--check writes no games"))
                return rc;
    } else if (int rc = level_ignored("eco", o.cmd, o.compression, o.run.output)) {
        return rc;
    }
    if (!inputs_or_stdin("eco", o.run.inputs)) return ExitError;
    if (!o.run.check)
        if (int rc = refuse_output_clash("eco", o.run.inputs, {{"-o", o.run.output}}); rc != ExitOk)
            return rc;
    o.run.table = eco_table(o.eco_file, o.table);
    if (!o.run.table) return ExitError;
    apply_compression_options(o.compression, o.run.output_options);
    o.run.jobs = jobs_or_default(o.jobs);
    o.run.progress = progress_wanted(o.progress, false);
    return app::run_eco(o.run);
}
} // namespace

void add_eco(CLI::App& app, Runner& run) {
    auto o = std::make_shared<EcoCli>();
    auto* cmd = app.add_subcommand(
        "eco", "Classify each game's opening (ECO, Opening, Variation tags) by the positions "
               "its moves reach; or --check the ECO tags");
    o->cmd = cmd;
    cmd->add_option("files", o->run.inputs,
                    "PGN files (.pgn; .zst .gz .bz2 .xz; .zip .7z .tar; - for stdin)")
        ->type_name("FILE");
    cmd->add_option("-o,--output", o->run.output,
                    "Write the games to FILE (.zst: zstd) instead of stdout")
        ->type_name("FILE");
    add_eco_file_option(cmd, o->eco_file);
    cmd->add_option("--eco-tags", o->tags,
                    "The tags to set: eco, opening, variation; comma-separated (default: all "
                    "three)")
        ->type_name("LIST")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    cmd->add_flag("--keep-existing", o->run.keep_existing,
                  "Write a game that has one of those tags (not empty or ?) unchanged");
    cmd->add_flag("--check", o->run.check,
                  "Write no games: report each game whose ECO tag disagrees with its moves "
                  "(warning eco-mismatch on stderr; exit status 1 if any)");
    cmd->add_flag("--summary", o->run.summary,
                  "Always print the summary on stderr (else only when there is something to "
                  "report)");
    add_compression_options(cmd, o->compression,
                            "Output compression: auto (by .zst name), zstd, none",
                            "zstd compression level (1-19)");
    add_jobs_option(cmd, o->jobs);
    add_shard_option(cmd, o->run.shard);
    add_progress_options(cmd, o->progress);
    cmd->callback([&run, o] { run = [o] { return run_eco_cli(*o); }; });
}

} // namespace pgnkit::cli
