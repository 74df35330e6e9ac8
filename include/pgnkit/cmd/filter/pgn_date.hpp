#pragma once
/// PGN dates with unknown parts ("1995.??.??"), `--date` ranges, and comparisons between them.
///
/// A PGN date (PGN standard §8.1.1.3, "YYYY.MM.DD" with "??" for an unknown part) is read as
/// the span of days it may be; a range is a span of days too. Days are yyyymmdd numbers, so
/// spans compare as numbers.

#include "pgnkit/cmd/filter/comparison.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace pgnkit::app::filter {

/// The days a date may be, as yyyymmdd numbers: "1995.??.??" is 19950101..19951231,
/// "1995.03.??" is 19950301..19950331, "1995.03.05" is 19950305..19950305.
struct DateSpan {
    std::uint32_t first, last;
    bool operator==(const DateSpan&) const = default;
};

/// The value of a Date/EventDate tag, leniently: "1995.03.05", "1995.3.5", "1995-03-05",
/// "1995/03/05", "1995.03", "1995", with "??" (or "?", or "00") for an unknown month or day;
/// a day known while its month is not is ignored ("1995.??.05" is all of 1995). nullopt when
/// no year is known ("????.??.??", "") or the value is no date (letters, month 13, 30 Feb).
std::optional<DateSpan> parse_pgn_date(std::string_view value);

/// A range of days for `--date` (both ends included). The default is every day.
struct DateRange {
    std::uint32_t lo = 0, hi = 99999999;
    bool operator==(const DateRange&) const = default;
};

/// `--date`: "1990..1999" (1 Jan 1990 to 31 Dec 1999), "2024.03.." (from 1 March 2024),
/// "..2000.06" (to 30 June 2000), "2024.03.05" or "2024" (a bare date: the days it may be).
/// Each end is a date as parse_pgn_date() reads it but with a year of four digits and no
/// unknown part before a known one. Throws CriterionError (column of the bad end) on an end
/// that is no date, on "..", and on a range whose start is after its end.
DateRange parse_date_range(std::string_view arg);

/// A date (an end of parse_date_range's grammar, e.g. `--tag 'Date>=2024.03'` or a `--where`
/// literal) that must be one; `column` is where `text` starts in the option's value, for the
/// CriterionError.
DateSpan parse_date_literal(std::string_view text, std::size_t column = 1);

/// True only when every day the date may be lies in the range: a game of "2024.??.??" is not
/// within "2024.03.." (it may be from January), a game of "2024.03.??" is within "2024".
bool date_within(const DateSpan& date, const DateRange& range);

/// `date <op> literal`, true only when certain for every day the date may be:
/// =  every day of `date` is a day of `literal` (date_within);
/// != no day of `date` is a day of `literal`;
/// <  every day of `date` is before `literal`'s first day, <= before or on its last day;
/// >  every day of `date` is after `literal`'s last day, >= after or on its first day.
/// Matches (~) is false (a regular expression applies to the text).
bool compare_dates(const DateSpan& date, Comparison op, const DateSpan& literal);

} // namespace pgnkit::app::filter
