#include "pgnkit/cmd/convert/pgn_writer.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

using namespace pgnkit;
using namespace pgnkit::app;

namespace {

struct Converted {
    std::string text;                  ///< converted games (raw text for the others)
    std::vector<GameVerdict> verdicts; ///< per game
    std::vector<ResultFix> fixes;
    int transcoded = 0;
};

Converted convert(const std::string& pgn, const PgnWriterOptions& opts = {}) {
    MemorySource src(pgn);
    GameSplitter splitter(src);
    PgnReader reader;
    PgnWriter w(opts);
    Converted out;
    GameSpan span;
    while (splitter.next(span)) {
        reader.read(span, w);
        out.verdicts.push_back(w.verdict());
        out.fixes.push_back(w.result_fix());
        out.transcoded += w.transcoded();
        if (w.verdict() == GameVerdict::Converted)
            w.append_to(out.text);
        else
            out.text.append(span.text);
    }
    return out;
}

std::string tags7(std::string result = "*", std::string extra = {}) {
    return "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n"
           "[Black \"b\"]\n[Result \"" +
           result + "\"]\n" + extra;
}

std::string game(std::string movetext, std::string result = "*", std::string extra = {}) {
    return tags7(result, extra) + "\n" + movetext + "\n\n";
}

/// The movetext of a converted single game (after the blank line that ends the tags).
std::string movetext_of(const std::string& out) {
    auto p = out.find("\n\n");
    return p == std::string::npos ? out : out.substr(p + 2);
}

std::vector<std::string> lines_of(const std::string& s) {
    std::vector<std::string> v;
    std::istringstream in(s);
    for (std::string l; std::getline(in, l);) v.push_back(l);
    return v;
}

const char* const Ruy =
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. "
    "c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 "
    "b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. "
    "Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5 Rae8";

} // namespace

TEST_CASE("pgn_writer: the Seven Tag Roster comes first, in order, then the other tags in theirs",
          "[pgn_writer]") {
    std::string in = "[Black \"b\"]\n[ECO \"C20\"]\n[White \"w\"]\n[Annotator \"x\"]\n"
                     "[Result \"1-0\"]\n\n1. e4 1-0\n\n";
    auto c = convert(in);
    REQUIRE(c.verdicts == std::vector<GameVerdict>{GameVerdict::Converted});
    CHECK(c.text == "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                    "[White \"w\"]\n[Black \"b\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n"
                    "[Annotator \"x\"]\n\n1. e4 1-0\n\n");
}

TEST_CASE("pgn_writer: tag values are escaped", "[pgn_writer]") {
    auto c = convert(game("1. e4 *", "*", "[Annotator \"a \\\"q\\\" \\\\ b\"]\n"));
    CHECK(c.text.find("[Annotator \"a \\\"q\\\" \\\\ b\"]\n") != std::string::npos);
}

TEST_CASE("pgn_writer: lines are at most 79 columns and tokens are never split", "[pgn_writer]") {
    std::string long_comment = "{";
    for (int i = 0; i < 40; ++i) long_comment += " word" + std::to_string(i);
    long_comment += "}";
    auto c = convert(game(std::string(Ruy) + " " + long_comment + " *"));
    REQUIRE(c.verdicts[0] == GameVerdict::Converted);
    auto mt = movetext_of(c.text);
    for (const auto& l : lines_of(mt)) {
        CHECK(l.size() <= 79);
        CHECK(l.find("  ") == std::string::npos);
    }
    // The movetext is the same tokens, only re-spaced.
    std::string flat = mt;
    for (char& ch : flat)
        if (ch == '\n') ch = ' ';
    CHECK(flat.find("13. Nc3 Bb7 14. Bg5") != std::string::npos);
    CHECK(flat.find("{word0 word1 word2") != std::string::npos);
    CHECK(flat.find("word39} *") != std::string::npos);
    // A line is filled up to the width: the first line takes the 79-column break.
    auto first = lines_of(mt)[0];
    CHECK(first.size() >= 70);
}

TEST_CASE("pgn_writer: a word longer than a line stands on its own line", "[pgn_writer]") {
    std::string w(100, 'x');
    auto c = convert(game("1. e4 {a " + w + " b} *"));
    CHECK(movetext_of(c.text) == "1. e4 {a\n" + w + "\nb} *\n\n");
}

TEST_CASE("pgn_writer: black moves get N... after comments and variations", "[pgn_writer]") {
    auto c = convert(game("1. e4 {good} e5 (1... c5 2. Nf3 (2. Nc3) d6) 2. Nf3 $1 Nc6 *"));
    CHECK(movetext_of(c.text) ==
          "1. e4 {good} 1... e5 (1... c5 2. Nf3 (2. Nc3) 2... d6) 2. Nf3 $1 Nc6 *\n\n");
}

TEST_CASE("pgn_writer: superfluous move numbers go, missing ones come", "[pgn_writer]") {
    auto c = convert(game("1.e4 1...e5 Nf3 2... Nc6 *"));
    CHECK(movetext_of(c.text) == "1. e4 e5 2. Nf3 Nc6 *\n\n");
}

TEST_CASE("pgn_writer: a game from a position with Black to move starts with N...",
          "[pgn_writer]") {
    std::string fen = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n";
    auto c = convert(game("12... Kd7 13. e4 *", "*", fen));
    REQUIRE(c.verdicts[0] == GameVerdict::Converted);
    CHECK(movetext_of(c.text) == "12... Kd7 13. e4 *\n\n");
    CHECK(c.text.find(fen) != std::string::npos);
}

TEST_CASE("pgn_writer: moves become canonical SAN and glyphs become NAGs", "[pgn_writer]") {
    auto c = convert(game("1. e2e4 e7-e5 2. Ng1f3!? Nb8-c6 3. Bb5 a6?? 4. Bxc6 dxc6 5. 0-0 *"));
    REQUIRE(c.verdicts[0] == GameVerdict::Converted);
    CHECK(movetext_of(c.text) == "1. e4 e5 2. Nf3 $5 Nc6 3. Bb5 a6 $4 4. Bxc6 dxc6 5. O-O *\n\n");
}

TEST_CASE("pgn_writer: a missing termination marker is taken from the Result tag", "[pgn_writer]") {
    auto c = convert(game("1. e4 e5", "1/2-1/2"));
    CHECK(movetext_of(c.text) == "1. e4 e5 1/2-1/2\n\n");
    auto d = convert("1. e4 e5\n\n");
    CHECK(d.text.find("[Result \"*\"]") != std::string::npos);
    CHECK(movetext_of(d.text) == "1. e4 e5 *\n\n");
}

TEST_CASE("pgn_writer: a game without any result that the rules ended gets that result",
          "[pgn_writer]") {
    // Regression (found by tests/fuzz/fuzz_convert.cpp): no Result tag and no marker, the main
    // line ending in checkmate. `*` was written, and the output, converted again, was invalid
    // (result-contradicts-position). Now the rules' result, reported as a fix.
    auto mate = convert("[Event \"e\"]\n\n1. f3 e6 2. g4 Qh4#\n\n");
    REQUIRE(mate.verdicts == std::vector<GameVerdict>{GameVerdict::Converted});
    CHECK(mate.text.find("[Result \"0-1\"]") != std::string::npos);
    CHECK(movetext_of(mate.text) == "1. f3 e6 2. g4 Qh4# 0-1\n\n");
    CHECK(mate.fixes[0].from.empty());
    CHECK(mate.fixes[0].to == "0-1");
    CHECK(mate.fixes[0].why == LineEnd::Checkmate);
    auto again = convert(mate.text);
    CHECK(again.verdicts == std::vector<GameVerdict>{GameVerdict::Converted});
    CHECK(again.text == mate.text);
    // Stalemate: a draw. A game the rules did not end keeps `*`.
    auto stalemate =
        convert("[FEN \"7k/4Q3/6K1/8/8/8/8/8 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Qf7\n\n");
    CHECK(movetext_of(stalemate.text) == "1. Qf7 1/2-1/2\n\n");
    auto open = convert("1. e4 e5\n\n");
    CHECK(movetext_of(open.text) == "1. e4 e5 *\n\n");
    CHECK(open.fixes[0].to.empty());
}

TEST_CASE("pgn_writer: long algebraic in another language's letters reads back the same",
          "[pgn_writer]") {
    // Regression (found by tests/fuzz/fuzz_convert.cpp): --moves lan wrote English letters
    // whatever --piece-letters said, and the output, read with those letters, was invalid.
    PgnWriterOptions o;
    o.moves = MoveNotation::Lan;
    REQUIRE(resolve_piece_letters("de", o.piece_letters));
    auto first = convert(game("1. Nf3 d5 2. g3 Bg4 3. Bg2 Nd7 4. O-O e5 5. d3 Bxf3", "*"), o);
    REQUIRE(first.verdicts == std::vector<GameVerdict>{GameVerdict::Converted});
    CHECK(movetext_of(first.text) ==
          "1. Sg1-f3 d7-d5 2. g2-g3 Lc8-g4 3. Lf1-g2 Sb8-d7 4. O-O e7-e5 5. d2-d3 Lg4xf3 *\n\n");
    o.input_piece_letters = o.piece_letters; // as the CLI reads the output back
    auto again = convert(first.text, o);
    CHECK(again.verdicts == std::vector<GameVerdict>{GameVerdict::Converted});
    CHECK(again.text == first.text);
}

TEST_CASE("pgn_writer: an empty variation is left out", "[pgn_writer]") {
    auto c = convert(game("1. e4 e5 2. Nf3 ( ) Nc6 ( 2... ) 3. Bb5 *"));
    CHECK(movetext_of(c.text) == "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n");
}

TEST_CASE("pgn_writer: a semicolon comment holding } stays a semicolon comment", "[pgn_writer]") {
    auto c = convert(game("1. e4 ; a } b\ne5 *"));
    CHECK(movetext_of(c.text) == "1. e4 ;a } b\n1... e5 *\n\n");
    CHECK(convert(c.text).text == c.text);
    auto d = convert(game("1. e4 ; plain\ne5 *"));
    CHECK(movetext_of(d.text) == "1. e4 {plain} 1... e5 *\n\n");
}

TEST_CASE("pgn_writer: a comment word starting with % never starts a line", "[pgn_writer]") {
    std::string filler(70, 'y');
    auto c = convert(game("1. e4 {" + filler + " %zz}" + " *"));
    for (const auto& l : lines_of(movetext_of(c.text))) CHECK((l.empty() || l[0] != '%'));
}

TEST_CASE("pgn_writer: --strip removes what it names", "[pgn_writer]") {
    std::string in = game("1. e4 $1 {c1} e5 (1... c5 {c2} 2. Nf3) 2. Nf3 *");
    PgnWriterOptions o;
    o.strip_comments = true;
    CHECK(movetext_of(convert(in, o).text) == "1. e4 $1 e5 (1... c5 2. Nf3) 2. Nf3 *\n\n");
    o = {};
    o.strip_variations = true;
    CHECK(movetext_of(convert(in, o).text) == "1. e4 $1 {c1} 1... e5 2. Nf3 *\n\n");
    o = {};
    o.strip_nags = true;
    CHECK(movetext_of(convert(in, o).text) ==
          "1. e4 {c1} 1... e5 (1... c5 {c2} 2. Nf3) 2. Nf3 *\n\n");
}

TEST_CASE("pgn_writer: --strip clocks,evals keeps other commands and the text", "[pgn_writer]") {
    std::string in = game("1. e4 { [%eval 0.17] [%clk 0:03:00] } e5 { [%clk 0:02:59] ok "
                          "[%emt 0:00:01] [%csl Ga4] } 2. Nf3 {[%eval #-3,20]} *");
    PgnWriterOptions o;
    o.strip_clocks = true;
    CHECK(movetext_of(convert(in, o).text) ==
          "1. e4 {[%eval 0.17]} 1... e5 {ok [%emt 0:00:01] [%csl Ga4]} 2. Nf3 {[%eval\n"
          "#-3,20]} *\n\n");
    o.strip_evals = true;
    CHECK(movetext_of(convert(in, o).text) ==
          "1. e4 e5 {ok [%emt 0:00:01] [%csl Ga4]} 2. Nf3 *\n\n");
}

TEST_CASE("pgn_writer: strip_comment_commands", "[pgn_writer]") {
    std::string out;
    strip_comment_commands("a [%clk 1:00] b [%eval 0.1] c [%emt 2] [%clk", true, false, out);
    CHECK(out == "a   b [%eval 0.1] c [%emt 2] [%clk");
    strip_comment_commands("[%eval 1][%clk 2]", true, true, out);
    CHECK(out == "  ");
}

TEST_CASE("pgn_writer: --tags str, none and a list", "[pgn_writer]") {
    std::string in = game("1. e4 *", "*", "[ECO \"C20\"]\n[Opening \"x\"]\n[WhiteElo \"2000\"]\n");
    PgnWriterOptions o;
    o.tags = TagSelection::Str;
    CHECK(convert(in, o).text == tags7() + "\n1. e4 *\n\n");
    o.tags = TagSelection::None;
    CHECK(convert(in, o).text == "1. e4 *\n\n");
    o.tags = TagSelection::List;
    o.tag_list = {"White", "WhiteElo", "ECO", "Missing"};
    CHECK(convert(in, o).text ==
          "[White \"w\"]\n[ECO \"C20\"]\n[WhiteElo \"2000\"]\n\n1. e4 *\n\n");
}

TEST_CASE("pgn_writer: SetUp and FEN are kept whatever --tags says", "[pgn_writer]") {
    std::string fen = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n";
    PgnWriterOptions o;
    o.tags = TagSelection::None;
    CHECK(convert(game("1. e4 *", "*", fen), o).text == fen + "\n1. e4 *\n\n");
}

TEST_CASE("pgn_writer: --sort-tags orders the tags after the roster by name", "[pgn_writer]") {
    PgnWriterOptions o;
    o.sort_tags = true;
    o.add_plycount = true;
    auto c = convert(game("1. e4 *", "*", "[WhiteElo \"1\"]\n[ECO \"C20\"]\n[Opening \"o\"]\n"), o);
    CHECK(c.text == tags7("*", "[ECO \"C20\"]\n[Opening \"o\"]\n[PlyCount \"1\"]\n"
                               "[WhiteElo \"1\"]\n") +
                        "\n1. e4 *\n\n");
}

TEST_CASE("pgn_writer: --reduced options give the reduced export format", "[pgn_writer]") {
    PgnWriterOptions o;
    o.tags = TagSelection::Str;
    o.strip_comments = o.strip_variations = o.strip_nags = true;
    auto c = convert(game("1. e4! {c} e5 (1... c5) 2. Nf3 *", "*", "[ECO \"C20\"]\n"), o);
    CHECK(c.text == tags7() + "\n1. e4 e5 2. Nf3 *\n\n");
}

TEST_CASE("pgn_writer: --add-plycount and --add-fen", "[pgn_writer]") {
    PgnWriterOptions o;
    o.add_plycount = true;
    o.add_fen = true;
    auto c = convert(game("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *", "*", "[PlyCount \"99\"]\n"), o);
    CHECK(c.text == tags7("*",
                          "[PlyCount \"3\"]\n[FinalFEN "
                          "\"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\"]\n") +
                        "\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n\n");
    CHECK(convert(c.text, o).text == c.text);
}

TEST_CASE("pgn_writer: --fix-result sets the result a mate or stalemate decides", "[pgn_writer]") {
    PgnWriterOptions o;
    o.fix_result = true;
    // Fool's mate with the wrong result: an error that the fix repairs.
    std::string mate = game("1. f3 e5 2. g4 Qh4# 1-0", "1-0");
    auto plain = convert(mate);
    CHECK(plain.verdicts[0] == GameVerdict::Invalid);
    auto c = convert(mate, o);
    REQUIRE(c.verdicts[0] == GameVerdict::Converted);
    CHECK(c.text.find("[Result \"0-1\"]") != std::string::npos);
    CHECK(movetext_of(c.text) == "1. f3 e5 2. g4 Qh4# 0-1\n\n");
    CHECK(c.fixes[0].from == "1-0");
    CHECK(c.fixes[0].to == "0-1");
    CHECK(c.fixes[0].why == LineEnd::Checkmate);
    // No result at all: the mate gives it.
    auto d = convert(game("1. f3 e5 2. g4 Qh4#", "*"), o);
    CHECK(movetext_of(d.text) == "1. f3 e5 2. g4 Qh4# 0-1\n\n");
    // Stalemate: a draw.
    std::string st =
        game("1. Qc7 *", "*", "[SetUp \"1\"]\n[FEN \"k7/8/1K6/8/8/8/8/2Q5 w - - 0 1\"]\n");
    auto s = convert(st, o);
    REQUIRE(s.verdicts[0] == GameVerdict::Converted);
    CHECK(movetext_of(s.text) == "1. Qc7 1/2-1/2\n\n");
    CHECK(s.fixes[0].why == LineEnd::Stalemate);
    // An undecided game keeps its result; nothing is reported.
    auto u = convert(game("1. e4 e5 1-0", "1-0"), o);
    CHECK(movetext_of(u.text) == "1. e4 e5 1-0\n\n");
    CHECK(u.fixes[0].to.empty());
}

TEST_CASE("pgn_writer: --moves lan, uci and figurine", "[pgn_writer]") {
    std::string in = game("1. e4 d5 2. exd5 Nf6 3. Nc3 Nxd5 4. Qh5 Nb4 5. Qxf7+ Kd7 *");
    PgnWriterOptions o;
    o.moves = MoveNotation::Lan;
    CHECK(movetext_of(convert(in, o).text) ==
          "1. e2-e4 d7-d5 2. e4xd5 Ng8-f6 3. Nb1-c3 Nf6xd5 4. Qd1-h5 Nd5-b4 5. Qh5xf7+\n"
          "Ke8-d7 *\n\n");
    o.moves = MoveNotation::Uci;
    CHECK(movetext_of(convert(in, o).text) ==
          "1. e2e4 d7d5 2. e4d5 g8f6 3. b1c3 f6d5 4. d1h5 d5b4 5. h5f7 e8d7 *\n\n");
    o.moves = MoveNotation::Figurine;
    CHECK(movetext_of(convert(in, o).text) ==
          "1. e4 d5 2. exd5 \u2658f6 3. \u2658c3 \u2658xd5 4. \u2655h5 \u2658b4 5. \u2655xf7+ "
          "\u2654d7 *\n\n");
    // Each notation reads back to the same output.
    for (auto m : {MoveNotation::Lan, MoveNotation::Uci, MoveNotation::Figurine}) {
        o.moves = m;
        auto once = convert(in, o).text;
        CHECK(convert(once, o).text == once);
    }
}

TEST_CASE("pgn_writer: piece letters of other languages, out and in", "[pgn_writer]") {
    std::string in = game("1. e4 e5 2. Nf3 Nc6 3. Bb5 Qe7 4. O-O *");
    PgnWriterOptions o;
    REQUIRE(resolve_piece_letters("de", o.piece_letters));
    auto de = convert(in, o);
    CHECK(movetext_of(de.text) == "1. e4 e5 2. Sf3 Sc6 3. Lb5 De7 4. O-O *\n\n");
    // Read back with the same letters: unchanged; read as German, written in English.
    o.input_piece_letters = o.piece_letters;
    CHECK(convert(de.text, o).text == de.text);
    PgnWriterOptions en;
    en.input_piece_letters = o.piece_letters;
    CHECK(convert(de.text, en).text == convert(in).text);
}

TEST_CASE("pgn_writer: resolve_piece_letters takes presets and letter sets", "[pgn_writer]") {
    std::string out;
    CHECK(resolve_piece_letters("fr", out));
    CHECK(out == "RDTFCP");
    CHECK(resolve_piece_letters("KDTLS", out));
    CHECK(out == "KDTLS");
    CHECK(resolve_piece_letters("en", out));
    CHECK(out.empty());
    CHECK(resolve_piece_letters("KQRBN", out));
    CHECK(out.empty());
    CHECK_FALSE(resolve_piece_letters("KDT", out));
    CHECK_FALSE(resolve_piece_letters("KDTLL", out));
    CHECK_FALSE(resolve_piece_letters("kdtls", out));
    CHECK_FALSE(resolve_piece_letters("KOTLS", out));
    CHECK_FALSE(resolve_piece_letters("xx", out));
}

TEST_CASE("pgn_writer: a game with an error is not converted", "[pgn_writer]") {
    auto c = convert(game("1. e4 e5 2. Ke3 *") + game("1. d4 *"));
    CHECK(c.verdicts == std::vector<GameVerdict>{GameVerdict::Invalid, GameVerdict::Converted});
}

TEST_CASE("pgn_writer: a variation before the first move leaves the game unconverted",
          "[pgn_writer]") {
    auto c = convert(game("(1. d4) 1. e4 *"));
    CHECK(c.verdicts[0] == GameVerdict::Unconverted);
}

TEST_CASE("pgn_writer: Latin-1 text is transcoded to UTF-8", "[pgn_writer]") {
    std::string in = game("1. e4 {J\xF6rg} *", "*", "[Annotator \"M\xFCller\"]\n");
    auto c = convert(in);
    REQUIRE(c.verdicts[0] == GameVerdict::Converted);
    CHECK(c.transcoded == 1);
    CHECK(c.text.find("[Annotator \"M\xC3\xBCller\"]") != std::string::npos);
    CHECK(movetext_of(c.text) == "1. e4 {J\xC3\xB6rg} *\n\n");
    CHECK(is_valid_utf8(c.text));
}

TEST_CASE("pgn_writer: converting the output again changes nothing", "[pgn_writer]") {
    std::string in =
        game(std::string(Ruy) + " {a long comment that wraps over the end of the line for sure, "
                                "does it not?} (23... Qg5 {x} (23... Qe7) 24. Qd2) 24. Qd2 $14 *") +
        game("1. e4 (1. d4 d5 (1... Nf6) 2. c4) (1. c4) 1... e5 {x} 2. Nf3 1-0", "1-0") +
        "1. e4 c5 2. Nf3\n\n";
    auto once = convert(in).text;
    CHECK(convert(once).text == once);
}
