// Regression (found 2026-12-04 with a 5 MB comment on one line): the reader counted a
// column from the line's start in the kept text only, so everything after an elided part of
// the same line (an overlong comment, tag line or run of blanks) was reported too far left:
// `Ke3` below at 3:1067876 instead of 3:5000016 (the byte offset was right). And a kept CR
// before an elision and a kept LF after it, two line breaks of the input, were counted as
// one (a CR LF). Fixed in Run::sync() with Elision::tail (the elided bytes after their last
// line break). A cut inside a UTF-8 character made the game invalid UTF-8 (read as
// Latin-1): the splitter cuts between characters now. A column past 4 GB wrapped around
// (SourceLocation::column was 32 bits; 64 since 2026-12-05).
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include "../pgn/pgn_test_util.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

using namespace pgnkit;

namespace {
bool has_event(const test::ReadGame& g, const std::string& e) {
    return std::find(g.rec.events.begin(), g.rec.events.end(), e) != g.rec.events.end();
}
} // namespace

TEST_CASE("regression: a column after an elided part of its line counts the elided bytes",
          "[regression][reader]") {
    // With the default limits (1 MB kept of a comment).
    const std::string text =
        "[Event \"x\"]\n\n1. e4 {" + std::string(5'000'000, 'a') + "} e5 2. Ke3 1-0\n";
    const auto games = test::read_string(text);
    REQUIRE(games.size() == 1);
    CHECK(games[0].rec.has(Code::Oversized));
    CHECK(has_event(games[0], "move e5 @3:5000010"));
    CHECK(has_event(games[0], "move Ke3 @3:5000016"));

    // A comment of several long lines: the column on its last line counts from its last
    // line break, elided too.
    const std::string text2 = "[Event \"x\"]\n\n1. e4 {" + std::string(2'000'000, 'a') + "\n" +
                              std::string(1'500'000, 'b') + "} e5 1-0\n";
    const auto games2 = test::read_string(text2);
    REQUIRE(games2.size() == 1);
    CHECK(has_event(games2[0], "move e5 @4:1500003"));
}

TEST_CASE("regression: a kept CR and a kept LF around an elision are two line breaks",
          "[regression][reader]") {
    // The span as the splitter may hand it over (the cut depends on where it compacts its
    // buffer): `{aaa\r` kept, `bbb` elided, `\n}` kept. The input has two line breaks there.
    const std::string head = "[Event \"a\"]\n\n1. e4 {aaa\r";
    const std::string text = head + "\n} e5 *";
    CHECK(test::read_span_has(text, {{head.size(), 3, 0, 3}}, text.size() + 3, "move e5 @5:3"));
}

TEST_CASE("regression: a column past 4 GB on one line is not wrapped", "[regression][reader]") {
    // SourceLocation::column was 32 bits: after 5 GB elided from one line (a comment the
    // splitter kept 1 MB of), the column wrapped around (2^32 too small).
    const std::string head = "[Event \"a\"]\n\n1. e4 {aaa";
    const std::string text = head + "} e5 *";
    const std::uint64_t elided = 5'000'000'000;
    // `e5` follows `1. e4 {aaa`, 5 GB and `} `: column 11 + 5,000,000,000 + 2.
    CHECK(test::read_span_has(text, {{head.size(), elided, 0, elided}}, text.size() + elided,
                              "move e5 @3:5000000013"));
}

TEST_CASE("regression: an elided part of valid UTF-8 leaves it valid", "[regression][reader]") {
    // A 3 MB comment of three-byte characters: the cut at the keep limit fell inside one, and
    // the game was reported as not UTF-8 and read as Latin-1 (its names garbled). The
    // splitter now cuts between characters (GameSplitter::elide).
    std::string comment;
    for (int k = 0; k < 1'000'000; ++k) comment += "\xE2\x99\x9E"; // ♞
    for (const char* pad : {"", "x", "xy"}) {
        const std::string text = "[White \"M\xC3\xBCller\"]\n\n1. e4 {" + std::string(pad) +
                                 comment + "} e5 2. Ke3 1-0\n";
        const auto games = test::read_string(text);
        REQUIRE(games.size() == 1);
        CHECK(games[0].rec.has(Code::Oversized));
        CHECK_FALSE(games[0].rec.has(Code::Encoding));
        CHECK(games[0].rec.tags.at(0).second == "M\xC3\xBCller");
    }
}
