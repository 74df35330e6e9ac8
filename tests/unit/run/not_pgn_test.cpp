#include "pgnkit/run/pipeline.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace pgnkit;
using namespace pgnkit::app;

TEST_CASE("looks_like_pgn: a tag line or a line starting like movetext makes a game") {
    // Games: tags, move numbers, moves, results, comments, variations, NAGs.
    for (const char* text : {"[Event \"x\"]\n", "1. e4 e5 *\n", "e4 e5 Nf3 *\n", "Nf3 Nf6\n",
                             "O-O\n", "0-1\n", "*\n", "{ a comment }\n1. e4\n", "; a comment\n",
                             "( 1. d4 )\n", "$1\n", "e4!? e5\n", "exd5\n", "e8=Q\n", "Ng1f3\n",
                             "\xEF\xBB\xBF"
                             "1. e4\n",
                             // The first line is prose, a later one movetext: a game (its errors
                             // are the reader's).
                             "Some words first\n1. e4 e5 *\n", "   \t  d4 d5\r\n",
                             // Xiangqi movetext without tags or move numbers (issue 45).
                             "h2e2 h9g7\n", "H2-E2 H9-G7\n", "C2.5 H8+7\n",
                             "\xE7\x82\xAE\xE4\xBA\x8C\xE5\xB9\xB3\xE4\xBA\x94\n"}) {
        INFO(text);
        CHECK(looks_like_pgn(text));
    }
    // Text: no line starts like PGN (a `%` escape line is no movetext either).
    for (const char* text :
         {"This game was played in the last round.\n", "Received: from mail\nSubject: games\n",
          "-- \nsent from my phone\n", "the end", "a nice game\n", "% escape\nhello\n", "\n\n  \n",
          "\xEF\xBB\xBFnot pgn\n", "Zz9 words\n", "e9 is no square\n"}) {
        INFO(text);
        CHECK_FALSE(looks_like_pgn(text));
    }
}

TEST_CASE("describe_not_pgn: where the text starts, its first word and its line count") {
    GameSpan span;
    span.first_line = 10;
    span.offset = 1000;

    const std::string a = "\n  \nThis game was played\nin the last round.\n\n";
    span.text = a;
    NotPgnText d = describe_not_pgn(span);
    CHECK(d.at.line == 12);
    CHECK(d.at.column == 1);
    CHECK(d.at.offset == 1004);
    CHECK(d.first_word == "This");
    CHECK(d.lines == 2);
    CHECK(not_pgn_message(d) == "text between games is not PGN; skipped (2 lines)");

    const std::string b = "  the end"; // no final line break
    span.text = b;
    d = describe_not_pgn(span);
    CHECK(d.at.line == 10);
    CHECK(d.at.column == 3);
    CHECK(d.at.offset == 1002);
    CHECK(d.first_word == "the");
    CHECK(d.lines == 1);
    CHECK(not_pgn_message(d) == "text between games is not PGN; skipped (1 line)");

    const std::string c = "one\r\ntwo\rthree\r\n"; // CRLF and CR line ends
    span.text = c;
    d = describe_not_pgn(span);
    CHECK(d.at.line == 10);
    CHECK(d.first_word == "one");
    CHECK(d.lines == 3);

    span.file = "f.pgn";
    CHECK(not_pgn_report(span) ==
          "f.pgn:10:1: warning[unexpected-text]: text between games is not PGN; skipped (3 "
          "lines)\n");
}
