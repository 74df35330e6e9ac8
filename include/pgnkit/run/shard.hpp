#pragma once
/// `--shard K/N` (docs/GUIDE.md "Shards"; the contract `pgnkit merge` reads is written down
/// here): N runs over the same inputs, each taking its share of the games, together every
/// game exactly once.
///
/// * A *range* input is a regular file named on the command line whose text is plain (not
///   compressed, not UTF-16, not an archive, no binary data). The range inputs, in order, are
///   concatenated (T bytes); shard K's range is [T*(K-1)/N, T*K/N) (rounded down). In a file
///   at [F0, F1) of the concatenation the shard takes the games that start in [begin, end) of
///   the file: begin = 0 if the range starts at or before F0, else find_shard_sync() of the
///   range's start (pgn/shard_sync.hpp); end likewise from the range's end (the file's size if
///   it ends at or after F1). It reads [begin, end), the next start's first line (to see the
///   splitter begin a game there: if the game before goes on past `end`, an input error says
///   the shards do not split the input exactly) and what the two sync searches read.
/// * Any other input is a *stride* input (compressed, an archive's member, stdin or a pipe,
///   UTF-16, one that cannot be read): the games of all stride inputs are counted from 0 in
///   order and shard K takes game c when c mod N = K-1. Each shard reads the whole stream.
/// * Text between games, "no games in FILE" and input errors go to exactly one shard: a range
///   input's to the shard whose [begin, end) holds them, its file-level ones (and the file's
///   count in `files`) to the shard whose range holds the file's first byte; a stride input's
///   to the shard that takes the next game (c as it is then).
///
/// Numbers in a shard's output: for a range input, line numbers count from `begin` (the line
/// at byte `begin` is line 1) and game numbers in the file from the shard's first game there
/// (1); offsets stay the file's. For a stride input both are exact. The run-wide game number
/// (validate's "index", fen's game column) counts the shard's own games. `pgnkit merge`
/// renumbers from the `shard` JSON object (shard_json()): a range input's game += the `games`
/// of that input in the shards before, line += their `lines`; index = the games of every
/// input before (all shards) + the exact game number in the input.

#include "pgnkit/io/byte_source.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::app {

/// `--shard K/N`; count 0: no sharding.
struct ShardSpec {
    std::uint32_t index = 0; ///< K, 1 to count
    std::uint32_t count = 0; ///< N
    bool active() const { return count != 0; }
};

/// Parses "K/N" (1 <= K <= N <= 1,000,000); false if it is not that.
bool parse_shard(std::string_view text, ShardSpec& out);

/// What a shard took from one input text: an entry of the `shard` JSON object's "inputs".
struct ShardInput {
    std::string file;
    bool range = false;
    std::uint64_t begin = 0, end = 0; ///< range: the bytes whose games the shard took
    std::uint64_t games = 0;          ///< games taken (not text between games)
    std::uint64_t lines = 0;          ///< range: line breaks in [begin, end)
    std::uint64_t read = 0;           ///< range: bytes read of the file (sync searches too)
};

/// `"shard":{"index":K,"count":N,"inputs":[{"file":…,"mode":"range","begin":…,"end":…,
/// "games":…,"lines":…,"read":…},{"file":…,"mode":"stride","begin":null,"end":null,"games":…,
/// "lines":null,"read":null}]}` (the key and its object; no separator around them).
std::string shard_json(const ShardSpec& spec, const std::vector<ShardInput>& inputs);

/// How a shard reads one range input.
struct ShardRange {
    std::uint64_t begin = 0, end = 0; ///< the games that start here are the shard's
    std::uint64_t read_end = 0;       ///< just past the first line at `end` (its size if none)
    std::uint64_t align = 0;          ///< GameSplitter::chunk_for() the whole file
    std::uint64_t searched = 0;       ///< bytes read by the sync searches
    bool owns_start = false; ///< the range holds the file's first byte (file-level reports)
    bool empty() const { return begin >= end; }
};

/// The shard's plan for every input, made before reading (a look at each input's first
/// bytes; the sync searches of range inputs), and the stride count.
class ShardPlan {
  public:
    ShardPlan() = default;
    /// Throws nothing: an input that cannot be looked at is a stride input (its error comes
    /// when it is read).
    ShardPlan(const ShardSpec& spec, const std::vector<std::string>& inputs);
    const ShardSpec& spec() const { return spec_; }
    /// The range of input `i`, or nothing for a stride input.
    const std::optional<ShardRange>& range(std::size_t i) const { return ranges_[i]; }
    /// A game of a stride input: counted; whether this shard takes it.
    bool take_stride_game() { return stride_games_++ % spec_.count == spec_.index - 1; }
    /// Whether the next game of a stride input is this shard's (reports before it are).
    bool owns_next_stride() const { return stride_games_ % spec_.count == spec_.index - 1; }

  private:
    ShardSpec spec_;
    std::vector<std::optional<ShardRange>> ranges_;
    std::uint64_t stride_games_ = 0;
};

} // namespace pgnkit::app
