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

namespace {

struct Verdict {
    std::vector<std::string> codes;    ///< every diagnostic code, in order
    std::vector<std::string> messages; ///< their messages
    std::vector<int> plies;            ///< main-line plies per game
    std::vector<LineEnd> ends;
    int invalid = 0;
    bool has(std::string_view code) const {
        for (const auto& c : codes)
            if (c == code) return true;
        return false;
    }
    /// The message of the first diagnostic with `code` ("" if none).
    std::string message(std::string_view code) const {
        for (std::size_t i = 0; i < codes.size(); ++i)
            if (codes[i] == code) return messages[i];
        return {};
    }
};

Verdict validate(const std::string& pgn, const ValidateOptions& opts = {}) {
    MemorySource src(pgn);
    GameSplitter splitter(src);
    PgnReader reader;
    GameValidator v(opts);
    Verdict out;
    GameSpan span;
    while (splitter.next(span)) {
        reader.read(span, v);
        for (const auto& d : v.diagnostics()) {
            out.codes.emplace_back(code_name(d.code));
            out.messages.push_back(d.message);
        }
        out.plies.push_back(v.info().plies);
        out.ends.push_back(v.info().end);
        out.invalid += v.has_error();
    }
    return out;
}

std::string game(std::string movetext, std::string extra_tags = {}, std::string result = "*") {
    return "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White "
           "\"w\"]\n[Black \"b\"]\n"
           "[Result \"" +
           result + "\"]\n" + extra_tags + "\n" + movetext + "\n\n";
}

/// A validator that reads the games of a text (which must outlive it) one at a time.
struct GameByGame {
    explicit GameByGame(const std::string& pgn) : src(pgn), splitter(src), v(opts) {}
    /// Reads the next game; false after the last.
    bool next() {
        if (!splitter.next(span)) return false;
        reader.read(span, v);
        return true;
    }
    MemorySource src;
    GameSplitter splitter;
    PgnReader reader;
    const ValidateOptions opts;
    GameValidator v;
    GameSpan span;
};

} // namespace

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

TEST_CASE("validator: the result is checked against the tag and the final position",
          "[validator]") {
    CHECK(validate(game("1. e4 e5 0-1", "", "1-0")).has("result-mismatch"));
    CHECK(validate(game("1. f3 e5 2. g4 Qh4# 1-0", "", "1-0")).has("result-contradicts-position"));
    CHECK(validate(game("1. f3 e5 2. g4 Qh4# 1/2-1/2", "", "1/2-1/2"))
              .has("result-contradicts-position"));
    CHECK(validate(game("1. f3 e5 2. g4 Qh4# 0-1", "", "0-1")).codes.empty());
}

TEST_CASE("validator: a win on time against a side that cannot mate is a draw (FIDE 6.9)",
          "[validator]") {
    std::string tags = "[Termination \"time forfeit\"]\n[SetUp \"1\"]\n[FEN "
                       "\"8/8/4k3/8/8/4K3/8/3q4 w - - 0 1\"]\n";
    CHECK(validate(game("1. Kf4 1-0", tags, "1-0")).has("result-contradicts-position"));
    CHECK_FALSE(validate(game("1. Kf4 0-1", tags, "0-1")).has("result-contradicts-position"));
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

TEST_CASE("validator: tags are checked", "[validator]") {
    CHECK(validate("[White \"a\"]\n\n1. e4 *\n").has("missing-tag"));
    CHECK(validate(game("1. e4 *", "[WhiteElo \"abc\"]\n")).has("bad-tag"));
    CHECK(validate(game("1. e4 *", "[UTCDate \"2024-01-01\"]\n")).has("bad-date"));
    CHECK(validate(game("1. e4 *", "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n"))
              .has("bad-fen"));
    CHECK(validate(game("1. e4 *", "[SetUp \"1\"]\n")).has("bad-fen"));
    CHECK(validate(game("1. e4 *", "[Variant \"Crazyhouse\"]\n")).has("unsupported-variant"));
}

TEST_CASE("validator: ECO codes A00 to E99, ratings of at most 5 digits, no control characters",
          "[validator]") {
    auto message = [](const std::string& tag) {
        return validate(game("1. e4 *", tag + "\n")).message("bad-tag");
    };
    for (const char* ok : {"A00", "E99", "B90a", "C41 Philidor's defence", "?", "???", "", "-"}) {
        INFO(ok);
        CHECK(message(std::string("[ECO \"") + ok + "\"]").empty());
    }
    for (const char* no : {"Z00", "F00", "a00", "A0", "A001", "A0x", "B", "Sicilian"}) {
        INFO(no);
        CHECK(message(std::string("[ECO \"") + no + "\"]") ==
              std::string("ECO '") + no +
                  "' is not an opening code (A00 to E99, or ? when unknown)");
    }
    CHECK(message("[Annotator \"Carlsen,\tMagnus\"]") ==
          "Annotator value has a control character (U+0009); a PGN string may hold printing "
          "characters only");
    CHECK(message(std::string("[Remark \"a\0b\"]", 15)) ==
          "Remark value has a control character (U+0000); a PGN string may hold printing "
          "characters only");
    CHECK(message("[Opening \"Open \x7F\"]") ==
          "Opening value has a control character (U+007F); a PGN string may hold printing "
          "characters only");
    CHECK(message("[Opening \"Caf\xC3\xA9 \xE2\x80\x93 Open\"]").empty());
    CHECK(message("[WhiteElo \"2850\"]").empty());
    CHECK(message("[WhiteElo \"?\"]").empty());
    CHECK(message("[BlackElo \"123456\"]") ==
          "BlackElo '123456' is not a rating (more than 5 digits)");
    CHECK(message("[BlackElo \"12a\"]") == "BlackElo '12a' is not a number");
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

TEST_CASE("validator: dates of every form read as the general rule reads them", "[validator]") {
    // tag(): the usual "YYYY.MM.DD" (digits or "??" for the month and the day) is read without
    // the general scans; these are its edges and the forms it leaves to them.
    auto bad = [](const std::string& date) {
        return validate(game("1. e4 *", "[UTCDate \"" + date + "\"]\n")).has("bad-date");
    };
    for (const char* ok : {"2024.01.01", "2024.12.31", "0000.01.01", "9999.12.31", "2024.??.??",
                           "2024.05.??", "2024.??.05", "????.??.??", "????.01.01"}) {
        INFO(ok);
        CHECK_FALSE(bad(ok));
    }
    for (const char* no :
         {"2024.13.01", "2024.00.01", "2024.01.00", "2024.01.32", "2024.1?.01",  "2024.?1.01",
          "2024.01.3?", "2024.01.?3", "2024-01-01", "2024.01.1",  "2024.01.011", "2O24.01.01",
          "202?.01.01", "2024.99.01", "2024.01.99", "2024./1.01", "2024.:1.01",  "2024.01./1",
          "2024.01.:1", "/024.01.01", ":024.01.01", "",           "2024.01.01 ", "?024.01.01",
          "2024.?.??",  "????.1?.??"}) {
        INFO(no);
        CHECK(bad(no));
    }
}

TEST_CASE("validator: a date is a calendar date: days of the month, February 29 in leap years",
          "[validator]") {
    auto message = [](const std::string& date) {
        auto v = validate(game("1. e4 *", "[EventDate \"" + date + "\"]\n"));
        return v.has("bad-date") ? v.message("bad-date") : std::string();
    };
    // Both readings of the tag (the usual form's and the general one's) agree.
    for (const char* ok : {"2024.02.29", "2000.02.29", "????.02.29", "2023.02.28", "2021.04.30",
                           "2021.01.31", "2021.12.31", "2021.??.31", "2021.02.??"}) {
        INFO(ok);
        CHECK(message(ok).empty());
    }
    CHECK(message("2023.02.29") ==
          "EventDate '2023.02.29' is not a date: February 2023 has 28 days");
    CHECK(message("1900.02.29") ==
          "EventDate '1900.02.29' is not a date: February 1900 has 28 days");
    CHECK(message("2024.02.30") ==
          "EventDate '2024.02.30' is not a date: February 2024 has 29 days");
    CHECK(message("????.02.30") == "EventDate '????.02.30' is not a date: February has 29 days");
    CHECK(message("2021.04.31") == "EventDate '2021.04.31' is not a date: April has 30 days");
    CHECK(message("2021.11.31") == "EventDate '2021.11.31' is not a date: November has 30 days");
    CHECK(message("2021.13.01") == "EventDate '2021.13.01' is not a date: there is no month 13");
    CHECK(message("2021.01.00") == "EventDate '2021.01.00' is not a date: there is no day 00");
    CHECK(message("2021.1.1") == "EventDate '2021.1.1' is not of the form YYYY.MM.DD");
}

TEST_CASE("validator: the date the rules of a game's time are taken from, in every form",
          "[validator]") {
    // Fivefold ends a game only from July 2014 (a date with an unknown month or day counts as the
    // latest it can be); the number comes from the same reading as the date's check.
    std::string mt =
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
        "9. e4 e5 1-0";
    auto historic = [&](const std::string& date, const std::string& extra = {}) {
        std::string g = game(mt, extra, "1-0");
        auto at = g.find("2024.01.01");
        return validate(g.replace(at, 10, date)).has("move-after-pre-2014-draw");
    };
    CHECK(historic("2014.06.30"));
    CHECK_FALSE(historic("2014.07.01"));
    CHECK(historic("2014.06.??"));
    CHECK_FALSE(historic("2014.??.??"));
    CHECK(historic("2014.06.3?"));       // the general reading: an unknown day
    CHECK_FALSE(historic("2014.7?.01")); // an unknown month: December
    CHECK(historic("2013.1?.??"));
    CHECK(historic("2014.00.00"));
    CHECK(historic("2014.06.31"));
    CHECK(historic("2014.06"));          // no day written: the 31st
    CHECK_FALSE(historic("????.??.??")); // no year: today's rules
    CHECK(historic("????.??.??", "[UTCDate \"1990.01.01\"]\n"));
    CHECK_FALSE(historic("2020.01.01", "[UTCDate \"1990.01.01\"]\n")); // Date wins
    CHECK_FALSE(historic("2020.01.01", "[EventDate \"1990.01.01\"]\n"));
}

TEST_CASE("validator: duplicate tags among the usual names and many others", "[validator]") {
    auto bad_tags = [](const Verdict& v) {
        return std::count(v.codes.begin(), v.codes.end(), std::string("bad-tag"));
    };
    const std::vector<std::string> usual = {"UTCDate",
                                            "UTCTime",
                                            "WhiteElo",
                                            "BlackElo",
                                            "WhiteRatingDiff",
                                            "BlackRatingDiff",
                                            "ECO",
                                            "Opening",
                                            "TimeControl",
                                            "Termination",
                                            "WhiteTitle",
                                            "BlackTitle",
                                            "PlyCount",
                                            "EventDate",
                                            "Annotator",
                                            "WhiteFideId",
                                            "BlackFideId",
                                            "WhiteTeam",
                                            "BlackTeam",
                                            "EventType",
                                            "EventRounds",
                                            "EventCountry",
                                            "Board",
                                            "Source",
                                            "SourceDate",
                                            "Mode",
                                            "Time",
                                            "Variation",
                                            "SubVariation",
                                            "WhiteClock",
                                            "BlackClock",
                                            "A",
                                            "B",
                                            "Ab",
                                            "ab",
                                            "_",
                                            "X1",
                                            "1X"};
    auto value = [](const std::string& n) {
        if (n.find("Date") != std::string::npos) return std::string("2024.01.01");
        if (n.find("Elo") != std::string::npos) return std::string("2000");
        if (n == "ECO") return std::string("B90");
        return std::string("v");
    };
    std::string once, twice;
    for (const auto& n : usual) once += "[" + n + " \"" + value(n) + "\"]\n";
    for (const auto& n : usual) twice += "[" + n + " \"" + value(n) + "\"]\n";
    CHECK(bad_tags(validate(game("1. e4 *", once))) == 0);
    CHECK(bad_tags(validate(game("1. e4 *", once + twice))) == long(usual.size()));
    // The roster's names again, after the others.
    CHECK(bad_tags(validate(game("1. e4 *", once + "[Event \"x\"]\n[Result \"*\"]\n"))) == 2);
    // Only the first 256 names are kept for the check.
    std::string many;
    for (int i = 0; i < 300; ++i) many += "[T" + std::to_string(i) + " \"v\"]\n";
    CHECK(bad_tags(validate(game("1. e4 *", many))) == 0);
    CHECK(bad_tags(validate(game("1. e4 *", many + "[T5 \"w\"]\n[T248 \"w\"]\n"))) == 2);
    CHECK(bad_tags(validate(game("1. e4 *", many + "[T280 \"w\"]\n"))) == 0);
}

TEST_CASE("validator: the game's facts keep tag values as written, escapes undone", "[validator]") {
    // Values the reader rewrites (escapes) live in its buffer only until the next tag; the
    // others are read in the game's text. Both must come out whole, game after game.
    const std::string pgn =
        "[Event \"Open \\\"A\\\"\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"3.1\"]\n"
        "[White \"Kasparov, \\\"Gazza\\\" \\\\ G.\"]\n[Black \"Short, N.\"]\n"
        "[Result \"1-0\"]\n[Termination \"time forfeit\"]\n\n1. e4 e5 1-0\n\n" +
        game("1. d4 *", "[Termination \"normal\"]\n");
    GameByGame games(pgn);
    REQUIRE(games.next());
    const GameValidator& v = games.v;
    CHECK(v.info().event == "Open \"A\"");
    CHECK(v.info().white == "Kasparov, \"Gazza\" \\ G.");
    CHECK(v.info().black == "Short, N.");
    CHECK(v.info().round == "3.1");
    CHECK(v.info().result_tag == "1-0");
    CHECK(v.info().termination == "time forfeit");
    CHECK(v.info().result_marker == "1-0");
    CHECK(v.plies() == 2);
    REQUIRE(games.next());
    CHECK(v.info().event == "e");
    CHECK(v.info().white == "w");
    CHECK(v.info().result_tag == "*");
    CHECK(v.info().termination == "normal");
    CHECK(v.plies() == 1);
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

namespace {
/// Calls `f` with every diagnostic of every game in `pgn`, in order.
template <class F>
void each_diagnostic(const std::string& pgn, F&& f) {
    MemorySource src(pgn);
    GameSplitter splitter(src);
    PgnReader reader;
    ValidateOptions opts;
    GameValidator v(opts);
    GameSpan span;
    while (splitter.next(span)) {
        reader.read(span, v);
        for (const auto& d : v.diagnostics()) f(d);
    }
}
/// The message of the first diagnostic with `code` in `pgn`.
std::string first_message(const std::string& pgn, Code code) {
    std::optional<std::string> first;
    each_diagnostic(pgn, [&](const Diagnostic& d) {
        if (!first && d.code == code) first = d.message;
    });
    return first.value_or("no such diagnostic");
}
/// The message of the first illegal-move diagnostic of the one game `movetext` from `fen`.
std::string illegal_message(const std::string& fen, const std::string& movetext,
                            const std::string& tags = {}) {
    return first_message(game(movetext, "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n" + tags),
                         Code::IllegalMove);
}
} // namespace

TEST_CASE("validator: an illegal move's message gives the rule it breaks", "[validator]") {
    struct Case {
        const char* fen;
        const char* movetext;
        const char* reason; ///< how the message ends
        const char* tags = "";
    };
    const Case cases[] = {
        // The king's safety: into check, a pin, a check not answered, en passant opening a line.
        {"4k3/p7/8/8/8/8/5r2/4K3 w - - 0 1", "1. Kf1 *",
         "the king cannot move into check: f1 is attacked by the rook on f2"},
        {"4r1k1/p7/8/8/8/8/4N3/4K3 w - - 0 1", "1. Nc3 *",
         "the knight on e2 is pinned to its king by the rook on e8"},
        {"4r1k1/p7/8/8/8/8/8/R3K3 w - - 0 1", "1. Ra2 *",
         "it does not get the king out of check from the rook on e8"},
        {"8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", "1. exd6 *",
         "taking en passant would expose the king to the rook on h5"},
        // Pawns: blocked, no straight capture, nothing to take, en passant too late, promotion.
        {"4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "1. e4 *",
         "the pawn on e2 is blocked by the knight on e3"},
        {"4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "1. e3 *",
         "a pawn cannot move forward onto the knight on e3 (it captures only "
         "diagonally)"},
        {"4k3/p7/8/8/8/8/4P3/4K3 w - - 0 1", "1. exd3 *", "there is nothing to capture on d3"},
        {"4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "1. e4 Kd7 2. Kd2 dxe3 *",
         "there is nothing to capture on e3: en passant is allowed only on the "
         "move right after the pawn's two-square step"},
        {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "1. a8 *",
         "a pawn that reaches the last rank must promote"},
        {"4k3/8/P7/8/8/8/8/4K3 w - - 0 1", "1. a7=Q *", "a pawn can promote only on the last rank"},
        {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "1. a8=K *", "a pawn cannot promote to a king"},
        // Pieces: a slider's way blocked, a disambiguation that names no piece able to move.
        {"6k1/p7/8/8/8/8/P7/R5K1 w - - 0 1", "1. Ra5 *",
         "the rook on a1 cannot move to a5: the pawn on a2 is in the way"},
        {"6k1/p7/8/8/8/5N2/P7/6K1 w - - 0 1", "1. Nbd2 *",
         "no knight on the b-file can move to d2"},
        {"6k1/p7/8/8/8/8/P7/1N4K1 w - - 0 1", "1. b1b3 *", "the knight on b1 cannot move to b3"},
        // A move of the side not to move: a move missing or written twice before it.
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "1. e4 e5 2. Nf3 Nc3 *",
         "no knight can move to c3 (it is Black's move, and it would be legal for "
         "White: is a move missing or written twice before it?)"},
        {"4k3/8/8/8/8/8/p7/4K3 w - - 0 1", "1. a1=Q *",
         "no pawn can move to a1 (it is White's move, and it would be legal for Black: does the "
         "FEN give the wrong side to move?)"},
        // Castling: the right, the way, the squares the king crosses and reaches, also Chess960.
        {"4k3/p7/8/8/8/8/P7/4K2R w - - 0 1", "1. O-O *", "White has no right to castle kingside"},
        {"4k3/p7/8/8/8/8/P7/4KB1R w K - 0 1", "1. O-O *",
         "castling is blocked by the bishop on f1"},
        {"4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "1. O-O *",
         "the king would pass through f1, which is attacked by the rook on f2"},
        {"4k3/8/8/8/8/8/6r1/4K2R w K - 0 1", "1. O-O *",
         "the king would be in check on g1 from the rook on g2"},
        {"1r1rk3/p7/8/8/8/8/P7/1R2K3 w Bb - 0 1", "1. O-O-O *",
         "the king would pass through d1, which is attacked by the rook on d8",
         "[Variant \"Chess960\"]\n"},
        {"4r1k1/p7/8/8/8/8/P7/4K2R w K - 0 1", "1. O-O *",
         "the king is in check from the rook on e8, and castling out of check is "
         "not allowed"},
    };
    for (const Case& c : cases) {
        INFO(c.fen << "  " << c.movetext);
        CHECK_THAT(illegal_message(c.fen, c.movetext, c.tags), Catch::Matchers::EndsWith(c.reason));
    }
}

TEST_CASE("validator: a move that is no SAN says what is wrong where a rule of thumb tells",
          "[validator]") {
    const auto message = [](const std::string& movetext) {
        return first_message(game(movetext), Code::BadSan);
    };
    CHECK(message("1. Nf9 *") == "'Nf9' at move 1. is not a move in SAN: 'f9' is not a square");
    CHECK(message("1. Zf3 *") ==
          "'Zf3' at move 1. is not a move in SAN: 'Z' is not a piece letter (K, Q, R, B, N; "
          "--piece-letters reads another language's)");
    CHECK(message("1. Event *") == "'Event' at move 1. is not a move in SAN");
    CHECK(message("1. P@e4 *") == "'P@e4' at move 1. is not a move in SAN: a piece drop ('@', as "
                                  "in crazyhouse) is not a chess move");
    CHECK(message("1. Qxx3 *") == "'Qxx3' at move 1. is not a move in SAN");
}

TEST_CASE("validator: every illegal move of a sweep over many positions gets its reason",
          "[validator]") {
    // Every token shape the explanation reads (piece moves and captures to every square,
    // disambiguated and coordinate moves, pawn pushes, captures and promotions, castling, a
    // null move) in the positions of a perft suite, standard and Chess960: each illegal one
    // must get a reason of its own, not the fallback (and, in the sanitizer tree, none may
    // reach undefined behaviour).
    std::vector<std::string> tokens = {"O-O", "O-O-O", "e2e4", "g1f3", "e7e5", "--"};
    const std::string files = "abcdefgh";
    for (const char* piece : {"N", "B", "R", "Q", "K"}) {
        for (char f : files)
            for (char r = '1'; r <= '8'; ++r) {
                tokens.push_back(std::string(piece) + f + r);
                tokens.push_back(std::string(piece) + "x" + f + r);
            }
        for (const char* rest : {"bd2", "1e4", "a1h8"}) tokens.push_back(std::string(piece) + rest);
    }
    for (std::size_t fi = 0; fi < 8; ++fi)
        for (char r = '1'; r <= '8'; ++r) {
            const std::string sq = std::string(1, files[fi]) + r;
            tokens.push_back(sq);
            if (r == '1' || r == '8')
                for (const char* q : {"=Q", "=N", "=K"}) tokens.push_back(sq + q);
            if (fi > 0) tokens.push_back(std::string(1, files[fi - 1]) + "x" + sq);
            if (fi < 7) tokens.push_back(std::string(1, files[fi + 1]) + "x" + sq);
        }
    struct Suite {
        const char* file;
        bool chess960;
        int every; ///< one position of so many
    };
    int illegal = 0;
    for (const Suite& suite : {Suite{"standard.epd", false, 1}, Suite{"fischer.epd", true, 32}}) {
        std::ifstream in(std::string(PGNKIT_CORPUS_DIR) + "/perft/ethereal/" + suite.file);
        REQUIRE(in);
        std::string line;
        for (int n = 0; std::getline(in, line); ++n) {
            if (line.empty() || line[0] == '#' || n % suite.every != 0) continue;
            const std::string fen = line.substr(0, line.find(" ;"));
            std::string pgn;
            for (const std::string& t : tokens)
                pgn +=
                    game("1. " + t + " *", "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n" +
                                               (suite.chess960 ? "[Variant \"Chess960\"]\n" : ""));
            each_diagnostic(pgn, [&](const Diagnostic& d) {
                if (d.code != Code::IllegalMove) return;
                ++illegal;
                INFO(fen);
                CHECK_THAT(d.message, !Catch::Matchers::Contains("not a legal move"));
            });
        }
    }
    CHECK(illegal > 100000); // the sweep ran (135,880 illegal moves)
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

TEST_CASE("validator: a castling right that does not fit standard chess is bad-fen, not Chess960",
          "[validator][regression]") {
    // Regression (issue 41): the right made the game Chess960, and 1... O-O-O with the king
    // on g8 passed as legal.
    auto v =
        validate(game("1... O-O-O *", "[SetUp \"1\"]\n[FEN \"r5k1/8/8/8/8/8/8/4K3 b q - 0 1\"]\n"));
    CHECK(v.codes == std::vector<std::string>{"bad-fen", "illegal-move"});
    CHECK(v.message("bad-fen") ==
          "FEN 'r5k1/8/8/8/8/8/8/4K3 b q - 0 1': castling: castling right 'q' but the black king "
          "is not on e8 (a Chess960 game needs the tag [Variant \"Chess960\"]); replayed from "
          "'r5k1/8/8/8/8/8/8/4K3 b - - 0 1'");
    // The rook missing from its corner; the game is replayed without the right.
    auto rook = validate(
        game("1... O-O-O 2. Kf2 *", "[SetUp \"1\"]\n[FEN \"r3k3/8/8/8/8/8/8/4K3 b kq - 0 1\"]\n"));
    CHECK(rook.codes == std::vector<std::string>{"bad-fen"});
    CHECK(rook.message("bad-fen").find("castling right 'k' but no black rook on h8") !=
          std::string::npos);
    CHECK(rook.plies == std::vector<int>{2});
    // A rook file (Shredder-FEN) is Chess960's: an error without the Variant, valid with it,
    // and with fen's --variant chess960 (ValidateOptions::chess960).
    const std::string fen = "[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1\"]\n";
    const std::string moves = "1. O-O O-O-O 2. Rbe1 d5 *";
    CHECK(validate(game(moves, "[SetUp \"1\"]\n" + fen)).has("bad-fen"));
    CHECK(validate(game(moves, "[Variant \"Chess960\"]\n[SetUp \"1\"]\n" + fen)).codes.empty());
    ValidateOptions c960;
    c960.chess960 = true;
    CHECK(validate(game(moves, "[SetUp \"1\"]\n" + fen), c960).codes.empty());
    // ... but a Variant tag that says standard decides.
    CHECK(validate(game(moves, "[Variant \"Standard\"]\n[SetUp \"1\"]\n" + fen), c960)
              .has("bad-fen"));
    // Shredder-FEN letters of the corner rooks are standard castling.
    CHECK(validate(game("1. O-O O-O-O *",
                        "[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1\"]\n"))
              .codes.empty());
}

TEST_CASE("validator: fullmove number 0 in a FEN is bad-fen, and the game is replayed from move 1",
          "[validator]") {
    auto v =
        validate(game("1. e4 Kd7 *", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 0\"]\n"));
    CHECK(v.codes == std::vector<std::string>{"bad-fen"});
    CHECK(v.message("bad-fen") ==
          "FEN '4k3/8/8/8/8/8/4P3/4K3 w - - 0 0': fullmove: 0, but the fullmove number starts at "
          "1; replayed from '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'");
    CHECK(v.plies == std::vector<int>{2});
}

TEST_CASE("validator: '*' after checkmate or stalemate is a warning, a wrong result an error",
          "[validator][regression]") {
    // Regression (issue 41): puzzle files end mates with '*' and were 100% invalid.
    auto mate = validate(game("1. f3 e5 2. g4 Qh4# *"));
    CHECK(mate.codes == std::vector<std::string>{"unrecorded-result-at-end"});
    CHECK(mate.invalid == 0);
    CHECK(mate.message("unrecorded-result-at-end") ==
          "result '*' (not recorded) but White is checkmated: the result is 0-1");
    auto stalemate =
        validate(game("1. Qf7 *", "[SetUp \"1\"]\n[FEN \"7k/8/6Q1/8/8/8/8/K7 w - - 0 1\"]\n"));
    CHECK(stalemate.codes == std::vector<std::string>{"unrecorded-result-at-end"});
    CHECK(stalemate.invalid == 0);
    CHECK(validate(game("1. f3 e5 2. g4 Qh4# 1-0", "", "1-0")).has("result-contradicts-position"));
}

TEST_CASE("validator: a PlyCount that disagrees with the main line is a warning", "[validator]") {
    auto v = validate(game("1. e4 e5 2. Nf3 *", "[PlyCount \"42\"]\n"));
    CHECK(v.codes == std::vector<std::string>{"plycount-mismatch"});
    CHECK(v.message("plycount-mismatch") == "PlyCount 42 but the main line has 3 plies");
    CHECK(v.invalid == 0);
    CHECK(validate(game("1. e4 e5 2. Nf3 (2. Nc3) *", "[PlyCount \"3\"]\n")).codes.empty());
    // A main line stopped by an error is not counted.
    CHECK(validate(game("1. e4 e4 2. Nf3 *", "[PlyCount \"3\"]\n")).codes ==
          std::vector<std::string>{"illegal-move"});
}

TEST_CASE("validator: missing roster tags are one diagnostic per game, naming each",
          "[validator]") {
    auto v = validate("[White \"a\"]\n[Black \"b\"]\n\n1. e4 *\n");
    CHECK(v.codes == std::vector<std::string>{"missing-tag"});
    CHECK(v.message("missing-tag") ==
          "missing tags 'Event', 'Site', 'Date', 'Round', 'Result' (Seven Tag Roster)");
    std::string one = game("1. e4 *");
    one.erase(one.find("[Site"), one.find("[Date") - one.find("[Site"));
    CHECK(validate(one).message("missing-tag") == "missing tag 'Site' (Seven Tag Roster)");
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
