#include "pgnkit/cmd/filter/game_tags.hpp"

#include "pgnkit/pgn/reader.hpp"

#include <cstring>

namespace pgnkit::app {

void GameTags::read(const GameSpan& span) {
    tags_.clear();
    owned_used_ = 0;
    const std::string_view text = span.text;
    const std::size_t n = text.size();
    // The splitter's marks are positions in the kept text; the reader uses them only in a span
    // without elisions (reader.hpp, Run::marks_used), and so does this.
    const std::span<const TagMark> marks =
        span.elisions.empty() ? span.tags : std::span<const TagMark>();
    std::size_t next_mark = 0;
    std::size_t pos = 0;
    if (n >= 3 && std::memcmp(text.data(), "\xEF\xBB\xBF", 3) == 0) pos = 3;
    bool line_start = true;
    for (;;) {
        while (pos < n) { // blanks and line breaks
            const char c = text[pos];
            if (c == '\n' || c == '\r')
                line_start = true;
            else if (c != ' ' && c != '\t' && c != '\v' && c != '\f')
                break;
            ++pos;
        }
        if (pos >= n) break;
        if (text[pos] == '%' && line_start) { // escape line (PGN §6)
            const std::size_t eol = text.find_first_of("\r\n", pos);
            pos = eol == std::string_view::npos ? n : eol;
            continue;
        }
        if (text[pos] != '[') break; // the movetext
        line_start = false;
        while (next_mark < marks.size() && marks[next_mark].open < pos) ++next_mark;
        if (next_mark < marks.size() && marks[next_mark].open == pos) {
            const TagMark& m = marks[next_mark++];
            tags_.push_back({text.substr(m.open + 1, m.name_end - m.open - 1),
                             text.substr(m.value_begin, m.value_end - m.value_begin)});
            pos = m.eol;
            continue;
        }
        std::size_t eol = text.find_first_of("\r\n", pos);
        if (eol == std::string_view::npos) eol = n;
        detail::TagParse parsed;
        detail::parse_tag(text, pos, eol, buf_, parsed);
        if (parsed.deliver) {
            std::string_view value = parsed.value;
            if (!is_view_of(value, text)) { // unescaped into buf_: kept for the game
                if (owned_used_ == owned_.size()) owned_.emplace_back();
                owned_[owned_used_].assign(value);
                value = owned_[owned_used_++];
            }
            tags_.push_back({parsed.name, value});
        }
        pos = std::max(parsed.end, pos + 1);
    }
    utf8_ = is_valid_utf8(text.substr(0, pos));
}

} // namespace pgnkit::app
