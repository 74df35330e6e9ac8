// find_shard_sync() (pgn/shard_sync.hpp): the starts it finds, the ones it must not take, and
// that every start it finds is one where GameSplitter begins a game over the whole text.
#include "pgnkit/pgn/shard_sync.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <random>
#include <set>
#include <string>

using namespace pgnkit;

namespace {

/// Text in memory that can seek_to() (as a regular file can).
class SeekableText final : public ByteSource {
  public:
    explicit SeekableText(std::string text) : text_(std::move(text)) {}
    std::string_view name() const override { return "<text>"; }
    std::uint64_t bytes_in() const override { return pos_; }
    std::uint64_t size_hint() const override { return text_.size(); }

  protected:
    std::size_t do_read(char* buf, std::size_t cap) override {
        const std::size_t n = std::min(cap, text_.size() - pos_);
        std::memcpy(buf, text_.data() + pos_, n);
        pos_ += n;
        return n;
    }
    bool do_seek(std::uint64_t offset) override {
        pos_ = std::min<std::size_t>(offset, text_.size());
        return true;
    }

  private:
    std::string text_;
    std::size_t pos_ = 0;
};

std::uint64_t sync(const std::string& text, std::uint64_t from) {
    SeekableText src(text);
    return find_shard_sync(src, text.size(), from).at;
}

std::set<std::uint64_t> game_starts(const std::string& text) {
    MemorySource src(text);
    GameSplitter splitter(src);
    GameSpan span;
    std::set<std::uint64_t> starts;
    while (splitter.next(span)) starts.insert(span.offset);
    return starts;
}

} // namespace

TEST_CASE("shard sync: a tag line after a blank line after a termination marker") {
    const std::string text = "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
    const std::uint64_t b = text.find("[Event \"b\"]");
    CHECK(sync(text, 1) == b);
    CHECK(sync(text, b) == b);
    CHECK(sync(text, b + 1) == text.size()); // none after it
    CHECK(sync(text, text.size()) == text.size());
    SeekableText src(text);
    const ShardSync s = find_shard_sync(src, text.size(), 1);
    CHECK(s.line_end == b + std::strlen("[Event \"b\"]\n"));
}

TEST_CASE("shard sync: lines that do not make a start certain") {
    // no blank line between the marker and the tag line
    const std::string glued = "[Event \"a\"]\n\n1. e4 1-0\n[Event \"b\"]\n\n1. d4 *\n";
    CHECK(sync(glued, 1) == glued.size());
    // a blank line inside a tag section (ChessBase), no marker before it
    const std::string cb = "[Event \"a\"]\n\n[Site \"x\"]\n\n1. e4 *\n";
    CHECK(sync(cb, 1) == cb.size());
    // the marker inside a comment the line opens, after a `;`, in a variation it opens
    for (const char* line : {"1. e4 { 1-0", "1. e4 ; 1-0", "1. e4 (1. d4 1-0"}) {
        const std::string t = std::string("[Event \"a\"]\n\n") + line + "\n\n[Event \"b\"]\n";
        CHECK(sync(t, 1) == t.size());
    }
    // an escape line and a tag line do not end a game
    for (const char* line : {"%1-0", "[X \"y\"] 1-0"}) {
        const std::string t =
            std::string("[Event \"a\"]\n\n1. e4\n") + line + "\n\n[Event \"b\"]\n";
        CHECK(sync(t, 1) == t.size());
    }
    // a `[` not followed by a tag name
    const std::string spaced = "1. e4 1-0\n\n[ Event \"b\"]\n";
    CHECK(sync(spaced, 1) == spaced.size());
}

TEST_CASE("shard sync: CRLF, lone CR, blanks on the blank line, comments closed on the line") {
    const std::string crlf =
        "[Event \"a\"]\r\n\r\n1. e4 {x} 1/2-1/2 \r\n \t\r\n\r\n[Event \"b\"]\r\n";
    CHECK(sync(crlf, 1) == crlf.find("[Event \"b\"]"));
    const std::string cr = "[Event \"a\"]\r\r1. e4 (1. d4) 0-1\r\r[Event \"b\"]\r";
    CHECK(sync(cr, 1) == cr.find("[Event \"b\"]"));
}

TEST_CASE("shard sync: every start found is a game start of the whole text") {
    // Games with comments, variations, blank lines in tag sections, junk, CRLF and a comment
    // left open, in random order.
    const std::vector<std::string> pieces = {
        "[Event \"e\"]\n[Site \"s\"]\n\n1. e4 e5 2. Nf3 {good} Nc6 1-0\n\n",
        "[Event \"e\"]\n\n[Round \"1\"]\n\n1. d4 (1. c4) d5 0-1\n\n",
        "[Event \"e\"]\r\n\r\n1. c4 c5 1/2-1/2\r\n\r\n",
        "A note between games.\n\n",
        "[White \"w\"]\n[Black \"b\"]\n\n1. e4 {left open\n1. d4 1-0\n\n",
        "[Event \"x\"]\n\n1. e4 *\n\n",
        "%escape\n",
        "1. f4 1-0\n\n",
    };
    std::mt19937 rng(46);
    for (int round = 0; round < 200; ++round) {
        std::string text;
        const int games = 1 + int(rng() % 30);
        for (int g = 0; g < games; ++g) text += pieces[rng() % pieces.size()];
        const std::set<std::uint64_t> starts = game_starts(text);
        // The one unsure case (a comment left open, then a tag whose name the game lacks) is
        // detected by the shard before the boundary (tests/cli/shards.sh); here: every start
        // found without it is a game start.
        const bool unsure = text.find("left open") != std::string::npos;
        for (std::uint64_t from = 0; from <= text.size(); from += 1 + rng() % 17) {
            const std::uint64_t at = sync(text, from);
            INFO("from " << from << " at " << at << "\n" << text);
            REQUIRE(at >= from);
            if (at == text.size() || unsure) continue;
            CHECK(starts.count(at) == 1);
        }
    }
}
