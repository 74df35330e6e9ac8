// pgnkit stats and pgnkit merge: mergeable statistics over games, and merge of the other
// mergeable outputs, validate's JSON shards and dedup's key files (merge tells them apart by
// their first bytes).

#include "common.hpp"
#include "pgnkit/cmd/dedup/key_file.hpp"
#include "pgnkit/cmd/dedup/key_merge.hpp"
#include "pgnkit/cmd/stats/stats.hpp"
#include "pgnkit/cmd/validate/merge.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>

namespace pgnkit::cli {

namespace {
struct StatsCli {
    const CLI::App* cmd = nullptr;
    app::StatsRunOptions run;
    std::string format = "text", dates = "year", variant = "auto";
    std::vector<std::string> tables;
    std::string eco_file;
    std::optional<openings::OpeningTable> opening_table; ///< --eco-file's, when given
    int jobs = 0;
    ProgressOptions progress;
    SeverityOptions severities;
    PieceLetterOptions letters;
};

/// A tag name as PGN §8.1.1 has them (letters, digits, underscores): `--by games.pgn` names a
/// file, not a tag, and the file would otherwise be left unread.
bool is_tag_name(const std::string& s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '_'))
            return false;
    return true;
}

/// Makes standard input a regular file, so that merge can read it more than once (validate's
/// shards: the summaries first, then the lines; dedup's key files: the shards found, then
/// the join's two passes) and look at its first bytes: a pipe is copied to an
/// unlinked temporary file (in $TMPDIR, else /tmp) that becomes descriptor 0.
bool spool_stdin(std::string_view command) {
    struct stat st {};
    if (::fstat(0, &st) == 0 && S_ISREG(st.st_mode)) return true;
    const char* dir = std::getenv("TMPDIR");
    std::string name = std::string(dir && *dir ? dir : "/tmp") + "/pgnkit-merge.XXXXXX";
    const int fd = ::mkstemp(name.data());
    if (fd < 0) {
        usage_error(command, "cannot make a temporary file for standard input in '{}': {}",
                    name.substr(0, name.rfind('/')), std::strerror(errno));
        return false;
    }
    ::unlink(name.c_str());
    std::string buf(std::size_t(1) << 20, '\0');
    for (;;) {
        const ssize_t n = ::read(0, buf.data(), buf.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            usage_error(command, "cannot read standard input: {}", std::strerror(errno));
            ::close(fd);
            return false;
        }
        if (n == 0) break;
        for (ssize_t done = 0; done < n;) {
            const ssize_t w = ::write(fd, buf.data() + done, std::size_t(n - done));
            if (w < 0 && errno == EINTR) continue;
            if (w < 0) {
                usage_error(command, "cannot spool standard input to '{}': {}", name,
                            std::strerror(errno));
                ::close(fd);
                return false;
            }
            done += w;
        }
    }
    const bool ok = ::dup2(fd, 0) == 0 && ::lseek(0, 0, SEEK_SET) == 0;
    ::close(fd);
    if (!ok) usage_error(command, "cannot reopen standard input: {}", std::strerror(errno));
    return ok;
}

/// The first bytes of a merge input ("" if it cannot be read: the merge then says why).
std::string first_bytes(const std::string& path) {
    std::string head(64, '\0');
    const int fd = path == "-" ? 0 : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return {};
    const ssize_t n = ::pread(fd, head.data(), head.size(), 0);
    if (fd != 0) ::close(fd);
    head.resize(n > 0 ? std::size_t(n) : 0);
    return head;
}

/// Refuses the options that only a merge of stats shards reads, for a merge of shards of
/// `other` (whose output is `output`): the message's exit status, or nullopt when none is given.
/// `partial_why`: why a missing shard cannot be left out there.
std::optional<int> refuse_stats_options(const StatsCli& o, std::string_view other,
                                        std::string_view output, std::string_view partial_why) {
    for (const char* stats_only : {"--format", "--table", "--top", "--dates", "--player-limit",
                                   "--key-limit", "--group-limit", "--html"})
        if (o.cmd->count(stats_only) != 0)
            return usage_error("merge",
                               "{} is for stats outputs; {} merge into {} (one run's, byte "
                               "for byte)",
                               stats_only, other, output);
    if (o.cmd->count("--partial") != 0)
        return usage_error("merge", "--partial is for stats shards: {}", partial_why);
    return std::nullopt;
}

/// `pgnkit merge` of validate's shards: only -o applies (the output is validate's JSON).
int run_validate_merge_cli(const StatsCli& o) {
    if (const auto refused =
            refuse_stats_options(o, "validate's shards", "validate's JSON",
                                 "the numbers of a validate shard depend on every shard before it"))
        return *refused;
    app::ValidateMergeOptions v;
    v.inputs = o.run.inputs;
    v.output = o.run.output;
    return app::run_validate_merge(v);
}

/// `pgnkit merge` of dedup's key files: only -o applies (the output is dedup's --report).
int run_dedup_merge_cli(const StatsCli& o) {
    if (const auto refused =
            refuse_stats_options(o, "dedup's key files", "dedup's --report",
                                 "a game of a missing dedup shard may be the duplicate of any "
                                 "other"))
        return *refused;
    app::DedupKeyMergeOptions d;
    d.inputs = o.run.inputs;
    d.output = o.run.output;
    return app::run_dedup_key_merge(d);
}

/// The kinds of shard outputs merge combines, told apart by their first bytes.
enum class MergeKind { Stats, Validate, DedupKeys };

std::string_view merge_kind_name(MergeKind k) {
    switch (k) {
    case MergeKind::Validate: return "validate JSON";
    case MergeKind::DedupKeys: return "a dedup key file";
    case MergeKind::Stats: break;
    }
    return "neither validate JSON nor a dedup key file";
}

/// The kind of every input, the same for all; nullopt (after a message) if they differ.
std::optional<MergeKind> merge_kind(const std::vector<std::string>& inputs) {
    std::optional<MergeKind> kind;
    std::size_t first = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const std::string head = first_bytes(inputs[i]);
        const MergeKind k = app::is_validate_json(head) ? MergeKind::Validate
                            : app::is_key_file(head)    ? MergeKind::DedupKeys
                                                        : MergeKind::Stats;
        if (!kind) {
            kind = k;
            first = i;
        } else if (k != *kind) {
            usage_error("merge", "'{}' is {}, '{}' is {}: merge combines the outputs of one kind",
                        inputs[first], merge_kind_name(*kind), inputs[i], merge_kind_name(k));
            return std::nullopt;
        }
    }
    return kind;
}

int run_stats_cli(StatsCli& o, bool merge) {
    const std::string_view command = merge ? "merge" : "stats";
    o.run.view.format = o.format == "json"  ? app::StatsView::Format::Json
                        : o.format == "csv" ? app::StatsView::Format::Csv
                                            : app::StatsView::Format::Text;
    o.run.view.by_month = o.dates == "month";
    o.run.view.tables = split_list(o.tables); // repeatable and comma-separated
    for (const auto& name : o.run.view.tables) {
        const auto& all = app::stats_table_names();
        if (std::find(all.begin(), all.end(), name) == all.end())
            return usage_error(command, "unknown table '{}' (known: {})", name,
                               fmt::join(all, ", "));
    }
    if (o.run.view.format == app::StatsView::Format::Csv && o.run.view.tables.size() != 1)
        return usage_error(command, "--format csv prints one table; pick it with --table NAME");
    const auto& t = o.run.view.tables;
    if (!t.empty() && std::find(t.begin(), t.end(), "dates") == t.end())
        if (int rc = ignored_option(command, o.cmd, "--dates",
                                    "with --table " + fmt::format("{}", fmt::join(t, ",")),
                                    "only the dates table has them"))
            return rc;
    if (!merge && !o.run.by.empty() && !is_tag_name(o.run.by))
        return usage_error(command,
                           "--by '{}': expected a TAG name (letters, digits, _), e.g. --by Event; "
                           "files go after the options",
                           o.run.by);
    if (!inputs_or_stdin(command, o.run.inputs)) return ExitError;
    if (refuse_output_clash(command, o.run.inputs, {{"-o", o.run.output}, {"--html", o.run.html}}))
        return ExitError;
    if (merge) {
        if (std::find(o.run.inputs.begin(), o.run.inputs.end(), "-") != o.run.inputs.end() &&
            !spool_stdin(command))
            return ExitError;
        const auto kind = merge_kind(o.run.inputs);
        if (!kind) return ExitError;
        if (*kind == MergeKind::Validate) return run_validate_merge_cli(o);
        if (*kind == MergeKind::DedupKeys) return run_dedup_merge_cli(o);
        return app::run_merge(o.run);
    }
    if (!apply_severity_options(command, o.severities, o.run.severities) ||
        !resolve_letters(command, "--input-piece-letters", o.letters.input,
                         o.run.input_piece_letters))
        return ExitError;
    if (app::wants_openings(o.run.view.tables)) {
        o.run.opening_table = eco_table(o.eco_file, o.opening_table);
        if (!o.run.opening_table) return ExitError;
    } else if (int rc = ignored_option(command, o.cmd, "--eco-file", "without --table openings",
                                       "only the openings table classifies the games")) {
        return rc;
    }
    o.run.game = *parse_game_choice(o.variant); // (checked by CLI11)
    o.run.jobs = jobs_or_default(o.jobs);
    o.run.progress = progress_wanted(o.progress);
    return app::run_stats(o.run);
}

void add_view_options(CLI::App* cmd, StatsCli& o) {
    cmd->add_option("-f,--format", o.format,
                    "text (aligned tables), json (every table and the raw counters that "
                    "merge reads) or csv (one table)")
        ->type_name("FORMAT")
        ->check(CLI::IsMember({"text", "json", "csv"}));
    cmd->add_option("-t,--table", o.tables,
                    "Print only these tables (repeatable, comma-separated): summary, results, "
                    "colours, endings, termination, lengths, eco, openings (only when named: "
                    "each game classified by its moves, as pgnkit eco does), first-moves, "
                    "first-two-moves, "
                    "players, name-variants, ratings, rating-means, expected-score, "
                    "time-controls, dates, events, rounds, move-facts, clock, eval-swings")
        ->type_name("NAME")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    cmd->add_option("--top", o.run.view.top, "Rows of the top-N tables (0 = all)")
        ->type_name("N")
        ->check(Count)
        ->capture_default_str();
    cmd->add_option("--dates", o.dates, "Dates table per year or month")
        ->type_name("PERIOD")
        ->check(CLI::IsMember({"year", "month"}));
    cmd->add_option("--player-limit", o.run.limits.players,
                    "Distinct players counted exactly; above, a top-k summary (approximate, "
                    "said in the output)")
        ->type_name("N")
        ->capture_default_str()
        ->check(number_in(2, 1 << 30));
    cmd->add_option("--key-limit", o.run.limits.keys,
                    "Same limit for the other keyed tables (events, ECO, openings, …)")
        ->type_name("N")
        ->capture_default_str()
        ->check(number_in(2, 1 << 30));
    cmd->add_option("--group-limit", o.run.limits.groups, "Same limit for the --by groups")
        ->type_name("N")
        ->capture_default_str()
        ->check(number_in(2, 1 << 30));
    cmd->add_option("-o,--output", o.run.output, "Output FILE (default: stdout)")
        ->type_name("FILE");
    cmd->add_option("--html", o.run.html,
                    "Also write a self-contained HTML page (charts and tables) to FILE")
        ->type_name("FILE");
}
} // namespace

void add_stats(CLI::App& app, Runner& run) {
    auto o = std::make_shared<StatsCli>();
    auto* cmd = app.add_subcommand(
        "stats", "Counts, results, lengths, openings, players, ratings, clocks … over games");
    o->cmd = cmd;
    cmd->add_option("files", o->run.inputs,
                    "PGN files (.pgn; .zst .gz .bz2 .xz; .zip .7z .tar; - or nothing for stdin "
                    "when it is no terminal)")
        ->type_name("FILE");
    cmd->add_option("--variant", o->variant,
                    "Which game the games are: auto (by the tags: [Variant \"xiangqi\"], "
                    "[Game \"Chinese Chess\"] or a xiangqi FEN make a game xiangqi; the "
                    "default), chess, or xiangqi (for untagged xiangqi files); xiangqi games "
                    "count Red as White and their ECCO tag as the opening")
        ->type_name("GAME")
        ->check(CLI::IsMember({"auto", "chess", "xiangqi"}));
    cmd->add_option("--by", o->run.by, "Group every table by the value of this tag (Event, …)")
        ->type_name("TAG")
        ->expected(1)
        ->allow_extra_args(false);
    cmd->add_flag("--valid-only", o->run.valid_only,
                  "Tables count only games without errors (the summary still counts all)");
    add_eco_file_option(cmd, o->eco_file, "for --table openings");
    add_severity_options(cmd, o->severities);
    add_piece_letter_options(cmd, o->letters, false);
    add_view_options(cmd, *o);
    add_jobs_option(cmd, o->jobs,
                    "Worker threads (default: all cores); the output is the same for every value "
                    "while the tables stay within their limits");
    add_shard_option(cmd, o->run.shard);
    add_progress_options(cmd, o->progress);
    cmd->callback([&run, o] { run = [o] { return run_stats_cli(*o, false); }; });
}

void add_merge(CLI::App& app, Runner& run) {
    auto o = std::make_shared<StatsCli>();
    auto* cmd = app.add_subcommand(
        "merge",
        "Combine stats JSON outputs, validate --shard JSON outputs or dedup --shard key files "
        "into one run's output");
    o->cmd = cmd;
    cmd->add_option("files", o->run.inputs,
                    "JSON outputs of pgnkit stats or merge, or of validate --shard, or key files "
                    "of dedup --shard K/N --format keys (into dedup's --report, every shard "
                    "needed; several per file allowed; - or nothing: stdin when it is no "
                    "terminal)")
        ->type_name("FILE");
    cmd->add_flag("--partial", o->run.partial,
                  "Merge the shards of a --shard run that are given, though some are missing "
                  "(else a missing shard is an error); stats only");
    add_view_options(cmd, *o);
    cmd->callback([&run, o] { run = [o] { return run_stats_cli(*o, true); }; });
}

} // namespace pgnkit::cli
