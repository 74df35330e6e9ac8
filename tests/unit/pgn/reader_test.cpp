// PgnReader: tokens, tags, glyphs, results, structure errors, encoding.
#include "pgn_test_util.hpp"

#include <catch2/catch.hpp>
#include <chrono>

using namespace pgnkit;
using namespace pgnkit::test;

namespace {
Recorder read_one(std::string_view text) {
    auto g = read_string(text);
    REQUIRE(g.size() == 1);
    return g[0].rec;
}
std::vector<std::string> without_locs(const Recorder& r) {
    std::vector<std::string> out;
    for (auto& e : r.events) out.push_back(e.substr(0, e.find(" @")));
    return out;
}
using V = std::vector<std::string>;
} // namespace

TEST_CASE("reader: move numbers in every form", "[reader]") {
    auto r = read_one("1.e4 e5 2. Nf3 2...Nc6 4..Be7 12....Qd4 Bb5 7 Nc3 *");
    CHECK(without_locs(r) == V{"begin", "end_tags", "num 1.", "move e4", "move e5", "num 2.",
                               "move Nf3", "num 2...", "move Nc6", "num 4...", "move Be7",
                               "num 12...", "move Qd4", "move Bb5", "num 7.", "move Nc3",
                               "result *", "end"});
    CHECK(r.diags.empty());
}

TEST_CASE("reader: locations are absolute line, column and offset", "[reader]") {
    auto g = read_string("[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 {c}\n  d5 *\n");
    REQUIRE(g.size() == 2);
    CHECK(g[1].rec.events[3] == "num 1. @7:1");
    CHECK(g[1].rec.events[5] == "comment c @7:7");
    CHECK(g[1].rec.events[6] == "move d5 @8:3");
    struct Off : VisitorBase {
        std::uint64_t off = 0;
        void move(std::string_view m, const SourceLocation& l) {
            if (m == "d5") off = l.offset;
        }
    } v;
    std::string text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 {c}\n  d5 *\n";
    MemorySource src(text);
    GameSplitter sp(src);
    PgnReader rd;
    GameSpan span;
    while (sp.next(span)) rd.read(span, v);
    CHECK(v.off == text.find("d5"));
}

TEST_CASE("reader: NAGs and glyphs, standalone and glued", "[reader]") {
    auto r =
        read_one("1. e4! e5? 2. Nf3!! Nc6?? 3. Bc4!? Nf6?! 4. Ng5 $18 d5$1 5. exd5 +- "
                 "Na5 \xE2\x80\xBC 6. Bb5+\xC2\xB1 c6\xE2\x81\x89 7. Qf3 = 8. Qh4+\xE2\x88\x92 "
                 "g3-+ Bc5= N *");
    CHECK(without_locs(r) ==
          V{"begin",     "end_tags", "num 1.",    "move e4",  "nag 1",    "move e5",  "nag 2",
            "num 2.",    "move Nf3", "nag 3",     "move Nc6", "nag 4",    "num 3.",   "move Bc4",
            "nag 5",     "move Nf6", "nag 6",     "num 4.",   "move Ng5", "nag 18",   "move d5",
            "nag 1",     "num 5.",   "move exd5", "nag 18",   "move Na5", "nag 3",    "num 6.",
            "move Bb5+", "nag 16",   "move c6",   "nag 5",    "num 7.",   "move Qf3", "nag 10",
            "num 8.",    "move Qh4", "nag 18",    "move g3",  "nag 19",   "move Bc5", "nag 10",
            "nag 146",   "result *", "end"});
    CHECK(r.diags.empty());
}

TEST_CASE("reader: the unicode NAG file splits every glued glyph", "[reader][corpus]") {
    auto g = read_file("mliebelt-pgn-viewer/nags-unicode.pgn");
    REQUIRE(g.size() == 1);
    auto moves = g[0].rec.moves();
    CHECK(moves == V{"e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Ng5", "Bc5", "Nxf7", "Bxf2+", "Kxf2",
                     "Nxe4+", "Kg1", "Qh4", "g3"});
}

TEST_CASE("reader: comments, line comments and variations", "[reader]") {
    auto r = read_one("{pre} 1. e4 ; rest of line\n(1. d4 {in} (1. c4)) e5 {multi\nline} *");
    CHECK(without_locs(r) == V{"begin", "end_tags", "comment pre", "num 1.", "move e4",
                               "comment  rest of line", "(", "num 1.", "move d4", "comment in", "(",
                               "num 1.", "move c4", ")", ")", "move e5", "comment multi\nline",
                               "result *", "end"});
}

TEST_CASE("reader: results, standard and not", "[reader]") {
    for (const char* res : {"1-0", "0-1", "1/2-1/2", "*"}) {
        auto r = read_one(std::string("1. e4 ") + res);
        CHECK(r.diags.empty());
        CHECK(r.events[r.events.size() - 2].rfind(std::string("result ") + res, 0) == 0);
    }
    for (const char* res : {"1:0", "0:1", "\xC2\xBD-\xC2\xBD", "1/2", "0.5-0.5"}) {
        auto r = read_one(std::string("1. e4 ") + res);
        CHECK(r.has(Code::NonstandardResult));
        CHECK(!r.has(Code::MissingResult));
    }
    CHECK(read_one("1. e4 e5").has(Code::MissingResult));
    CHECK(normalize_result("1:0") == "1-0");
    CHECK(normalize_result("e4").empty());
}

TEST_CASE("reader: structure errors are reported at the offending token", "[reader]") {
    auto r = read_one("1. e4 ) e5 ] } \"x 2. Nf3 *");
    auto* d = r.find(Code::UnmatchedParen);
    REQUIRE(d);
    CHECK(d->loc.column == 7);
    int unexpected = 0;
    for (auto& x : r.diags) unexpected += x.code == Code::UnexpectedText;
    CHECK(unexpected == 3);
    CHECK(r.moves() == V{"e4", "e5", "x", "Nf3"});
    auto t = read_one("1. e4 * Nf3");
    CHECK(t.has(Code::UnexpectedText));
    auto u = read_one("1. e4 (e5 *");
    REQUIRE(u.find(Code::UnterminatedVariation));
    CHECK(u.find(Code::UnterminatedVariation)->loc.column == 7);
}

TEST_CASE("reader: tag values are unescaped and malformed tags recovered", "[reader][tags]") {
    auto r = read_one("[A \"b\\\"\"] [B \"b\\\"\"] [C \"A]]\"] [D \"A]][\"] [E \"\\\"A]][\\\"\"] "
                      "[F \"\\\"A]][\\\"\\\\\"] [G \"\\\"]\"]\n");
    using P = std::pair<std::string, std::string>;
    CHECK(r.tags == std::vector<P>{{"A", "b\""},
                                   {"B", "b\""},
                                   {"C", "A]]"},
                                   {"D", "A]]["},
                                   {"E", "\"A]][\""},
                                   {"F", "\"A]][\"\\"},
                                   {"G", "\"]"}});
    CHECK(r.diags.size() == 1); // MissingResult only
    auto q = read_one("[Event \"Tournament \"Championship\" Finals\"]\n[Site \"Club\"]\n*");
    CHECK(q.tags.at(0).second == "Tournament \"Championship\" Finals");
    CHECK(q.tags.at(1).second == "Club");
    CHECK(q.has(Code::BadTag));
    auto b = read_one("[Event \"Tournament \\\"]\n[Site \"Madrid\"]\n*");
    CHECK(b.tags.at(0).second == "Tournament \\");
    CHECK(b.tags.at(1).second == "Madrid");
    CHECK(b.has(Code::BadTag));
    auto m = read_one("[Site]\n[\"x\"]\n[Event \"no close\"\n*");
    CHECK(m.tags == std::vector<P>{{"Site", ""}, {"Event", "no close"}});
}

TEST_CASE("reader: the pathological headers of chessops and disservin", "[reader][corpus]") {
    auto g = read_file("chessops/pathological-headers.pgn");
    REQUIRE(g.size() == 1);
    CHECK(g[0].rec.tags.size() == 7);
    CHECK(!g[0].rec.has(Code::BadTag));
    auto h = read_file("disservin/backslash_header.pgn");
    REQUIRE(h.size() == 1);
    CHECK(h[0].rec.tags.at(0).second == "Tournament \\");
    CHECK(h[0].rec.moves().size() == 95);
}

TEST_CASE("reader: skip after end_tags never touches movetext", "[reader]") {
    MemorySource src("[Event \"a\"]\n\n1. e4 ) ) {oops *\n");
    GameSplitter sp(src);
    PgnReader rd;
    GameSpan span;
    REQUIRE(sp.next(span));
    Recorder r;
    r.skip = true;
    rd.read(span, r);
    CHECK(r.events == V{"begin", "tag Event=a", "end_tags", "end"});
    CHECK(r.diags.empty());
}

TEST_CASE("reader: Latin-1 games get one Encoding warning and can be transcoded",
          "[reader][encoding]") {
    auto g = read_file("scid/res_gameLatin1.pgn");
    REQUIRE(g.size() == 1);
    int enc = 0;
    for (auto& d : g[0].rec.diags) enc += d.code == Code::Encoding;
    CHECK(enc == 1);
    auto u = read_file("scid/res_gameUTF8.pgn");
    CHECK(!u[0].rec.has(Code::Encoding));
    std::string out;
    cp1252_to_utf8("Caf\xE9", out);
    CHECK(out == "Caf\xC3\xA9");
    // Windows-1252's 80..9F: ’ (U+2019), € (U+20AC), Š (U+0160); unassigned 81 stays U+0081.
    out.clear();
    cp1252_to_utf8("\x92\x80\x8A\x81", out);
    CHECK(out == "\xE2\x80\x99\xE2\x82\xAC\xC5\xA0\xC2\x81");
    CHECK(is_valid_utf8(out));
    CHECK(!is_valid_utf8("\xC0\xAF"));     // overlong
    CHECK(!is_valid_utf8("\xED\xA0\x80")); // surrogate
}

TEST_CASE("reader: a BOM inside the stream starts a line like whitespace", "[reader]") {
    auto g = read_string("[Event \"a\"]\n*\n\n\xEF\xBB\xBF[Event \"b\"]\n*\n");
    REQUIRE(g.size() == 2);
    CHECK(g[1].rec.tags.at(0).second == "b");
}

TEST_CASE("reader: throughput of splitting and tokenizing", "[.bench]") {
    std::string game =
        "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/abcdefgh\"]\n[Date "
        "\"2024.01.01\"]\n[Round \"-\"]\n[White \"alpha\"]\n[Black \"beta\"]\n[Result "
        "\"1-0\"]\n[WhiteElo \"1500\"]\n[BlackElo \"1480\"]\n[TimeControl \"180+0\"]\n[ECO "
        "\"C20\"]\n[Termination \"Normal\"]\n\n";
    std::string moves;
    for (int i = 1; i <= 40; ++i)
        moves += std::to_string(i) + ". e4 { [%clk 0:02:58] } " + std::to_string(i) +
                 "... e5 { [%clk 0:02:57] } ";
    game += moves + "1-0\n\n";
    std::string text;
    while (text.size() < (512u << 20)) text += game;
    struct Count : VisitorBase {
        std::size_t moves = 0;
        void move(std::string_view, const SourceLocation&) { ++moves; }
    } v;
    std::size_t games = 0;
    double s = 0;
    GameSpan span;
    for (int round = 0; round < 2; ++round) { // the first round warms up the page cache
        MemorySource src(text);
        v.moves = 0;
        games = 0;
        auto t0 = std::chrono::steady_clock::now();
        GameSplitter sp(src);
        PgnReader rd;
        while (sp.next(span)) {
            rd.read(span, v);
            ++games;
        }
        s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    MemorySource src2(text);
    auto t1 = std::chrono::steady_clock::now();
    GameSplitter sp2(src2);
    while (sp2.next(span)) {
    }
    double s2 = std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
    std::printf("%zu games, %zu moves, %.0f MB: split+read %.0f MB/s, split only %.0f MB/s\n",
                games, v.moves, text.size() / 1e6, text.size() / 1e6 / s, text.size() / 1e6 / s2);
    CHECK(v.moves == games * 80);
}
