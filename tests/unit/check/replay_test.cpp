// The replay: moves played on their position, variations, repetitions, the ends of a line
// by rule, move numbers, severities, and where each diagnostic points.

#include "validator_test_util.hpp"

#include "pgnkit/check/validator.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

using namespace pgnkit;
using namespace pgnkit::test;

TEST_CASE("validator: a clean game has no diagnostics", "[validator]") {
    auto v = validate(game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2", "", "1/2-1/2"));
    CHECK(v.codes.empty());
    CHECK(v.plies == std::vector<int>{6});
    CHECK(v.invalid == 0);
}

TEST_CASE("validator: illegal, ambiguous and unparseable moves each have their own code",
          "[validator]") {
    CHECK(validate(game("1. e4 e5 2. Ke3 *")).has("illegal-move"));
    CHECK(validate(game("1. d4 d5 2. Nf3 Nf6 3. Nd2 *")).has("ambiguous-move"));
    CHECK(validate(game("1. e4 Qq9 *")).has("bad-san"));
}

TEST_CASE("validator: variations replay from the position before the move they replace",
          "[validator]") {
    // 1...c5 replaces 1...e5; 2. Nf3 (2. d4 cxd4) is legal only in the Sicilian line.
    auto v = validate(game("1. e4 e5 (1... c5 2. d4 cxd4 (2... e6 3. d5)) 2. Nf3 Nc6 *"));
    CHECK(v.codes.empty());
    CHECK(v.plies == std::vector<int>{4});
    // An illegal move inside a variation is found too.
    CHECK(validate(game("1. e4 e5 (1... c5 2. Bxf7) 2. Nf3 *")).has("illegal-move"));
}

TEST_CASE("validator: a variation starts from the exact position before the move it replaces",
          "[validator]") {
    // Each variation here is legal only if what the replaced move changed comes back.
    // A capture: the captured pawn and the capturing one.
    CHECK(validate(game("1. e4 d5 2. exd5 (2. Nc3 dxe4) Qxd5 *")).codes.empty());
    // A king move: the king's square and both castling rights.
    CHECK(validate(game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ke2 (4. O-O) Nf6 *")).codes.empty());
    // A rook move that loses a castling right.
    CHECK(validate(game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Rg1 (4. O-O) Nf6 *")).codes.empty());
    // The en passant square of the move before.
    CHECK(validate(game("1. e4 Nf6 2. e5 d5 3. Nc3 (3. exd6) Ng4 *")).codes.empty());
    // Nested, after a capture in the inner line.
    CHECK(validate(game("1. e4 d5 2. exd5 (2. Nc3 dxe4 (2... d4 3. Nce2) 3. Nxe4) Qxd5 *"))
              .codes.empty());
    // And what must stay illegal: castling after the king moved in the main line.
    CHECK(validate(game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Ke2 Nf6 5. Ke1 (5. O-O) *"))
              .has("illegal-move"));

    // The position a diagnostic of a played move shows is the one before it.
    const std::string mate = game("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0", "", "1-0");
    GameByGame games(mate);
    REQUIRE(games.next());
    const GameValidator& v = games.v;
    const auto& d = v.diagnostics();
    auto it = std::find_if(d.begin(), d.end(), [](const Diagnostic& x) {
        return code_name(x.code) == std::string_view("check-suffix");
    });
    REQUIRE(it != d.end());
    CHECK(it->fen == "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
}

TEST_CASE("validator: nested variations restore the repetition history", "[validator]") {
    // Knight dance: the start position occurs again after ply 4 and 8 (main line); the
    // variation's own repetitions must not leak into the main line count.
    std::string dance = "1. Nf3 Nf6 2. Ng1 Ng8 (2... Nh5 3. Nh4 (3. e4)) 3. Nf3 Nf6 4. Ng1 Ng8 *";
    auto v = validate(game(dance));
    CHECK_FALSE(v.has("move-after-game-end"));
}

TEST_CASE("validator: fivefold repetition ends the game, moves after it are errors",
          "[validator]") {
    std::string four = "Nf3 Nf6 Ng1 Ng8 ";
    std::string mt =
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 ";
    auto ok = validate(game(mt + "1/2-1/2", "", "1/2-1/2"));
    CHECK_FALSE(ok.has("move-after-game-end"));
    CHECK(ok.ends == std::vector<LineEnd>{LineEnd::Fivefold});
    auto bad = validate(game(mt + "9. e4 1/2-1/2", "", "1/2-1/2"));
    CHECK(bad.has("move-after-game-end"));
    // A fivefold-drawn game cannot be won.
    CHECK(validate(game(mt + "1-0", "", "1-0")).has("result-contradicts-position"));
}

TEST_CASE("validator: threefold is only claimable and is reported as a note", "[validator]") {
    auto v = validate(game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *"));
    CHECK(v.has("draw-claimable"));
    CHECK(v.invalid == 0);
}

TEST_CASE("validator: a lost castling right makes a position new, the clock bounds the search",
          "[validator]") {
    // The rooks on h1 and h8 after 1...Nf6 (all four rights), 3...Rh8, 5...Rh8 (queen side
    // only): not three times the same position. The rooks on g1 and g8 (queen side only)
    // after 2...Rg8, 4...Rg8, 6...Rg8 are: the claim comes after ply 12, not 10.
    auto v = validate(game("1. Nf3 Nf6 2. Rg1 Rg8 3. Rh1 Rh8 4. Rg1 Rg8 5. Rh1 Rh8 6. Rg1 Rg8 7. "
                           "e4 *"));
    CHECK(v.message("draw-claimable") == "threefold repetition could be claimed after ply 12");
    // From a set-up position with a running clock, the start position counts.
    std::string fen = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K1N1 w - - 37 60\"]\n";
    auto s = validate(game("60. Nf3 Kd8 61. Ng1 Ke8 62. Nf3 Kd8 63. Ng1 Ke8 64. e4 *", fen));
    CHECK(s.message("draw-claimable") == "threefold repetition could be claimed after ply 8");
}

TEST_CASE("validator: a variation replacing a pawn move counts the repetitions before it",
          "[validator]") {
    // The start position four times in the main line before 7. e4; the variation that
    // replaces 7. e4 brings it a fifth time (the game ends there) and its 9. e4 comes after.
    std::string mt = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. e4 "
                     "(7. Nf3 Nf6 8. Ng1 Ng8 9. e4) 7... e5 *";
    auto v = validate(game(mt));
    CHECK(v.message("move-after-game-end").find("'e4'") != std::string::npos);
    // The same after a capture: the keys before it are the parent's.
    std::string cap = "1. e4 d5 2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nf6 5. Ng1 Ng8 6. Nf3 Nf6 7. Ng1 Ng8 "
                      "8. exd5 (8. Nf3 Nf6 9. Ng1 Ng8 10. a3) 8... Qxd5 *";
    auto c = validate(game(cap));
    CHECK(c.message("move-after-game-end").find("'a3'") != std::string::npos);
}

TEST_CASE("validator: moves after checkmate and stalemate are errors", "[validator]") {
    CHECK(validate(game("1. f3 e5 2. g4 Qh4# 3. a3 0-1", "", "0-1")).has("move-after-game-end"));
    // Stalemate: black to move has no legal move.
    std::string fen = "[SetUp \"1\"]\n[FEN \"7k/5Q2/8/6K1/8/8/8/8 w - - 0 1\"]\n";
    auto st = validate(game("1. Kg6 1/2-1/2", fen, "1/2-1/2"));
    CHECK(st.codes.empty());
    CHECK(st.ends == std::vector<LineEnd>{LineEnd::Stalemate});
    CHECK(validate(game("1. Kg6 1-0", fen, "1-0")).has("result-contradicts-position"));
    auto after =
        validate(game("1. Kh6 Kg8 1/2-1/2",
                      "[SetUp \"1\"]\n[FEN \"7k/5Q2/8/6K1/8/8/8/8 w - - 0 1\"]\n", "1/2-1/2"));
    CHECK(after.has("move-after-game-end"));
}

TEST_CASE("validator: a dead position ends the game", "[validator]") {
    std::string fen = "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/4K3/8/3r4 w - - 0 1\"]\n";
    // Kxd1?? is impossible; use a capture of the last rook by the king.
    auto v = validate(game("1. Ke2 Rd2+ 2. Kxd2 Kd5 1/2-1/2", fen, "1/2-1/2"));
    CHECK(v.has("move-after-game-end"));
}

TEST_CASE("validator: 75 moves without capture or pawn move end the game", "[validator]") {
    std::string fen = "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/4K3/8/3R4 w - - 149 100\"]\n";
    CHECK(validate(game("100. Rd2 Ke5 1/2-1/2", fen, "1/2-1/2")).has("move-after-game-end"));
    CHECK_FALSE(validate(game("100. Rd2 1/2-1/2", fen, "1/2-1/2")).has("move-after-game-end"));
}

TEST_CASE("validator: a set-up position 75 moves after the last capture is already drawn",
          "[validator]") {
    // The clock says 150 half-moves: the game ended before its first move (FIDE 9.6.2) ...
    for (const char* clock : {"150", "65535"}) {
        std::string fen =
            std::string("[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/4K3/8/3R4 w - - ") + clock + " 100\"]\n";
        auto v = validate(game("100. Rd2 1/2-1/2", fen, "1/2-1/2"));
        CHECK(v.codes == std::vector<std::string>{"move-after-game-end"});
        CHECK(v.plies == std::vector<int>{0});
    }
    // ... unless it was played before July 2014 (a warning; the game goes on).
    std::string old = "[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/4K3/8/3R4 w - - 150 100\"]\n";
    std::string pgn = game("100. Rd2 Ke5 1/2-1/2", old, "1/2-1/2");
    pgn.replace(pgn.find("2024.01.01"), 10, "2010.01.01");
    auto v = validate(pgn);
    CHECK(v.codes == std::vector<std::string>{"move-after-pre-2014-draw"});
    CHECK(v.plies == std::vector<int>{2});
}

TEST_CASE("validator: Chess960 games castle with the stored rook", "[validator]") {
    // King on b1/b8, rooks on the a- and h-files.
    std::string tags = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN "
                       "\"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1\"]\n";
    auto v = validate(game("1. O-O-O O-O 2. Kb1 Kh8 *", tags));
    CHECK(v.codes.empty());
    CHECK(v.plies == std::vector<int>{4});
    // Castling through an occupied square is refused.
    std::string blocked = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN "
                          "\"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK3N1R w HAha - 0 1\"]\n";
    CHECK(validate(game("1. O-O *", blocked)).has("illegal-move"));
}

TEST_CASE("validator: move numbers that disagree with the position are warnings", "[validator]") {
    auto v = validate(game("1. e4 e5 3. Nf3 *"));
    CHECK(v.has("move-number"));
    CHECK(v.invalid == 0);
}

TEST_CASE("validator: lenient notation is accepted and reported", "[validator]") {
    auto v = validate(game("1. e4 e5 2. Ngf3 Nc6 3. Bb5 a6 4. Bc6 dxc6 5. 0-0 *"));
    CHECK(v.invalid == 0);
    CHECK(v.has("non-canonical-san"));
    CHECK(v.has("castling-zeros"));
}

TEST_CASE("validator: null moves pass the turn and are reported", "[validator]") {
    auto v = validate(game("1. e4 -- 2. d4 *"));
    CHECK(v.has("null-move"));
    CHECK(v.plies == std::vector<int>{3});
}

TEST_CASE("validator: severities can be changed", "[validator]") {
    ValidateOptions o;
    o.severities.set(Code::IllegalMove, Severity::Ignore);
    auto v = validate(game("1. e4 e5 2. Ke3 *"), o);
    CHECK(v.codes.empty());
    CHECK(v.invalid == 0);
    ValidateOptions strict;
    strict.severities.make_strict();
    CHECK(validate(game("1. e4 e5 3. Nf3 *"), strict).invalid == 1);
}

TEST_CASE("validator: one broken game does not damage the next", "[validator]") {
    auto v = validate(game("1. e4 { never closed") + game("1. d4 d5 *"));
    REQUIRE(v.plies.size() == 2);
    CHECK(v.plies[1] == 2);
    CHECK(v.has("unterminated-comment"));
}

TEST_CASE("validator: before July 2014 fivefold is not an automatic draw and the game goes on",
          "[validator]") {
    std::string mt =
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
        "9. e4 e5 1-0";
    auto old_game = [&](const std::string& date) {
        std::string g = game(mt, "", "1-0");
        auto at = g.find("2024.01.01");
        return g.replace(at, 10, date);
    };
    auto v = validate(old_game("1990.05.01"));
    CHECK(v.has("move-after-pre-2014-draw"));
    CHECK_FALSE(v.has("move-after-game-end"));
    CHECK_FALSE(v.has("result-contradicts-position"));
    CHECK(v.plies == std::vector<int>{18}); // replayed to the end
    CHECK(v.invalid == 0);
    auto modern = validate(old_game("2014.07.01"));
    CHECK(modern.has("move-after-game-end"));
    CHECK(modern.invalid == 1);
    auto undated = validate(old_game("????.??.??"));
    CHECK(undated.has("move-after-game-end"));
}

TEST_CASE("validator: each diagnostic of a played move shows the position before it, however many",
          "[validator]") {
    // Every check here lacks its '+': each check-suffix note must show the position before
    // its move, and a variation after them must start at the right place (a guard for any
    // way of keeping the position before the last move cheaper than a copy per move).
    const std::string fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    const std::vector<std::string> moves = {"Ra8", "Kd7", "Ra7", "Kc6", "Ra6", "Kb5",
                                            "Ra5", "Kc4", "Ra4", "Kd3", "Ra3", "Ke4",
                                            "Ra4", "Kf5", "Ra5", "Kg6", "Ra6", "Kh7"};
    std::string movetext;
    for (std::size_t i = 0; i < moves.size(); ++i)
        movetext += (i % 2 == 0 ? std::to_string(i / 2 + 1) + ". " : "") + moves[i] + " ";
    movetext += "(9... Kg7 10. Ra7) 10. Ra7 *"; // the variation replaces Kh7
    const std::string pgn = game(movetext, "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n");
    // The positions before White's moves, played here without the validator.
    std::vector<std::string> want;
    auto start = chess::parse_fen(fen);
    REQUIRE(start.ok());
    chess::Position p = start->position, var;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (i % 2 == 0) want.push_back(chess::format_fen(p));
        if (i + 1 == moves.size()) var = p;
        REQUIRE(chess::play_san(p, moves[i]).ok);
    }
    REQUIRE(chess::play_san(var, "Kg7").ok);
    want.push_back(chess::format_fen(p)); // 10. Ra7
    GameByGame games(pgn);
    REQUIRE(games.next());
    const GameValidator& v = games.v;
    std::vector<std::string> got;
    for (const auto& d : v.diagnostics()) {
        INFO(d.message);
        if (code_name(d.code) == std::string_view("check-suffix"))
            got.push_back(d.fen);
        else
            CHECK(d.severity != Severity::Error);
    }
    // The variation's 10. Ra7 gives check too, from the position after 9... Kg7.
    REQUIRE(got.size() == want.size() + 1);
    for (std::size_t i = 0; i + 2 < got.size(); ++i) CHECK(got[i] == want[i]);
    CHECK(got[got.size() - 2] == chess::format_fen(var));
    CHECK(got.back() == want.back());
    CHECK(v.plies() == int(moves.size()) + 1);
}

TEST_CASE("validator: a diagnostic of a move has the move's own line, column and offset",
          "[validator]") {
    // The reader hands the usual move and move number over with a location made only when
    // asked for (a diagnostic): it must be the token's, whatever line breaks (LF, CR LF, CR)
    // came before, and a move number's stays its own when the move is on the next line.
    for (const char* eol : {"\n", "\r\n", "\r"}) {
        const std::string e = eol;
        const std::string pgn = "[Event \"e\"]" + e + "[Result \"*\"]" + e + e + "1. e4 e5" + e +
                                "2. Nf3 {a" + e + "comment} Nc6 3. Bb5 a6" + e +
                                "4. Ba4+ Nf6 5. O-O Bc5 6. Bxc6 dxc6" + e + "9." + e +
                                "Nxe5 Bxf2 *" + e;
        std::vector<Diagnostic> seen;
        each_diagnostic(pgn, [&](const Diagnostic& d) {
            if (d.code == Code::CheckSuffix || d.code == Code::MoveNumber) seen.push_back(d);
        });
        INFO("line break " << e.size() << " byte(s)");
        // Ba4+ gives no check; 9. is move 7; Bxf2 gives check, written without '+'.
        REQUIRE(seen.size() == 3);
        CHECK(seen[0].code == Code::CheckSuffix);
        CHECK(seen[0].loc.line == 7);
        CHECK(seen[0].loc.column == 4);
        CHECK(seen[0].loc.offset == pgn.find("Ba4+"));
        CHECK(seen[1].code == Code::MoveNumber);
        CHECK(seen[1].loc.line == 8);
        CHECK(seen[1].loc.column == 1);
        CHECK(seen[1].loc.offset == pgn.find("9."));
        CHECK(seen[2].code == Code::CheckSuffix);
        CHECK(seen[2].loc.line == 9);
        CHECK(seen[2].loc.column == 6);
        CHECK(seen[2].loc.offset == pgn.find("Bxf2"));
    }
}

TEST_CASE("validator: a FEN with a wrong move number gives one move-number warning per game",
          "[validator]") {
    auto v = validate(game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *",
                           "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w "
                           "KQkq - 0 20\"]\n"));
    CHECK(v.codes == std::vector<std::string>{"move-number"});
    CHECK(v.message("move-number") ==
          "move number 1 but the position is at move 20 (and 2 more wrong move numbers in this "
          "game)");
}

TEST_CASE("validator: an ignored move-number warning lends its count to no other diagnostic",
          "[validator]") {
    ValidateOptions o;
    o.severities.set(Code::MoveNumber, Severity::Ignore);
    auto v = validate(game("1. e4 e5 3. Nf3 Nc6 5. Bb5 a6 7. Ba4 *", "[PlyCount \"3\"]\n"), o);
    CHECK(v.codes == std::vector<std::string>{"plycount-mismatch"});
    CHECK(v.message("plycount-mismatch") == "PlyCount 3 but the main line has 7 plies");
}
