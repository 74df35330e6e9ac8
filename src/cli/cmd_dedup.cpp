// pgnkit dedup: find games that are the same game, keep one of each group byte for byte (the
// others to --duplicates), report every group.

#include "common.hpp"
#include "pgnkit/cmd/dedup/dedup.hpp"

#include <fmt/format.h>

#include <charconv>
#include <memory>

namespace pgnkit::cli {

namespace {

struct DedupCli {
    const CLI::App* cmd = nullptr;
    app::DedupRunOptions run;
    CompressionOptions compression;
    ProgressOptions progress;
    PieceLetterOptions letters;
    std::string key = "moves+players", keep = "first", format = "pgn", memory, names;
    int jobs = 0;
    bool no_timing = false, quiet = false;
};

/// "16G", "512M", "800K" or a number of bytes (powers of 1024); false if it is not that.
bool parse_size(std::string_view text, std::uint64_t& out) {
    std::uint64_t n = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), n);
    if (r.ec != std::errc{} || r.ptr == text.data()) return false;
    std::string_view unit(r.ptr, std::size_t(text.data() + text.size() - r.ptr));
    int shift = 0;
    if (unit == "K" || unit == "KiB")
        shift = 10;
    else if (unit == "M" || unit == "MiB")
        shift = 20;
    else if (unit == "G" || unit == "GiB")
        shift = 30;
    else if (unit == "T" || unit == "TiB")
        shift = 40;
    else if (!unit.empty())
        return false;
    if (shift != 0 && n > (~std::uint64_t{0} >> shift)) return false;
    out = n << shift;
    return true;
}

int run_dedup_cli(DedupCli& o) {
    const std::string_view c = "dedup";
    if (!inputs_or_stdin(c, o.run.inputs)) return ExitError;
    if (!o.memory.empty() && !parse_size(o.memory, o.run.memory_limit))
        return usage_error(c,
                           "--memory-limit '{}': expected a size such as 16G, 512M or a "
                           "number of bytes",
                           o.memory);
    if (o.run.from_keys) {
        for (const char* opt :
             {"--duplicates", "--against", "--shard", "--format", "--output", "--names"})
            if (o.cmd->count(opt) != 0)
                return usage_error(c,
                                   "{} does nothing with --from-keys (the inputs are key "
                                   "files, not games: only --report is written)",
                                   opt);
        if (o.run.report.empty())
            return usage_error(c, "--from-keys needs --report FILE (what it finds goes there)");
        for (const std::string& in : o.run.inputs)
            if (in == "-")
                return usage_error(c, "--from-keys reads its key files twice: give files, not "
                                      "standard input");
    }
    if (o.format == "keys" && o.cmd->count("--duplicates") != 0)
        return usage_error(c, "--duplicates does nothing with --format keys (it writes a key "
                              "line per game, no games)");
    std::vector<app::RunOutput> outputs{
        {"-o", o.run.output}, {"--duplicates", o.run.duplicates}, {"--report", o.run.report}};
    std::vector<std::string> read = o.run.inputs;
    read.insert(read.end(), o.run.against.begin(), o.run.against.end());
    if (int rc = refuse_output_clash(c, read, outputs)) return rc;
    if (!resolve_letters(c, "--input-piece-letters", o.letters.input, o.run.validate.piece_letters))
        return ExitError;
    if (int rc = level_ignored(c, o.cmd, o.compression, o.run.output)) return rc;
    o.run.validate.details = false; // the replay's verdicts are read, not its messages
    o.run.key = o.key == "moves"            ? app::DedupKey::Moves
                : o.key == "final-position" ? app::DedupKey::FinalPosition
                : o.key == "header"         ? app::DedupKey::Header
                                            : app::DedupKey::MovesPlayers;
    if (!o.names.empty()) {
        if (o.run.key == app::DedupKey::Moves || o.run.key == app::DedupKey::FinalPosition)
            return usage_error(c,
                               "--names does nothing with --key {} (no names in the key: "
                               "moves+players and header have them)",
                               o.key);
        const std::string error = o.run.names.load(o.names);
        if (!error.empty()) return usage_error(c, "--names: {}", error);
    }
    o.run.keep = o.keep == "longest"          ? app::DedupKeep::Longest
                 : o.keep == "most-annotated" ? app::DedupKeep::MostAnnotated
                                              : app::DedupKeep::First;
    o.run.format = o.format == "keys" ? app::DedupFormat::Keys : app::DedupFormat::Pgn;
    apply_compression_options(o.compression, o.run.output_options);
    apply_compression_options(o.compression, o.run.duplicates_options);
    o.run.jobs = jobs_or_default(o.jobs);
    o.run.progress = progress_wanted(o.progress, false);
    o.run.timing = !o.no_timing;
    o.run.summary = !o.quiet;
    return app::run_dedup(o.run);
}

} // namespace

void add_dedup(CLI::App& app, Runner& run) {
    auto o = std::make_shared<DedupCli>();
    auto* cmd = app.add_subcommand(
        "dedup", "Find duplicate games; keep one of each byte for byte, the others apart");
    o->cmd = cmd;
    cmd->add_option("files", o->run.inputs,
                    "PGN files (.pgn; .zst .gz .bz2 .xz; .zip .7z .tar; - for stdin)")
        ->type_name("FILE");
    const std::string out = "Output";
    cmd->add_option("-o,--output", o->run.output,
                    "Write the kept games to FILE (.zst: zstd) instead of stdout")
        ->type_name("FILE")
        ->group(out);
    cmd->add_option("--duplicates", o->run.duplicates,
                    "Write the games not kept, byte for byte, to FILE: the two add up to the "
                    "input")
        ->type_name("FILE")
        ->group(out);
    cmd->add_option("--report", o->run.report,
                    "Write NDJSON to FILE: a line per duplicate (it and its kept game: file, "
                    "game, offset, key, why) and per conflict, then a summary")
        ->type_name("FILE")
        ->group(out);
    cmd->add_option("-f,--format", o->format,
                    "What to write: pgn (the kept games, byte for byte), keys (a line per game: "
                    "key, moves key, score, plies, error, game, offset, file; for --from-keys)")
        ->type_name("FORMAT")
        ->check(CLI::IsMember({"pgn", "keys"}))
        ->group(out);
    cmd->add_flag("-q,--quiet", o->quiet, "No summary line on stderr")->group(out);
    cmd->add_flag("--no-timing", o->no_timing, "Omit the time from the summary")->group(out);
    add_compression_options(cmd, o->compression,
                            "Output compression of -o and --duplicates: auto (by .zst name), "
                            "zstd, none",
                            "zstd compression level (1-19)");
    const std::string same = "Which games are the same";
    cmd->add_option("--key", o->key,
                    "moves (start position and main-line moves), moves+players (and White, "
                    "Black folded, the default), final-position (the last position, FIDE "
                    "repetition identity), header (White, Black, Date, Round, Event; other "
                    "moves are a conflict, kept). Red stands for White in a game without a "
                    "White tag (xiangqi)")
        ->type_name("KEY")
        ->check(CLI::IsMember({"moves", "moves+players", "final-position", "header"}))
        ->group(same);
    cmd->add_option("--keep", o->keep,
                    "Which game of a group is kept: first, longest (most plies), "
                    "most-annotated (comments, NAGs, variations, clocks); ties go to the first. "
                    "longest and most-annotated read the files twice (not stdin)")
        ->type_name("RULE")
        ->check(CLI::IsMember({"first", "longest", "most-annotated"}))
        ->group(same);
    cmd->add_option("--names", o->names,
                    "A spelling table (lines variant<TAB>canonical, or Scid's .ssp): names "
                    "compared as their canonical spelling (White, Black; Event, Round for "
                    "--key header), folded as ever")
        ->type_name("FILE")
        ->group(same);
    cmd->add_option("--against", o->run.against,
                    "Reference databases: games of the input already in them are duplicates; "
                    "they are read, never written")
        ->type_name("FILE")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->group(same);
    cmd->add_flag("--from-keys", o->run.from_keys,
                  "The files are key files of shards (--shard K/N --format keys): find the "
                  "duplicates across them into --report")
        ->group(same);
    cmd->add_option("--memory-limit", o->memory,
                    "The most memory the key table may take (default 16G: 40 bytes a slot, "
                    "about 200 million distinct games); past it, a clear error")
        ->type_name("SIZE")
        ->group(same);
    add_piece_letter_options(cmd, o->letters, false);
    add_jobs_option(cmd, o->jobs);
    add_shard_option(cmd, o->run.shard);
    add_progress_options(cmd, o->progress);
    cmd->callback([&run, o] { run = [o] { return run_dedup_cli(*o); }; });
}

} // namespace pgnkit::cli
