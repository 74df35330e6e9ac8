// read_span_tags and find_span_tag (pgn/span_tags.hpp): the pairs read from a span without its
// movetext must be the ones the reader hands a visitor, in its order, and a tag's value the
// first the reader hands over for that tag, for every tag of every game of
// the corpus (marked lines, escaped values, % lines, tags after a blank line, several tags on
// a line, elided and truncated spans), and for the shapes written here.
#include "pgn_test_util.hpp"

#include "pgnkit/pgn/span_tags.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

using namespace pgnkit;
using namespace pgnkit::test;

namespace {

/// The first value of each tag, as the reader delivers them.
struct FirstTags : VisitorBase {
    std::map<std::string, std::string> first;
    std::vector<std::pair<std::string, std::string>> all;
    void tag(std::string_view name, std::string_view value, const SourceLocation&) {
        first.try_emplace(std::string(name), std::string(value));
        all.emplace_back(name, value);
    }
    bool end_tags() { return true; }
};

/// Checks every tag of every game of `text`, and a name no game has; returns the games seen.
std::size_t check_all(const std::string& text, const SplitterLimits& limits = {}) {
    MemorySource src(text);
    GameSplitter splitter(src, limits);
    PgnReader reader;
    GameSpan span;
    std::string buffer;
    std::size_t games = 0;
    while (splitter.next(span)) {
        ++games;
        FirstTags tags;
        reader.read(span, tags);
        std::vector<std::pair<std::string, std::string>> read;
        read_span_tags(span, buffer, [&](std::string_view name, std::string_view value) {
            read.emplace_back(name, value);
            return true;
        });
        INFO("game " << games << " in: " << span.text.substr(0, 300));
        REQUIRE(read == tags.all);
        for (const auto& [name, value] : tags.first) {
            std::string_view found;
            INFO("game " << games << " tag " << name << " in: " << span.text.substr(0, 300));
            REQUIRE(find_span_tag(span, name, buffer, found));
            REQUIRE(std::string(found) == value);
        }
        std::string_view found;
        REQUIRE_FALSE(find_span_tag(span, "NoSuchTag", buffer, found));
    }
    return games;
}

} // namespace

TEST_CASE("span tags: the reader's first value of every tag, in shapes the marks leave out",
          "[span_tags]") {
    CHECK(check_all("[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n\n") == 1);
    // escaped, blanks after `[`, several on a line, a % line first, a value not closed, a
    // duplicate (the first wins), a tag after a blank line (ChessBase)
    CHECK(check_all(
              "[Event \"x \\\"y\\\" z\"]\n[ Site \"s\"]\n[White \"w\"][Black \"b\"]\n\n1. e4 *\n\n"
              "% comment\n[Event \"e\"]\n[Round \"1\n[Event \"again\"]\n\n1. d4 *\n\n"
              "[Event \"c\"]\n\n[Site \"later\"]\n\n1. c4 *\n\n"
              "\xEF\xBB\xBF[Event \"bom\"]\r\n[Date \"2020.01.01\"]\r\n\r\n1. e4 *\r\n\r\n") == 4);
    // marks up to a line they leave out, then more marked lines
    CHECK(check_all(
              "[Event \"a\"]\n[Site \"s\\\\\"]\n[Date \"d\"]\n[Round \"r\"]\n\n1. e4 *\n\n") == 1);
    // a movetext-only game: no tags
    CHECK(check_all("1. e4 e5 *\n\n") == 1);
}

TEST_CASE("span tags: elided and truncated spans", "[span_tags]") {
    SplitterLimits small;
    small.token_keep_limit = 64;
    small.span_keep_limit = 256;
    const std::string long_value(200, 'v');
    CHECK(check_all("[Event \"" + long_value + "\"]\n[Site \"s\"]\n\n1. e4 {" +
                        std::string(500, 'c') + "} *\n\n[Event \"b\"]\n\n1. d4 *\n\n",
                    small) == 2);
}

TEST_CASE("span tags: every tag of every game of the real corpus", "[span_tags]") {
    std::size_t games = 0;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(std::string(PGNKIT_CORPUS_DIR) + "/pgn")) {
        const std::string path = entry.path().string();
        if (!entry.is_regular_file() || !(path.ends_with(".pgn") || path.ends_with(".pgn.zst")))
            continue;
        std::string text;
        try {
            auto src = open_source(path);
            char chunk[1 << 16];
            for (std::size_t n; (n = src->read(chunk, sizeof chunk)) != 0;) text.append(chunk, n);
        } catch (const std::exception&) { // a damaged file of the edge cases: what was read
        }
        games += check_all(text);
    }
    CHECK(games > 1000);
}
