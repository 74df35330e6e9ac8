#pragma once
/// `pgnkit merge` of `validate --format json --shard K/N` outputs: the report one run over the
/// same inputs writes, byte for byte (docs/MANY-MACHINES.md "Numbering").
///
/// Each shard's output is its diagnostic lines and its summary line, whose `shard` object
/// (the contract in docs/MANY-MACHINES.md) lists every input with the shard's games and line
/// breaks in it. The merge puts the lines in the order of one run — a byte-range input shard
/// by shard, a stride input (compressed, a pipe) game by game across the shards — and
/// renumbers them: in a byte-range input, `game` and `line` are counted from the shard's
/// start, so the games and line breaks of the shards before it are added; `index` (the game
/// across all inputs) is recomputed for every input. An input's encoding note (one per input
/// in one run, one per shard here) becomes one note with the games of all shards. One
/// summary sums the shards'.
///
/// The shards may come in any order, in any number of files (concatenated outputs, as GNU
/// parallel writes them, are split at their summary lines). Memory does not grow with the
/// number of diagnostics: pass 1 reads only the summaries, pass 2 reads each shard's lines
/// once more, from its file (standard input must be a regular file: the front end spools a
/// pipe to a temporary file first).

#include <string>
#include <vector>

namespace pgnkit::app {

struct ValidateMergeOptions {
    std::vector<std::string> inputs; ///< the shards' outputs; "-" = standard input (seekable)
    std::string output;              ///< "" or "-" = standard output
};

/// Whether `head`, the first bytes of a merge input, is `validate --format json` output (a
/// diagnostic line or a summary line) rather than `stats --format json`.
bool is_validate_json(std::string_view head);

/// Merges the shards; returns validate's exit status for the whole (0 all games valid, 1 an
/// error found), or 2 with one message on stderr when the inputs are not one complete set of
/// shards of one run (a shard missing or given twice, shards of different runs, a shard's
/// output cut short, not validate's JSON) or cannot be read or written.
int run_validate_merge(const ValidateMergeOptions& opts);

} // namespace pgnkit::app
