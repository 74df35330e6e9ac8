#pragma once
/// Where a shard of a plain PGN file begins and ends (`--shard K/N`, run/shard.hpp,
/// docs/GUIDE.md "Shards"): the first game start at or after a byte that GameSplitter
/// (pgn/splitter.hpp) takes for a game start whatever came before it in the file.
///
/// The rule: a line whose first byte is `[` followed by a tag name byte, after one or more
/// blank lines (blanks only), after a *marker line*: a line that ends with a termination marker
/// (ends_with_termination_marker) and, read from its start outside comments and variations,
/// ends outside them, holds no `;` and no Ctrl-Z, and does not begin (after blanks) with `[`,
/// `%` or a BOM byte. Why the splitter agrees: the marker line is a movetext line of a game
/// (splitter.cpp content_line: a game in tags goes on in movetext), which then ends
/// terminated at depth 0 (end_line, line_ends_with_result) when the splitter too was outside
/// comments and variations at the line's start; blank lines keep that; a `[` line at a line
/// start after a terminated game begins a new one (tag_line_starts_game), in a state that
/// begin_game() resets but for what a fresh splitter at that line has too (a line start, no
/// pending `%` lines: a game came before). The one case where the splitter sees more than
/// the text shows: the marker line inside a `{` comment or `(` variation left open by an
/// earlier line, and the tag's name not among that game's tags. The shard before then sees
/// its last game go on past the boundary and reports it (run/shard.hpp).

#include "pgnkit/io/byte_source.hpp"

#include <cstdint>

namespace pgnkit {

/// A game start found by find_shard_sync().
struct ShardSync {
    std::uint64_t at = 0;         ///< the game's first byte (the file's size: none)
    std::uint64_t line_end = 0;   ///< just past the line break of its first line (size: none)
    std::uint64_t bytes_read = 0; ///< bytes the search read
};

/// How far before `from` the search reads, for the lines before a start at or just after
/// `from` (a start whose marker line begins before that is not taken).
inline constexpr std::uint64_t shard_sync_lookback = 4096;

/// The first certain game start at or after `from` in `file` (a regular file of `size` bytes
/// that can seek_to()), or `size` if there is none: a pure function of the file's bytes and
/// `from`, so that the shard that ends at `from` and the one that begins there agree. Reads
/// from `from - shard_sync_lookback` to the start's first line end. Throws IoError.
ShardSync find_shard_sync(ByteSource& file, std::uint64_t size, std::uint64_t from);

} // namespace pgnkit
