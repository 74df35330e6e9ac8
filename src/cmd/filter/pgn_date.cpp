#include "pgnkit/cmd/filter/pgn_date.hpp"

#include "pgnkit/cmd/filter/criterion_error.hpp"

#include <fmt/format.h>

#include <string>

namespace pgnkit::app::filter {

namespace {

bool leap_year(unsigned y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

unsigned days_in_month(unsigned y, unsigned m) {
    static constexpr unsigned days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && leap_year(y) ? 29 : days[m - 1];
}

bool is_separator(char c) { return c == '.' || c == '-' || c == '/'; }

/// One part of a date, as written: digits, question marks (unknown), or something else.
struct DatePart {
    std::string_view text;
    std::size_t offset; ///< 0-based in the whole text
    bool unknown() const { return text.find_first_not_of('?') == std::string_view::npos; }
    /// The number, or -1 when the part is not all digits (or too long to be a date part).
    int number() const {
        if (text.empty() || text.size() > 4) return -1;
        int v = 0;
        for (char c : text) {
            if (c < '0' || c > '9') return -1;
            v = v * 10 + (c - '0');
        }
        return v;
    }
};

/// Why a text is not a date: the offset of the bad part and what is wrong with it.
struct DateMistake {
    std::size_t offset;
    std::string message;
};

/// The date in `text` (the common grammar of both readers), or a mistake. `strict`: a year of
/// four digits, no unknown part before a known one, no "00" for an unknown part.
std::optional<DateSpan> read_date(std::string_view text, bool strict, DateMistake& why) {
    DatePart parts[3];
    int count = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && !is_separator(text[i])) continue;
        if (count == 3) {
            why = {start, "a date has at most three parts (year, month, day)"};
            return std::nullopt;
        }
        parts[count++] = {text.substr(start, i - start), start};
        start = i + 1;
    }
    const DatePart& year = parts[0];
    if (year.text.empty()) {
        why = {0, text.empty() ? "empty date" : "a date starts with its year"};
        return std::nullopt;
    }
    if (year.unknown()) {
        why = {0, "the year is unknown"};
        return std::nullopt;
    }
    const int y = year.number();
    if (y < 0 || (strict && year.text.size() != 4)) {
        why = {0, fmt::format("'{}' is not a year (four digits)", year.text)};
        return std::nullopt;
    }
    // -1: unknown from this part on.
    int m = -1, d = -1;
    for (int i = 1; i < count; ++i) {
        const DatePart& p = parts[i];
        const char* what = i == 1 ? "month" : "day";
        if (p.text.empty()) {
            why = {p.offset, fmt::format("missing {}", what)};
            return std::nullopt;
        }
        if (p.unknown()) continue;
        const int v = p.number();
        if (v < 0 || p.text.size() > 2) {
            why = {p.offset, fmt::format("'{}' is not a {}", p.text, what)};
            return std::nullopt;
        }
        if (v == 0 && !strict) continue; // "1995.00.00": some databases write 00 for unknown
        if (i == 1) {
            if (v < 1 || v > 12) {
                why = {p.offset, fmt::format("month {} does not exist", v)};
                return std::nullopt;
            }
            m = v;
        } else {
            if (m < 0) {
                if (strict) {
                    why = {p.offset, "a day without its month"};
                    return std::nullopt;
                }
                continue;
            }
            if (v < 1 || unsigned(v) > days_in_month(unsigned(y), unsigned(m))) {
                why = {p.offset, fmt::format("day {} does not exist in that month", v)};
                return std::nullopt;
            }
            d = v;
        }
    }
    const std::uint32_t base = std::uint32_t(y) * 10000;
    if (m < 0) return DateSpan{base + 101, base + 1231};
    const std::uint32_t month = base + std::uint32_t(m) * 100;
    if (d < 0) return DateSpan{month + 1, month + days_in_month(unsigned(y), unsigned(m))};
    return DateSpan{month + std::uint32_t(d), month + std::uint32_t(d)};
}

} // namespace

std::optional<DateSpan> parse_pgn_date(std::string_view value) {
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t'))
        value.remove_prefix(1);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
    DateMistake ignored;
    return read_date(value, false, ignored);
}

DateSpan parse_date_literal(std::string_view text, std::size_t column) {
    DateMistake why;
    if (auto span = read_date(text, true, why)) return *span;
    throw CriterionError(column + why.offset, why.message);
}

DateRange parse_date_range(std::string_view arg) {
    const std::size_t dots = arg.find("..");
    if (dots == std::string_view::npos) {
        const DateSpan d = parse_date_literal(arg);
        return {d.first, d.last};
    }
    const std::string_view from = arg.substr(0, dots), to = arg.substr(dots + 2);
    if (from.empty() && to.empty())
        throw CriterionError(1, "a range needs a start, an end or both (1990..1999, 2024.03..)");
    DateRange r;
    if (!from.empty()) r.lo = parse_date_literal(from, 1).first;
    if (!to.empty()) r.hi = parse_date_literal(to, dots + 3).last;
    if (r.lo > r.hi) throw CriterionError(dots + 3, "the range ends before it starts");
    return r;
}

bool date_within(const DateSpan& date, const DateRange& range) {
    return range.lo <= date.first && date.last <= range.hi;
}

bool compare_dates(const DateSpan& date, Comparison op, const DateSpan& literal) {
    switch (op) {
    case Comparison::Equal: return date_within(date, {literal.first, literal.last});
    case Comparison::NotEqual: return date.last < literal.first || date.first > literal.last;
    case Comparison::Less: return date.last < literal.first;
    case Comparison::LessEqual: return date.last <= literal.last;
    case Comparison::Greater: return date.first > literal.last;
    case Comparison::GreaterEqual: return date.first >= literal.first;
    case Comparison::Matches: return false;
    }
    return false;
}

} // namespace pgnkit::app::filter
