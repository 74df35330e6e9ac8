#include "pgnkit/cmd/filter/option_values.hpp"

#include "pgnkit/cmd/filter/criterion_error.hpp"
#include "pgnkit/cmd/filter/pgn_date.hpp"

#include <charconv>
#include <fmt/format.h>

namespace pgnkit::app {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

/// A decimal number that is all of `s` (which starts at column `column`).
double number_at(std::string_view s, std::size_t column) {
    if (s.empty()) throw OptionValueError("expected a number", column);
    double value = 0;
    const char* first = s.data();
    if (*first == '+') ++first;
    const auto [end, ec] = std::from_chars(first, s.data() + s.size(), value);
    if (ec != std::errc() || first == s.data() + s.size() ||
        (*first != '-' && (*first < '0' || *first > '9')))
        throw OptionValueError(fmt::format("expected a number, got '{}'", s), column);
    if (end != s.data() + s.size())
        throw OptionValueError(fmt::format("'{}' is not a number", s),
                               column + static_cast<std::size_t>(end - s.data()));
    return value;
}

std::uint64_t count_at(std::string_view s, std::size_t column) {
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size())
        throw OptionValueError(fmt::format("expected a game number, got '{}'", s),
                               column + static_cast<std::size_t>(end - s.data()));
    if (value == 0) throw OptionValueError("game numbers start at 1", column);
    return value;
}

/// An ECO code that is all of `s` at `column`: a letter A-E and optionally two digits (a bare
/// letter is its first or last code, `last`).
int eco_at(std::string_view s, std::size_t column, bool last) {
    if (s.empty()) throw OptionValueError("expected an ECO code such as B20", column);
    const char letter = static_cast<char>(s[0] & ~0x20);
    if (letter < 'A' || letter > 'E')
        throw OptionValueError(fmt::format("'{}' is no ECO code (A00 to E99)", s), column);
    if (s.size() == 1) return (letter - 'A') * 100 + (last ? 99 : 0);
    if (s.size() != 3 || s[1] < '0' || s[1] > '9' || s[2] < '0' || s[2] > '9')
        throw OptionValueError(fmt::format("'{}' is no ECO code (A00 to E99)", s), column + 1);
    return (letter - 'A') * 100 + (s[1] - '0') * 10 + (s[2] - '0');
}

bool tag_name_byte(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

} // namespace

NumberRange parse_number_range(std::string_view text) {
    NumberRange r;
    const std::size_t dots = text.find("..");
    if (dots == std::string_view::npos) {
        r.lo = r.hi = number_at(text, 1);
        return r;
    }
    if (dots == 0 && text.size() == 2)
        throw OptionValueError("a range needs an end: A..B, A.. or ..B", 1);
    if (dots > 0) r.lo = number_at(text.substr(0, dots), 1);
    if (dots + 2 < text.size()) r.hi = number_at(text.substr(dots + 2), dots + 3);
    if (r.lo > r.hi)
        throw OptionValueError(fmt::format("the range is empty ({} is past {})",
                                           text.substr(0, dots), text.substr(dots + 2)),
                               1);
    return r;
}

GameNumbers parse_game_numbers(std::string_view text) {
    GameNumbers g;
    std::size_t at = 0;
    for (;;) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const std::string_view item = text.substr(at, comma - at);
        const std::size_t column = at + 1;
        if (item.empty()) throw OptionValueError("expected a game number or a range N-M", column);
        std::size_t sep = item.find("..");
        std::size_t sep_len = 2;
        if (sep == std::string_view::npos) {
            sep = item.find('-');
            sep_len = 1;
        }
        if (sep == std::string_view::npos) {
            const std::uint64_t n = count_at(item, column);
            g.spans.push_back({n, n});
        } else {
            const std::uint64_t first = count_at(item.substr(0, sep), column);
            const std::string_view rest = item.substr(sep + sep_len);
            const std::uint64_t last =
                rest.empty() ? ~std::uint64_t{0} : count_at(rest, column + sep + sep_len);
            if (last < first)
                throw OptionValueError(fmt::format("the range {} is empty", item), column);
            g.spans.push_back({first, last});
        }
        if (comma == text.size()) break;
        at = comma + 1;
    }
    return g;
}

int eco_number(std::string_view code) {
    if (code.size() < 3) return -1;
    const char letter = static_cast<char>(code[0] & ~0x20);
    if (letter < 'A' || letter > 'E' || code[1] < '0' || code[1] > '9' || code[2] < '0' ||
        code[2] > '9')
        return -1;
    if (code.size() > 3 && code[3] >= '0' && code[3] <= '9') return -1;
    return (letter - 'A') * 100 + (code[1] - '0') * 10 + (code[2] - '0');
}

EcoRange parse_eco_range(std::string_view text) {
    EcoRange r;
    const std::size_t dots = text.find("..");
    if (dots == std::string_view::npos) {
        r.lo = eco_at(text, 1, false);
        r.hi = eco_at(text, 1, true);
        return r;
    }
    if (dots > 0) r.lo = eco_at(text.substr(0, dots), 1, false);
    if (dots + 2 < text.size()) r.hi = eco_at(text.substr(dots + 2), dots + 3, true);
    if (dots == 0 && dots + 2 == text.size())
        throw OptionValueError("a range needs an end: A00..B99, B.. or ..C50", 1);
    if (r.lo > r.hi) throw OptionValueError("the range is empty", 1);
    return r;
}

std::string_view parse_result(std::string_view text) {
    const std::string t = lower(text);
    if (t == "1-0" || t == "white") return "1-0";
    if (t == "0-1" || t == "black") return "0-1";
    if (t == "1/2-1/2" || t == "1/2" || t == "=" || t == "draw" || t == "0.5-0.5" || t == "½-½")
        return "1/2-1/2";
    if (t == "*" || t == "unfinished") return "*";
    throw OptionValueError(
        fmt::format("'{}' is no result: 1-0, 0-1, 1/2-1/2 (or draw), * (or unfinished)", text), 1);
}

TagTest parse_tag_test(std::string_view text) {
    TagTest t;
    std::size_t n = 0;
    while (n < text.size() && tag_name_byte(text[n])) ++n;
    if (n == 0)
        throw OptionValueError("expected a tag name (letters, digits, _) before the relation", 1);
    t.name = std::string(text.substr(0, n));
    const std::string_view rest = text.substr(n);
    struct Op {
        std::string_view text;
        TagRelation relation;
    };
    static constexpr Op ops[] = {{"!=", TagRelation::NotEqual},     {"<=", TagRelation::LessEqual},
                                 {">=", TagRelation::GreaterEqual}, {"=", TagRelation::Equal},
                                 {"<", TagRelation::Less},          {">", TagRelation::Greater},
                                 {"~", TagRelation::Regex}};
    for (const Op& op : ops)
        if (rest.substr(0, op.text.size()) == op.text) {
            t.relation = op.relation;
            t.value = std::string(rest.substr(op.text.size()));
            const bool date_tag =
                t.name.size() >= 4 && t.name.compare(t.name.size() - 4, 4, "Date") == 0;
            if (date_tag && t.relation != TagRelation::Regex) {
                try {
                    const filter::DateSpan d = filter::parse_date_literal(t.value);
                    t.is_date = true;
                    t.date_first = d.first;
                    t.date_last = d.last;
                } catch (const filter::CriterionError&) {
                    // Not a date: compared as text.
                }
            }
            return t;
        }
    throw OptionValueError(
        rest.empty()
            ? std::string("expected a relation after the tag name: = != < <= > >= ~")
            : fmt::format("unknown relation '{}': one of = != < <= > >= ~", rest.substr(0, 2)),
        n + 1);
}

std::string parse_tag_name(std::string_view text) {
    if (text.empty()) throw OptionValueError("expected a tag name", 1);
    for (std::size_t i = 0; i < text.size(); ++i)
        if (!tag_name_byte(text[i]))
            throw OptionValueError(
                fmt::format("'{}' is no tag name character (letters, digits, _)", text[i]), i + 1);
    if (text.size() > 255) throw OptionValueError("a tag name has at most 255 characters", 256);
    return std::string(text);
}

TimeClass time_class(std::string_view tc) {
    if (tc == "-") return TimeClass::Correspondence;
    if (const std::size_t colon = tc.find(':'); colon != std::string_view::npos)
        tc = tc.substr(0, colon);
    if (const std::size_t slash = tc.find('/'); slash != std::string_view::npos)
        tc = tc.substr(slash + 1);                      // moves/seconds: the period's time
    if (!tc.empty() && tc[0] == '*') tc = tc.substr(1); // sandclock
    double base = 0, increment = 0;
    const char* end = tc.data() + tc.size();
    auto r = std::from_chars(tc.data(), end, base);
    if (r.ec != std::errc()) return TimeClass::None;
    if (r.ptr != end) {
        if (*r.ptr != '+') return TimeClass::None;
        auto r2 = std::from_chars(r.ptr + 1, end, increment);
        if (r2.ec != std::errc() || r2.ptr != end) return TimeClass::None;
    }
    const double estimate = base + 40 * increment;
    return estimate < 30     ? TimeClass::UltraBullet
           : estimate < 180  ? TimeClass::Bullet
           : estimate < 480  ? TimeClass::Blitz
           : estimate < 1500 ? TimeClass::Rapid
                             : TimeClass::Classical;
}

TimeClass parse_time_class(std::string_view text) {
    const std::string t = lower(text);
    if (t == "ultrabullet") return TimeClass::UltraBullet;
    if (t == "bullet") return TimeClass::Bullet;
    if (t == "blitz") return TimeClass::Blitz;
    if (t == "rapid") return TimeClass::Rapid;
    if (t == "classical" || t == "standard") return TimeClass::Classical;
    if (t == "correspondence") return TimeClass::Correspondence;
    return TimeClass::None;
}

Ending parse_ending(std::string_view text) {
    const std::string t = lower(text);
    if (t == "checkmate" || t == "mate") return Ending::Checkmate;
    if (t == "stalemate") return Ending::Stalemate;
    if (t == "repetition") return Ending::Repetition;
    if (t == "fifty-moves" || t == "fifty") return Ending::FiftyMoves;
    if (t == "seventy-five") return Ending::SeventyFive;
    if (t == "insufficient") return Ending::Insufficient;
    if (t == "dead") return Ending::Dead;
    throw OptionValueError(fmt::format("'{}' is no ending: checkmate, stalemate, repetition, "
                                       "fifty-moves, seventy-five, insufficient, dead",
                                       text),
                           1);
}

Castling parse_castling(std::string_view text) {
    const std::string t = lower(text);
    if (t == "none") return Castling::None;
    if (t == "kingside") return Castling::Kingside;
    if (t == "queenside") return Castling::Queenside;
    if (t == "opposite") return Castling::Opposite;
    if (t == "any") return Castling::Any;
    throw OptionValueError(
        fmt::format("'{}' is no castling: none, kingside, queenside, opposite, any", text), 1);
}

} // namespace pgnkit::app
