// Regression (found by fuzz_pgn in CI, UBSan: "addition of unsigned offset ... overflowed" in
// surely_no_result): when a game was truncated inside a `;` comment, the cut raised the line's
// floor past the `;`, and line_ends_with_result scanned back from the `;` below its floor. At
// buffer index 0 that read the byte before the buffer; elsewhere it missed the termination
// marker before the `;`, so `1-0 ; <long comment>` did not end the game and the next line was
// read as more of its movetext (src/pgn/splitter.cpp, end_line: the `;` keeps its own floor).
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace pgnkit;

namespace {
struct Split {
    std::string text;
    bool truncated;
};

std::vector<Split> split(const std::string& input, std::size_t max_read) {
    MemorySource src(input);
    src.set_max_read(max_read);
    SplitterLimits lim;
    lim.token_keep_limit = 16;
    lim.span_keep_limit = 256;
    GameSplitter splitter(src, lim);
    std::vector<Split> games;
    GameSpan span;
    while (splitter.next(span)) games.push_back({std::string(span.text), span.truncated});
    return games;
}
} // namespace

TEST_CASE("regression: a line comment cut by the span limit keeps the marker before it",
          "[regression][splitter]") {
    // The game's text reaches the span limit inside the comment after its termination marker.
    const std::string moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 ";
    std::string first;
    while (first.size() < 200) first += moves;
    first += "1-0 ; " + std::string(400, 'x') + "\n";
    const std::string input = first + "d4 d5 *\n";
    for (std::size_t max_read : {0, 1, 7, 64, 256}) {
        INFO("max_read " << max_read);
        auto games = split(input, max_read);
        REQUIRE(games.size() == 2);
        CHECK(games[0].truncated == (max_read != 0)); // limits apply when the buffer moves
        CHECK(games[1].text == "d4 d5 *");
    }
}

TEST_CASE("regression: a game that is one overlong line comment at the start of the buffer",
          "[regression][splitter]") {
    // The `;` is at buffer index 0 when the cut comes (the fuzzer's input): nothing before it
    // can be read. Run under UBSan/ASan this read before the buffer.
    const std::string input = ";" + std::string(400, 'x') + "\n1. e4 *\n";
    for (std::size_t max_read : {0, 1, 7, 64, 256}) {
        INFO("max_read " << max_read);
        auto games = split(input, max_read);
        REQUIRE(games.size() == 1); // the comment has no marker before it: the game goes on
        CHECK((games[0].truncated || max_read == 0));
    }
}
