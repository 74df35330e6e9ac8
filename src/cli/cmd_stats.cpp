// pgnkit stats and pgnkit merge: mergeable statistics over games.

#include "commands.hpp"
#include "pgnkit/app/pipeline.hpp"
#include "pgnkit/app/stats.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <memory>

namespace pgnkit::cli {

namespace {
struct StatsCli {
    app::StatsRunOptions run;
    std::string format = "text", dates = "year";
    std::vector<std::string> tables;
    int jobs = 0;
    bool progress = false, no_progress = false;
};

int run_stats_cli(StatsCli& o, bool merge) {
    o.run.view.format = o.format == "json"  ? app::StatsView::Format::Json
                        : o.format == "csv" ? app::StatsView::Format::Csv
                                            : app::StatsView::Format::Text;
    o.run.view.by_month = o.dates == "month";
    for (const auto& t : o.tables) { // repeatable and comma-separated
        std::size_t b = 0;
        while (b <= t.size()) {
            std::size_t e = t.find(',', b);
            if (e == std::string::npos) e = t.size();
            if (e > b) o.run.view.tables.push_back(t.substr(b, e - b));
            b = e + 1;
        }
    }
    for (const auto& name : o.run.view.tables) {
        const auto& all = app::stats_table_names();
        if (std::find(all.begin(), all.end(), name) == all.end()) {
            fmt::print(stderr, "pgnkit {}: unknown table '{}' (known: {})\n",
                       merge ? "merge" : "stats", name, fmt::join(all, ", "));
            return ExitError;
        }
    }
    if (o.run.view.format == app::StatsView::Format::Csv && o.run.view.tables.size() != 1) {
        fmt::print(stderr, "pgnkit {}: --format csv prints one table; pick it with --table NAME\n",
                   merge ? "merge" : "stats");
        return ExitError;
    }
    if (o.run.inputs.empty()) o.run.inputs.push_back("-");
    if (merge) return app::run_merge(o.run);
    o.run.jobs = o.jobs > 0 ? o.jobs : app::default_jobs();
    o.run.progress = o.no_progress ? false : (o.progress || ::isatty(STDERR_FILENO));
    return app::run_stats(o.run);
}

void add_view_options(CLI::App* cmd, StatsCli& o) {
    cmd->add_option("-f,--format", o.format,
                    "text (aligned tables), json (every table and the raw counters that "
                    "merge reads) or csv (one table)")
        ->check(CLI::IsMember({"text", "json", "csv"}));
    cmd->add_option("-t,--table", o.tables,
                    "Print only these tables (repeatable, comma-separated): summary, results, "
                    "colours, endings, termination, lengths, eco, first-moves, first-two-moves, "
                    "players, name-variants, ratings, rating-means, expected-score, "
                    "time-controls, dates, events, rounds, move-facts, clock, eval-swings")
        ->type_name("NAME")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    cmd->add_option("--top", o.run.view.top, "Rows of the top-N tables (0 = all)")
        ->capture_default_str();
    cmd->add_option("--dates", o.dates, "Dates table per year or month")
        ->check(CLI::IsMember({"year", "month"}));
    cmd->add_option("--player-limit", o.run.limits.players,
                    "Distinct players counted exactly; above, a top-k summary (approximate, "
                    "said in the output)")
        ->capture_default_str()
        ->check(CLI::Range(2, 1 << 30));
    cmd->add_option("--key-limit", o.run.limits.keys,
                    "Same limit for the other keyed tables (events, ECO, openings, …)")
        ->capture_default_str()
        ->check(CLI::Range(2, 1 << 30));
    cmd->add_option("--group-limit", o.run.limits.groups, "Same limit for the --by groups")
        ->capture_default_str()
        ->check(CLI::Range(2, 1 << 30));
    cmd->add_option("-o,--output", o.run.output, "Output file (default: stdout)");
    cmd->add_option("--html", o.run.html,
                    "Also write a self-contained HTML page (charts and tables) to FILE")
        ->type_name("FILE");
}
} // namespace

void add_stats(CLI::App& app, Runner& run) {
    auto o = std::make_shared<StatsCli>();
    auto* cmd = app.add_subcommand(
        "stats", "Counts, results, lengths, openings, players, ratings, clocks … over games");
    cmd->add_option("files", o->run.inputs,
                    "PGN files (.pgn; .zst .gz .bz2 .xz; .zip .7z .tar; - or nothing for stdin)");
    cmd->add_option("--by", o->run.by, "Group every table by the value of this tag (Event, …)")
        ->type_name("TAG");
    cmd->add_flag("--valid-only", o->run.valid_only,
                  "Tables count only games without errors (the summary still counts all)");
    add_view_options(cmd, *o);
    cmd->add_option("-j,--jobs", o->jobs,
                    "Worker threads (default: all cores); the output is "
                    "the same for every value")
        ->check(CLI::Range(1, 1024));
    cmd->add_flag("--progress", o->progress, "Show a progress line on stderr");
    cmd->add_flag("--no-progress", o->no_progress, "Never show the progress line");
    cmd->callback([&run, o] { run = [o] { return run_stats_cli(*o, false); }; });
}

void add_merge(CLI::App& app, Runner& run) {
    auto o = std::make_shared<StatsCli>();
    auto* cmd = app.add_subcommand(
        "merge", "Combine `pgnkit stats --format json` outputs: the stats of all their inputs");
    cmd->add_option("files", o->run.inputs, "JSON outputs of pgnkit stats or merge (- = stdin)");
    add_view_options(cmd, *o);
    cmd->callback([&run, o] { run = [o] { return run_stats_cli(*o, true); }; });
}

} // namespace pgnkit::cli
