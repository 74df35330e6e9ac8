// The splitter's block scan of movetext (a 64-byte mask of line ends, parentheses and `;`,
// the comment state found from the last brace) must cut the same spans whatever the read
// size: a read of one byte leaves the scan one byte at a time. Random movetext with dense
// braces, stray closers, parentheses and `;` inside and outside comments, every line end;
// with a small token_keep_limit, the cuts of long comments must fit the input.
#include "pgn_test_util.hpp"
#include "pgnkit/pgn/scan.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

using namespace pgnkit;

namespace {

/// Every span the splitter hands out, with its elisions, as text (not its tag marks: the
/// splitter makes them only where 32 bytes are in its buffer, see TagMark).
std::vector<std::string> spans(std::string_view text, std::size_t max_read, SplitterLimits limits,
                               bool views = false) {
    MemorySource src(text);
    src.set_max_read(max_read);
    src.set_views(views);
    GameSplitter sp(src, limits);
    GameSpan span;
    std::vector<std::string> out;
    while (sp.next(span)) {
        std::string s =
            fmt::format("span {} line {} off {} len {} trunc {} [{}]", span.index, span.first_line,
                        span.offset, span.length, span.truncated, span.text);
        for (const Elision& e : span.elisions)
            s += fmt::format(" cut {}+{}/{}", e.pos, e.bytes, e.lines);
        out.push_back(std::move(s));
    }
    out.push_back(fmt::format("lines {}", sp.lines()));
    return out;
}

/// Random PGN-like text: tag lines, movetext with comments of every length (some longer than
/// the keep limit, some unterminated), variations, `;` and `%` lines, results, blank lines.
std::string random_pgn(std::mt19937& rng, std::size_t pieces) {
    static const char* const bits[] = {
        "1. e4 ",
        "e5 ",
        "{ [%clk 0:03:00] } ",
        "{",
        "}",
        "(",
        ")",
        "; rest {",
        "1-0",
        "0-1 ",
        "1/2-1/2",
        "*",
        "{ a ( b ; c } ",
        "{ { nested ",
        "} } ",
        "Nf3 ",
        "12. ",
        "1.",
        "$1 ",
        "\t",
        "  ",
        "%escape line",
        "[Event \"e\"]",
        "[Site \"s\"]",
        "[Bad",
        "\xEF\xBB\xBF",
        "\x1A",
        "x",
    };
    static const char* const eols[] = {"\n", "\r\n", "\r", "\n\n", "\r\n\r\n"};
    std::uniform_int_distribution<std::size_t> pick(0, std::size(bits) - 1);
    std::uniform_int_distribution<int> roll(0, 99);
    std::string s;
    for (std::size_t i = 0; i < pieces; ++i) {
        int r = roll(rng);
        if (r < 12) {
            s += eols[static_cast<std::size_t>(roll(rng)) % std::size(eols)];
        } else if (r < 15) {
            // A comment longer than the keep limit, sometimes with braces and line ends inside.
            std::size_t n = 40 + static_cast<std::size_t>(roll(rng)) * 3;
            s += '{';
            for (std::size_t k = 0; k < n; ++k) {
                int c = roll(rng);
                s += c < 3 ? '{' : c < 5 ? '\n' : c < 7 ? '(' : c < 9 ? ';' : 'a' + (c % 26);
            }
            if (roll(rng) < 80) s += '}';
        } else {
            s += bits[pick(rng)];
        }
    }
    return s;
}

} // namespace

TEST_CASE("splitter: the movetext block scan cuts the same spans at every read size",
          "[splitter]") {
    std::mt19937 rng(20261130);
    for (int round = 0; round < 300; ++round) {
        const std::string text = random_pgn(rng, 40 + static_cast<std::size_t>(round) * 4);
        const auto whole = spans(text, 0, {});
        for (std::size_t max_read : {1, 3, 17, 63, 64, 65, 200}) {
            INFO("round " << round << " max_read " << max_read);
            CHECK(spans(text, max_read, {}) == whole);
        }
    }
}

TEST_CASE("splitter: views of the input (a mapped file) cut the same spans as reads",
          "[splitter]") {
    // ByteSource::view hands the splitter the input in place; the first cut (an overlong
    // comment, tag line or game) turns the views into a buffer of its own, and read() goes
    // on after the last view. At every view size, with and without cuts, the spans are those
    // of the read path with reads of that size (which bytes are cut depends on it).
    std::mt19937 rng(1130);
    SplitterLimits small;
    small.token_keep_limit = 64;
    small.span_keep_limit = 300;
    for (int round = 0; round < 200; ++round) {
        const std::string text = random_pgn(rng, 40 + static_cast<std::size_t>(round) * 4);
        for (const SplitterLimits& limits : {SplitterLimits{}, small}) {
            for (std::size_t max_read : {1, 17, 64, 200, 0}) {
                INFO("round " << round << " max_read " << max_read << " keep "
                              << limits.token_keep_limit);
                CHECK(spans(text, max_read, limits, true) == spans(text, max_read, limits));
            }
        }
    }
}

TEST_CASE("splitter: elided comments and blanks leave the input's text between the cuts",
          "[splitter]") {
    // Which bytes are elided depends on when the buffer is compacted (the read size); at
    // every read size the kept text between cuts is the input's, and kept plus elided bytes
    // (and line breaks) are the span's.
    std::mt19937 rng(7);
    SplitterLimits small;
    small.token_keep_limit = 64;
    small.span_keep_limit = 1 << 20;
    for (int round = 0; round < 200; ++round) {
        const std::string text = random_pgn(rng, 40 + static_cast<std::size_t>(round) * 4);
        for (std::size_t max_read : {1, 17, 64, 200, 0})
            for (bool views : {false, true}) {
                INFO("round " << round << " max_read " << max_read << " views " << views);
                MemorySource src(text);
                src.set_max_read(max_read);
                src.set_views(views);
                GameSplitter sp(src, small);
                GameSpan span;
                while (sp.next(span)) {
                    std::size_t in = span.offset, at = 0;
                    for (const Elision& e : span.elisions) {
                        REQUIRE(e.pos >= at);
                        REQUIRE(e.pos <= span.text.size());
                        const std::size_t n = e.pos - at;
                        CHECK(span.text.substr(at, n) == std::string_view(text).substr(in, n));
                        in += n;
                        const char prev = in > 0 ? text[in - 1] : 0;
                        CHECK(detail::count_line_breaks(
                                  text.data() + in, text.data() + in + e.bytes, prev) == e.lines);
                        // The tail: the elided bytes after the last line break among them.
                        const std::string_view cut = std::string_view(text).substr(in, e.bytes);
                        const std::size_t lb = cut.find_last_of("\r\n");
                        CHECK(e.tail == (lb == cut.npos ? e.bytes : e.bytes - lb - 1));
                        in += e.bytes;
                        at = e.pos;
                    }
                    const std::size_t n = span.text.size() - at;
                    CHECK(span.text.substr(at) == std::string_view(text).substr(in, n));
                    CHECK(in + n - span.offset == span.length);
                }
            }
    }
}

TEST_CASE("splitter: braces decide the comment state across 64-byte blocks", "[splitter]") {
    // A line end (or a `(` or `;`) at every offset of a block after dense comments: the
    // comment state there comes from the last brace before it, in this block or an earlier one.
    for (std::size_t pad = 0; pad < 130; ++pad) {
        for (const char* tail : {"} 1-0\n\n", "1-0\n\n", "{ 1-0\n\n[Event \"n\"]\n\n*\n",
                                 "( 1-0\n\n", "; } 1-0\n\n", "} ) 1-0\n\n"}) {
            std::string text = "1. e4 ";
            for (std::size_t k = 0; k < pad; ++k) text += k % 7 == 0 ? "{ c } " : "x";
            text += tail;
            text += "[Event \"next\"]\n\n1. d4 *\n";
            INFO("pad " << pad << " tail " << tail);
            const auto whole = spans(text, 0, {});
            CHECK(spans(text, 1, {}) == whole);
            CHECK(spans(text, 5, {}) == whole);
        }
    }
}

TEST_CASE("splitter: the AVX2 and the baseline block scans cut the same spans",
          "[splitter][simd]") {
    // scan_movetext runs movetext_block with AVX2 where the CPU has it, else with SSE2: the
    // two must cut the same spans, with and without cuts, from reads and from views.
    if (simd::best() != simd::Level::Avx2) WARN("no AVX2 here: the baseline is compared to itself");
    std::mt19937 rng(30111);
    SplitterLimits small;
    small.token_keep_limit = 64;
    small.span_keep_limit = 300;
    for (int round = 0; round < 200; ++round) {
        std::string text = random_pgn(rng, 40 + static_cast<std::size_t>(round) * 4);
        // Bytes of every value here and there (Latin-1, UTF-8 lead bytes, NUL, DEL).
        for (int k = 0; k < round % 7; ++k)
            text[rng() % text.size()] = static_cast<char>(rng() % 256);
        for (const SplitterLimits& limits : {SplitterLimits{}, small}) {
            for (std::size_t max_read : {0, 17, 64}) {
                for (bool views : {false, true}) {
                    INFO("round " << round << " max_read " << max_read << " views " << views
                                  << " keep " << limits.token_keep_limit);
                    test::SimdLevel baseline(simd::Level::Baseline);
                    const auto want = spans(text, max_read, limits, views);
                    test::SimdLevel best(simd::best());
                    CHECK(spans(text, max_read, limits, views) == want);
                }
            }
        }
    }
}

/// Random games in which comments, `;` comments, tag values and runs of blanks are often
/// longer than 64 bytes, with every kind of line break (inside comments too): text whose
/// structure (where comments begin and end) needs no guess.
std::string random_long_games(std::mt19937& rng, int games) {
    static const char* const eols[] = {"\n", "\r\n", "\r"};
    std::uniform_int_distribution<int> roll(0, 99);
    auto eol = [&] { return std::string(eols[static_cast<std::size_t>(roll(rng)) % 3]); };
    auto filler = [&](std::size_t n, bool breaks) {
        std::string t;
        for (std::size_t k = 0; k < n; ++k) {
            const int c = roll(rng);
            // UTF-8 of 2, 3 and 4 bytes too: a cut keeps it valid (no `encoding` note).
            t += breaks && c < 3 ? eol()
                 : c < 15        ? std::string(1, ' ')
                 : c < 18        ? std::string("\xC3\xA9")         // é
                 : c < 21        ? std::string("\xE2\x99\x9E")     // ♞
                 : c < 23        ? std::string("\xF0\x9F\x98\x80") // 😀
                                 : std::string(1, static_cast<char>('a' + c % 26));
        }
        return t;
    };
    auto length = [&] { return static_cast<std::size_t>(roll(rng)) * (roll(rng) < 30 ? 4 : 1); };
    static const char* const moves[] = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"};
    std::string s;
    for (int g = 0; g < games; ++g) {
        s += "[Event \"" + filler(length(), false) + "\"]" + eol();
        s += "[Site \"s\"]" + std::string(static_cast<std::size_t>(roll(rng)), ' ') + eol();
        s += eol();
        for (int m = 0; m < 6; ++m) {
            if (m % 2 == 0) s += std::to_string(m / 2 + 1) + ". ";
            s += moves[m];
            const int r = roll(rng);
            if (r < 25)
                s += " {" + filler(length(), true) + "}";
            else if (r < 30)
                s += " ;" + filler(length(), false) + eol();
            else if (r < 40)
                s += std::string(length(), roll(rng) < 50 ? ' ' : '\t');
            else if (r < 45)
                s += " (" + std::string(moves[m]) + " {" + filler(length(), true) + "} )";
            else if (r < 50)
                s += " $" + std::to_string(r) + " e9";
            s += roll(rng) < 20 ? eol() : " ";
        }
        s += "1-0" + eol() + eol();
    }
    return s;
}

TEST_CASE("reader: every place after an elision is the input's, as if nothing were elided",
          "[splitter][reader]") {
    // Comments, tag lines and runs of blanks longer than the keep limit are read in part; the
    // line, column and byte offset of everything after them are still those of the input:
    // the same as when the same text is read with limits that elide nothing. (A column on
    // the line an elision ends on counts its elided bytes there: Elision::tail.)
    std::mt19937 rng(20261204);
    SplitterLimits small;
    small.token_keep_limit = 64;
    // Everything the reader reports with its place, but the oversized notes only one of the
    // two runs has (and comments, cut at the limit in one of them).
    auto placed = [](const std::vector<test::ReadGame>& games) {
        std::vector<std::string> out;
        for (const test::ReadGame& g : games) {
            for (const std::string& e : g.rec.events)
                if (e.find(" @") != std::string::npos && e.rfind("comment ", 0) != 0)
                    out.push_back(e);
            for (const Diagnostic& d : g.rec.diags)
                if (d.code != Code::Oversized)
                    out.push_back(fmt::format("{} @{}:{}+{} {}", code_info(d.code).name, d.loc.line,
                                              d.loc.column, d.loc.offset, d.message));
        }
        return out;
    };
    int elided = 0;
    for (int round = 0; round < 1000; ++round) {
        const std::string text = random_long_games(rng, 1 + round % 5);
        const auto want = placed(test::read_string(text));
        for (std::size_t max_read : {0, 17, 64}) {
            INFO("round " << round << " max_read " << max_read);
            MemorySource src(text);
            src.set_max_read(max_read);
            const auto games = test::read_all(src, small);
            for (const test::ReadGame& g : games) elided += g.rec.has(Code::Oversized);
            const auto got = placed(games);
            std::size_t k = 0;
            while (k < got.size() && k < want.size() && got[k] == want[k]) ++k;
            INFO("first difference at "
                 << k << ": " << (k < got.size() ? got[k] : std::string("(end)")) << " instead of "
                 << (k < want.size() ? want[k] : std::string("(end)")));
            CHECK(got == want);
        }
    }
    CHECK(elided > 1000); // the text had overlong parts
}
