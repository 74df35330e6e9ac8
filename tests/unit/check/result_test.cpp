// The checks at the game's end: the result against the tag and the final position, a win
// on time, PlyCount.

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

TEST_CASE("result: the validator gives the result the rules decide at the main line's end",
          "[validator][result]") {
    const std::string pgn = test::game("1. f3 e5 2. g4 Qh4# *") + test::game("1. e4 e5 *") +
                            test::game("1. f3 e5 2. g4 Qh4# (2... d5) 0-1") +
                            test::game("1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. "
                                       "Qxd7+ Kf7 7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 *",
                                       "", "*");
    test::GameByGame games(pgn);
    const char* const want[] = {"0-1", "", "0-1", "1/2-1/2"};
    for (const char* expected : want) {
        REQUIRE(games.next());
        CHECK(games.v.info().decided_result == expected);
    }
    CHECK_FALSE(games.next());
}
