// detail::find_brace_or_eol (the reader's search for the end of a one-line comment, 32 bytes
// at once first, then 16, then byte by byte) must find what a byte loop finds; the movetext
// loop's own path for short comments must read what the general one reads.
#include "pgn_test_util.hpp"
#include "pgnkit/pgn/reader.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace pgnkit;

TEST_CASE("comment scan: find_brace_or_eol finds the first brace or line break", "[reader]") {
    for (char stop : {'}', '\n', '\r'}) {
        for (std::size_t n = 0; n <= 70; ++n) {
            for (std::size_t at = 0; at <= n; ++at) { // at == n: none in the text
                std::string text(n, 'x');
                for (std::size_t k = 0; k < n; ++k) text[k] = "{ [%clk 0:03:00] ("[k % 18];
                if (at < n) text[at] = stop;
                for (std::size_t b = 0; b <= n; ++b) {
                    std::size_t expect = b;
                    while (expect < n && text[expect] != '}' && text[expect] != '\n' &&
                           text[expect] != '\r')
                        ++expect;
                    INFO("n " << n << " at " << at << " from " << b);
                    CHECK(detail::find_brace_or_eol(text.data(), b, n) == expect);
                }
            }
        }
    }
}

namespace {

/// The reader's events for every game of `text`, read with `limits`.
std::vector<std::string> events_with(const std::string& text, ReaderLimits limits) {
    MemorySource src(text);
    GameSplitter sp(src);
    PgnReader reader(limits);
    GameSpan span;
    std::vector<std::string> out;
    while (sp.next(span)) {
        test::Recorder rec;
        reader.read(span, rec);
        for (const std::string& e : rec.events) out.push_back(e);
        for (const Diagnostic& d : rec.diags)
            out.push_back(
                fmt::format("diag {} {}:{}", code_info(d.code).name, d.loc.line, d.loc.column));
    }
    return out;
}

} // namespace

TEST_CASE("comment scan: the movetext loop's 48-byte comment path reads as short_comment",
          "[reader]") {
    // A keep limit of 46 bytes turns the loop's own path off (it takes comments of up to 47
    // bytes only when every such comment is kept whole); both readers must see the same.
    ReaderLimits general;
    general.comment_keep_limit = 46;
    for (std::string_view eol : {"\n", "\r\n"}) {
        std::string text = "[Event \"c\"]" + std::string(eol) + std::string(eol) + "1. e4";
        for (std::size_t k = 0; k <= 46; ++k) {
            std::string body(k, static_cast<char>('a' + k % 26));
            if (k > 3) body[k / 2] = '('; // a parenthesis is text inside a comment
            text += " {" + body + "} " + (k % 2 == 0 ? "Nf6" : "Ng8");
            text += "{" + body + "}" + (k % 2 == 0 ? "Ng8" : "Nf6"); // no blanks around
        }
        text += " { [%clk 0:03:00] } 2. d4 {a comment" + std::string(eol) + "on two lines} d5";
        text += " { [%eval -1.23] [%clk 0:03:00] } 3. c4 {a line break" + std::string(eol) +
                "within 48 bytes} e6";
        text += " *" + std::string(eol) + std::string(eol);
        // Comments in the last 32 bytes of a game, and one not closed before its end.
        text += "[Event \"d\"]" + std::string(eol) + std::string(eol) + "1. e4 {ab} e5 {c} *";
        text += std::string(eol) + std::string(eol) + "[Event \"e\"]" + std::string(eol) +
                std::string(eol) + "1. e4 {not closed";
        const auto fast = events_with(text, ReaderLimits{});
        REQUIRE(fast.size() > 100);
        CHECK(events_with(text, general) == fast);
    }
    // Comments longer than the general reader above keeps, around the loop's 48-byte reach:
    // each ends where its brace is (the moves after them are read, nothing is reported).
    std::string text = "[Event \"c\"]\n\n1. e4";
    std::vector<std::string> moves{"e4"};
    for (std::size_t k = 44; k <= 66; ++k) {
        std::string body(k, 'x');
        body[k / 3] = '{';
        text += " {" + body + "} " + (k % 2 == 0 ? "Nf6" : "Ng8");
        moves.push_back(k % 2 == 0 ? "Nf6" : "Ng8");
    }
    text += " *\n";
    auto games = test::read_string(text);
    REQUIRE(games.size() == 1);
    CHECK(games[0].rec.moves() == moves);
    CHECK(games[0].rec.diags.empty());
}
