// Xiangqi perft against the corpus counts (tests/data/perft/xiangqi), the check and capture
// counts of the wukong table, and the position's invariants at every node of a small tree.

#include "pgnkit/xiangqi/move_rules.hpp"
#include "pgnkit/xiangqi/movegen.hpp"
#include "xiangqi_test_util.hpp"

#include <catch2/catch.hpp>

using namespace pgnkit::xiangqi;
using xiangqi_test::from_fen;

namespace {

constexpr std::string_view Middlegame =
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

/// At every node to `depth`: the incremental key equals the recomputed one, the mailbox and
/// point sets agree, and the generated moves are exactly the from–to pairs is_legal() and
/// check_move() accept.
void check_tree(const Position& pos, int depth) {
    REQUIRE(pos.is_consistent());
    const MoveList moves = legal_moves(pos);
    int accepted = 0, verdicts = 0;
    for (int from = 0; from < Points; ++from) {
        if (pos.empty(Square(from))) continue;
        for (int to = 0; to < Points; ++to) {
            const Move m{Square(from), Square(to)};
            accepted += pos.is_legal(m);
            verdicts += check_move(pos, m).legal();
            if (pos.is_legal(m) != moves.contains(m) ||
                check_move(pos, m).legal() != pos.is_legal(m)) {
                INFO(write_fen(pos) << " " << format_coordinates(m, Coordinates::Iccs));
                FAIL("is_legal, check_move and legal_moves disagree");
            }
        }
    }
    CHECK(accepted == int(moves.size()));
    CHECK(verdicts == int(moves.size()));
    CHECK(has_legal_move(pos) == !moves.empty());
    if (depth == 0) return;
    for (Move m : moves) check_tree(pos.after(m), depth - 1);
}

} // namespace

TEST_CASE("xiangqi perft: the start position to depth 4", "[xiangqi][perft]") {
    const Position start = Position::startpos();
    CHECK(perft(start, 0) == 1);
    CHECK(perft(start, 1) == 44);
    CHECK(perft(start, 2) == 1920);
    CHECK(perft(start, 3) == 79666);
    CHECK(perft(start, 4) == 3290240);
}

TEST_CASE("xiangqi perft: checks and captures of the wukong table", "[xiangqi][perft]") {
    // ../shared/corpus/xiangqi/perft/wukong-xiangqi-perft.txt: depth, nodes, checks, captures.
    const Position start = Position::startpos();
    auto c = perft_counts(start, 3);
    CHECK(c.nodes == 79666);
    CHECK(c.checks == 384);
    CHECK(c.captures == 3159);
    c = perft_counts(start, 2);
    CHECK(c.nodes == 1920);
    CHECK(c.checks == 6);
    CHECK(c.captures == 72);
    const Position mid = from_fen(Middlegame);
    c = perft_counts(mid, 3);
    CHECK(c.nodes == 43929);
    CHECK(c.checks == 1190);
    CHECK(c.captures == 2105);
    c = perft_counts(mid, 1);
    CHECK(c.nodes == 38);
    CHECK(c.checks == 1);
    CHECK(c.captures == 1);
}

TEST_CASE("xiangqi perft: the position is consistent at every node", "[xiangqi][perft]") {
    check_tree(Position::startpos(), 2);
    check_tree(from_fen(Middlegame), 2);
    check_tree(from_fen("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1"), 2);
}
