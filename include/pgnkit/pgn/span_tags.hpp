#pragma once
/// A game's tag pairs located in its span without tokenizing its movetext: the one tag-line
/// locator of every command that reads or rewrites tags before (or instead of) the moves
/// (filter's tags-only selection, split's routing, tags' edits, eco's tag lines). It is the
/// tag section loop of PgnReader::Run::run (pgn/reader.hpp) on its own: the tag lines the
/// splitter marked (GameSpan::tags) are taken as they are, the others parsed as the reader
/// parses them (detail::parse_tag).

#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/scan.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

namespace pgnkit {

/// One tag pair as it stands in a game's text (GameSpan::text); positions index that text.
/// What read_span_tags() learns on its way is stored; where the pair ends and which bytes its
/// line holds are worked out when asked (most pairs of a pass are only looked at by name).
/// read_span_tags() sets every field before it hands a pair over; a SpanTag made otherwise
/// holds only `text` (no zeroing per game: it showed in the profile of `tags`).
struct SpanTag {
    std::string_view text; ///< the game's text
    /// The tag name; empty for a `[` the reader reads no pair from (no name, or no value after
    /// it: the reader reports it and hands a visitor nothing).
    std::string_view name;
    /// The value as written, escapes included; for a pair the reader reports as malformed,
    /// the part it reads as the value.
    std::string_view raw_value;
    /// The value unescaped (`\"`, `\\`) as the reader hands it to a visitor: raw_value when that
    /// holds no backslash, else a view into the caller's buffer, valid until the next pair.
    std::string_view value;
    std::size_t open;       ///< the `[`
    std::size_t line_start; ///< the start of the pair's line
    std::size_t eol;        ///< the line break that ends the pair's line (or the text's end)
    /// 0-based line of the `[` in the text (CR, LF and CR LF each end a line, as for the reader).
    std::uint64_t line;
    /// `[Name "value"]` as the standard writes it (blanks around its parts allowed); false for a
    /// pair the reader reports (bad-tag): `[Site]`, a value not closed on its line, text after it.
    bool well_formed;
    bool first_on_line; ///< no pair before it on its line

    /// Just past the `]` (of a malformed pair: where the reader stops reading it).
    std::size_t close() const {
        std::size_t k = end_;
        if (marked_) // only blanks between the value's closing quote and the `]`
            while (text[k] != ']') ++k;
        return marked_ ? k + 1 : k;
    }
    /// Whether only blanks follow the pair on its line.
    bool last_on_line() const {
        std::size_t k = close();
        while (k < eol && detail::is_blank(text[k])) ++k;
        return k == eol;
    }
    /// Whether the pair is alone on its line (only blanks beside it).
    bool alone() const { return first_on_line && last_on_line(); }
    /// Just past the line break of the pair's line (the text's end when the line has none).
    std::size_t after_line() const {
        if (eol >= text.size()) return text.size();
        return eol + (text[eol] == '\r' && eol + 1 < text.size() && text[eol + 1] == '\n' ? 2 : 1);
    }
    /// The bytes that go when the pair is removed: its line, line break included, when the
    /// pair is alone on it; else the pair, [open, close()).
    std::size_t line_begin() const { return alone() ? line_start : open; }
    std::size_t line_end() const { return alone() ? after_line() : close(); }

    // (read_span_tags() sets them) a marked line: end_ is just past the value's closing quote;
    // else just past what the reader read
    std::size_t end_;
    bool marked_;
};

/// Reads the tag section of `span` as PgnReader does (a BOM, blanks and line breaks, `%` escape
/// lines at a line start, any number of tag pairs per line, up to the first other token) and
/// calls `tag` for each pair in the order of the text. Stops when `tag` returns false. Returns
/// where it stopped: past the tag section (its first byte of movetext, or the text's end), or
/// just past the pair `tag` refused.
/// `tag(name, value)` gets the pairs the reader hands a visitor, the value unescaped (`\"`,
/// `\\`): a view into the span's text or into `buffer` (valid until the next pair).
/// `tag(const SpanTag&)` gets where each pair stands too, and a `[` the reader reads no pair
/// from as well (SpanTag::name empty).
/// A template (not a callback through a pointer): a tags-only filter, split or `tags` runs at
/// the speed of this loop, and the call per pair is inlined; a name and value callback costs
/// no more than the reader's own loop.
template <class Tag>
std::size_t read_span_tags(const GameSpan& span, std::string& buffer, Tag&& tag) {
    constexpr bool full = std::is_invocable_v<Tag&, const SpanTag&>;
    const std::string_view text = span.text;
    const std::size_t n = text.size();
    // The marks are positions in the kept text; the reader uses them only in a span without
    // elisions (PgnReader::Run::marks_used), and so does this.
    const std::size_t marks = span.elisions.empty() ? span.tags.size() : 0;
    std::size_t next_mark = 0;
    std::size_t at = n >= 3 && std::memcmp(text.data(), "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    std::size_t line_start = 0;
    std::uint64_t line = 0;
    bool first_on_line = true; // no pair yet on the line at line_start
    SpanTag t;
    t.text = text;
    for (;;) {
        while (at < n) { // blanks and line breaks
            const char c = text[at];
            if (detail::is_blank(c)) {
                ++at;
            } else if (c == '\n' || c == '\r') {
                at += c == '\r' && at + 1 < n && text[at + 1] == '\n' ? 2 : 1;
                line_start = at;
                if constexpr (full) {
                    ++line;
                    first_on_line = true;
                }
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
            // A marked pair is its line's first, with only blanks after it (TagMark).
            for (;;) {
                const TagMark& mark = span.tags[next_mark++];
                const std::string_view name =
                    text.substr(mark.open + 1, mark.name_end - mark.open - 1);
                const std::string_view value =
                    text.substr(mark.value_begin, mark.value_end - mark.value_begin);
                bool more;
                if constexpr (full) {
                    t.name = name;
                    t.raw_value = value; // (not t.value: a copy of it waits for its stores)
                    t.value = value;
                    t.open = mark.open;
                    t.line_start = line_start;
                    t.eol = mark.eol;
                    t.line = line;
                    t.well_formed = t.first_on_line = t.marked_ = true;
                    t.end_ = mark.value_end + 1;
                    more = tag(static_cast<const SpanTag&>(t));
                } else {
                    more = tag(name, value);
                }
                if (!more) return mark.eol;
                if (!mark.next_line || next_mark == marks) {
                    at = mark.eol; // blanks and the line break are the loop's
                    first_on_line = false;
                    break;
                }
                at = line_start = span.tags[next_mark].open;
                if constexpr (full) ++line;
            }
            continue;
        }
        std::size_t eol = at;
        while (eol < n && text[eol] != '\n' && text[eol] != '\r') ++eol;
        detail::TagParse parsed;
        detail::parse_tag(text, at, eol, buffer, parsed);
        const std::size_t end = std::max(parsed.end, at + 1);
        bool more = true;
        if constexpr (full) {
            t.name = parsed.deliver ? parsed.name : std::string_view();
            t.raw_value = parsed.raw_value;
            t.value = parsed.value;
            t.open = at;
            t.line_start = line_start;
            t.eol = eol;
            t.line = line;
            t.well_formed = parsed.deliver && parsed.problem == nullptr;
            t.first_on_line = first_on_line;
            t.marked_ = false;
            t.end_ = end;
            first_on_line = false;
            more = tag(static_cast<const SpanTag&>(t));
        } else if (parsed.deliver) {
            more = tag(parsed.name, parsed.value);
        }
        at = end;
        if (!more) return at;
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

/// Appends the tag value `raw` (as written) unescaped: `\"` → `"`, `\\` → `\`.
void unescape_tag_value(std::string_view raw, std::string& out);

/// Appends `value` escaped for a tag value (`"` → `\"`, `\` → `\\`).
void append_escaped_tag_value(std::string_view value, std::string& out);

} // namespace pgnkit
