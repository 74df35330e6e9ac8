#pragma once
/// The tag pairs of a game's tag section located byte by byte, for `pgnkit tags`, which
/// rewrites only the tag lines it changes. (pgn/span_tags.cpp and cmd/filter/game_tags.cpp
/// read values only; this one keeps where each pair stands, its line and line break.)

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::app {

/// One tag pair `[Name "value"]` as it stands in the game's text.
struct TagLinePair {
    std::size_t begin = 0, end = 0; ///< the `[` and just past the `]`
    /// The pair's whole line [line_begin, line_end), its line break included, when the pair is
    /// alone on it (blanks only around): removing the pair removes the line. Else both = begin.
    std::size_t line_begin = 0, line_end = 0;
    std::size_t after_line = 0; ///< just past the line break of the pair's line
    std::uint64_t line = 0;     ///< 0-based line of the `[` within the game's text
    std::string_view name;
    std::string_view raw_value; ///< as written, escapes included (unescape_tag_value())
};

/// Reads the tag section at the start of `text` (a game's text): every `[Name "value"]` pair
/// before the first thing that is not a pair or a blank, several per line too. A pair that
/// does not close on its line ends the section (the reader reports it; the text is kept).
void read_tag_pairs(std::string_view text, std::vector<TagLinePair>& out);

/// Appends the tag value `raw` (as written) unescaped: `\"` → `"`, `\\` → `\`.
void unescape_tag_value(std::string_view raw, std::string& out);

/// Appends `value` escaped for a tag value (`"` → `\"`, `\` → `\\`).
void append_escaped_tag_value(std::string_view value, std::string& out);

} // namespace pgnkit::app
