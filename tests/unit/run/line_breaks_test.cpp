// raw_separator() and first_line_break(): a game's own line breaks, kept in what is written.
#include "pgnkit/run/line_breaks.hpp"

#include <catch2/catch.hpp>

using pgnkit::app::raw_separator;

TEST_CASE("raw_separator: a blank line in the game's line breaks") {
    // Already a blank line after it: nothing.
    CHECK(raw_separator("1. e4 *\n\n") == "");
    CHECK(raw_separator("1. e4 *\r\n\r\n") == "");
    CHECK(raw_separator("1. e4 *\r\r") == "");
    // A line break: one more of its kind.
    CHECK(raw_separator("1. e4 *\n") == "\n");
    CHECK(raw_separator("1. e4 *\r\n") == "\r\n");
    CHECK(raw_separator("1. e4 *\r") == "\r");
    CHECK(raw_separator("\n") == "\n");
    // None at the end: two of the kind its first line ends with.
    CHECK(raw_separator("[Event \"a\"]\n\n1. e4 *") == "\n\n");
    CHECK(raw_separator("[Event \"a\"]\r\n\r\n1. e4 *") == "\r\n\r\n");
    CHECK(raw_separator("[Event \"a\"]\r\r1. e4 *") == "\r\r");
    CHECK(raw_separator("1. e4 *") == "\n\n");
    CHECK(raw_separator("") == "\n\n");
}
