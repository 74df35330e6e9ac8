#pragma once
/// The shards of one run read back (`pgnkit merge`): is the set whole, and by how much are a
/// shard's numbers behind one run's (the contract: run/shard.hpp).

#include "pgnkit/run/shard.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace pgnkit::app {

/// A shard's record as read back from its JSON (`"shard":{…}`: shard_json()).
struct ShardRecord {
    ShardSpec spec;
    std::vector<ShardInput> inputs;
};

/// Whether `records` are the shards of one run: the same N, each K once, the same inputs (names
/// and modes, in order), and (unless `partial`) every K from 1 to N. Returns "" or what is
/// wrong, e.g. "shard 3/4 is missing (--partial merges the shards given)"; `names[i]` names
/// records[i] in the message (its file).
std::string check_shard_set(const std::vector<ShardRecord>& records,
                            const std::vector<std::string>& names, bool partial);

/// What to add to a shard's numbers of input `i` to get one run's: `games[i]` to its game
/// numbers in that input, `lines[i]` to its line numbers (range inputs; 0 for stride ones).
struct ShardOffsets {
    std::vector<std::uint64_t> games, lines;
};
/// The offsets of every record (in the order given) from the records of the shards before it
/// (a smaller K) among `records` (a set check_shard_set() accepted; with --partial, a missing
/// shard's games and lines are not known: the numbers after it stay behind).
std::vector<ShardOffsets> shard_offsets(const std::vector<ShardRecord>& records);

} // namespace pgnkit::app
