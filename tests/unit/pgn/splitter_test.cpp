// GameSplitter: game boundaries, line ends, odd bytes, bounded memory.
#include "pgn_test_util.hpp"

#include <catch2/catch.hpp>
#include <random>

using namespace pgnkit;
using namespace pgnkit::test;

TEST_CASE("splitter: LF, CRLF and CR-only line ends give the same games and lines", "[splitter]") {
    std::string lf = "[Event \"a\"]\n\n1. e4 {x\ny} e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
    auto with = [&](std::string_view eol) {
        std::string s;
        for (char c : lf) {
            if (c == '\n')
                s += eol;
            else
                s += c;
        }
        return s;
    };
    for (std::string_view eol : {"\n", "\r\n", "\r"}) {
        auto games = read_string(with(eol));
        REQUIRE(games.size() == 2);
        CHECK(games[0].first_line == 1);
        CHECK(games[1].first_line == 6);
        CHECK(games[0].rec.moves() == std::vector<std::string>{"e4", "e5"});
        CHECK(std::find(games[0].rec.events.begin(), games[0].rec.events.end(), "move e5 @4:4") !=
              games[0].rec.events.end());
        CHECK(games[1].rec.diags.empty());
    }
}

TEST_CASE("splitter: no final newline, empty input, blank-only input", "[splitter]") {
    CHECK(read_string("").empty());
    CHECK(read_string("\n\n  \r\n").empty());
    auto g = read_string("[Event \"x\"]\n\n1. e4 e5 *");
    REQUIRE(g.size() == 1);
    CHECK(g[0].rec.diags.empty());
}

TEST_CASE("splitter: a BOM at the start is not part of the first game", "[splitter]") {
    auto g = read_string("\xEF\xBB\xBF[Event \"x\"]\n\n*\n");
    REQUIRE(g.size() == 1);
    CHECK(g[0].text.rfind("[Event", 0) == 0);
    CHECK(g[0].offset == 3);
    CHECK(g[0].rec.tags.at(0).second == "x");
}

TEST_CASE("splitter: NUL and control bytes never stop the scan", "[splitter]") {
    using namespace std::string_literals;
    std::string s = "[Event \"a\0b\"]\n\n1. e4 \0\x01 e5 1-0\n\n[Event \"c\"]\n1. d4 *\n"s;
    auto g = read_string(s);
    REQUIRE(g.size() == 2);
    CHECK(g[0].rec.has(Code::UnexpectedText));
    CHECK(g[0].rec.moves() == std::vector<std::string>{"e4", "e5"});
}

TEST_CASE("splitter: % escape lines are skipped but stay in a span", "[splitter]") {
    auto g =
        read_string("% header comment\n[Event \"a\"]\n\n1. e4 *\n%middle\n\n[Event \"b\"]\n*\n");
    REQUIRE(g.size() == 2);
    CHECK(g[0].first_line == 1);
    CHECK(g[0].text.rfind("% header", 0) == 0);
    CHECK(g[0].rec.diags.empty());
    CHECK(g[0].text.find("%middle") != std::string::npos);
}

TEST_CASE("splitter: movetext-only games, one per line, with and without results", "[splitter]") {
    auto g = read_string("1. e4 e5 2. Nf3 1-0\n1. d4 d5\n1. c4 *\n");
    REQUIRE(g.size() == 3);
    CHECK(g[1].rec.has(Code::MissingResult));
    CHECK(g[2].first_line == 3);
}

TEST_CASE("splitter: a game without a result ends at a tag section it cannot own", "[splitter]") {
    auto g = read_string("[Event \"a\"]\n\n1. e4 e5\n[Event \"b\"]\n\n1. d4 *\n");
    REQUIRE(g.size() == 2);
    CHECK(g[0].rec.has(Code::MissingResult));
    // a tag that the game does not have yet, after movetext, is a stray tag (kokopu)
    auto h = read_string("[Event \"a\"]\n\n1. e4 e5\n\n[Site \"x\"]\n\n2. Nf3 *\n");
    REQUIRE(h.size() == 1);
    CHECK(h[0].rec.has(Code::UnexpectedText));
}

TEST_CASE("splitter: one blank line inside a tag section does not split the game", "[splitter]") {
    auto g = read_string("[Event \"a\"]\n\n[Site \"b\"]\n\n1. e4 *\n");
    REQUIRE(g.size() == 1);
    CHECK(g[0].rec.tags.size() == 2);
    auto h = read_string("[Event \"a\"]\n[Site \"b\"]\n\n[Event \"c\"]\n[Site \"d\"]\n");
    CHECK(h.size() == 2);
}

TEST_CASE("reader: closes an unterminated comment at the next tag section", "[reader][splitter]") {
    auto g =
        read_string("[Event \"a\"]\n\n1. e4 {open comment\n\n*\n\n[Event \"b\"]\n\n1. d4 d5 1-0\n");
    REQUIRE(g.size() == 2);
    auto* d = g[0].rec.find(Code::UnterminatedComment);
    REQUIRE(d);
    CHECK(d->loc.line == 3);
    CHECK(d->loc.column == 7);
    CHECK(g[1].rec.diags.empty());
    CHECK(g[1].rec.moves() == std::vector<std::string>{"d4", "d5"});
}

TEST_CASE("reader: closes an unterminated variation at the next tag section",
          "[reader][splitter]") {
    auto g = read_string("[Event \"a\"]\n\n1. e4 (1. d4 d5\n\n[Event \"b\"]\n\n1. c4 1-0\n");
    REQUIRE(g.size() == 2);
    auto* d = g[0].rec.find(Code::UnterminatedVariation);
    REQUIRE(d);
    CHECK(d->loc.column == 7);
    CHECK(g[0].rec.events[g[0].rec.events.size() - 2].rfind(")", 0) == 0);
    CHECK(g[1].rec.diags.empty());
}

TEST_CASE("splitter: a bracket inside a comment is not a tag", "[splitter]") {
    auto g = read_string("[Event \"a\"]\n\n1. e4 {see\n[Event \"quoted\"]\n} e5 *\n");
    REQUIRE(g.size() == 1);
    CHECK(g[0].rec.diags.empty());
}

TEST_CASE("splitter: a 50 MB comment is capped and the next game is read", "[splitter][memory]") {
    std::string s = "[Event \"big\"]\n\n1. e4 {";
    s.append(50u << 20, 'x');
    s += "\nmore}\ne5 1-0\n\n[Event \"next\"]\n\n1. d4 *\n";
    MemorySource src(s);
    GameSplitter sp(src);
    PgnReader reader;
    GameSpan span;
    REQUIRE(sp.next(span));
    CHECK(span.text.size() < (2u << 20) + read_chunk_size);
    CHECK(span.length == s.find("\n\n[Event \"next"));
    REQUIRE(span.elisions.size() == 1);
    Recorder r;
    reader.read(span, r);
    CHECK(r.has(Code::Oversized));
    CHECK(!r.has(Code::UnterminatedComment));
    CHECK(r.moves() == std::vector<std::string>{"e4", "e5"});
    // locations after the elided bytes are still exact
    CHECK(std::find(r.events.begin(), r.events.end(), "move e5 @5:1") != r.events.end());
    REQUIRE(sp.next(span));
    CHECK(span.first_line == 7);
    CHECK(span.offset == s.find("[Event \"next"));
    CHECK(!sp.next(span));
}

TEST_CASE("splitter: a 10 MB tag value is capped", "[splitter][memory]") {
    std::string s = "[Event \"";
    s.append(10u << 20, 'v');
    s += "\"]\n[Site \"s\"]\n\n1. e4 *\n";
    auto g = read_string(s);
    REQUIRE(g.size() == 1);
    CHECK(g[0].rec.has(Code::Oversized));
    CHECK(g[0].rec.moves() == std::vector<std::string>{"e4"});
    CHECK(g[0].rec.tags.back() == std::pair<std::string, std::string>{"Site", "s"});
}

TEST_CASE("splitter: a game longer than the span limit is truncated, the next is read",
          "[splitter][memory]") {
    std::string s = "[Event \"long\"]\n\n";
    for (int i = 0; i < 200000; ++i) s += "1. e4 (1. d4) e5 ";
    s += "*\n\n[Event \"next\"]\n\n1. d4 *\n";
    MemorySource src(s);
    src.set_max_read(1u << 16);
    SplitterLimits lim;
    lim.span_keep_limit = 1u << 20;
    auto g = read_all(src, lim);
    REQUIRE(g.size() == 2);
    CHECK(g[0].truncated);
    CHECK(g[0].rec.has(Code::Oversized));
    CHECK(!g[0].rec.has(Code::UnterminatedVariation));
    CHECK(g[1].rec.diags.empty());
}

TEST_CASE("reader: 100k nested variations in bounded memory", "[reader][memory]") {
    std::string s = "[Event \"deep\"]\n\n1. e4 ";
    for (int i = 0; i < 100000; ++i) s += "( e4 ";
    for (int i = 0; i < 100000; ++i) s += ") ";
    s += "1-0\n\n[Event \"unclosed\"]\n\n1. e4 ";
    for (int i = 0; i < 1000000; ++i) s += "(";
    s += "\n";
    auto g = read_string(s);
    REQUIRE(g.size() == 2);
    CHECK(g[0].rec.diags.empty());
    CHECK(g[0].rec.moves().size() == 100001);
    REQUIRE(g[1].rec.find(Code::UnterminatedVariation));
    CHECK(g[1].rec.find(Code::UnterminatedVariation)->loc.column == 7);
    std::size_t ends = 0;
    for (auto& e : g[1].rec.events) ends += e[0] == ')';
    CHECK(ends == 1000000);
}

TEST_CASE("splitter: random bytes never crash or hang", "[splitter][fuzz]") {
    std::mt19937_64 rng(42);
    for (int round = 0; round < 30; ++round) {
        std::string s(1 + rng() % 20000, '\0');
        const char alphabet[] = "[]{}()\"\\;%$ \n\r\t10-*/.eE4x!?\xEF\xBB\xBF";
        for (auto& c : s)
            c = (rng() % 4 == 0) ? static_cast<char>(rng())
                                 : alphabet[rng() % (sizeof alphabet - 1)];
        auto whole = read_string(s);
        auto pieces = read_string(s, 1 + rng() % 13);
        REQUIRE(whole.size() == pieces.size());
        std::size_t total = 0;
        for (std::size_t i = 0; i < whole.size(); ++i) {
            CHECK(whole[i].text == pieces[i].text);
            total += whole[i].text.size();
        }
        CHECK(total <= s.size());
    }
}

TEST_CASE("splitter: after a blank line in a tag section, a name the game has starts the next one",
          "[splitter]") {
    // The names a tag section has are found through a filter (a bit per name): every usual
    // name, repeated after a blank line, starts a game; a name not yet there does not.
    const std::vector<std::string> names = {"Event",
                                            "Site",
                                            "Date",
                                            "Round",
                                            "White",
                                            "Black",
                                            "Result",
                                            "UTCDate",
                                            "UTCTime",
                                            "WhiteElo",
                                            "BlackElo",
                                            "WhiteRatingDiff",
                                            "BlackRatingDiff",
                                            "ECO",
                                            "Opening",
                                            "TimeControl",
                                            "Termination",
                                            "Variant",
                                            "WhiteTitle",
                                            "BlackTitle",
                                            "PlyCount",
                                            "EventDate",
                                            "FEN",
                                            "SetUp",
                                            "Annotator",
                                            "WhiteFideId",
                                            "BlackFideId",
                                            "WhiteTeam",
                                            "BlackTeam",
                                            "A",
                                            "Ab",
                                            "_",
                                            "EightChr",
                                            "NineChars",
                                            "SixteenCharName_"};
    for (std::size_t max_read : {0, 1, 7, 33}) {
        std::string before;
        for (std::size_t i = 0; i < names.size(); ++i) {
            const std::string line = "[" + names[i] + " \"v\"]\n";
            INFO("max_read " << max_read << " name " << names[i]);
            CHECK(read_string(before + "\n" + line + "\n*\n", max_read).size() == 1);
            before += line;
            CHECK(read_string(before + "\n" + line + "\n*\n", max_read).size() == 2);
            CHECK(read_string(before + line + "\n*\n", max_read).size() == 1); // no blank line
        }
    }
    // The first 64 names are kept: a repeat of a later one does not start a game.
    std::string many;
    for (int i = 0; i < 70; ++i) many += "[T" + std::to_string(i) + " \"v\"]\n";
    CHECK(read_string(many + "\n[T3 \"v\"]\n\n*\n").size() == 2);
    CHECK(read_string(many + "\n[T63 \"v\"]\n\n*\n").size() == 2);
    CHECK(read_string(many + "\n[T64 \"v\"]\n\n*\n").size() == 1);
}

TEST_CASE("splitter: DOS end-of-file bytes at line starts are not part of the games",
          "[splitter]") {
    // As DOS tools end a file, and as `copy /b a.pgn+b.pgn` joins two: the second game's
    // Event tag after the first file's Ctrl-Z is not lost, and nothing is reported.
    const std::string game = "[Event \"a\"]\n\n1. e4 e5 1-0\n";
    auto g = read_string(game + "\x1A[Event \"b\"]\n\n1. d4 d5 0-1\n\x1A\x1A");
    REQUIRE(g.size() == 2);
    CHECK(g[1].text.rfind("[Event \"b\"]", 0) == 0);
    CHECK(g[1].first_line == 4);
    CHECK(g[1].offset == game.size() + 1);
    CHECK(g[1].rec.tags.at(0).second == "b");
    CHECK(g[0].rec.diags.empty());
    CHECK(g[1].rec.diags.empty());
    // Without a line break at the end, before a BOM, and alone.
    g = read_string(game + "\x1A");
    REQUIRE(g.size() == 1);
    CHECK(g[0].rec.diags.empty());
    g = read_string("\x1A\xEF\xBB\xBF[Event \"c\"]\n\n*\n");
    REQUIRE(g.size() == 1);
    CHECK(g[0].rec.tags.at(0).second == "c");
    CHECK(read_string("\x1A").empty());
    // Closing the input's last line (a file without a final line break), or ending the last
    // line of text with only line breaks, blanks and Ctrl-Z after it: the text ends there (a
    // Ctrl-Z after blanks at a line start is skipped as one in column 1 is).
    for (const char* end :
         {"\x1A", "\x1A\x1A", " \x1A ", "\x1A \x1A", "\x1A\n", "\x1A\r\n", " \x1A \r\n\r\n",
          "\x1A\n\x1A", "\x1A\n  \x1A\n", "\n  \x1A", "\r\n\t\x1A \x1A\r\n", "\x1A\x1A\n\n \n"}) {
        INFO("end: '" << end << "'");
        for (std::size_t max_read : {std::size_t{0}, std::size_t{1}, std::size_t{5}}) {
            g = read_string("[Event \"a\"]\n\n1. e4 e5 1-0" + std::string(end), max_read);
            REQUIRE(g.size() == 1);
            CHECK(g[0].text == "[Event \"a\"]\n\n1. e4 e5 1-0");
            CHECK(g[0].rec.diags.empty());
        }
    }
    // A tag line glued to the last game's line, then the Ctrl-Z: the next game begins there.
    for (const char* end : {"\x1A", " \x1A", "\x1A \x1A"}) {
        INFO("end: '" << end << "'");
        for (std::size_t max_read : {std::size_t{0}, std::size_t{1}, std::size_t{5}}) {
            g = read_string("[Event \"a\"]\n\n1. e4 e5 1-0[Event \"b\"]" + std::string(end),
                            max_read);
            REQUIRE(g.size() == 2);
            CHECK(g[0].text == "[Event \"a\"]\n\n1. e4 e5 1-0");
            CHECK(g[1].text == "[Event \"b\"]");
            CHECK(g[1].rec.tags.at(0).second == "b");
            CHECK(g[0].rec.diags.empty());
            CHECK(!g[1].rec.has(Code::UnexpectedText));
        }
    }
    // Blanks and a Ctrl-Z before the next game's first tag: skipped, the columns counted.
    g = read_string(game + "  \x1A[Event \"b\"]\n\n*\n");
    REQUIRE(g.size() == 2);
    CHECK(g[1].text.rfind("[Event \"b\"]", 0) == 0);
    CHECK(g[1].first_column == 4);
    CHECK(g[1].offset == game.size() + 3);
    CHECK(g[1].rec.diags.empty());
    // Elsewhere it is a control byte like the others (reported in movetext): in a line, at
    // the end of a line that more text follows, on a line of its own inside a game.
    for (const char* text :
         {"[Event \"d\"]\n\n1. e4 \x1A e5 *\n", "[Event \"d\"]\n\n1. e4 e5 \x1A*",
          "[Event \"d\"]\n\n1. e4 e5 *\x1A\n\n[Event \"e\"]\n\n*\n",
          "[Event \"d\"]\n\n1. e4\n \x1A\n e5 *\n"}) {
        INFO(text);
        g = read_string(text);
        REQUIRE(!g.empty());
        CHECK(g[0].rec.has(Code::UnexpectedText));
    }
}

TEST_CASE("splitter: a tag line glued to a game's last line begins the next game", "[splitter]") {
    // `cat a.pgn b.pgn` when a.pgn lacks its final line break (`copy /b` leaves a Ctrl-Z
    // between them): b's first tag line follows a's termination marker on one line. It was
    // read as a stray tag in a's movetext, and b's game began without it.
    const std::string a = "[Event \"a\"]\n\n1. e4 e5 1-0";
    const std::string b = "[Event \"b\"]\n[Site \"x\"]\n\n1. d4 d5 0-1\n";
    for (const std::string& between :
         {std::string(), std::string(" "), std::string("\x1A"), std::string(" \x1A ")}) {
        INFO("between: '" << between << "'");
        for (std::size_t max_read : {std::size_t{0}, std::size_t{1}, std::size_t{7}}) {
            const auto g = read_string(a + between + b, max_read);
            REQUIRE(g.size() == 2);
            CHECK(g[0].text == a);
            CHECK(g[0].rec.diags.empty());
            CHECK(g[1].text.rfind("[Event \"b\"]", 0) == 0);
            CHECK(g[1].first_line == 3);
            CHECK(g[1].offset == a.size() + between.size());
            REQUIRE(g[1].rec.tags.size() == 2);
            CHECK(g[1].rec.tags[1].second == "x");
            CHECK(g[1].rec.diags.empty());
        }
    }
    // CR LF lines, blanks after the tag, the tag with an escape-free value of any text.
    auto g = read_string("[Event \"a\"]\r\n\r\n1. e4 e5 2. Nf3 1/2-1/2[Event \"b c\"]  \r\n\r\n"
                         "1. d4 *\r\n");
    REQUIRE(g.size() == 2);
    CHECK(g[1].rec.tags.at(0).second == "b c");
    CHECK(g[0].rec.diags.empty());
    // Not a game's end: no marker before the `[`, a marker in a comment or a variation.
    for (const char* line : {"1. e4 e5[Event \"b\"]", "1. e4 {1-0[Event \"b\"]",
                             "1. e4 (1. d4 1-0[Event \"b\"]", "1. e4 e5 a1-0[Event \"b\"]",
                             // the value leaves the state the line had before: after a `;`,
                             // in a variation, in a comment begun before the marker
                             "1. e4 ; 1-0[Event \"b;c\"]", "1. e4 (1. d4 1-0[Event \"b (c\"]",
                             "1. e4 {1-0[Event \"b {c\"]", "1. e4 {x 1-0[Event \"b (c)\"]",
                             // the closing quote escaped
                             "1. e4 e5 1-0[Event \"b\\\"]"}) {
        INFO(line);
        g = read_string(std::string("[Event \"a\"]\n\n") + line + "\n\n1. Nf3 *\n");
        REQUIRE(!g.empty());
        CHECK(g[0].rec.tags.size() == 1);
    }
}

TEST_CASE("splitter: a glued tag line whose value is not plain text, or after a BOM",
          "[splitter]") {
    // The value read as movetext after the marker opens a variation, a comment, a `;`
    // comment or escapes: the line's state at its end says the marker was outside comments
    // and variations all the same. `cat` of a file that begins with a byte-order mark leaves it
    // between the marker and the `[`.
    const std::string a = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 (2. Nc3) 1-0";
    const std::string rest = "\n[Site \"x\"]\n\n1. d4 d5 0-1\n";
    struct Case {
        std::string between, value, read; // read: the value as the reader gives it
    };
    for (const Case& c :
         {Case{"", "Open (Rapid)", "Open (Rapid)"}, Case{"", "Open (Rapid", "Open (Rapid"},
          Case{"", "Open ((Rapid) x", "Open ((Rapid) x"}, Case{"", "Smith; Jones", "Smith; Jones"},
          Case{"", "(a); b)", "(a); b)"}, Case{"", "b \\\" c", "b \" c"},
          Case{"", "b \\\\", "b \\"}, Case{"\xEF\xBB\xBF", "b", "b"},
          Case{" \x1A\xEF\xBB\xBF ", "b (c)", "b (c)"}, Case{"", "Rapid)", "Rapid)"},
          Case{"", "a )) (b", "a )) (b"}, Case{"", "b {c}", "b {c}"},
          Case{"", "b {c (d", "b {c (d"}, Case{"", "b } {c", "b } {c"},
          Case{"", "b (c {d) e} ;f", "b (c {d) e} ;f"}}) {
        INFO("between: '" << c.between << "', value: " << c.value);
        const std::string text = a + c.between + "[Event \"" + c.value + "\"]" + rest;
        for (std::size_t max_read : {std::size_t{0}, std::size_t{1}, std::size_t{7}}) {
            const auto g = read_string(text, max_read);
            REQUIRE(g.size() == 2);
            CHECK(g[0].text == a);
            CHECK(g[0].rec.diags.empty());
            CHECK(g[1].first_line == 3);
            CHECK(g[1].offset == a.size() + c.between.size());
            CHECK(g[1].first_column == a.size() - a.rfind('\n') + c.between.size());
            REQUIRE(g[1].rec.tags.size() == 2);
            CHECK(g[1].rec.tags[0].second == c.read);
            CHECK(g[1].rec.diags.empty());
        }
    }
    // At the very end of the input, without a line break: a game of one tag.
    for (std::size_t max_read : {std::size_t{0}, std::size_t{1}, std::size_t{7}}) {
        const auto g = read_string(a + "[Event \"b (c)\"] ", max_read);
        REQUIRE(g.size() == 2);
        CHECK(g[0].text == a);
        CHECK(g[1].text == "[Event \"b (c)\"] ");
        REQUIRE(g[1].rec.tags.size() == 1);
        CHECK(g[1].rec.tags[0].second == "b (c)");
    }
}
