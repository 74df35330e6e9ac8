#pragma once
/// `pgnkit tags`: tag repair. Each game is written as it was read, byte for byte, but for the
/// tag pairs an edit changes (TagEditor); every change is reported with its file and line.
/// `--suggest-names` writes no games: a table of the players' names spelled several ways.

#include "pgnkit/cmd/tags/tag_editor.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/pgn/name_table.hpp"
#include "pgnkit/run/shard.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace pgnkit::app {

struct TagsRunOptions {
    std::vector<std::string> inputs; ///< paths, "-" = stdin
    std::string output = "-";        ///< "-" = stdout
    OutputOptions output_options;    ///< compression (.zst name or zstd), level
    std::string report;              ///< the change report's file ("" = stderr)
    int jobs = 1;
    ShardSpec shard; ///< --shard K/N (run/shard.hpp)
    bool progress = false;
    TagEditOptions edits;
    NameTable names;            ///< --names FILE, loaded (edits.names points here when given)
    bool dry_run = false;       ///< report, write no games
    bool suggest_names = false; ///< write the table of name variants instead of games
};

/// Counters of a run; mergeable (per worker).
struct TagsStats {
    std::uint64_t games = 0, changed = 0, changes = 0, notes = 0, oversized = 0, between = 0;
    void merge(const TagsStats& o);
};

/// Runs `pgnkit tags`. Returns the exit code: 0 done, 2 I/O error.
int run_tags(const TagsRunOptions& opts);

} // namespace pgnkit::app
