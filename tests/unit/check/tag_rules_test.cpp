// The tag rules: tags as they are read (dates, ratings, ECO, duplicates, control
// characters), the Seven Tag Roster, and the FEN the game starts from.

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
