// Regression: Position::play counted the halfmove clock in 16 bits and wrapped from 65535 (the
// largest clock a FEN may give) to 0 on a quiet move, so `pgnkit fen` printed a clock of 0 and
// the replay took the move for a capture or pawn move. Found while adding the 75-move check
// of set-up positions (a game dated before July 2014 goes on past the 75-move rule). The clock
// now stays at 65535.
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/position.hpp"

#include <catch2/catch.hpp>

using namespace pgnkit::chess;

TEST_CASE("regression: the halfmove clock stays at 65535 instead of wrapping to 0",
          "[regression][position]") {
    auto parsed = parse_fen("8/7p/4k3/8/8/4K3/8/3R4 w - - 65534 100");
    REQUIRE(parsed);
    Position pos = parsed->position;
    pos.play(Move(D1, D2));
    CHECK(pos.halfmove_clock() == 65535);
    pos.play(Move(E6, E5));
    CHECK(pos.halfmove_clock() == 65535);
    CHECK(format_fen(pos) == "8/7p/8/4k3/8/4K3/3R4/8 w - - 65535 101");
    pos.play(Move(D2, D8));
    CHECK(pos.halfmove_clock() == 65535);
    // A pawn move still zeroes it.
    pos.play(Move(H7, H6));
    CHECK(pos.halfmove_clock() == 0);
}
