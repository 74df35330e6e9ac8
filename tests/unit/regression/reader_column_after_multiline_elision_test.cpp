// Regression (found while fixing the splitter's elision accounting): after an elision that
// contains line breaks, PgnReader (include/pgnkit/pgn/reader.hpp, Run::sync) sets the line
// start to the elision's position even when the kept text after the elision has line breaks
// of its own that were already counted (lines_in over a comment, skip_blanks over blank
// lines). Columns on the line after those kept breaks are then counted from the elision, not
// from the last line break: `e5` below was reported at 5:77 instead of 5:6, and at 7:6
// instead of 7:4. Line numbers and byte offsets were right. Fixed in sync(): the line start
// moves only forward.
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include "../pgn/pgn_test_util.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace pgnkit;

TEST_CASE("regression: a column after an elided line break counts from the last kept line break",
          "[regression][reader]") {
    // The game as the splitter hands it over when a comment of two long lines is cut between
    // the first line's 64th byte and the second line's 30th: the elision holds one line break
    // (line 3 -> 4), the kept text after it one more (line 4 -> 5), and `e5` is the 6th byte of
    // line 5.
    const std::string head = "[Event \"a\"]\n\n1. e4 {" + std::string(64, 'x');
    const std::string tail = std::string(70, 'y') + "\nabc} e5 *";
    const std::string text = head + tail;
    CHECK(test::read_span_has(text, {{head.size(), 36 + 1 + 30, 1, 30}}, text.size() + 67,
                              "move e5 @5:6"));

    // Blank lines: the elision holds one blank line, two more are kept after it.
    const std::string text2 = "[Event \"a\"]\n\n1. e4\n" + std::string(64, ' ') + "\n\n   e5 *";
    const std::size_t cut = text2.find("\n\n   e5");
    CHECK(test::read_span_has(text2, {{cut, 10 + 1 + 5, 1, 5}}, text2.size() + 16, "move e5 @7:4"));
}
