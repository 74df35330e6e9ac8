#pragma once
/// `pgnkit validate`: replay every game of the inputs and report every defect.

#include "pgnkit/check/game_kind.hpp"
#include "pgnkit/diagnostics/diagnostic.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/openings/opening_table.hpp"
#include "pgnkit/run/shard.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace pgnkit::app {

enum class OutputFormat { Text, Json };

struct ValidateRunOptions {
    std::vector<std::string> inputs;
    int jobs = 1;
    ShardSpec shard; ///< --shard K/N (run/shard.hpp)
    OutputFormat format = OutputFormat::Text;
    bool color = false;
    bool show_info = false; ///< print info-level diagnostics too (always counted)
    bool quiet = false;     ///< print no diagnostics, only the summary
    bool progress = false;
    std::string rejects;  ///< file for games with errors ("" = none)
    std::string accepted; ///< file for the others
    SeverityTable severities;
    std::string piece_letters;
    bool summary = true;
    bool timing = true;          ///< times in the summary (off: reproducible output for tests)
    std::string html;            ///< also write an HTML report to this file ("" = none)
    std::size_t html_max = 1000; ///< games of the HTML report drawn with a board
    GameChoice variant = GameChoice::Auto; ///< --variant: chess, xiangqi, or by the tags
    /// --eco-check: compare each chess game's ECO tag with the opening its main line reaches
    /// in the bundled table (openings/), as `eco --check` does (code eco-mismatch).
    bool eco_check = false;
    /// The table of --eco-check (--eco-file); null: the bundled lichess table.
    const openings::OpeningTable* eco_table = nullptr;
};

/// Counters of a run; mergeable (per worker, per shard).
struct ValidateStats {
    std::uint64_t files = 0, games = 0, valid = 0, invalid = 0;
    std::uint64_t errors = 0, warnings = 0, infos = 0, plies = 0;
    std::uint64_t bytes = 0; ///< the inputs' text (PipelineStats::text_bytes), set by the run
    std::array<std::uint64_t, code_count> by_code{};
    /// by_code split by the severity reported (a code may be reported at two: --strict, or
    /// the reader's note on suppressed problems): [0] errors, [1] warnings, [2] notes.
    std::array<std::array<std::uint64_t, code_count>, 3> by_severity{};
    /// Counts one diagnostic of `code` reported at `sev` (not Ignore).
    void count(Code code, Severity sev);
    void merge(const ValidateStats& o);
};

/// The summary line of `--format json` (`{"summary":{…}}` and a newline); `seconds` < 0: not
/// timed (null). `pgnkit merge` writes the merged shards' summary with it.
std::string validate_summary_json(const ValidateStats& s, double seconds);

/// Runs the validation; writes the report to stdout. Returns the exit code
/// (0 all valid, 1 some game invalid, 2 I/O error).
int run_validate(const ValidateRunOptions& opts);

/// Prints the code table (code, default severity, explanation).
void print_check_list();

} // namespace pgnkit::app
