// A game an input error cuts short (a damaged compressed stream, a failed read): the splitter
// hands it out marked, the reader reads its whole lines and reports it as truncated.

#include "pgn_test_util.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

using namespace pgnkit;

namespace {

/// Hands out `text`, then fails as a damaged stream does.
class FailingSource final : public ByteSource {
  public:
    explicit FailingSource(std::string text) : text_(std::move(text)) {}
    std::string_view name() const override { return "damaged.pgn"; }
    std::uint64_t bytes_in() const override { return pos_; }

  protected:
    std::size_t do_read(char* buf, std::size_t cap) override {
        if (pos_ == text_.size()) throw IoError("damaged.pgn: corrupt stream");
        const std::size_t n = std::min(cap, text_.size() - pos_);
        std::memcpy(buf, text_.data() + pos_, n);
        pos_ += n;
        return n;
    }

  private:
    std::string text_;
    std::size_t pos_ = 0;
};

struct Read {
    std::vector<GameSpan> spans;       // (text views die with the splitter: not kept)
    std::vector<test::Recorder> games; // what the reader made of each
    bool threw = false;
};

Read read_all(const std::string& text) {
    FailingSource src(text);
    GameSplitter splitter(src);
    PgnReader reader;
    Read r;
    try {
        GameSpan span;
        while (splitter.next(span)) {
            r.spans.push_back(span);
            r.games.emplace_back();
            reader.read(span, r.games.back());
        }
    } catch (const IoError&) {
        r.threw = true;
    }
    return r;
}

int count(const test::Recorder& g, Code code) {
    return int(std::count_if(g.diags.begin(), g.diags.end(),
                             [&](const Diagnostic& d) { return d.code == code; }));
}

bool has_event(const test::Recorder& g, std::string_view prefix) {
    return std::any_of(g.events.begin(), g.events.end(),
                       [&](const std::string& e) { return e.rfind(prefix, 0) == 0; });
}

const std::string first_game = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n";

/// What the reader made of the game `second` cut short by the input error, after first_game.
test::Recorder cut_game(const std::string& second) {
    Read r = read_all(first_game + second);
    REQUIRE(r.spans.size() == 2);
    CHECK(r.spans[1].before_input_error);
    return std::move(r.games[1]);
}

} // namespace

TEST_CASE("input error: a game cut inside a line is read up to its last whole token",
          "[splitter][reader]") {
    const Read r = read_all(first_game + "[Event \"b\"]\n\n1. d4 d5\n2. c4 Nx");
    CHECK(r.threw);
    REQUIRE(r.spans.size() == 2);
    CHECK_FALSE(r.spans[0].before_input_error);
    CHECK(r.spans[1].before_input_error);
    CHECK(r.spans[1].cut_mid_line);
    const test::Recorder& g = r.games[1];
    CHECK(has_event(g, "move d5"));
    CHECK(has_event(g, "move c4"));       // the cut line's whole tokens are read
    CHECK_FALSE(has_event(g, "move Nx")); // the one the cut ends may be longer (`Nxd5`)
    CHECK(count(g, Code::Truncated) == 1);
    CHECK(count(g, Code::MissingResult) == 0);
    CHECK(count(r.games[0], Code::Truncated) == 0);
}

TEST_CASE("input error: a game cut after a whole line keeps every line", "[splitter][reader]") {
    const Read r = read_all(first_game + "[Event \"b\"]\n\n1. d4 d5\n");
    CHECK(r.threw);
    REQUIRE(r.spans.size() == 2);
    CHECK(r.spans[1].before_input_error);
    CHECK_FALSE(r.spans[1].cut_mid_line);
    CHECK(has_event(r.games[1], "move d5"));
    CHECK(count(r.games[1], Code::Truncated) == 1);
    CHECK(count(r.games[1], Code::MissingResult) == 0);
}

TEST_CASE("input error: an open comment or variation cut off is the damage, not the game's",
          "[splitter][reader]") {
    const test::Recorder g = cut_game("[Event \"b\"]\n\n1. d4 (1. e4 {a comment\nthat goes on");
    CHECK(count(g, Code::Truncated) == 1);
    CHECK(count(g, Code::UnterminatedComment) == 0);
    CHECK(count(g, Code::UnterminatedVariation) == 0);
}

TEST_CASE("input error: a game whose termination marker was read is whole", "[splitter][reader]") {
    const Read r = read_all(first_game + "[Event \"b\"]\n\n1. d4 d5 0-1\n");
    CHECK(r.threw);
    REQUIRE(r.spans.size() == 2);
    CHECK(r.spans[1].before_input_error);
    CHECK(count(r.games[1], Code::Truncated) == 0);
    CHECK(r.games[1].diags.empty());
}

TEST_CASE("input error: no game is marked when the stream ends normally", "[splitter][reader]") {
    MemorySource src("[Event \"b\"]\n\n1. d4 d5", "ok.pgn");
    GameSplitter splitter(src);
    GameSpan span;
    REQUIRE(splitter.next(span));
    CHECK_FALSE(span.before_input_error);
    CHECK_FALSE(span.cut_mid_line);
    test::Recorder g;
    PgnReader().read(span, g);
    CHECK(count(g, Code::Truncated) == 0);
    CHECK(count(g, Code::MissingResult) == 1);
}

TEST_CASE("input error: a one-line movetext cut is read up to its last whole token",
          "[splitter][reader]") {
    // lichess writes a game's movetext on one line: its moves before the cut are checked.
    const test::Recorder g = cut_game("[Event \"b\"]\n\n1. d4 { [%clk 0:03:00] } 1... Qd5 2. c4");
    CHECK(has_event(g, "move d4"));
    CHECK(has_event(g, "move Qd5"));
    CHECK_FALSE(has_event(g, "move c4"));
    REQUIRE(count(g, Code::Truncated) == 1);
    // Located where the input breaks off: at the token dropped (`c4`, line 7, column 38).
    const Diagnostic* d = g.find(Code::Truncated);
    REQUIRE(d != nullptr);
    CHECK(d->loc.line == 7);
    CHECK(d->loc.column == 38);
}

TEST_CASE("input error: a tag line cut is dropped whole", "[splitter][reader]") {
    const test::Recorder g = cut_game("[Event \"b\"]\n[White \"Magnus Carl");
    CHECK(has_event(g, "tag Event"));
    CHECK_FALSE(has_event(g, "tag White"));
    CHECK(count(g, Code::BadTag) == 0);
    CHECK(count(g, Code::Truncated) == 1);
}

TEST_CASE("input error: a comment after the termination marker cut off is the damage",
          "[splitter][reader]") {
    const test::Recorder g = cut_game("[Event \"b\"]\n\n1. d4 d5 0-1 {a comment\nthat goes on\n");
    CHECK(has_event(g, "result 0-1"));
    CHECK(count(g, Code::Truncated) == 1);
    CHECK(count(g, Code::UnterminatedComment) == 0);
}
