#include "pgnkit/pgn/span_tags.hpp"

#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/scan.hpp"

#include <cstring>

namespace pgnkit {

namespace {

/// Where the tag section's first line may begin: after a UTF-8 BOM and blank lines (what the
/// reader's tag loop skips before its first token).
std::size_t first_token(std::string_view text) {
    std::size_t at = text.size() >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    while (at < text.size() && (detail::is_blank(text[at]) || text[at] == '\n' || text[at] == '\r'))
        ++at;
    return at;
}

/// The reader's tag section loop (PgnReader::Run::run) from `at`: blanks and line breaks,
/// `%` escape lines at a line start, tag lines parsed by detail::parse_tag, up to the first
/// other token.
bool parse_tag_section(std::string_view text, std::size_t at, std::size_t line_start,
                       std::string_view name, std::string& buffer, std::string_view& value) {
    const std::size_t n = text.size();
    const auto eol_from = [&](std::size_t from) {
        std::size_t eol = from;
        while (eol < n && text[eol] != '\n' && text[eol] != '\r') ++eol;
        return eol;
    };
    for (;;) {
        while (at < n) {
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
        if (at >= n) return false;
        if (text[at] == '%' && (at == line_start || at == 0)) { // escape line (PGN §6)
            at = eol_from(at);
            continue;
        }
        if (text[at] != '[') return false; // the movetext: the tag section is over
        detail::TagParse parsed;
        detail::parse_tag(text, at, eol_from(at), buffer, parsed);
        if (parsed.deliver && parsed.name == name) {
            value = parsed.value;
            return true;
        }
        at = parsed.end;
    }
}

} // namespace

bool find_span_tag(const GameSpan& span, std::string_view name, std::string& buffer,
                   std::string_view& value) {
    value = {};
    const std::string_view text = span.text;
    // The marks are the tag section's first lines when the first begins its first token and
    // each of those before the tag's begins the line after the one before it (no line between
    // them that they leave out). The reader uses none in a span with elisions; nor do we.
    std::size_t from = 0, line_start = 0;
    if (span.elisions.empty() && !span.tags.empty() && span.tags[0].open == first_token(text)) {
        for (std::size_t k = 0; k < span.tags.size(); ++k) {
            const TagMark& mark = span.tags[k];
            if (std::string_view(text.data() + mark.open + 1, mark.name_end - mark.open - 1) ==
                name) {
                value = text.substr(mark.value_begin, mark.value_end - mark.value_begin);
                return true;
            }
            from = line_start = mark.eol; // the rest of its line is the loop's below
            if (!mark.next_line) break;
        }
    }
    return parse_tag_section(text, from, line_start, name, buffer, value);
}

} // namespace pgnkit
