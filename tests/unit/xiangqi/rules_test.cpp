// Each rule of xiangqi on a position made for it: the palace, the elephant's eye and the
// river, the horse's leg, the cannon's screen, the soldiers, the flying general, check,
// checkmate and stalemate (both lose), with the reason check_move() gives.

#include "pgnkit/xiangqi/move_rules.hpp"
#include "pgnkit/xiangqi/movegen.hpp"
#include "pgnkit/xiangqi/outcome.hpp"
#include "xiangqi_test_util.hpp"

#include <catch2/catch.hpp>

using namespace pgnkit::xiangqi;
using xiangqi_test::from_fen;
using xiangqi_test::iccs;

namespace {

MoveFault fault_of(const Position& pos, std::string_view move) {
    return check_move(pos, iccs(move)).fault;
}

/// Whether the move is legal by every test the core has (they must agree).
bool legal(const Position& pos, std::string_view move) {
    const Move m = iccs(move);
    const bool a = pos.is_legal(m), b = check_move(pos, m).legal(),
               c = legal_moves(pos).contains(m);
    INFO(move);
    CHECK(a == b);
    CHECK(a == c);
    return a;
}

} // namespace

TEST_CASE("xiangqi rules: the horse is blocked by a piece on its leg", "[xiangqi][rules]") {
    // Red horse h0, Red chariot h1 on the leg towards g2 and i2; g0 is free for f1.
    const Position pos = from_fen("3k5/9/9/9/9/9/9/9/7R1/4K2N1 w - - 0 1");
    CHECK_FALSE(legal(pos, "h0g2"));
    CHECK_FALSE(legal(pos, "h0i2"));
    CHECK(legal(pos, "h0f1"));
    const MoveVerdict v = check_move(pos, iccs("h0g2"));
    CHECK(v.fault == MoveFault::HorseLeg);
    CHECK(v.blocker == make_square(7, 1));
    CHECK(describe(pos, iccs("h0g2"), v) ==
          "the horse on h0 is blocked by the piece on h1 (the horse's leg)");
    CHECK(fault_of(pos, "h0h2") == MoveFault::NotAMove);
}

TEST_CASE("xiangqi rules: the elephant's eye and the river", "[xiangqi][rules]") {
    // Red elephants c0 (eye d1 taken by a horse) and g4 (at the river).
    const Position pos = from_fen("3k5/9/9/9/9/6B2/9/9/3N5/2B1K4 w - - 0 1");
    CHECK_FALSE(legal(pos, "c0e2"));
    CHECK(fault_of(pos, "c0e2") == MoveFault::ElephantEye);
    CHECK(legal(pos, "c0a2"));
    CHECK_FALSE(legal(pos, "g4e6"));
    CHECK(fault_of(pos, "g4e6") == MoveFault::CrossesRiver);
    CHECK(legal(pos, "g4e2"));
    CHECK(fault_of(pos, "g4f5") == MoveFault::NotAMove);
}

TEST_CASE("xiangqi rules: general and advisors stay in the palace", "[xiangqi][rules]") {
    const Position pos = from_fen("3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1");
    CHECK(fault_of(pos, "d0c1") == MoveFault::OutOfPalace);
    CHECK(legal(pos, "d0e1"));
    CHECK(fault_of(pos, "e0f0") == MoveFault::Legal);
    CHECK(fault_of(pos, "e0e2") == MoveFault::NotAMove);
    const Position edge = from_fen("3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1");
    CHECK(fault_of(edge, "f0g0") == MoveFault::OutOfPalace);
    CHECK(fault_of(edge, "f0e1") == MoveFault::NotAMove);
}

TEST_CASE("xiangqi rules: the cannon captures over exactly one screen", "[xiangqi][rules]") {
    // Red cannon b2; Black chariot b9, Black horse b7 between (one screen); the second
    // position puts a second screen (a Red soldier) on b5.
    const Position one = from_fen("1r1k5/9/1n7/9/9/9/9/1C7/9/4K4 w - - 0 1");
    CHECK(legal(one, "b2b9"));
    CHECK_FALSE(legal(one, "b2b7"));
    CHECK(fault_of(one, "b2b7") == MoveFault::CannonScreen);
    CHECK(legal(one, "b2b6"));
    CHECK_FALSE(legal(one, "b2b8"));
    CHECK(fault_of(one, "b2b8") == MoveFault::PathBlocked);
    const Position two = from_fen("1r1k5/9/1n7/9/1P7/9/9/1C7/9/4K4 w - - 0 1");
    CHECK(fault_of(two, "b2b9") == MoveFault::CannonScreen);
    CHECK(describe(two, iccs("b2b9"), check_move(two, iccs("b2b9"))) ==
          "the cannon on b2 needs exactly one screen to capture on b9");
}

TEST_CASE("xiangqi rules: soldiers move forward, sideways only across the river",
          "[xiangqi][rules]") {
    const Position pos = from_fen("3k5/9/9/9/2P6/9/4P4/9/9/4K4 w - - 0 1");
    CHECK(legal(pos, "e3e4"));
    CHECK(fault_of(pos, "e3d3") == MoveFault::SoldierSideways);
    CHECK(fault_of(pos, "e3e2") == MoveFault::SoldierBackward);
    CHECK(legal(pos, "c5b5"));
    CHECK(legal(pos, "c5d5"));
    CHECK(legal(pos, "c5c6"));
    CHECK(fault_of(pos, "c5c4") == MoveFault::SoldierBackward);
    // Black soldiers go down the board.
    const Position black = from_fen("3k5/9/9/9/9/4p4/9/9/9/4K4 b - - 0 1");
    CHECK(legal(black, "e4e3"));
    CHECK(legal(black, "e4d4"));
    CHECK(fault_of(black, "e4e5") == MoveFault::SoldierBackward);
    // A soldier on the last rank only moves sideways.
    const Position last = from_fen("3k2P2/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    CHECK(legal_moves_from(last, make_square(6, 9)).size() == 2);
}

TEST_CASE("xiangqi rules: the generals may not face each other", "[xiangqi][rules]") {
    // Red general e0, Black general d9; d-file open.
    const Position pos = from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    CHECK_FALSE(legal(pos, "e0d0"));
    CHECK(fault_of(pos, "e0d0") == MoveFault::GeneralsFace);
    CHECK(describe(pos, iccs("e0d0"), check_move(pos, iccs("e0d0"))) ==
          "the general on e0 to d0: the generals would face each other on file d");
    CHECK(legal(pos, "e0e1"));
    // The only piece between the generals may not leave the file.
    const Position pinned = from_fen("4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1");
    CHECK_FALSE(legal(pinned, "e5d7"));
    CHECK(fault_of(pinned, "e5d7") == MoveFault::GeneralsFace);
    CHECK(legal_moves_from(pinned, make_square(4, 5)).empty());
    CHECK(legal_moves(pinned).size() == 3); // the general: d0, f0, e1
    // A FEN with the generals facing is refused.
    CHECK_FALSE(parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"));
}

TEST_CASE("xiangqi rules: check by each piece, and moves that leave check", "[xiangqi][rules]") {
    // Black horse g2 checks the Red general e1 (leg f2 free... g2→e1 leg is f2).
    const Position horse = from_fen("3k5/9/9/9/9/9/9/6n2/4K4/9 w - - 0 1");
    CHECK(horse.in_check());
    const Position leg = from_fen("3k5/9/9/9/9/9/9/5An2/4K4/9 w - - 0 1");
    CHECK_FALSE(leg.in_check());
    // A Black cannon checks over one screen, not over none.
    const Position cannon = from_fen("3k5/4c4/9/9/4P4/9/9/9/9/4K4 w - - 0 1");
    CHECK(cannon.in_check());
    CHECK(legal(cannon, "e5d5")); // the screen steps aside: no screen, no check
    CHECK(fault_of(cannon, "e0e1") == MoveFault::LeavesCheck);
    const Position no_screen = from_fen("3k5/4c4/9/9/9/9/9/9/9/5K3 w - - 0 1");
    CHECK_FALSE(no_screen.in_check());
    CHECK(fault_of(no_screen, "f0e0") == MoveFault::Legal); // no screen: the cannon cannot take
    // A Black soldier beside the general checks it.
    const Position soldier = from_fen("3k5/9/9/9/9/9/9/9/9/3pK4 w - - 0 1");
    CHECK(soldier.in_check());
    CHECK(legal(soldier, "e0e1"));
    CHECK(legal(soldier, "e0f0"));
    CHECK(fault_of(soldier, "e0d0") == MoveFault::GeneralsFace); // takes it onto the open file
    // A chariot's check is left in place by a sideways general move along its line.
    const Position chariot = from_fen("3k5/9/9/9/9/9/9/9/9/r3K4 w - - 0 1");
    CHECK(chariot.in_check());
    CHECK(fault_of(chariot, "e0f0") == MoveFault::LeavesCheck);
    CHECK(legal(chariot, "e0e1"));
    // Moving a screen onto the cannon's file gives check.
    const Position screen = from_fen("3k5/9/9/9/9/2R6/9/9/9/3CK4 w - - 0 1");
    CHECK_FALSE(screen.in_check());
    CHECK(screen.gives_check(iccs("c4d4")));
    CHECK_FALSE(screen.gives_check(iccs("c4c5")));
}

TEST_CASE("xiangqi rules: checkmate and stalemate both lose for the side to move",
          "[xiangqi][rules]") {
    // Black general d9; a Red chariot on a8 covers d8, the Red general covers e9 (flying
    // general). Not in check: stalemate.
    const Position stalemate = from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
    CHECK_FALSE(stalemate.in_check());
    CHECK(legal_moves(stalemate).empty());
    CHECK(status(stalemate) == Status::Stalemate);
    CHECK(is_lost(status(stalemate)));
    // The same with a second chariot checking along rank 9: checkmate.
    const Position mate = from_fen("R2k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
    CHECK(status(mate) == Status::Checkmate);
    CHECK(is_lost(status(mate)));
    CHECK(status(Position::startpos()) == Status::Ongoing);
    CHECK(status(from_fen("3k5/9/9/9/9/9/9/6n2/4K4/9 w - - 0 1")) == Status::Check);
}
