// Regression (found by tests/fuzz/fuzz_pgn.cpp): a comment left open to the end of the input
// and elided (longer than token_keep_limit) counts the input's last line break among the
// elided bytes, but GameSpan::length leaves that line break out, so kept + elided bytes
// exceed the game's true length by one. (The fuzzer also found games where an open comment
// is closed by a following tag section and the excess is larger, e.g. 8 bytes: the elision
// seems to run past the game's end.) In src/pgn/splitter.cpp (reported, not fixed here):
// hidden ([.pending]) until fixed — run with `pgnkit_tests "[pending]"`.
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace pgnkit;

TEST_CASE("regression: elision of a comment open at the end of input stays within the game",
          "[.][pending][regression][splitter]") {
    // The fuzzer's input (a seed from tests/data/pgn/edge): 36 backslashes, one final LF.
    const std::string input = "[Event \"ReDoS using comment\"]\n\n1. e4 {Evil unterminated "
                              "comment with lots of backslashes " +
                              std::string(36, '\\') + "\n";
    for (std::size_t max_read : {std::size_t{0}, std::size_t{1}, std::size_t{5}}) {
        MemorySource src(input);
        src.set_max_read(max_read);
        SplitterLimits limits;
        limits.token_keep_limit = 16;
        limits.span_keep_limit = 256;
        GameSplitter splitter(src, limits);
        GameSpan span;
        REQUIRE(splitter.next(span));
        std::uint64_t elided = 0;
        for (const Elision& e : span.elisions) elided += e.bytes;
        CHECK(elided > 0);
        CHECK(span.offset + span.length <= input.size());
        CHECK(span.text.size() + elided <= span.length);
        CHECK_FALSE(splitter.next(span));
    }
}
