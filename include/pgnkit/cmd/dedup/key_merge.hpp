#pragma once
/// `pgnkit merge` of dedup key files: the shards of `dedup --shard K/N --format keys`, as
/// files or one after the other in a file (parallel's output), checked to be one whole run
/// (every shard once, the same N, --key and --keep, none cut short), then joined in shard
/// order by `dedup --from-keys` itself (run_dedup with DedupRunOptions::key_parts): the same
/// report, byte for byte.

#include <string>
#include <vector>

namespace pgnkit::app {

struct DedupKeyMergeOptions {
    std::vector<std::string> inputs; ///< key files ("-" = stdin, a regular file by then)
    std::string output = "-";        ///< the report ("-" = stdout)
};

/// Returns run_dedup()'s status, or 2 (with a message naming the file) when the key files
/// are not the shards of one run.
int run_dedup_key_merge(const DedupKeyMergeOptions& opts);

} // namespace pgnkit::app
