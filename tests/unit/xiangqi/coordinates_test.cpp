// ICCS and UCI coordinate moves: read, resolve against the position, write.

#include "pgnkit/xiangqi/coordinates.hpp"
#include "pgnkit/xiangqi/movegen.hpp"
#include "pgnkit/xiangqi/zobrist.hpp"
#include "xiangqi_test_util.hpp"

#include <catch2/catch.hpp>

using namespace pgnkit::xiangqi;

TEST_CASE("xiangqi coordinates: ICCS and UCI name the same move", "[xiangqi][coordinates]") {
    const Position start = Position::startpos();
    const Move cannon(make_square(7, 2), make_square(4, 2)); // 炮二平五
    for (std::string_view text : {"h2e2", "H2-E2", "h2-e2", "H2E2"}) {
        auto m = parse_coordinates(start, text, Coordinates::Iccs);
        INFO(text);
        REQUIRE(m);
        CHECK(*m == cannon);
    }
    auto u = parse_coordinates(start, "h3e3", Coordinates::Uci);
    REQUIRE(u);
    CHECK(*u == cannon);
    CHECK(format_coordinates(cannon, Coordinates::Iccs) == "h2e2");
    CHECK(format_coordinates(cannon, Coordinates::Iccs, true) == "H2-E2");
    CHECK(format_coordinates(cannon, Coordinates::Uci) == "h3e3");
    // Rank 10 in UCI is rank 9 in ICCS.
    const Move top(make_square(0, 9), make_square(0, 8));
    CHECK(format_coordinates(top, Coordinates::Uci) == "a10a9");
    auto c = read_coordinates("a10a9", Coordinates::Uci);
    REQUIRE(c);
    CHECK(Move(c->from, c->to) == top);
    // Every legal move writes and reads back, in both.
    for (Move m : legal_moves(start))
        for (Coordinates style : {Coordinates::Iccs, Coordinates::Uci}) {
            auto back = parse_coordinates(start, format_coordinates(m, style), style);
            REQUIRE(back);
            CHECK(*back == m);
        }
}

TEST_CASE("xiangqi coordinates: what is refused, and why", "[xiangqi][coordinates]") {
    const Position start = Position::startpos();
    for (std::string_view text : {"", "h2", "h2e2+", "j2e2", "h2e", "h10e10", "a0a10x"}) {
        INFO(text);
        CHECK_FALSE(read_coordinates(text, Coordinates::Iccs));
    }
    CHECK_FALSE(read_coordinates("a0a1", Coordinates::Uci)); // UCI ranks start at 1
    CHECK_FALSE(read_coordinates("a11a1", Coordinates::Uci));
    auto syntax = parse_coordinates(start, "Ch2e2", Coordinates::Iccs);
    REQUIRE_FALSE(syntax);
    CHECK(syntax.error().syntax);
    auto blocked = parse_coordinates(start, "b2b8", Coordinates::Iccs);
    REQUIRE_FALSE(blocked);
    CHECK_FALSE(blocked.error().syntax);
    CHECK(blocked.error().verdict.fault == MoveFault::PathBlocked);
    auto black = parse_coordinates(start, "b7b0", Coordinates::Iccs);
    REQUIRE_FALSE(black);
    CHECK(black.error().verdict.fault == MoveFault::NotYourPiece);
    auto empty = parse_coordinates(start, "e5e6", Coordinates::Iccs);
    REQUIRE_FALSE(empty);
    CHECK(empty.error().message == "there is no piece on e5");
}

TEST_CASE("xiangqi zobrist: keys follow the moves and are stable", "[xiangqi][zobrist]") {
    Position pos = Position::startpos();
    const std::uint64_t start = pos.key();
    CHECK(start == pos.compute_key());
    CHECK(zobrist::piece(make_piece(Color::Red, PieceType::General), 4) !=
          zobrist::piece(make_piece(Color::Black, PieceType::General), 4));
    // The horses out and back: the same position, the same key.
    for (std::string_view m : {"b0c2", "b9c7", "c2b0", "c7b9"}) {
        auto move = parse_coordinates(pos, m, Coordinates::Iccs);
        REQUIRE(move);
        pos.play(*move);
        CHECK(pos.key() == pos.compute_key());
    }
    CHECK(pos.key() == start);
    CHECK(pos.halfmove_clock() == 4);
    CHECK(pos.fullmove_number() == 3);
    // A null move passes the turn: another key.
    pos.play(Move::null());
    CHECK(pos.key() == (start ^ zobrist::black_to_move()));
}
