// Regressions (found by tests/fuzz/fuzz_pgn.cpp under UBSan) in GameValidator::report_illegal
// (src/check/validator.cpp), which explains why an illegal move is illegal.
//
// 1. An illegal coordinate move
// without a piece letter (`e3e4`: San::piece is PieceType::None) makes
// GameValidator::report_illegal (src/check/validator.cpp, "explain why") call
// Position::pieces(us, PieceType::None) — by_type_[6], one past the array — and
// attacks_bb(PieceType::None, …). Release builds happen to print "no piece can move to e4";
// the sanitizer tree aborts.
// 2. A pawn move to its own first rank or onto the last rank without promotion (`1. b1`,
// `1. e4 b8`): bb(san.to - pawn_push(us)) shifts by a negative amount or by ≥ 64.
// Fixed in report_illegal: the piece of a coordinate move is the one on its origin, and pawn
// origins are computed only for squares that exist.
#include "pgnkit/check/validator.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"
#include "replay_games.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace pgnkit;

namespace {

bool illegal_move_reported(const std::string& movetext) {
    for (const Diagnostic& d : test::replay_diagnostics("[Event \"x\"]\n\n" + movetext + "\n"))
        if (d.code == Code::IllegalMove) return true;
    return false;
}

} // namespace

TEST_CASE("regression: illegal coordinate move without a piece letter is explained safely",
          "[regression][validator]") {
    for (const char* movetext : {"1. e3e4 *", "1. e2e4 e5e4 *", "1. a1a5 *", "1. e2-e5 *"})
        CHECK(illegal_move_reported(movetext));
}

TEST_CASE("regression: illegal pawn move to the first or last rank is explained safely",
          "[regression][validator]") {
    for (const char* movetext : {"1. b1 *", "1. e1 *", "1. e4 b8 *", "1. e4 h8 *", "1. a8 *"})
        CHECK(illegal_move_reported(movetext));
}
