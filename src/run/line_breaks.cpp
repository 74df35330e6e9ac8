#include "pgnkit/run/line_breaks.hpp"

#include <cstring>

namespace pgnkit::app {

std::string_view detail::raw_separator_rest(std::string_view game_text) {
    const std::size_t size = game_text.size();
    if (size >= 2 && game_text.substr(size - 2) == "\n\n") return "";
    if (size >= 4 && game_text.substr(size - 4) == "\r\n\r\n") return "";
    // The blank line in the game's own line breaks: its last one, else its first (a game cut
    // without a final break; from the last 4 bytes alone, none is seen and LF is written).
    if (size >= 2 && game_text.substr(size - 2) == "\r\n") return "\r\n";
    if (!game_text.empty() && game_text.back() == '\n') return "\n";
    // CR alone (old Mac files): a blank line is two of them.
    if (size >= 2 && game_text.substr(size - 2) == "\r\r") return "";
    if (!game_text.empty() && game_text.back() == '\r') return "\r";
    const std::string_view first = first_line_break(game_text);
    return first == "\r\n" ? "\r\n\r\n" : first == "\r" ? "\r\r" : "\n\n";
}

std::string_view first_line_break(std::string_view text) {
    // The first LF, and a CR before it (two memchr, not find_first_of: that calls memchr over
    // "\r\n" once per byte; a call per game written).
    const char* const p = text.data();
    const void* lf = text.empty() ? nullptr : std::memchr(p, '\n', text.size());
    const std::size_t before = lf ? std::size_t(static_cast<const char*>(lf) - p) : text.size();
    const void* cr = before ? std::memchr(p, '\r', before) : nullptr;
    if (!cr) return "\n";
    return static_cast<const char*>(cr) + 1 == lf ? "\r\n" : "\r";
}

} // namespace pgnkit::app
