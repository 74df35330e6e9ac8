// The repetition rules over a main line (xiangqi/repetition.hpp): hand-made cycles of each
// kind. The cycles' moves and checks were confirmed with Fairy-Stockfish (`position fen …
// moves …` then `d`: every move legal, its "Checkers" line as each case says); it has no
// word on chases, so those are reasoned in the comments.
#include "pgnkit/xiangqi/repetition.hpp"

#include "xiangqi_test_util.hpp"

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

using namespace pgnkit::xiangqi;
using xiangqi_test::from_fen;

namespace {

/// The moves of space-separated ICCS text, each checked legal where it is played.
std::vector<Move> line(const Position& start, const std::string& text, int times = 1) {
    std::vector<Move> moves;
    Position pos = start;
    for (int t = 0; t < times; ++t) {
        std::istringstream in(text);
        std::string word;
        while (in >> word) {
            const Move m = xiangqi_test::iccs(word);
            INFO(word);
            REQUIRE(pos.is_legal(m));
            pos.play(m);
            moves.push_back(m);
        }
    }
    return moves;
}

RepetitionReport judge(const std::string& fen, const std::string& text, int times = 1) {
    const Position start = from_fen(fen);
    const std::vector<Move> moves = line(start, text, times);
    return judge_repetitions(start, moves);
}

// Red's chariot checks from a9 and a8 while Black's general steps e9–e8: Red checks on every
// move (Fairy-Stockfish: Checkers a10, a9), Black never.
const char* const ChariotCheckFen = "4k4/9/9/9/9/9/R8/9/9/3K5 w - - 0 1";
const char* const ChariotCheckMoves = "a3a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9";

} // namespace

TEST_CASE("repetition: perpetual check by a chariot loses for the checking side",
          "[xiangqi][repetition]") {
    const RepetitionReport r = judge(ChariotCheckFen, ChariotCheckMoves);
    REQUIRE(r.findings.size() == 1);
    const RepetitionFinding& f = r.findings[0];
    CHECK(f.kind == RepetitionKind::PerpetualCheck);
    CHECK(f.offender == Color::Red);
    CHECK(f.first_ply == 1);
    CHECK(f.last_ply == 9);
    CHECK(f.plies == std::vector<int>{1, 5, 9});
    CHECK(f.chased == NoSquare);
    REQUIRE(r.verdict.has_value());
    CHECK(*r.verdict == std::optional<Color>(Color::Red));
    CHECK(r.verdict_finding == std::optional<std::size_t>(0));
    CHECK(!r.fifty_moves_ply);
}

TEST_CASE("repetition: a position standing twice is no finding", "[xiangqi][repetition]") {
    const RepetitionReport r = judge(ChariotCheckFen, "a3a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9");
    CHECK(r.findings.empty());
    CHECK(!r.verdict);
}

TEST_CASE("repetition: perpetual check by a horse", "[xiangqi][repetition]") {
    // The horse checks from c8 and d6 (Checkers c9, d7) as the general steps e9–e8.
    const RepetitionReport r = judge("4k4/9/9/1N7/9/9/9/9/9/3K5 w - - 0 1",
                                     "b6c8 e9e8 c8d6 e8e9 d6c8 e9e8 c8d6 e8e9 d6c8");
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].kind == RepetitionKind::PerpetualCheck);
    CHECK(r.findings[0].offender == Color::Red);
    CHECK(r.findings[0].plies == std::vector<int>{1, 5, 9});
}

TEST_CASE("repetition: perpetual check by a cannon over a screen", "[xiangqi][repetition]") {
    // The cannon checks on file e over the advisor and on file d over the soldier (Checkers
    // e4, d4) as the general steps e9–d9.
    const RepetitionReport r = judge("4k4/4a4/9/3P5/9/9/3C5/9/9/5K3 w - - 0 1",
                                     "d3e3 e9d9 e3d3 d9e9 d3e3 e9d9 e3d3 d9e9 d3e3");
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].kind == RepetitionKind::PerpetualCheck);
    CHECK(r.findings[0].offender == Color::Red);
}

TEST_CASE("repetition: perpetual check by Black loses for Black", "[xiangqi][repetition]") {
    // The chariot case mirrored: Black checks, Red's general steps e0–e1.
    const RepetitionReport r =
        judge("3k5/9/9/r8/9/9/9/9/9/4K4 b - - 0 1", "a6a0 e0e1 a0a1 e1e0 a1a0 e0e1 a0a1 e1e0 a1a0");
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].kind == RepetitionKind::PerpetualCheck);
    CHECK(r.findings[0].offender == Color::Black);
    REQUIRE(r.verdict.has_value());
    CHECK(*r.verdict == std::optional<Color>(Color::Black));
}

TEST_CASE("repetition: both sides checking on every move is a draw", "[xiangqi][repetition]") {
    // Red's cannon a8 aims along rank 8 at the general f8 over the pieces on c8 and e8;
    // Black's cannon e9 aims down file e at the general e0 over those on e8 and e7. Each horse
    // move changes one screen of each line: every move escapes check and gives it
    // (Fairy-Stockfish: every position's side to move in check).
    const RepetitionReport r =
        judge("4c4/C1n1Nk3/9/9/9/9/9/9/9/4K4 w - - 0 1", "e8c7 c8e7 c7e8 e7c8", 2);
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].kind == RepetitionKind::MutualPerpetualCheck);
    CHECK(r.findings[0].plies == std::vector<int>{0, 4, 8});
    REQUIRE(r.verdict.has_value());
    CHECK(!r.verdict->has_value());
}

TEST_CASE("repetition: a horse chasing an unprotected chariot", "[xiangqi][repetition]") {
    // The horse attacks the chariot from d5 (on e7) and from c3 (on e4); the chariot never
    // attacks the horse, and nothing protects it.
    const RepetitionReport r =
        judge("5k3/9/4r4/9/9/9/2N6/9/9/3K5 w - - 0 1", "c3d5 e7e4 d5c3 e4e7", 2);
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].kind == RepetitionKind::PerpetualChase);
    CHECK(r.findings[0].offender == Color::Red);
    CHECK(r.findings[0].chased == make_square(4, 7)); // e7
    REQUIRE(r.verdict.has_value());
    CHECK(*r.verdict == std::optional<Color>(Color::Red));
}

TEST_CASE("repetition: a horse chasing an unprotected cannon", "[xiangqi][repetition]") {
    const RepetitionReport r =
        judge("5k3/9/4c4/9/9/9/2N6/9/9/3K5 w - - 0 1", "c3d5 e7e4 d5c3 e4e7", 2);
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].kind == RepetitionKind::PerpetualChase);
    CHECK(r.findings[0].chased == make_square(4, 7));
}

TEST_CASE("repetition: chasing a protected piece is no chase", "[xiangqi][repetition]") {
    // The same cycle with a chariot on e9 guarding the cannon on e7 and on e4 (the file
    // between is empty when the cannon stands on e4): a threefold repetition only.
    const RepetitionReport r =
        judge("4rk3/9/4c4/9/9/9/2N6/9/9/3K5 w - - 0 1", "c3d5 e7e4 d5c3 e4e7", 2);
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].kind == RepetitionKind::Threefold);
    CHECK(r.findings[0].offender == Color::Red); // to move in the repeated position
}

TEST_CASE("repetition: a chariot attacked by a horse is chased even when protected",
          "[xiangqi][repetition]") {
    const RepetitionReport r =
        judge("4rk3/9/4r4/9/9/9/2N6/9/9/3K5 w - - 0 1", "c3d5 e7e4 d5c3 e4e7", 2);
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].kind == RepetitionKind::PerpetualChase);
    CHECK(r.findings[0].chased == make_square(4, 7));
}

TEST_CASE("repetition: a threat the moves do not make is no chase", "[xiangqi][repetition]") {
    // Red's chariot on a2 attacks the unprotected horse on a7 all along, but Red's moves are
    // its general's steps, which make no threat.
    const RepetitionReport r =
        judge("5k3/9/n8/9/9/9/9/R8/9/3K5 w - - 0 1", "d0d1 f9f8 d1d0 f8f9", 2);
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].kind == RepetitionKind::Threefold);
}

TEST_CASE("repetition: attacking a piece that can take back is no chase", "[xiangqi][repetition]") {
    // Red's chariot follows Black's along files c and g: each attack is answered by the
    // attacked chariot's own attack on it (an exchange offered, not a chase).
    const RepetitionReport r =
        judge("5k3/9/2r6/9/9/9/9/6R2/9/3K5 w - - 0 1", "g2c2 c7g7 c2g2 g7c7", 2);
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].kind == RepetitionKind::Threefold);
}

TEST_CASE("repetition: the general chasing is exempt", "[xiangqi][repetition]") {
    // The general attacks the crossed soldier on d1 from d2 and on e1 from e2, every move.
    const RepetitionReport r =
        judge("5k3/9/9/9/9/9/9/4K4/3p5/9 w - - 0 1", "e2d2 d1e1 d2e2 e1d1", 2);
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].kind == RepetitionKind::Threefold);
}

TEST_CASE("repetition: a soldier chasing is exempt", "[xiangqi][repetition]") {
    // The crossed soldier attacks the cannon on d6 from d5 and on c6 from c5, every move.
    const RepetitionReport r =
        judge("5k3/9/9/3c5/2P6/9/9/9/9/4K4 w - - 0 1", "c5d5 d6c6 d5c5 c6d6", 2);
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].kind == RepetitionKind::Threefold);
}

TEST_CASE("repetition: threefold repetition without checks is a draw", "[xiangqi][repetition]") {
    const RepetitionReport r =
        judge("5k3/9/9/9/9/9/9/9/R8/3K5 w - - 0 1", "d0e0 f9f8 e0d0 f8f9", 2);
    REQUIRE(r.findings.size() == 1);
    const RepetitionFinding& f = r.findings[0];
    CHECK(f.kind == RepetitionKind::Threefold);
    CHECK(f.offender == Color::Red);
    CHECK(f.plies == std::vector<int>{0, 4, 8});
    REQUIRE(r.verdict.has_value());
    CHECK(!r.verdict->has_value());
}

TEST_CASE("repetition: one finding for a cycle however long it goes on", "[xiangqi][repetition]") {
    const RepetitionReport r =
        judge("5k3/9/9/9/9/9/9/9/R8/3K5 w - - 0 1", "d0e0 f9f8 e0d0 f8f9", 6);
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].last_ply == 8);
    CHECK(r.verdict.has_value()); // the game ends inside the cycle
}

TEST_CASE("repetition: a game that leaves the cycle by a capture gets no verdict",
          "[xiangqi][repetition]") {
    // Threefold at ply 8, then Red's chariot takes the soldier on a5.
    const RepetitionReport r = judge("5k3/9/9/9/p8/9/9/9/R8/3K5 w - - 0 1",
                                     "d0e0 f9f8 e0d0 f8f9 d0e0 f9f8 e0d0 f8f9 a1a5");
    REQUIRE(r.findings.size() == 1);
    CHECK(!r.verdict);
    CHECK(!r.verdict_finding);
}

TEST_CASE("repetition: the same board with the other side to move is another position",
          "[xiangqi][repetition]") {
    // Red's chariot goes round a0–a2–a1 in three moves while Black's general steps f9–f8 in
    // two: the start's board stands again at ply 5 with Black to move, at ply 12 with Red to
    // move, at ply 17 with Black to move; the third time with Red to move is ply 24.
    const std::string fen = "5k3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
    const std::string cycle = "a0a2 f9f8 a2a1 f8f9 a1a0 f9f8 a0a2 f8f9 a2a1 f9f8 a1a0 f8f9";
    const Position start = from_fen(fen);
    const std::vector<Move> moves = line(start, cycle, 2);
    REQUIRE(moves.size() == 24);
    const RepetitionReport before =
        judge_repetitions(start, std::span<const Move>(moves).first(23));
    CHECK(before.findings.empty());
    const RepetitionReport at = judge_repetitions(start, moves);
    REQUIRE(at.findings.size() == 1);
    CHECK(at.findings[0].plies == std::vector<int>{0, 12, 24});
}

TEST_CASE("repetition: 100 plies without a capture, not 99", "[xiangqi][repetition]") {
    // The chariot wanders a0 … a4 and back, the generals step: no position stands a third
    // time before ply 100 matters here, only the clock.
    const Position start = from_fen("5k3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    const std::vector<Move> moves = line(start, "d0e0 f9f8 e0d0 f8f9", 25);
    REQUIRE(moves.size() == 100);
    const std::span<const Move> all(moves);
    CHECK(!judge_repetitions(start, all.first(99)).fifty_moves_ply);
    CHECK(judge_repetitions(start, all).fifty_moves_ply == std::optional<int>(100));
}

TEST_CASE("repetition: the FEN's halfmove clock counts towards 100 plies",
          "[xiangqi][repetition]") {
    const Position start = from_fen("5k3/9/9/9/9/9/9/9/9/R2K5 w - - 98 60");
    const std::vector<Move> moves = line(start, "d0e0 f9f8 e0d0");
    const std::span<const Move> all(moves);
    CHECK(!judge_repetitions(start, all.first(1)).fifty_moves_ply);
    CHECK(judge_repetitions(start, all).fifty_moves_ply == std::optional<int>(2));
    const Position done = from_fen("5k3/9/9/9/9/9/9/9/9/R2K5 w - - 100 60");
    CHECK(judge_repetitions(done, all).fifty_moves_ply == std::optional<int>(0));
}

TEST_CASE("repetition: a capture restarts the 100 plies", "[xiangqi][repetition]") {
    // 48 plies of stepping, Red's chariot takes the soldier at ply 49, then stepping on: the
    // clock reaches 100 at ply 149, not at 100.
    const Position start = from_fen("5k3/9/9/9/p8/9/9/9/9/R2K5 w - - 0 1");
    std::vector<Move> moves = line(start, "d0e0 f9f8 e0d0 f8f9", 12);
    Position pos = start;
    for (Move m : moves) pos.play(m);
    const std::vector<Move> capture = line(pos, "a0a5");
    moves.push_back(capture[0]);
    pos.play(capture[0]);
    const std::vector<Move> rest = line(pos, "f9f8 d0e0 f8f9 e0d0", 25);
    moves.insert(moves.end(), rest.begin(), rest.end());
    REQUIRE(moves.size() == 149);
    const std::span<const Move> all(moves);
    CHECK(!judge_repetitions(start, all.first(148)).fifty_moves_ply);
    const RepetitionReport r = judge_repetitions(start, all);
    CHECK(r.fifty_moves_ply == std::optional<int>(149));
    // The stepping repeats before and after the capture: one finding on each side of it.
    REQUIRE(r.findings.size() == 2);
    CHECK(r.findings[0].last_ply < 49);
    CHECK(r.findings[1].first_ply >= 49);
}

TEST_CASE("repetition: the judge keeps no state from one game to the next",
          "[xiangqi][repetition]") {
    RepetitionJudge j;
    const Position start = from_fen(ChariotCheckFen);
    const std::vector<Move> moves = line(start, ChariotCheckMoves);
    const std::vector<Move> none;
    CHECK(j.judge(start, moves).findings.size() == 1);
    CHECK(j.judge(start, none).findings.empty());
    CHECK(j.judge(start, moves).findings.size() == 1);
    CHECK(j.judge(start, std::span<const Move>(moves).first(8)).findings.empty());
}

TEST_CASE("repetition: a long capture-free stretch grows the table", "[xiangqi][repetition]") {
    // Red's chariot tours ranks 0–7 (file f left to Black's general, which steps f9–f8 after
    // each of its moves): over a hundred positions, none repeated, so the judge's table grows
    // (repetition.cpp: 64 slots at first). Then the chariot returns to a0 and the generals
    // step: the start stands a second and a third time, found across the growth.
    const Position start = from_fen("5k3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    std::vector<Move> moves;
    Position pos = start;
    Square chariot = make_square(0, 0);
    const auto pair = [&](Square to) {
        const Move m(chariot, to);
        INFO(square_name(chariot) << square_name(to));
        REQUIRE(pos.is_legal(m));
        pos.play(m);
        moves.push_back(m);
        chariot = to;
        const Square k = pos.general_square(Color::Black);
        const Move step(k, k == make_square(5, 9) ? make_square(5, 8) : make_square(5, 9));
        REQUIRE(pos.is_legal(step));
        pos.play(step);
        moves.push_back(step);
    };
    for (int rank = 1; rank < 8; ++rank)
        for (int f = 0; f < 9; ++f) {
            const Square to = make_square(rank % 2 ? f : 8 - f, rank);
            if (file_of(to) != 5) pair(to);
        }
    const int tour = int(moves.size());
    pair(make_square(0, 7));
    if ((moves.size() / 2) % 2 == 0) pair(make_square(0, 1)); // an even number of pairs back
    pair(make_square(0, 0));
    REQUIRE(pos.key() == start.key());
    const int back = int(moves.size());
    const std::vector<Move> steps = line(pos, "d0e0 f9f8 e0d0 f8f9");
    moves.insert(moves.end(), steps.begin(), steps.end());
    const RepetitionReport r = judge_repetitions(start, moves);
    REQUIRE(tour > 100);
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings[0].plies == std::vector<int>{0, back, back + 4});
}
