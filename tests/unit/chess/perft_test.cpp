#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"

#include <catch2/catch.hpp>

using namespace pgnkit::chess;

TEST_CASE("perft: start position to depth 4", "[perft]") {
    Position p = Position::startpos();
    CHECK(perft(p, 1) == 20);
    CHECK(perft(p, 2) == 400);
    CHECK(perft(p, 3) == 8902);
    CHECK(perft(p, 4) == 197281);
}

TEST_CASE("perft: a set-up with 270 legal moves fits the move list", "[perft]") {
    auto r = parse_fen("kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1");
    REQUIRE(r.ok());
    CHECK(legal_moves(r->position).size() == 270);
    CHECK(perft(r->position, 2) == 0);
}
