// pgnkit split: every game, byte for byte, into one of many files of a folder.

#include "common.hpp"
#include "pgnkit/cmd/split/name_template.hpp"
#include "pgnkit/cmd/split/split.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <memory>
#include <optional>

namespace pgnkit::cli {

namespace {
struct SplitCli {
    const CLI::App* cmd = nullptr;
    app::SplitRunOptions run;
    std::string by;
    std::string eco_file;
    std::optional<openings::OpeningTable> eco_table; ///< --eco-file's, when given
    std::uint64_t games = 0;
    int max_open = 64;
    CompressionOptions compression;
    ProgressOptions progress;
    bool summary = false, no_summary = false;
    int jobs = 0;
};

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

/// --by: a key word, or a tag name (a usual tag in the wrong case is a usage error: tag names
/// are case-sensitive, and `--by event` would put every game in the unknown file).
int read_by(SplitCli& o) {
    if (o.by == "eco-letter") {
        o.run.by = app::SplitBy::EcoLetter;
    } else if (o.by == "eco") {
        o.run.by = app::SplitBy::Eco;
    } else if (o.by == "year") {
        o.run.by = app::SplitBy::Year;
    } else if (o.by == "month") {
        o.run.by = app::SplitBy::Month;
    } else {
        if (o.by.empty() || !std::all_of(o.by.begin(), o.by.end(), [](char c) {
                return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                       c == '_';
            }))
            return usage_error("split",
                               "--by '{}': give eco-letter, eco, year, month or a tag name "
                               "(letters, digits, _)",
                               o.by);
        static constexpr std::array<std::string_view, 18> usual = {
            "Event",       "Site",      "Date",      "Round",       "White",    "Black",
            "Result",      "ECO",       "Opening",   "Variation",   "WhiteElo", "BlackElo",
            "TimeControl", "Annotator", "EventDate", "Termination", "UTCDate",  "Mode"};
        for (std::string_view tag : usual)
            if (lower(tag) == lower(o.by) && tag != o.by)
                return usage_error("split",
                                   "--by '{}': tag names are case-sensitive; did you mean '{}'?",
                                   o.by, tag);
        o.run.by = app::SplitBy::Tag;
        o.run.tag = o.by;
    }
    return ExitOk;
}

int run_split_cli(SplitCli& o) {
    const bool by_games = o.cmd->count("--games") != 0, by_key = o.cmd->count("--by") != 0;
    if (by_games == by_key) return usage_error("split", "give --games N or --by KEY (one of them)");
    if (by_games) {
        o.run.by = app::SplitBy::Games;
        o.run.games = o.games;
    } else if (int rc = read_by(o)) {
        return rc;
    }
    const std::string name = o.run.name.empty() ? app::default_name_template(o.run.by) : o.run.name;
    auto parsed = app::NameTemplate::parse(name);
    if (!parsed) return usage_error("split", "--name '{}': {}", name, parsed.error());
    if (!parsed->uses_key() && !parsed->uses_number() &&
        !(o.run.by == app::SplitBy::Tag && parsed->uses_tag(o.run.tag)))
        return usage_error("split",
                           "--name '{}' has no {{key}} or {{n}}: every file would get the same "
                           "name",
                           name);
    if (o.run.shard.active() &&
        (!parsed->tags().empty() || (parsed->uses_number() && o.run.by != app::SplitBy::Games)))
        return usage_error("split",
                           "--shard with --name '{}': a name from {{Tag}} (its first game's) or "
                           "{{n}} with --by (the order files began) is the shard's own, not one "
                           "run's; use {{key}} (and {{n}} with --games)",
                           name);
    if (o.compression.compress != "zstd" &&
        !(o.compression.compress == "auto" && parsed->extension().ends_with(".zst")))
        if (int rc =
                ignored_option("split", o.cmd, "--level",
                               o.compression.compress == "none" ? "with --compress none"
                                                                : "with names not ending in .zst",
                               "the level is zstd's; use --compress zstd or --name "
                               "'….pgn.zst'"))
            return rc;
    if (o.run.by != app::SplitBy::Eco && o.run.by != app::SplitBy::EcoLetter)
        if (int rc = ignored_option("split", o.cmd, "--eco-file", "without --by eco or eco-letter",
                                    "only the opening classification reads a table"))
            return rc;
    if (!inputs_or_stdin("split", o.run.inputs)) return ExitError;
    app::OutputOptions compression;
    apply_compression_options(o.compression, compression);
    o.run.compression = compression.compression;
    o.run.zstd_level = compression.zstd_level;
    if (!o.eco_file.empty()) {
        o.run.eco_table = eco_table(o.eco_file, o.eco_table);
        if (!o.run.eco_table) return ExitError;
    }
    o.run.max_open = std::size_t(o.max_open);
    o.run.jobs = jobs_or_default(o.jobs);
    o.run.progress = progress_wanted(o.progress);
    o.run.summary = o.summary || (!o.no_summary && stderr_is_terminal());
    return app::run_split(o.run);
}
} // namespace

void add_split(CLI::App& app, Runner& run) {
    auto o = std::make_shared<SplitCli>();
    auto* cmd = app.add_subcommand(
        "split", "Write every game, byte for byte, into files: N games per file, or a file per "
                 "tag value, ECO, year or month");
    o->cmd = cmd;
    cmd->add_option("files", o->run.inputs,
                    "PGN files (.pgn; .zst .gz .bz2 .xz; .zip .7z .tar; - for stdin), read as one "
                    "sequence of games")
        ->type_name("FILE");
    cmd->add_option("-o,--output", o->run.folder,
                    "The folder to write the files in (created if missing; it may not hold an "
                    "input)")
        ->type_name("DIR")
        ->required();
    auto* games = cmd->add_option("--games", o->games,
                                  "N games per file, in input order (the last file may have "
                                  "fewer)")
                      ->type_name("N")
                      ->check(number_in(1, 1'000'000'000'000LL));
    cmd->add_option("--by", o->by,
                    "A file per value of KEY: a tag name (Event, Site, White …: case-sensitive), "
                    "eco-letter (A-E), eco (the code the moves reach in the bundled opening "
                    "table or --eco-file's, as pgnkit eco finds it; the ECO tag's when they "
                    "reach none), year or "
                    "month (from Date); games without it go to 'unknown'")
        ->type_name("KEY")
        ->excludes(games);
    add_eco_file_option(cmd, o->eco_file, "for --by eco and eco-letter");
    cmd->add_option("--name", o->run.name,
                    "File name template: {key} the file's key, {n} its number ({n:4}: 0001), "
                    "{Tag} that tag in its first game, {{ }} braces (default: {n:5}.pgn with "
                    "--games, {key}.pgn with --by)")
        ->type_name("TEMPLATE");
    cmd->add_option("--max-open", o->max_open,
                    "Files open at once (default 64); the least recently written is closed and "
                    "reopened to append")
        ->type_name("N")
        ->check(number_in(1, 4096));
    cmd->add_flag("--force", o->run.force,
                  "Replace files of the same names in DIR (never an input); else refuse before "
                  "writing any");
    add_compression_options(cmd, o->compression,
                            "Compression: auto (names ending in .zst), zstd (adds .zst to the "
                            "names), none",
                            "zstd compression level (1-19)");
    auto* summary =
        cmd->add_flag("--summary", o->summary,
                      "Print the summary (games, files) on stderr (default: when stderr is a "
                      "terminal)");
    cmd->add_flag("--list", o->run.list,
                  "Print each file written and its number of games on stdout (NAME, a tab, "
                  "GAMES), in the order the files began");
    cmd->add_flag("--no-summary", o->no_summary, "Never print the summary")->excludes(summary);
    add_jobs_option(cmd, o->jobs);
    add_shard_option(cmd, o->run.shard);
    add_progress_options(cmd, o->progress);
    cmd->callback([&run, o] { run = [o] { return run_split_cli(*o); }; });
}

} // namespace pgnkit::cli
