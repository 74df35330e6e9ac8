// LAN and UCI: read through the SAN parser with their flags, parse_uci()'s strict syntax,
// format_lan() and format_uci(). Castling in UCI's two forms is in san_test.cpp (Chess960).
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/chess/uci_lan.hpp"

#include "chess_positions.hpp"

#include <catch2/catch.hpp>

#include <string_view>

using namespace pgnkit::chess;
using pgnkit::test::from_fen;
using pgnkit::test::resolves;
using pgnkit::test::uci;


TEST_CASE("lan/uci: long algebraic and UCI coordinates are accepted and flagged",
          "[san][lan][uci]") {
    Position p = Position::startpos();
    CHECK(resolves(p, "e2-e4").move == Move(E2, E4));
    CHECK(resolves(p, "e2-e4").liberties == LibLongAlgebraic);
    CHECK(resolves(p, "Ng1-f3").liberties == LibLongAlgebraic);
    CHECK(resolves(p, "g1-f3").move == Move(G1, F3));
    CHECK(resolves(p, "e2e4").liberties == LibUci);
    CHECK(resolves(p, "g1f3").move == Move(G1, F3));
    CHECK(resolves(p, "g1f3").liberties == LibUci);
    CHECK(parse_and_resolve(p, "N-f3").error == SanError::Syntax);
    CHECK(parse_and_resolve(p, "e2-e5").error == SanError::Illegal);
    CHECK(parse_and_resolve(p, "e3e4").error == SanError::Illegal); // nothing on e3
    CHECK(parse_and_resolve(p, "e7e5").error == SanError::Illegal); // not our pawn
    CHECK(parse_and_resolve(p, "Bg1-f3").error == SanError::Illegal);

    Position cap = from_fen("4k3/8/8/8/8/5p2/8/4K1N1 w - - 0 1");
    CHECK(resolves(cap, "Ng1xf3").liberties == LibLongAlgebraic);
    CHECK(resolves(cap, "Ng1-f3").liberties == (LibLongAlgebraic | LibMissingCapture));
    CHECK(format_lan(cap, Move(G1, F3)) == "Ng1xf3");
    CHECK(format_lan(p, Move(E2, E4)) == "e2-e4");
    CHECK(parse_lan(p, "e2-e4") == Move(E2, E4));
    CHECK(parse_lan(p, "Ng1-f3") == Move(G1, F3));
    CHECK(parse_lan(p, "Nf3").is_null()); // SAN is not LAN
    CHECK(parse_lan(p, "e2-e5").is_null());
}

TEST_CASE("uci: parse_uci is strict about syntax and legality", "[uci]") {
    Position p = Position::startpos();
    CHECK(uci(p, "e2e4") == Move(E2, E4));
    CHECK(uci(p, "b1c3") == Move(B1, C3));
    CHECK(parse_uci(p, "e2e5").is_null());
    CHECK(parse_uci(p, "e2-e4").is_null());
    CHECK(parse_uci(p, "Nf3").is_null());
    CHECK(parse_uci(p, "e2e4q").is_null());
    CHECK(parse_uci(p, "i2e4").is_null());
    CHECK(parse_uci(p, "0000").is_null());
    CHECK(parse_uci(p, "").is_null());
    CHECK(format_uci(p, Move::null()) == "0000");
}
