// pgnkit tags: tag repair, every other byte of the games kept.

#include "common.hpp"
#include "pgnkit/cmd/tags/tags.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <fmt/format.h>

#include <memory>

namespace pgnkit::cli {

namespace {
struct TagsCli {
    const CLI::App* cmd = nullptr;
    app::TagsRunOptions run;
    std::vector<std::string> set, add, rename, remove, name_tags;
    std::string names;
    CompressionOptions compression;
    ProgressOptions progress;
    int jobs = 0;
};

/// A PGN tag name (PGN standard §8.1.1: letters, digits and underscores).
bool tag_name(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '_'))
            return false;
    return true;
}

/// NAME=VALUE arguments of `option`; false (after a usage error) for a bad one.
bool pairs(std::string_view option, const std::vector<std::string>& args, bool value_is_name,
           std::vector<std::pair<std::string, std::string>>& out) {
    for (const std::string& a : args) {
        const std::size_t eq = a.find('=');
        const std::string name = a.substr(0, eq), value = eq == a.npos ? "" : a.substr(eq + 1);
        if (eq == a.npos || !tag_name(name) || (value_is_name && !tag_name(value)) ||
            value.find_first_of("\r\n") != std::string::npos) {
            usage_error("tags", "{} '{}': expected {}", option, a,
                        value_is_name ? "OLD=NEW, two tag names (letters, digits, _)"
                                      : "NAME=VALUE, a tag name (letters, digits, _) and a "
                                        "one-line value");
            return false;
        }
        out.emplace_back(name, value);
    }
    return true;
}

int run_tags_cli(TagsCli& o) {
    auto& e = o.run.edits;
    if (!pairs("--set", o.set, false, e.set) || !pairs("--add", o.add, false, e.add) ||
        !pairs("--rename", o.rename, true, e.rename))
        return ExitError;
    for (const std::string& n : split_list(o.remove)) {
        if (!tag_name(n)) return usage_error("tags", "--remove '{}': not a tag name", n);
        e.remove.push_back(n);
    }
    for (const std::string& n : split_list(o.name_tags)) {
        if (!tag_name(n)) return usage_error("tags", "--names-tags '{}': not a tag name", n);
        e.name_tags.push_back(n);
    }
    if (!o.names.empty()) {
        const std::string error = o.run.names.load(o.names);
        if (!error.empty()) return usage_error("tags", "--names: {}", error);
        e.names = &o.run.names;
    }
    if (o.run.suggest_names) {
        if (e.any())
            return usage_error("tags", "--suggest-names writes a table, no games: not with the "
                                       "options that edit tags");
        if (int rc = ignored_option("tags", o.cmd, "--dry-run", "with --suggest-names",
                                    "it writes no games"))
            return rc;
    } else if (!e.any()) {
        return usage_error("tags", "nothing to do: give an edit (--set, --add, --remove, "
                                   "--rename, --fill-roster, --normalize-dates, --add-plycount, "
                                   "--fix-result, --names) or --suggest-names");
    }
    if (o.run.dry_run)
        if (int rc = ignored_option("tags", o.cmd, "-o", "with --dry-run", "it writes no games"))
            return rc;
    if (!inputs_or_stdin("tags", o.run.inputs)) return ExitError;
    if (int rc = level_ignored("tags", o.cmd, o.compression, o.run.output)) return rc;
    std::vector<app::RunOutput> outputs;
    if (!o.run.dry_run) outputs.push_back({"-o", o.run.output});
    if (!o.run.report.empty()) outputs.push_back({"--report", o.run.report});
    if (int rc = refuse_output_clash("tags", o.run.inputs, outputs); rc != ExitOk) return rc;
    apply_compression_options(o.compression, o.run.output_options);
    o.run.jobs = jobs_or_default(o.jobs);
    o.run.progress = progress_wanted(o.progress, false);
    return app::run_tags(o.run);
}
} // namespace

void add_tags(CLI::App& app, Runner& run) {
    auto o = std::make_shared<TagsCli>();
    auto* cmd = app.add_subcommand(
        "tags", "Repair tags (set, add, remove, rename, names, dates, roster, result, plies); "
                "every other byte kept");
    o->cmd = cmd;
    cmd->add_option("files", o->run.inputs,
                    "PGN files (.pgn; .zst .gz .bz2 .xz; .zip .7z .tar; - for stdin)")
        ->type_name("FILE");
    cmd->add_option("-o,--output", o->run.output, "Write to FILE (.zst: zstd) instead of stdout")
        ->type_name("FILE");
    const auto repeatable = [](CLI::Option* opt) {
        opt->expected(1)->allow_extra_args(false)->multi_option_policy(
            CLI::MultiOptionPolicy::TakeAll);
    };
    repeatable(
        cmd->add_option("--set", o->set, "Set tag NAME to VALUE (added when absent); repeatable")
            ->type_name("NAME=VALUE"));
    repeatable(cmd->add_option("--add", o->add,
                               "Add tag NAME with VALUE to games that lack it; repeatable")
                   ->type_name("NAME=VALUE"));
    repeatable(
        cmd->add_option("--remove", o->remove, "Remove tag NAME; comma-separated, repeatable")
            ->type_name("NAME"));
    repeatable(cmd->add_option("--rename", o->rename,
                               "Rename tag OLD to NEW (not in games that have NEW); repeatable")
                   ->type_name("OLD=NEW"));
    cmd->add_flag("--fill-roster", o->run.edits.fill_roster,
                  "Add the missing Seven Tag Roster tags with their unknown values (?, "
                  "????.??.??, *), each in its roster place");
    cmd->add_flag("--normalize-dates", o->run.edits.normalize_dates,
                  "Write Date, EventDate and UTCDate as YYYY.MM.DD (2024.3.5, 2024/03/05, "
                  "2024-03-05 → 2024.03.05)");
    cmd->add_flag("--add-plycount", o->run.edits.add_plycount,
                  "Set a PlyCount tag to the main line's plies (games replayed without error)");
    cmd->add_flag("--fix-result", o->run.edits.fix_result,
                  "Set the Result tag from the final position when it decides the game (mate, "
                  "stalemate, automatic draw), as convert --fix-result does");
    cmd->add_option("--names", o->names,
                    "Respell names from a spelling table: lines variant<TAB>canonical, or "
                    "Scid's .ssp spelling file (@PLAYER, @EVENT, @SITE, @ROUND)")
        ->type_name("FILE");
    repeatable(cmd->add_option("--names-tags", o->name_tags,
                               "More tags holding players' names, for --names and "
                               "--suggest-names (White, Black and Red always); comma-separated")
                   ->type_name("LIST"));
    cmd->add_flag("--suggest-names", o->run.suggest_names,
                  "Write no games: a table of the players' names spelled several ways, "
                  "variant<TAB>canonical, to edit into a --names file");
    cmd->add_flag("--dry-run", o->run.dry_run, "Report the changes, write no games");
    cmd->add_option("--report", o->run.report,
                    "Write the report of the changes to FILE instead of stderr")
        ->type_name("FILE");
    add_compression_options(cmd, o->compression,
                            "Output compression: auto (by .zst name), zstd, none",
                            "zstd compression level (1-19)");
    add_jobs_option(cmd, o->jobs);
    add_shard_option(cmd, o->run.shard);
    add_progress_options(cmd, o->progress);
    cmd->callback([&run, o] { run = [o] { return run_tags_cli(*o); }; });
}

} // namespace pgnkit::cli
