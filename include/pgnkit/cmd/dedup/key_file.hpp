#pragma once
/// The frame of a dedup key file (`dedup --format keys`): a first line saying which shard of
/// which run it is, the key lines (cmd/dedup/dedup.hpp DedupFormat::Keys), and a last line
/// with their count, so that a join can refuse a set with a shard missing, twice, of another
/// run or cut short. Both frame lines start with `#`, which no key line does.

#include "pgnkit/cmd/dedup/dedup.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pgnkit::app {

/// What a key file's first line says: `# pgnkit dedup --format keys --shard K/N --key KEY
/// --keep RULE` (K/N = 1/1 without --shard), and ` --names HEX` when a spelling table was used.
struct KeyFileHeader {
    ShardSpec shard{1, 1};
    DedupKey key = DedupKey::MovesPlayers;
    DedupKeep keep = DedupKeep::First;
    std::uint64_t names = 0; ///< FoldedSpellings::fingerprint() of --names (0: none)
};

/// The first line of a key file, with its line break.
std::string key_file_header(const KeyFileHeader& h);

/// Reads a first line (without its line break); nullopt if it is not one.
std::optional<KeyFileHeader> parse_key_file_header(std::string_view line);

/// The last line of a key file of `games` key lines, with its line break: `# end G games`.
std::string key_file_end(std::uint64_t games);

/// Reads a last line (without its line break); nullopt if it is not one.
std::optional<std::uint64_t> parse_key_file_end(std::string_view line);

/// Whether `head` (a file's first bytes) is the start of a key file.
bool is_key_file(std::string_view head);

} // namespace pgnkit::app
