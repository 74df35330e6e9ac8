// Regression (found by tests/fuzz/fuzz_pgn.cpp): the splitter elided an overlong comment up to
// its scan position, wherever that was. A comment left open to the end of the input then
// counted the input's last line break among its elided bytes (kept + elided = length + 1), and
// a comment closed by a following tag section could count the blank line and the start of the
// next game's first tag line (`[Eve`), which the next game lost. A long run of blanks before
// a tag line was elided for the game before it, so the next game lost it silently (and with it
// the `[` when the run was long enough). Now only bytes known to be the game's are elided, and
// a cut on a line not yet decided goes with the line (src/pgn/splitter.cpp,
// GameSplitter::compact, finish_game, begin_game).
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include "../pgn/pgn_test_util.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace pgnkit;

namespace {

struct Split {
    std::string text;
    std::uint64_t offset = 0, length = 0, elided = 0, first_line = 0;
    bool truncated = false;
    bool elisions_inside = true;
    test::Recorder rec;
};

// Every game of `input`, split with the smallest limits (64-byte comments and tag lines, spans
// of 256 bytes) and reads of at most `max_read` bytes (0: no limit).
std::vector<Split> split_small(const std::string& input, std::size_t max_read) {
    MemorySource src(input);
    src.set_max_read(max_read);
    SplitterLimits limits;
    limits.token_keep_limit = 16; // raised to the minimum, 64
    limits.span_keep_limit = 256;
    GameSplitter splitter(src, limits);
    PgnReader reader;
    std::vector<Split> out;
    GameSpan span;
    while (splitter.next(span)) {
        Split s;
        s.text = std::string(span.text);
        s.offset = span.offset;
        s.length = span.length;
        s.first_line = span.first_line;
        s.truncated = span.truncated;
        for (const Elision& e : span.elisions) {
            s.elided += e.bytes;
            s.elisions_inside = s.elisions_inside && e.pos <= span.text.size();
        }
        reader.read(span, s.rec);
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace

TEST_CASE("regression: elision of a comment open at the end of input stays within the game",
          "[regression][splitter]") {
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
    // Every chunk boundary, LF and CRLF, with and without blank lines at the end: the game ends
    // with its last line of text, and every byte up to there is either kept or elided.
    for (const std::string eol : {"\n", "\r\n"}) {
        for (const std::string tail : {"", "\n", "\n\n  \n"}) {
            const std::string body = "[Event \"a\"]" + eol + eol + "1. e4 {" +
                                     std::string(100, 'x') + eol + "more " + std::string(70, 'y');
            const std::string in = body + eol + tail;
            for (std::size_t max_read = 0; max_read <= 80; ++max_read) {
                INFO("max_read " << max_read << ", eol " << eol.size() << ", tail " << tail.size());
                auto games = split_small(in, max_read);
                REQUIRE(games.size() == 1);
                CHECK(games[0].length == body.size());
                if (max_read >= 1 && max_read <= 64) CHECK(games[0].elided > 0);
                CHECK(games[0].elisions_inside);
                CHECK(games[0].text.size() + games[0].elided == games[0].length);
                CHECK(games[0].rec.has(Code::UnterminatedComment));
            }
        }
    }
}

TEST_CASE("regression: elision of a comment closed by the next tag section stays within the game",
          "[regression][splitter]") {
    // An overlong comment left open, a blank line, then the next game's tag section: the
    // comment is closed at the blank line, and the next game starts with its whole `[Event`.
    for (const std::string eol : {"\n", "\r\n"}) {
        const std::string first = "[Event \"a\"]" + eol + eol + "1. e4 {" + std::string(90, 'x') +
                                  eol + std::string(75, 'z');
        const std::string second = "[Event \"b\"]" + eol + "[Site \"s\"]" + eol + eol + "1. d4 *";
        for (const std::string& gap : {eol, eol + "   " + eol, eol + std::string(150, ' ') + eol}) {
            const std::string input = first + eol + gap + second + eol;
            for (std::size_t max_read = 0; max_read <= 96; ++max_read) {
                INFO("max_read " << max_read << ", eol " << eol.size() << ", gap " << gap.size());
                auto games = split_small(input, max_read);
                REQUIRE(games.size() == 2);
                const Split& a = games[0];
                CHECK(a.offset == 0);
                CHECK(a.length == first.size());
                CHECK(!a.truncated);
                if (max_read >= 1 && max_read <= 64) CHECK(a.elided > 0);
                CHECK(a.elisions_inside);
                CHECK(a.text.size() + a.elided == a.length);
                CHECK(a.rec.has(Code::UnterminatedComment));
                CHECK(a.rec.moves() == std::vector<std::string>{"e4"});
                const Split& b = games[1];
                CHECK(b.offset == input.size() - second.size() - eol.size());
                CHECK(b.length == second.size());
                CHECK(b.text == second);
                CHECK(b.elided == 0);
                CHECK(b.first_line == 6 + (gap.size() > eol.size() ? 1 : 0));
                CHECK(b.rec.diags.empty());
                CHECK(b.rec.tags == std::vector<std::pair<std::string, std::string>>{
                                        {"Event", "b"}, {"Site", "s"}});
                CHECK(b.rec.moves() == std::vector<std::string>{"d4"});
            }
        }
    }
}

TEST_CASE("regression: an overlong run of blanks before a tag line belongs to the next game",
          "[regression][splitter]") {
    // The blanks are elided before the splitter knows whose line it is; the elision goes with
    // the line to the game it begins, so that game's length and columns stay exact.
    const std::string first = "[Event \"a\"]\n\n1. e4 *";
    const std::string second = std::string(200, ' ') + "[Event \"b\"]\n\n1. d4 *";
    const std::string input = first + "\n\n" + second + "\n";
    for (std::size_t max_read = 0; max_read <= 96; ++max_read) {
        INFO("max_read " << max_read);
        auto games = split_small(input, max_read);
        REQUIRE(games.size() == 2);
        CHECK(games[0].length == first.size());
        CHECK(games[0].elided == 0);
        CHECK(games[0].text == first);
        const Split& b = games[1];
        CHECK(b.offset == first.size() + 2);
        CHECK(b.length == second.size());
        CHECK(b.elisions_inside);
        CHECK(b.text.size() + b.elided == b.length);
        CHECK(b.text.find("[Event \"b\"]") != std::string::npos);
        CHECK(b.rec.tags == std::vector<std::pair<std::string, std::string>>{{"Event", "b"}});
        CHECK(b.rec.moves() == std::vector<std::string>{"d4"});
    }
}
