#pragma once
/// `pgnkit eco`: each game's opening from an opening table (openings/), written into its ECO,
/// Opening and Variation tags, the rest of the game byte for byte; or, with --check, the
/// games whose ECO tag disagrees with their moves.
#include "pgnkit/io/output.hpp"
#include "pgnkit/openings/opening_table.hpp"
#include "pgnkit/run/shard.hpp"

#include <string>
#include <vector>

namespace pgnkit::app {

/// Which tags `pgnkit eco` sets (--eco-tags).
struct EcoTags {
    bool eco = true, opening = true, variation = true;
};

struct EcoRunOptions {
    std::vector<std::string> inputs; ///< paths, "-" = stdin
    std::string output;              ///< -o FILE ("" = stdout)
    OutputOptions output_options;
    /// The opening table (--eco-file, else the bundled lichess table); never null.
    const openings::OpeningTable* table = nullptr;
    EcoTags tags;
    /// --keep-existing: a game that has one of the chosen tags (a value other than "" or "?")
    /// is written unchanged.
    bool keep_existing = false;
    /// --check: write no games; report those whose ECO tag disagrees with the classification.
    bool check = false;
    int jobs = 1;
    ShardSpec shard;
    bool progress = false;
    bool summary = false; ///< the summary line on stderr even when nothing is to report
};

/// The tag value `value` escaped as PGN §8.1.1 wants: `\` and `"` after a backslash.
std::string escape_tag_value(std::string_view value);

/// Runs `pgnkit eco`; returns the exit code: 0 ok, 1 (--check) a game disagrees, 2 I/O error.
int run_eco(const EcoRunOptions& opts);

} // namespace pgnkit::app
