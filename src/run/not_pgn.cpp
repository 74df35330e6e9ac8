#include "pgnkit/run/not_pgn.hpp"

#include "pgnkit/chess/san.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/xiangqi/notation.hpp"

#include <fmt/format.h>

namespace pgnkit::app {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }
bool is_line_end(char c) { return c == '\n' || c == '\r'; }
/// Where a movetext token ends (as the reader cuts them: blanks, line ends and the
/// delimiters that start something else).
bool ends_token(char c) {
    return is_blank(c) || is_line_end(c) || c == '{' || c == '}' || c == '(' || c == ')' ||
           c == '[' || c == ']' || c == ';' || c == '$' || c == '"' ||
           static_cast<unsigned char>(c) < 0x20;
}

/// Whether a line whose first non-blank byte is at text[i] starts like PGN.
bool pgn_line(std::string_view text, std::size_t first) {
    const char first_byte = text[first];
    if (first_byte == '[' || first_byte == '{' || first_byte == ';' || first_byte == '(' ||
        first_byte == ')' || first_byte == '$' || first_byte == '*')
        return true;
    // A move number or a result (or 0-0 castling).
    if (first_byte >= '0' && first_byte <= '9') return true;
    std::size_t end = first;
    while (end < text.size() && !ends_token(text[end])) ++end;
    std::string_view token = text.substr(first, end - first);
    // Annotation glyphs glued to a move (e4!?) do not make it text.
    while (!token.empty() && (token.back() == '!' || token.back() == '?')) token.remove_suffix(1);
    // Null moves (--) are not taken: a mail signature starts with "-- ".
    if (token.empty()) return false;
    chess::San san;
    if (chess::parse_san(token, san)) return true;
    // A xiangqi move (a game without tags or move numbers): ICCS `h2e2`, WXF `C2.5`, Chinese
    // `炮二平五`. Not WinBoard SAN's shape alone (`e9`, `Re` …: too near to words).
    using xiangqi::Notation, xiangqi::notation_bit;
    return (xiangqi::notations_of(token) &
            (notation_bit(Notation::Iccs) | notation_bit(Notation::Wxf) |
             notation_bit(Notation::Chinese))) != 0;
}

} // namespace

bool looks_like_pgn(std::string_view text) {
    std::size_t at = 0;
    while (at < text.size()) {
        // The first non-blank byte of the line (a byte-order mark skipped).
        if (text.compare(at, 3, "\xEF\xBB\xBF") == 0) at += 3;
        while (at < text.size() && is_blank(text[at])) ++at;
        if (at < text.size() && !is_line_end(text[at]) && text[at] != '%' && pgn_line(text, at))
            return true;
        while (at < text.size() && !is_line_end(text[at])) ++at;
        while (at < text.size() && is_line_end(text[at])) ++at;
    }
    return false;
}

bool is_text_between_games(const GameSpan& span, bool after_game) {
    return after_game && span.tags.empty() && !looks_like_pgn(span.text);
}

NotPgnText describe_not_pgn(const GameSpan& span) {
    NotPgnText what;
    const std::string_view text = span.text;
    std::uint64_t line = span.first_line;
    std::size_t line_start = 0, first = 0;
    // The first non-blank byte (blank lines and a byte-order mark skipped).
    while (first < text.size()) {
        if (first == line_start && text.compare(first, 3, "\xEF\xBB\xBF") == 0) first += 3;
        if (first < text.size() && (is_blank(text[first]) || is_line_end(text[first]))) {
            if (text[first] == '\n' ||
                (text[first] == '\r' && (first + 1 == text.size() || text[first + 1] != '\n'))) {
                ++line;
                line_start = first + 1;
            }
            ++first;
            continue;
        }
        break;
    }
    std::size_t end = text.size();
    while (end > first && (is_blank(text[end - 1]) || is_line_end(text[end - 1]))) --end;
    std::size_t after_last = 0;
    what.lines =
        first < end ? 1 + detail::count_breaks(text.data(), first, end, true, after_last) : 0;
    const std::uint64_t lead = line == span.first_line ? span.first_column - 1 : 0;
    what.at = {line, first - line_start + 1 + lead, span.offset + first};
    std::size_t word_end = first;
    while (word_end < end && !ends_token(text[word_end])) ++word_end;
    what.first_word = text.substr(first, std::min<std::size_t>(word_end - first, 80));
    return what;
}

std::string not_pgn_message(const NotPgnText& what) {
    return fmt::format("text between games is not PGN; skipped ({} line{})", what.lines,
                       what.lines == 1 ? "" : "s");
}

std::string not_pgn_report(const GameSpan& span) {
    const NotPgnText what = describe_not_pgn(span);
    std::string out;
    append_display(out, span.file, true);
    out += fmt::format(":{}:{}: warning[unexpected-text]: {}\n", what.at.line, what.at.column,
                       not_pgn_message(what));
    return out;
}

} // namespace pgnkit::app
