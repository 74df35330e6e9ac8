// Regression (noticed 2026-12-04, fixed 2026-12-05): the cuts made at the keep limits could
// fall inside a UTF-8 character. A game longer than the span limit (GameSplitter's
// truncation) then ended in part of a character: the whole game was reported as `encoding`
// (not UTF-8) besides `oversized`, and read as Latin-1, its names garbled. A comment longer
// than the reader's comment_keep_limit was handed over (to convert, which writes it out)
// ending in part of a character. Both now end between two characters (utf8_cut), as the
// splitter's elisions already did.
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include "../pgn/pgn_test_util.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace pgnkit;

namespace {
const std::string knight = "\xE2\x99\x9E"; // ♞, three bytes
} // namespace

TEST_CASE("regression: a game cut at the span limit stays UTF-8", "[regression][splitter]") {
    SplitterLimits limits;
    limits.token_keep_limit = 64;
    limits.span_keep_limit = 200;
    std::string comment; // 30 bytes of text: kept whole (under token_keep_limit)
    for (int k = 0; k < 10; ++k) comment += knight;
    int cut_inside = 0; // paddings whose limit falls inside a character
    for (const char* pad : {"", "x", "xy"}) {
        std::string text = "[White \"M\xC3\xBCller" + std::string(pad) + "\"]\n\n1. e4";
        for (int k = 0; k < 20; ++k) text += " {" + comment + "}";
        text += " e5 1-0\n\n[White \"B\"]\n\n1. d4 *\n";
        // The first byte past the limit (the limit is applied between reads: max_read).
        if ((static_cast<unsigned char>(text[200]) & 0xC0) == 0x80) ++cut_inside;
        for (std::size_t max_read : {std::size_t{17}, std::size_t{64}}) {
            MemorySource src(text);
            src.set_max_read(max_read);
            const auto games = test::read_all(src, limits);
            REQUIRE(games.size() == 2);
            CHECK(games[0].truncated);
            CHECK(is_valid_utf8(games[0].text));
            CHECK(games[0].rec.has(Code::Oversized));
            CHECK_FALSE(games[0].rec.has(Code::Encoding));
            REQUIRE_FALSE(games[0].rec.tags.empty());
            CHECK(games[0].rec.tags[0].second == "M\xC3\xBCller" + std::string(pad));
            CHECK(games[1].rec.moves() == std::vector<std::string>{"d4"});
        }
    }
    CHECK(cut_inside == 2); // the test reaches the case it is about
}

namespace {
/// Keeps each comment whole.
struct Comments : test::Recorder {
    std::vector<std::string> texts;
    void comment(std::string_view c, const SourceLocation&) { texts.emplace_back(c); }
};
/// The first game of `text`, read with a comment keep limit of 100 bytes.
Comments read_first(const std::string& text) {
    ReaderLimits limits;
    limits.comment_keep_limit = 100;
    MemorySource src(text);
    GameSplitter sp(src);
    PgnReader reader(limits);
    GameSpan span;
    Comments rec;
    REQUIRE(sp.next(span));
    reader.read(span, rec);
    return rec;
}
} // namespace

TEST_CASE("regression: a comment cut at the reader's keep limit stays UTF-8",
          "[regression][reader]") {
    std::string body;
    for (int k = 0; k < 60; ++k) body += knight; // 180 bytes
    for (const char* pad : {"", "x", "xy"}) {
        const Comments rec =
            read_first("[Event \"c\"]\n\n1. e4 {" + std::string(pad) + body + "} e5 *\n");
        CHECK(rec.has(Code::Oversized));
        CHECK_FALSE(rec.has(Code::Encoding));
        REQUIRE(rec.texts.size() == 1);
        CHECK(is_valid_utf8(rec.texts[0]));
        CHECK(rec.texts[0].size() > 96);
        CHECK(rec.texts[0].size() <= 100);
        CHECK(rec.moves() == std::vector<std::string>{"e4", "e5"});
    }
    // Latin-1 text is cut at the limit exactly (its bytes are characters each).
    const Comments rec =
        read_first("[Event \"c\"]\n\n1. e4 {" + std::string(180, '\xE9') + "} e5 *\n");
    CHECK(rec.has(Code::Encoding));
    REQUIRE(rec.texts.size() == 1);
    CHECK(rec.texts[0].size() == 100);
}
