// Game-ending rules (FIDE Laws of Chess): checkmate 5.1.1, stalemate 5.2.1, dead position
// 5.2.2 / 6.9, 50-move claim 9.3, 75-move rule 9.6.2, repetition 9.2 / 9.6.1.

#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/outcome.hpp"

#include <catch2/catch.hpp>

#include <sstream>
#include <string>

using namespace pgnkit::chess;

namespace {

Position from_fen(const std::string& fen) {
    auto r = parse_fen(fen);
    INFO(fen);
    REQUIRE(r.ok());
    return r->position;
}

/// The legal move with `text`'s squares (e2e4, e7e8q; castling king-to-target).
Move find_move(const Position& pos, const std::string& text) {
    Square from = make_square(text[0] - 'a', text[1] - '1');
    Square to = make_square(text[2] - 'a', text[3] - '1');
    for (Move m : legal_moves(pos)) {
        if (m.from() != from) continue;
        if (text.size() == 5 && m.promotion() != PieceType::Queen) continue;
        if (m.to() == to ||
            (m.is_castling() &&
             Position::castle_king_to(pos.side_to_move(), Position::castle_side(m)) == to))
            return m;
    }
    FAIL("no legal move " << text << " in " << format_fen(pos));
    return Move::null();
}

/// Plays `moves` from `pos`, pushing every position (the first one too) into `history`.
Position replay(Position pos, const std::string& moves, RepetitionHistory& history) {
    history.push(pos);
    std::istringstream in(moves);
    for (std::string m; in >> m;) {
        pos.play(find_move(pos, m));
        history.push(pos);
    }
    return pos;
}

bool dead(const std::string& fen) { return has_insufficient_material(from_fen(fen)); }
bool white_can_mate(const std::string& fen) { return can_ever_mate(from_fen(fen), Color::White); }
bool black_can_mate(const std::string& fen) { return can_ever_mate(from_fen(fen), Color::Black); }

} // namespace

TEST_CASE("outcome: checkmate and stalemate", "[outcome]") {
    // Fool's mate.
    Position fool = from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    CHECK(is_checkmate(fool));
    CHECK_FALSE(is_stalemate(fool));
    // Check with an escape is not mate.
    Position check = from_fen("rnb1kbnr/pppp1ppp/8/4p3/7q/5P2/PPPPP1PP/RNBQKBNR w KQkq - 1 3");
    CHECK(check.in_check());
    CHECK_FALSE(is_checkmate(check));
    // Queen stalemate in the corner.
    Position stale = from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    CHECK(is_stalemate(stale));
    CHECK_FALSE(is_checkmate(stale));
    // Stalemate with pawns: the only pawn is blocked, the king is boxed in.
    CHECK(is_stalemate(from_fen("k7/P7/K7/8/8/8/8/8 b - - 0 1")));
    // The start position is neither.
    CHECK_FALSE(is_checkmate(Position::startpos()));
    CHECK_FALSE(is_stalemate(Position::startpos()));
}

TEST_CASE("outcome: dead positions by material (FIDE 5.2.2)", "[outcome]") {
    CHECK(dead("8/8/4k3/8/8/3K4/8/8 w - - 0 1"));         // K v K
    CHECK(dead("8/8/4k3/8/8/3KN3/8/8 w - - 0 1"));        // K+N v K
    CHECK(dead("8/8/4k3/8/8/3K4/8/n7 b - - 0 1"));        // K v K+N
    CHECK(dead("8/8/4k3/8/8/3KB3/8/8 w - - 0 1"));        // K+B v K
    CHECK(dead("8/8/4k3/8/8/3K4/8/5b2 w - - 0 1"));       // K v K+B
    CHECK(dead("8/8/4k3/8/2b5/3K4/8/5B2 w - - 0 1"));     // K+B v K+B, both light squares
    CHECK(dead("B7/1B6/2B1k3/8/8/3K4/6b1/7b w - - 0 1")); // 3 v 2 bishops, all on light
    CHECK(dead("8/8/4k3/8/8/2BK4/1B6/B7 w - - 0 1"));     // K+BBB (promoted) v K, one colour
    CHECK(dead("1b6/8/4k3/8/8/3K4/8/B7 w - - 0 1"));      // dark a1 and b8: one colour

    CHECK_FALSE(dead("8/8/4k3/8/8/3KB3/8/1b6 w - - 0 1")); // K+B v K+B, opposite colours
    CHECK_FALSE(dead("8/8/4k3/8/8/2BK4/8/5B2 w - - 0 1")); // K+BB v K, both colours
    CHECK_FALSE(dead("8/8/4k3/8/8/2NK4/8/5N2 w - - 0 1")); // K+NN v K (helpmate exists)
    CHECK_FALSE(dead("8/8/4k3/8/8/3KN3/8/5n2 w - - 0 1")); // K+N v K+N
    CHECK_FALSE(dead("8/8/4k3/8/8/3KN3/8/5b2 w - - 0 1")); // K+N v K+B
    CHECK_FALSE(dead("8/8/4k3/8/8/3KNB2/8/8 w - - 0 1"));  // K+N+B v K
    CHECK_FALSE(dead("8/8/4k3/8/8/3KP3/8/8 w - - 0 1"));   // K+P v K
    CHECK_FALSE(dead("8/8/4k3/8/8/3K4/8/R7 w - - 0 1"));   // K+R v K
    CHECK_FALSE(dead("8/8/4k3/8/8/3K4/8/5q2 w - - 0 1"));  // K v K+Q
    CHECK_FALSE(dead(std::string(StartFen)));
}

TEST_CASE("outcome: can_ever_mate per side (FIDE 6.9)", "[outcome]") {
    // A bare king never mates.
    CHECK_FALSE(white_can_mate("8/8/4k3/8/8/3K4/8/5q2 w - - 0 1"));
    CHECK(black_can_mate("8/8/4k3/8/8/3K4/8/5q2 w - - 0 1"));
    // K+N v K+Q: the queen can always take the checking knight, so the knight never mates
    // (the cornered king's three neighbours need the queen on one of them, next to every
    // square the knight checks from). A flag-fall by the queen's side is a draw.
    CHECK_FALSE(white_can_mate("8/8/4k3/8/8/3KN3/8/5q2 w - - 0 1"));
    // K+N v K+R, K+N v K+P, K+N v K+B, K+N v K+N: the opponent's own piece can box its king in.
    CHECK(white_can_mate("8/8/4k3/8/8/3KN3/8/5r2 w - - 0 1"));
    CHECK(white_can_mate("8/8/4k3/4p3/8/3KN3/8/8 w - - 0 1"));
    CHECK(white_can_mate("8/8/4k3/8/8/3KN3/8/5b2 w - - 0 1"));
    CHECK(white_can_mate("8/8/4k3/8/8/3KN3/8/5n2 w - - 0 1"));
    // ... for instance this helpmate: Ka6, Nc7 against Ka8, Rb8.
    Position knight_mate = from_fen("kr6/2N5/K7/8/8/8/8/8 b - - 0 1");
    CHECK(is_checkmate(knight_mate));
    // K+NN v K and K+N+B v K are mating material (with help for the knights).
    CHECK(white_can_mate("8/8/4k3/8/8/2NK4/8/5N2 w - - 0 1"));
    CHECK(white_can_mate("8/8/4k3/8/8/3KNB2/8/8 w - - 0 1"));
    // K+B v K+Q and K+B v K+R: the queen or rook can interpose next to its king.
    CHECK_FALSE(white_can_mate("8/8/4k3/8/8/3KB3/8/5q2 w - - 0 1"));
    CHECK_FALSE(white_can_mate("8/8/4k3/8/8/3KB3/8/5r2 w - - 0 1"));
    // K+B v K+P, K+B v K+N, K+B v K+B of the other colour: mate is possible.
    CHECK(white_can_mate("8/8/4k3/4p3/8/3KB3/8/8 w - - 0 1"));
    CHECK(white_can_mate("8/8/4k3/8/8/3KB3/8/5n2 w - - 0 1"));
    CHECK(white_can_mate("8/8/4k3/8/8/3KB3/8/1b6 w - - 0 1"));
    CHECK(is_checkmate(from_fen("kb6/p7/K7/8/4B3/8/8/8 b - - 0 1"))); // light B v dark B + P
    // ... but not against a bishop of the same colour.
    CHECK_FALSE(white_can_mate("8/8/4k3/8/8/3KB3/8/2b5 w - - 0 1"));
    // Pawns, rooks and queens always mate.
    CHECK(white_can_mate("8/8/4k3/8/8/3KP3/8/5q2 w - - 0 1"));
    CHECK(white_can_mate("8/8/4k3/8/8/3K4/8/R7 w - - 0 1"));
    CHECK(white_can_mate("8/8/4k3/8/8/3K4/8/Q7 w - - 0 1"));
}

TEST_CASE("outcome: 50-move claim and 75-move rule (FIDE 9.3, 9.6.2)", "[outcome]") {
    CHECK_FALSE(fifty_move_claimable(from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 99 80")));
    CHECK(fifty_move_claimable(from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 100 80")));
    CHECK_FALSE(seventy_five_move_draw(from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 149 80")));
    Position p150 = from_fen("8/8/4k3/8/8/3K4/8/R7 w - - 150 80");
    CHECK(seventy_five_move_draw(p150));
    RepetitionHistory h;
    h.push(p150);
    CHECK(automatic_outcome(p150, h) == Outcome::SeventyFiveMoves);

    // The 150th half-move gives mate: the mate stands (FIDE 9.6.2).
    Position mate150 = from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 150 100");
    CHECK(is_checkmate(mate150));
    CHECK_FALSE(seventy_five_move_draw(mate150));
    h.clear();
    h.push(mate150);
    CHECK(automatic_outcome(mate150, h) == Outcome::Checkmate);

    // Played into: Ra8# as the 150th half-move.
    Position before = from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100");
    CHECK(automatic_outcome(before, h) == Outcome::None);
    Position after = before.after(find_move(before, "a1a8"));
    CHECK(after.halfmove_clock() == 150);
    CHECK(automatic_outcome(after, h) == Outcome::Checkmate);
}

TEST_CASE("outcome: threefold and fivefold repetition (FIDE 9.2, 9.6.1)", "[outcome]") {
    RepetitionHistory h;
    const std::string cycle = "g1f3 g8f6 f3g1 f6g8 ";
    Position pos = replay(Position::startpos(), cycle, h);
    CHECK(h.count(pos) == 2);
    CHECK_FALSE(h.threefold(pos));
    pos = replay(pos, cycle, h);
    // replay() pushed the start position twice more (as its first and last position); rebuild.
    h.clear();
    pos = replay(Position::startpos(), cycle + cycle, h);
    CHECK(h.count(pos) == 3);
    CHECK(h.threefold(pos));
    CHECK_FALSE(h.fivefold(pos));
    CHECK(automatic_outcome(pos, h) == Outcome::None);

    h.clear();
    pos = replay(Position::startpos(), cycle + cycle + cycle + cycle, h);
    CHECK(h.count(pos) == 5);
    CHECK(h.fivefold(pos));
    CHECK(automatic_outcome(pos, h) == Outcome::FivefoldRepetition);
    // Positions in between repeat too (same side to move, same everything).
    Position mid = Position::startpos().after(find_move(Position::startpos(), "g1f3"));
    CHECK(h.count(mid) == 4);
}

TEST_CASE("outcome: repetition history forgets positions before a capture or pawn move",
          "[outcome]") {
    RepetitionHistory h;
    Position pos = replay(Position::startpos(), "g1f3 g8f6 f3g1 f6g8", h);
    CHECK(h.size() == 5);
    pos = replay(pos, "e2e4", h); // replay pushes pos again, then e4 (halfmove 0) clears
    CHECK(h.size() == 1);
    CHECK(h.count(Position::startpos()) == 0);
}

TEST_CASE("outcome: repetition needs the same castling rights (FIDE 9.2.2)", "[outcome]") {
    RepetitionHistory h;
    // Rh1-g1-h1 puts the pieces back, but White has lost the right to castle king side.
    Position pos = replay(Position::startpos(), "g1f3 g8f6 h1g1 f6g8 g1h1 g8f6 f3g1 f6g8", h);
    CHECK(pos.pieces() == Position::startpos().pieces());
    CHECK(h.count(pos) == 1);
    CHECK(h.count(Position::startpos()) == 1);
}

TEST_CASE("outcome: repetition ignores an en-passant square no legal capture can use",
          "[outcome]") {
    // FIDE 9.2.2.2: positions differ if a pawn could have been captured en passant. Here the
    // black pawn e4 could take d3 but that would expose its king on a4 to the queen on h4.
    Position pinned = from_fen("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
    Position no_ep = from_fen("8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1");
    CHECK(pinned.has_pseudo_ep());
    CHECK_FALSE(pinned.has_legal_ep());
    CHECK(pinned.key() != no_ep.key()); // Polyglot hashes the pseudo-legal capture
    CHECK(pinned.repetition_key() == no_ep.repetition_key());
    RepetitionHistory h;
    h.push(no_ep);
    h.push(pinned);
    CHECK(h.count(pinned) == 1); // the push of `pinned` (halfmove 0) cleared the first one
    CHECK(h.count_key(no_ep.repetition_key()) == 1);

    // A legal en-passant capture makes the positions different.
    Position legal = from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    Position legal_no_ep = from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
    CHECK(legal.has_legal_ep());
    CHECK(legal.repetition_key() != legal_no_ep.repetition_key());
}

TEST_CASE("outcome: automatic_outcome order", "[outcome]") {
    RepetitionHistory h;
    // Stalemate wins over dead position: K+B v K with black stalemated is reported as
    // stalemate (both draw; stalemate is tested first).
    Position stale_dead = from_fen("k7/2K5/1B6/8/8/8/8/8 b - - 0 1");
    h.push(stale_dead);
    CHECK(is_stalemate(stale_dead));
    CHECK(automatic_outcome(stale_dead, h) == Outcome::Stalemate);
    Position kk = from_fen("8/8/4k3/8/8/3K4/8/8 w - - 200 150");
    h.push(kk);
    CHECK(automatic_outcome(kk, h) == Outcome::InsufficientMaterial);
    CHECK(automatic_outcome(Position::startpos(), h) == Outcome::None);
    CHECK(outcome_name(Outcome::FivefoldRepetition) == "fivefold-repetition");
    CHECK(outcome_name(Outcome::None) == "none");
}

TEST_CASE("outcome: repetition history reuses its storage", "[outcome]") {
    RepetitionHistory h;
    Position pos = from_fen("8/8/4k3/8/8/3K4/8/8 w - - 1 1"); // halfmove 1: push never clears
    for (int i = 0; i < 1000; ++i) {
        h.push(pos);
        if (h.size() == 100) h.clear();
    }
    CHECK(h.size() == 0);
    h.push(pos);
    CHECK(h.count(pos) == 1);
}
