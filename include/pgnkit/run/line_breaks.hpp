#pragma once
/// The line breaks of a game written back as the input holds it: the separator it needs after
/// it, and the break a line written into it ends with, in the game's own convention (LF, CR LF,
/// or CR alone in old Mac files).

#include <cstddef>
#include <string_view>

namespace pgnkit::app {

/// The separator a raw game (`game_text`: its text, or its last 4 bytes) needs so that the
/// next game starts after a blank line, in the game's line breaks (CR LF in a CRLF file, CR in
/// an old Mac file); the game's own bytes are never changed.
inline std::string_view raw_separator(std::string_view game_text);
/// The line break `text`'s first line ends with: "\r\n", "\n", or "\r" alone (old Mac files);
/// "\n" when it has none. What a line written into a game ends with (tags, eco).
std::string_view first_line_break(std::string_view text);
namespace detail {
/// raw_separator() of every game (the inline part takes those ending in a line break).
std::string_view raw_separator_rest(std::string_view game_text);
} // namespace detail
inline std::string_view raw_separator(std::string_view game_text) {
    // Inline for the usual ends (a line's break, or a blank line's): a call per game written.
    const std::size_t n = game_text.size();
    if (n < 2 || game_text[n - 1] != '\n') return detail::raw_separator_rest(game_text);
    if (game_text[n - 2] != '\r') return game_text[n - 2] == '\n' ? "" : "\n";
    return n >= 4 && game_text[n - 3] == '\n' && game_text[n - 4] == '\r' ? "" : "\r\n";
}

} // namespace pgnkit::app
