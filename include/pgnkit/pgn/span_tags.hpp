#pragma once
/// A game's tag pairs read from its span without tokenizing its movetext (split's routing,
/// filter's tags-only selection): the tag section loop of PgnReader::Run::run
/// (pgn/reader.hpp) on its own. The tag lines the splitter marked (GameSpan::tags) are taken as
/// they are, the others parsed as the reader parses them (detail::parse_tag).

#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/scan.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <cstring>
#include <string>
#include <string_view>

namespace pgnkit {

/// Reads the tag section of `span` as PgnReader does (a BOM, blanks and line breaks, `%` escape
/// lines at a line start, any number of tag pairs per line, up to the first other token) and
/// calls `tag(name, value)` for each pair in the order of the text: the value unescaped (`\"`,
/// `\\`), a view into the span's text or into `buffer` (valid until the next pair). Stops when
/// `tag` returns false. Returns where it stopped: past the tag section (its first byte of
/// movetext, or the text's end), or just past the pair `tag` refused.
/// A template (not a callback through a pointer): a tags-only filter or split runs at the
/// speed of this loop, and the call per pair is inlined.
template <class Tag>
std::size_t read_span_tags(const GameSpan& span, std::string& buffer, Tag&& tag) {
    const std::string_view text = span.text;
    const std::size_t n = text.size();
    // The marks are positions in the kept text; the reader uses them only in a span without
    // elisions (PgnReader::Run::marks_used), and so does this.
    const std::size_t marks = span.elisions.empty() ? span.tags.size() : 0;
    std::size_t next_mark = 0;
    std::size_t at = n >= 3 && std::memcmp(text.data(), "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    std::size_t line_start = 0;
    for (;;) {
        while (at < n) { // blanks and line breaks
            const char c = text[at];
            if (detail::is_blank(c)) {
                ++at;
            } else if (c == '\n' || c == '\r') {
                at += c == '\r' && at + 1 < n && text[at + 1] == '\n' ? 2 : 1;
                line_start = at;
            } else {
                break;
            }
        }
        if (at >= n) return at;
        if (text[at] == '%' && (at == line_start || at == 0)) { // escape line (PGN §6)
            while (at < n && text[at] != '\n' && text[at] != '\r') ++at;
            continue;
        }
        if (text[at] != '[') return at; // the movetext: the tag section is over
        while (next_mark < marks && span.tags[next_mark].open < at) ++next_mark;
        if (next_mark < marks && span.tags[next_mark].open == at) {
            // Marked lines, one after another while each begins the line after the one before.
            for (;;) {
                const TagMark& mark = span.tags[next_mark++];
                if (!tag(text.substr(mark.open + 1, mark.name_end - mark.open - 1),
                         text.substr(mark.value_begin, mark.value_end - mark.value_begin)))
                    return mark.eol;
                if (!mark.next_line || next_mark == marks) {
                    at = mark.eol; // blanks and the line break are the loop's
                    break;
                }
                at = line_start = span.tags[next_mark].open;
            }
            continue;
        }
        std::size_t eol = at;
        while (eol < n && text[eol] != '\n' && text[eol] != '\r') ++eol;
        detail::TagParse parsed;
        detail::parse_tag(text, at, eol, buffer, parsed);
        at = std::max(parsed.end, at + 1);
        if (parsed.deliver && !tag(parsed.name, parsed.value)) return at;
    }
}

/// Finds the first tag named `name` (case-sensitive, as PGN tag names are) in the tag section
/// of `span` and returns its value, unescaped (`\"`, `\\`) as the reader hands it over: a view
/// into the span's text or into `buffer`, valid until the next call with either. Returns false
/// when the game has no such tag (`value` is then empty).
inline bool find_span_tag(const GameSpan& span, std::string_view name, std::string& buffer,
                          std::string_view& value) {
    value = {};
    bool found = false;
    read_span_tags(span, buffer, [&](std::string_view tag_name, std::string_view tag_value) {
        if (tag_name != name) return true;
        value = tag_value;
        found = true;
        return false;
    });
    return found;
}

} // namespace pgnkit
