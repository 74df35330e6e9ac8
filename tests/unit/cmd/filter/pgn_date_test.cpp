// PGN dates with ?? parts, --date ranges and date comparisons (src/cmd/filter/pgn_date.cpp).

#include "pgnkit/cmd/filter/criterion_error.hpp"
#include "pgnkit/cmd/filter/pgn_date.hpp"

#include <catch2/catch.hpp>

using namespace pgnkit::app::filter;

namespace {

DateSpan span(std::uint32_t first, std::uint32_t last) { return {first, last}; }

/// The column of the CriterionError parse_date_range(arg) throws (0 when none).
std::size_t range_error_column(std::string_view arg) {
    try {
        parse_date_range(arg);
    } catch (const CriterionError& e) {
        return e.column;
    }
    return 0;
}

} // namespace

TEST_CASE("pgn date: a full date is one day", "[filter][date]") {
    CHECK(parse_pgn_date("1995.03.05") == span(19950305, 19950305));
    CHECK(parse_pgn_date("2024.02.29") == span(20240229, 20240229));
}

TEST_CASE("pgn date: ?? parts widen the span", "[filter][date]") {
    CHECK(parse_pgn_date("1995.??.??") == span(19950101, 19951231));
    CHECK(parse_pgn_date("1995.03.??") == span(19950301, 19950331));
    CHECK(parse_pgn_date("1995.04.??") == span(19950401, 19950430));
    CHECK(parse_pgn_date("2024.02.??") == span(20240201, 20240229)); // leap year
    CHECK(parse_pgn_date("1900.02.??") == span(19000201, 19000228)); // not a leap year
    CHECK(parse_pgn_date("2000.02.??") == span(20000201, 20000229)); // a leap year
    CHECK(parse_pgn_date("1995.?.?") == span(19950101, 19951231));
    // A day whose month is unknown says nothing more than the year.
    CHECK(parse_pgn_date("1995.??.05") == span(19950101, 19951231));
    // "00" written for unknown by some databases.
    CHECK(parse_pgn_date("1995.00.00") == span(19950101, 19951231));
    CHECK(parse_pgn_date("1995.03.00") == span(19950301, 19950331));
}

TEST_CASE("pgn date: lenient forms of the tag value", "[filter][date]") {
    CHECK(parse_pgn_date("1995.3.5") == span(19950305, 19950305));
    CHECK(parse_pgn_date("1995-03-05") == span(19950305, 19950305));
    CHECK(parse_pgn_date("1995/03/05") == span(19950305, 19950305));
    CHECK(parse_pgn_date("1995") == span(19950101, 19951231));
    CHECK(parse_pgn_date("1995.03") == span(19950301, 19950331));
    CHECK(parse_pgn_date(" 1995.03.05 ") == span(19950305, 19950305));
}

TEST_CASE("pgn date: no year, no date", "[filter][date]") {
    CHECK_FALSE(parse_pgn_date("????.??.??"));
    CHECK_FALSE(parse_pgn_date("????.03.05"));
    CHECK_FALSE(parse_pgn_date(""));
    CHECK_FALSE(parse_pgn_date("garbage"));
    CHECK_FALSE(parse_pgn_date("1995.13.01"));
    CHECK_FALSE(parse_pgn_date("1995.02.30"));
    CHECK_FALSE(parse_pgn_date("1995.04.31"));
    CHECK_FALSE(parse_pgn_date("1995.03.05.07"));
    CHECK_FALSE(parse_pgn_date("1995.x3.05"));
    CHECK_FALSE(parse_pgn_date("1995..05"));
    CHECK_FALSE(parse_pgn_date("19950305"));
}

TEST_CASE("date range: every form", "[filter][date]") {
    CHECK(parse_date_range("1990..1999") == DateRange{19900101, 19991231});
    CHECK(parse_date_range("2024.03..") == DateRange{20240301, 99999999});
    CHECK(parse_date_range("..2000.06") == DateRange{0, 20000630});
    CHECK(parse_date_range("2024.03.05") == DateRange{20240305, 20240305});
    CHECK(parse_date_range("2024") == DateRange{20240101, 20241231});
    CHECK(parse_date_range("2024.02") == DateRange{20240201, 20240229});
    CHECK(parse_date_range("2024.??.??") == DateRange{20240101, 20241231});
    CHECK(parse_date_range("2024-03-05..2024-03-07") == DateRange{20240305, 20240307});
    CHECK(parse_date_range("2024.03.05..2024.03.05") == DateRange{20240305, 20240305});
}

TEST_CASE("date range: mistakes name their column", "[filter][date]") {
    CHECK(range_error_column("..") == 1);
    CHECK(range_error_column("") == 1);
    CHECK(range_error_column("abc") == 1);
    CHECK(range_error_column("95..99") == 1);            // two-digit year
    CHECK(range_error_column("1990..19x9") == 7);        // the end's year
    CHECK(range_error_column("1990.13..") == 6);         // month 13
    CHECK(range_error_column("1990..2000.02.30") == 15); // 30 February
    CHECK(range_error_column("2000..1990") == 7);        // ends before it starts
    CHECK(range_error_column("2024.??.05") == 9);        // a day without its month
    CHECK(range_error_column("????..2000") == 1);        // unknown year
    CHECK(range_error_column("2024.03.05.01") == 12);    // four parts
    CHECK(range_error_column("2024.00") == 6);           // no month 0 in a range
    CHECK(range_error_column("1990...1999") == 7);       // ".1999" starts with no year
}

TEST_CASE("date within: only when every day the date may be is in the range", "[filter][date]") {
    const DateRange from_march = parse_date_range("2024.03..");
    CHECK_FALSE(date_within(*parse_pgn_date("2024.??.??"), from_march));
    CHECK(date_within(*parse_pgn_date("2024.03.??"), from_march));
    CHECK(date_within(*parse_pgn_date("2024.03.01"), from_march));
    CHECK_FALSE(date_within(*parse_pgn_date("2024.02.29"), from_march));
    CHECK(date_within(*parse_pgn_date("2024.03.??"), parse_date_range("2024")));
    CHECK(date_within(*parse_pgn_date("1995.??.??"), parse_date_range("1990..1999")));
    CHECK_FALSE(date_within(*parse_pgn_date("1999.12.31"), parse_date_range("..1999.12.30")));
    CHECK(date_within(*parse_pgn_date("1999.12.30"), parse_date_range("..1999.12.30")));
    CHECK(date_within(*parse_pgn_date("1850"), DateRange{}));
}

TEST_CASE("compare dates: certain only", "[filter][date]") {
    const DateSpan march = parse_date_literal("2024.03");
    const DateSpan year = *parse_pgn_date("2024.??.??");
    const DateSpan fifth = *parse_pgn_date("2024.03.05");
    const DateSpan april = *parse_pgn_date("2024.04.01");
    CHECK(compare_dates(fifth, Comparison::Equal, march));
    CHECK_FALSE(compare_dates(year, Comparison::Equal, march));
    CHECK_FALSE(compare_dates(year, Comparison::NotEqual, march)); // it may be March
    CHECK(compare_dates(april, Comparison::NotEqual, march));
    CHECK(compare_dates(april, Comparison::Greater, march));
    CHECK_FALSE(compare_dates(fifth, Comparison::Greater, march));
    CHECK(compare_dates(fifth, Comparison::GreaterEqual, march));
    CHECK(compare_dates(fifth, Comparison::LessEqual, march));
    CHECK_FALSE(compare_dates(fifth, Comparison::Less, march));
    CHECK(compare_dates(fifth, Comparison::Less, april));
    CHECK_FALSE(compare_dates(year, Comparison::Less, april));
    CHECK_FALSE(compare_dates(year, Comparison::GreaterEqual, march));
    CHECK(compare_dates(year, Comparison::GreaterEqual, parse_date_literal("2024")));
    CHECK(compare_dates(year, Comparison::LessEqual, parse_date_literal("2024")));
    CHECK_FALSE(compare_dates(fifth, Comparison::Matches, march));
}

TEST_CASE("date literal: column offset is added", "[filter][date]") {
    try {
        parse_date_literal("2024.13", 10);
        FAIL("no error");
    } catch (const CriterionError& e) {
        CHECK(e.column == 15);
        CHECK(std::string(e.what()).find("month 13") != std::string::npos);
    }
}
