// Game counts and error locations over the real edge-case PGNs in tests/data/pgn/edge.
#include "pgn_test_util.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>

using namespace pgnkit;
using namespace pgnkit::test;

TEST_CASE("corpus: print game counts", "[.corpus-dump]") {
    for (auto& e : std::filesystem::recursive_directory_iterator(corpus(""))) {
        if (!e.is_regular_file() || e.path().extension() != ".pgn") continue;
        auto src = open_source(e.path().string());
        auto games = read_all(*src);
        std::size_t errors = 0;
        for (auto& g : games)
            for (auto& d : g.rec.diags)
                if (d.severity == Severity::Error) ++errors;
        std::printf("%zu\t%zu\t%s\n", games.size(), errors,
                    e.path().lexically_relative(corpus("")).c_str());
    }
}

TEST_CASE("corpus: print spans of $PGNKIT_DUMP", "[.span-dump]") {
    const char* f = std::getenv("PGNKIT_DUMP");
    if (!f) return;
    auto src = open_source(f);
    for (auto& g : read_all(*src)) {
        std::printf("---- line %llu\n%s\n", static_cast<unsigned long long>(g.first_line),
                    g.text.substr(0, 300).c_str());
        for (auto& d : g.rec.diags)
            std::printf("  !! %s %llu:%llu %s\n", std::string(code_name(d.code)).c_str(),
                        static_cast<unsigned long long>(d.loc.line),
                        static_cast<unsigned long long>(d.loc.column), d.message.c_str());
    }
}

TEST_CASE("corpus: kokopu game counts match pgns-game-counts.tsv", "[corpus][splitter]") {
    std::ifstream tsv(corpus("kokopu/pgns-game-counts.tsv"));
    std::string label;
    std::size_t expected = 0;
    std::getline(tsv, label); // header
    int cases = 0;
    while (tsv >> label >> expected) {
        // kokopu lets an unclosed comment swallow the rest of the file (1 game); we close
        // it at the next tag section after a blank line, so the valid game after it is read.
        if (label == "syntactic-error-4") expected = 2;
        INFO(label);
        CHECK(read_file("kokopu/" + label + "/database.pgn").size() == expected);
        ++cases;
    }
    CHECK(cases == 23);
}

TEST_CASE("corpus: kokopu syntax errors are reported on the line kokopu names",
          "[corpus][reader]") {
    struct Case {
        std::string dir;
        int game;
    };
    // Only errors that are syntactic for a chess-agnostic reader (not "Pe4", "pawn" …).
    std::vector<Case> cases{
        {"syntactic-error-1", 2},  {"syntactic-error-1", 3},  {"syntactic-error-1", 4},
        {"syntactic-error-1", 5},  {"syntactic-error-1", 6},  {"syntactic-error-1", 8},
        {"syntactic-error-1", 12}, {"syntactic-error-1", 14}, {"syntactic-error-1", 15},
        {"syntactic-error-1", 16}, {"syntactic-error-1", 18}, {"syntactic-error-1", 19},
        {"syntactic-error-4", 0},  {"syntactic-error-5", 0},  {"redos-comment", 0},
        {"redos-header", 0}};
    for (auto& c : cases) {
        auto games = read_file("kokopu/" + c.dir + "/database.pgn");
        std::ifstream err(corpus("kokopu/" + c.dir + "/" + std::to_string(c.game) + ".err"));
        std::uint64_t offset = 0, line = 0;
        err >> offset >> line;
        INFO(c.dir << " game " << c.game << " expected line " << line);
        REQUIRE(static_cast<std::size_t>(c.game) < games.size());
        bool found = false;
        for (auto& d : games[c.game].rec.diags)
            if (d.loc.line == line && d.code != Code::MissingResult) found = true;
        CHECK(found);
    }
}

TEST_CASE("corpus: game counts of the edge-case files", "[corpus][splitter]") {
    // Checked by hand against each file (tags-only sections, movetext-only lines, …).
    std::map<std::string, std::size_t> expected{
        {"chessops/headers-and-moves-on-the-same-line.pgn", 3},
        {"chessops/leading-whitespace.pgn", 4},
        {"chessops/pathological-headers.pgn", 1},
        {"chessx/game1.pgn", 2},
        {"chessx/game10.pgn", 10},
        {"chessx/t1-crlf.pgn", 1},
        {"disservin/backslash_header.pgn", 1},
        {"disservin/bare.pgn", 1},
        {"disservin/basic.pgn", 1},
        {"disservin/black2move.pgn", 1},
        {"disservin/book.pgn", 1},
        {"disservin/castling.pgn", 1},
        {"disservin/comment_before_moves.pgn", 1},
        {"disservin/corrupted.pgn", 1},
        {"disservin/empty_body.pgn", 2},
        {"disservin/fishtest-fastchess.pgn", 4},
        {"disservin/magnus-grischuk.pgn", 1},
        {"disservin/multiple.pgn", 4},
        {"disservin/newline.pgn", 1},
        {"disservin/no_moves.pgn", 1},
        {"disservin/no_moves_but_comment_followed_by_termination_marker.pgn", 2},
        {"disservin/no_moves_but_game_termination.pgn", 1},
        {"disservin/no_moves_but_game_termination_2.pgn", 1},
        {"disservin/no_moves_but_game_termination_3.pgn", 1},
        {"disservin/no_moves_but_game_termination_multiple.pgn", 2},
        {"disservin/no_moves_but_game_termination_multiple_2.pgn", 3},
        {"disservin/no_moves_two_games.pgn", 2},
        {"disservin/no_result.pgn", 1},
        {"disservin/non_ascii.pgn", 1},
        {"disservin/skip.pgn", 2},
        {"disservin/square_bracket_in_header.pgn", 1},
        {"disservin/threefold_repetition.pgn", 1},
        {"disservin/unescaped_quote_header.pgn", 1},
        {"disservin/variations.pgn", 1},
        {"fairy-stockfish/c60_ruy_lopez.pgn", 1},
        {"fairy-stockfish/deep_blue_kasparov_1997.pgn", 1},
        {"fairy-stockfish/lichess-crazyhouse-JannLee-CrazyAra.pgn", 1},
        {"fairy-stockfish/pychess-variants-seirawan.pgn", 1},
        {"fairy-stockfish/pychess-variants-seirawan960.pgn", 1},
        {"fairy-stockfish/syrov-dgebuadze.pgn", 1},
        {"fastchess/dfrc-startpos.pgn", 4},
        {"fastchess/openings.pgn", 5},
        {"fastchess/test_invalid.pgn", 2},
        {"mliebelt-pgn-viewer/cori-vishnu.pgn", 1},
        {"mliebelt-pgn-viewer/krasenkov-nakamura.pgn", 1},
        {"mliebelt-pgn-viewer/match4-fen-only.pgn", 1},
        {"mliebelt-pgn-viewer/mieses.pgn", 1},
        {"mliebelt-pgn-viewer/morphy-rousseau.pgn", 1},
        {"mliebelt-pgn-viewer/nag-all-numeric.pgn", 1},
        {"mliebelt-pgn-viewer/nags-lichess-style.pgn", 1},
        {"mliebelt-pgn-viewer/nags-symbols.pgn", 1},
        {"mliebelt-pgn-viewer/nags-unicode.pgn", 1},
        {"mliebelt-pgn-viewer/var1.pgn", 1},
        {"mliebelt/32games.pgn", 32},
        {"mliebelt/benko.pgn", 2},
        {"mliebelt/lichess_mliebelt_2024-01-03.pgn", 8},
        {"mliebelt/sampleGameThrow.pgn", 1},
        {"mliebelt/sampleGames.pgn", 9},
        {"pgn-extract/barnes-horton.pgn", 1},
        {"pgn-extract/bots.pgn", 12},
        {"pgn-extract/fischer.pgn", 34},
        {"pgn-extract/fools-mate.pgn", 1},
        {"pgn-extract/najdorf.pgn", 8},
        {"pgn-extract/nested-comment.pgn", 1},
        {"pgn-extract/odds.pgn", 32},
        {"pgn-extract/petrosian.pgn", 35},
        {"pgn-extract/test-7.pgn", 1},
        {"pgn-extract/test-C.pgn", 1},
        {"pgn-extract/test-P.pgn", 11},
        {"pgn-extract/test-Ta.pgn", 1},
        {"pgn-extract/test-allownullmoves.pgn", 2},
        {"pgn-extract/test-checkmate.pgn", 2},
        {"pgn-extract/test-e.pgn", 6},
        {"pgn-extract/test-fifty.pgn", 2},
        {"pgn-extract/test-fixresulttags-in.pgn", 5},
        {"pgn-extract/test-fuzzydepth.pgn", 4},
        {"pgn-extract/test-hash.pgn", 35},
        {"pgn-extract/test-long-line.pgn", 1},
        {"pgn-extract/test-matchplylimit.pgn", 1},
        {"pgn-extract/test-nagcomments.pgn", 1},
        {"pgn-extract/test-nobadresults.pgn", 9},
        {"pgn-extract/test-nochecks.pgn", 2},
        {"pgn-extract/test-promotion-in.pgn", 8},
        {"pgn-extract/test-repetition.pgn", 12},
        {"pgn-extract/test-s.pgn", 3},
        {"pgn-extract/test-setup-in.pgn", 2},
        {"pgn-extract/test-seventyfive.pgn", 5},
        {"pgn-extract/test-splitvariants.pgn", 1},
        {"pgn-extract/test-stalemate.pgn", 3},
        {"pgn-extract/test-startply.pgn", 10},
        {"pgn-extract/test-t.pgn", 6},
        {"python-chess/anastasian-lewis.pgn", 1},
        {"python-chess/antichess-programfox.pgn", 2},
        {"python-chess/chessbase-empty-line.pgn", 1},
        {"python-chess/cutechess-fischerrandom.pgn", 4},
        {"python-chess/immortal-games.pgn", 36},
        {"python-chess/kasparov-deep-blue-1997.pgn", 6},
        {"python-chess/knightvuillaume-jannlee-zh-lichess.pgn", 1},
        {"python-chess/molinari-bordais-1979.pgn", 1},
        {"python-chess/nepomniachtchi-liren-game1.pgn", 1},
        {"python-chess/saturs-jannlee-zh-lichess.pgn", 1},
        {"python-chess/stockfish-learning.pgn", 1},
        {"python-chess/uci-moves.pgn", 1},
        {"python-chess/utf8-bom.pgn", 2},
        {"python-chess/variations-nags-and-comments.pgn", 1},
        {"scalachess/FWWRC-headers-only.pgn", 605},
        {"scalachess/pgn-render-snapshot.pgn", 15},
        {"scalachess/uzchesscup-headers-only.pgn", 45},
        {"scalachess/wcc2023-annotated.pgn", 3},
        {"scid/res_gameLatin1.pgn", 1},
        {"scid/res_gameLatin1expected.pgn", 1},
        {"scid/res_gameUTF8.pgn", 1},
        {"sunfish/gaviota-starters.pgn", 2400},
        {"sunfish/pgns-movetext-only.pgn", 278},
    };
    for (auto& [file, n] : expected) {
        INFO(file);
        CHECK(read_file(file).size() == n);
    }
}

TEST_CASE("corpus: no game in the edge-case files is split by chunk boundaries",
          "[corpus][splitter]") {
    for (const char* f : {"kokopu/misc/database.pgn", "python-chess/immortal-games.pgn",
                          "chessx/t1-crlf.pgn", "kokopu/linebreak-mac/database.pgn",
                          "sunfish/pgns-movetext-only.pgn", "scalachess/FWWRC-headers-only.pgn"}) {
        std::string text = slurp(corpus(f));
        auto whole = read_string(text);
        for (std::size_t step : {1u, 3u, 7u, 64u}) {
            auto pieces = read_string(text, step);
            INFO(f << " step " << step);
            REQUIRE(pieces.size() == whole.size());
            for (std::size_t i = 0; i < whole.size(); ++i) {
                CHECK(pieces[i].text == whole[i].text);
                CHECK(pieces[i].first_line == whole[i].first_line);
                CHECK(pieces[i].rec.events == whole[i].rec.events);
            }
        }
    }
}
