// Position: incremental state against recomputation over whole perft trees, and the rules
// play() must get right (castling rights, en passant, promotion).

#include "pgnkit/cmd/perft/perft_suite.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/zobrist.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace pgnkit::chess;

namespace {

Position from_fen(const std::string& fen, bool chess960 = false) {
    FenParseOptions o;
    o.chess960 = chess960;
    auto r = parse_fen(fen, o);
    INFO(fen);
    REQUIRE(r.ok());
    return r->position;
}

/// The legal move with `text`'s squares (e2e4, e7e8q; castling king-to-target or king-takes-rook).
Move find_move(const Position& pos, const std::string& text) {
    Square from = make_square(text[0] - 'a', text[1] - '1');
    Square to = make_square(text[2] - 'a', text[3] - '1');
    PieceType promo = PieceType::None;
    if (text.size() == 5)
        for (PieceType t :
             {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen})
            if (piece_char(t) == char(text[4] & ~0x20)) promo = t;
    for (Move m : legal_moves(pos)) {
        if (m.from() != from || m.promotion() != promo) continue;
        if (m.to() == to ||
            (m.is_castling() &&
             Position::castle_king_to(pos.side_to_move(), Position::castle_side(m)) == to))
            return m;
    }
    FAIL("no legal move " << text << " in " << format_fen(pos));
    return Move::null();
}

Position play_line(Position pos, const std::string& moves) {
    std::istringstream in(moves);
    for (std::string m; in >> m;) pos.play(find_move(pos, m));
    return pos;
}

bool has_move(const Position& pos, const std::string& text) {
    Square from = make_square(text[0] - 'a', text[1] - '1');
    Square to = make_square(text[2] - 'a', text[3] - '1');
    for (Move m : legal_moves(pos))
        if (m.from() == from && m.to() == to) return true;
    return false;
}

/// Every field of a position, as a test can see them (operator== leaves out the key, the
/// checkers, the kings and the mailbox).
bool same_position(const Position& a, const Position& b) {
    return a == b && a.key() == b.key() && a.checkers() == b.checkers() &&
           a.king_square(Color::White) == b.king_square(Color::White) &&
           a.king_square(Color::Black) == b.king_square(Color::Black) &&
           a.chess960() == b.chess960() && std::equal(a.board(), a.board() + 64, b.board());
}

/// play_normal() of the normal move `m` (not castling, en passant or a promotion).
void play_normal(Position& pos, Move m, Position::NormalUndo& u) {
    switch (type_of(pos.piece_on(m.from()))) {
    case PieceType::Pawn: pos.play_normal<PieceType::Pawn>(m.from(), m.to(), u); break;
    case PieceType::Knight: pos.play_normal<PieceType::Knight>(m.from(), m.to(), u); break;
    case PieceType::Bishop: pos.play_normal<PieceType::Bishop>(m.from(), m.to(), u); break;
    case PieceType::Rook: pos.play_normal<PieceType::Rook>(m.from(), m.to(), u); break;
    case PieceType::Queen: pos.play_normal<PieceType::Queen>(m.from(), m.to(), u); break;
    default: pos.play_normal<PieceType::King>(m.from(), m.to(), u); break;
    }
}

/// Walks the legal move tree and checks the incremental state at every node.
struct TreeChecker {
    std::uint64_t nodes = 0;
    std::uint64_t undone = 0; ///< moves played by play_normal() and taken back
    std::string first_failure;

    void fail(const Position& pos, const char* what) {
        if (first_failure.empty()) first_failure = std::string(what) + " at " + format_fen(pos);
    }

    std::uint64_t walk(const Position& pos, int depth, int fen_depth) {
        ++nodes;
        if (pos.key() != pos.compute_key()) fail(pos, "incremental key != compute_key()");
        if (!pos.is_consistent()) fail(pos, "is_consistent() false");
        // repetition_key() differs from key() only by an ep file no legal capture can use.
        if (pos.repetition_key() != pos.key() &&
            (pos.ep_square() == NoSquare || pos.has_legal_ep() ||
             (pos.repetition_key() ^ pos.key()) != zobrist::en_passant(file_of(pos.ep_square()))))
            fail(pos, "repetition_key() differs from key() by more than an unusable ep file");
        if (fen_depth > 0) check_fen_round_trip(pos);
        if (depth == 0) return 1;
        std::uint64_t leaves = 0;
        for (Move m : legal_moves(pos)) {
            if (!pos.is_legal(m)) fail(pos, "generated move fails is_legal()");
            if (m.kind() == Move::Normal) {
                // play_normal() plays it as play() does; undo_normal() takes it back exactly.
                Position p = pos;
                Position::NormalUndo u{};
                play_normal(p, m, u);
                if (!same_position(p, pos.after(m))) fail(pos, "play_normal() != play()");
                p.undo_normal(u);
                if (!same_position(p, pos)) fail(pos, "undo_normal() did not restore the position");
                ++undone;
            }
            leaves += walk(pos.after(m), depth - 1, fen_depth - 1);
        }
        return leaves;
    }

    void check_fen_round_trip(const Position& pos) {
        // EpMode::Always keeps every ep square, so the parse gives back the same value.
        FenParseOptions o;
        o.chess960 = pos.chess960();
        std::string fen = format_fen(pos, {EpMode::Always, CastlingStyle::XFen, true});
        auto back = parse_fen(fen, o);
        if (!back.ok()) return fail(pos, "format_fen output does not parse");
        if (!(back->position == pos) || back->position.key() != pos.key())
            fail(pos, "FEN round trip changed the position");
        // Shredder-FEN gives the same position too.
        auto shredder =
            parse_fen(format_fen(pos, {EpMode::Always, CastlingStyle::Shredder, true}), o);
        if (!shredder.ok() || !(shredder->position == pos))
            fail(pos, "Shredder-FEN round trip changed the position");
        // The default (legal ep) FEN keeps FIDE identity.
        auto legal = parse_fen(format_fen(pos), o);
        if (!legal.ok() || legal->position.repetition_key() != pos.repetition_key())
            fail(pos, "legal-ep FEN changed the repetition key");
    }
};

std::vector<pgnkit::app::PerftCase> read_suite(const std::string& rel) {
    std::ifstream in(std::string(PGNKIT_CORPUS_DIR) + "/perft/" + rel);
    REQUIRE(in);
    return pgnkit::app::read_perft_suite(in);
}

std::uint64_t check_tree(const pgnkit::app::PerftCase& c, int depth) {
    INFO(c.id << ": " << c.fen);
    FenParseOptions o;
    o.chess960 = c.chess960;
    auto parsed = parse_fen(c.fen, o);
    REQUIRE(parsed.ok());
    TreeChecker t;
    std::uint64_t leaves = t.walk(parsed->position, depth, 2);
    CHECK(t.first_failure == "");
    CHECK(t.undone > 0);
    for (auto [d, n] : c.expected)
        if (d == depth) CHECK(leaves == n);
    return t.nodes;
}

} // namespace

TEST_CASE("position: incremental key and consistency at every node of perft trees (depth 3)",
          "[position][perft]") {
    int checked = 0;
    std::uint64_t nodes = 0;
    auto standard = read_suite("ethereal/standard.epd");
    // Every fourth case: 32 positions (castling, promotions, ep, pins, checks).
    for (std::size_t i = 0; i < standard.size(); i += 4, ++checked)
        nodes += check_tree(standard[i], 3);
    for (const auto& c : read_suite("shakmaty/tricky.perft")) nodes += check_tree(c, 3), ++checked;
    CHECK(checked > 30);
    CHECK(nodes > 200000);
}

TEST_CASE("position: incremental key and consistency over Chess960 perft trees (depth 3)",
          "[position][perft][chess960]") {
    auto fischer = read_suite("ethereal/fischer.epd");
    std::uint64_t nodes = 0;
    for (std::size_t i = 0; i < fischer.size(); i += 80) nodes += check_tree(fischer[i], 3);
    auto shakmaty = read_suite("shakmaty/chess960.perft");
    for (std::size_t i = 0; i < shakmaty.size(); i += 120) nodes += check_tree(shakmaty[i], 3);
    CHECK(nodes > 100000);
}

TEST_CASE("position: castling rights are lost when the king moves", "[position]") {
    Position p = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    Position q = p.after(find_move(p, "e1e2"));
    CHECK(q.castling_rights() == 0b1100);
    q = play_line(q, "e8d8 e2e1"); // back home: the rights do not come back
    CHECK(q.castling_rights() == 0);
    CHECK(format_fen(q) == "r2k3r/8/8/8/8/8/8/R3K2R b - - 3 2");
    // Castling itself spends both rights of that side.
    q = p.after(find_move(p, "e1g1"));
    CHECK(q.castling_rights() == 0b1100);
    CHECK(q.piece_on(G1) == make_piece(Color::White, PieceType::King));
    CHECK(q.piece_on(F1) == make_piece(Color::White, PieceType::Rook));
}

TEST_CASE("position: castling rights are lost when a rook moves or is captured", "[position]") {
    Position p = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK(p.after(find_move(p, "h1h2")).castling_rights() == 0b1110);
    CHECK(p.after(find_move(p, "a1b1")).castling_rights() == 0b1101);
    // Ra1xa8 loses White's queen side (rook moved) and Black's queen side (rook captured).
    Position q = p.after(find_move(p, "a1a8"));
    CHECK(q.castling_rights() == 0b0101);
    CHECK(format_fen(q) == "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    // A capture on the rook's square by a minor piece.
    Position n = from_fen("r3k2r/8/8/8/8/6n1/8/R3K2R b KQkq - 0 1");
    CHECK(n.after(find_move(n, "g3h1")).castling_rights() == 0b1110);
    Position b = from_fen("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
    CHECK(b.after(find_move(b, "g2h1")).castling_rights() == 0b1110);
    // The rook of the other side is unaffected by a move that only passes its file.
    CHECK(b.after(find_move(b, "g2f1")).castling_rights() == 0b1111);
}

TEST_CASE("position: Chess960 castling rights follow the castling rook", "[position][chess960]") {
    // King b1, rooks a1 and d1 (Shredder AD): moving the d1 rook loses only D.
    Position p = from_fen("1r1k1r2/1p1p4/8/8/8/8/1P1P1P2/RK1R4 w ADbf - 0 1", true);
    REQUIRE(p.chess960());
    Position q = p.after(find_move(p, "d1e1"));
    CHECK_FALSE(q.can_castle(Color::White, CastleSide::King));
    CHECK(q.can_castle(Color::White, CastleSide::Queen));
    // King-takes-rook castling on the king side: king g1, rook f1.
    Position c = p.after(find_move(p, "b1d1"));
    CHECK(c.piece_on(G1) == make_piece(Color::White, PieceType::King));
    CHECK(c.piece_on(F1) == make_piece(Color::White, PieceType::Rook));
    CHECK_FALSE(c.can_castle(Color::White, CastleSide::Queen));
    CHECK(c.key() == c.compute_key());
}

TEST_CASE("position: en passant is possible only immediately after the double push", "[position]") {
    Position p = from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    Position q = p.after(find_move(p, "e2e4"));
    CHECK(q.ep_square() == E3);
    CHECK(has_move(q, "d4e3"));
    q = play_line(q, "e8d8 e1d1"); // black waits: the chance is gone
    CHECK(q.ep_square() == NoSquare);
    CHECK_FALSE(has_move(q, "d4e3"));
    // The capture removes the pushed pawn.
    Position r = p.after(find_move(p, "e2e4"));
    r.play(find_move(r, "d4e3"));
    CHECK(r.empty(E4));
    CHECK(r.piece_on(E3) == make_piece(Color::Black, PieceType::Pawn));
    CHECK(r.halfmove_clock() == 0);
    CHECK(r.key() == r.compute_key());
}

TEST_CASE("position: en passant that would expose the king along the rank is illegal",
          "[position]") {
    // e4xd3 would take both pawns off the fourth rank: the queen h4 would check the king a4.
    Position p = from_fen("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
    CHECK(p.ep_square() == D3);
    CHECK(p.has_pseudo_ep());
    CHECK_FALSE(p.has_legal_ep());
    CHECK_FALSE(has_move(p, "e4d3"));
    CHECK(format_fen(p) == "8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1");
    CHECK(format_fen(p, {EpMode::Pseudo}) == "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
    // With a rook instead of a queen, and the king on the other side.
    Position r = from_fen("8/8/8/2k5/R2Pp2K/8/8/8 b - d3 0 1");
    CHECK(has_move(r, "e4d3")); // the king is not on the fourth rank: legal
    Position s = from_fen("8/8/8/8/R2Pp2k/8/8/4K3 b - d3 0 1");
    CHECK_FALSE(has_move(s, "e4d3"));
    // A pawn pinned on a diagonal may take en passant along that diagonal ...
    Position diag = from_fen("8/8/8/5k2/3Pp3/8/2B5/7K b - d3 0 1");
    CHECK(has_move(diag, "e4d3"));
    // ... but a pawn pinned on its file may not.
    Position file = from_fen("4k3/8/8/8/3Pp3/8/8/4RK2 b - d3 0 1");
    CHECK_FALSE(has_move(file, "e4d3"));
}

TEST_CASE("position: en passant captures a checking pawn", "[position]") {
    // d2-d4 gives check to the king on e5... (pawn d4 attacks e5): exd3 removes the checker.
    Position p = from_fen("8/8/8/4k3/3Pp3/8/8/4K3 b - d3 0 1");
    CHECK(p.in_check());
    CHECK(has_move(p, "e4d3"));
    // ... but not when the check comes from another piece.
    Position q = from_fen("4K3/8/8/8/3Pp3/8/8/R6k b - d3 0 1");
    CHECK(q.in_check());
    CHECK_FALSE(has_move(q, "e4d3"));
}

TEST_CASE("position: promotion to queen, rook, bishop or knight only", "[position]") {
    Position p = from_fen("1n5k/P7/8/8/8/8/8/K7 w - - 0 1");
    int push = 0, capture = 0;
    for (Move m : legal_moves(p)) {
        if (m.from() != A7) continue;
        REQUIRE(m.kind() == Move::Promotion);
        PieceType t = m.promotion();
        CHECK((t == PieceType::Queen || t == PieceType::Rook || t == PieceType::Bishop ||
               t == PieceType::Knight));
        (m.to() == A8 ? push : capture) += 1;
    }
    CHECK(push == 4);
    CHECK(capture == 4);
    for (PieceType t : {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight}) {
        Position q = p.after(Move(A7, B8, Move::Promotion, t));
        CHECK(q.piece_on(B8) == make_piece(Color::White, t));
        CHECK(q.key() == q.compute_key());
        CHECK(q.is_consistent());
    }
}

TEST_CASE("position: clocks advance, zeroing on captures and pawn moves", "[position]") {
    Position p = Position::startpos();
    p = play_line(p, "g1f3");
    CHECK(p.halfmove_clock() == 1);
    CHECK(p.fullmove_number() == 1);
    p = play_line(p, "b8c6");
    CHECK(p.halfmove_clock() == 2);
    CHECK(p.fullmove_number() == 2);
    p = play_line(p, "e2e4");
    CHECK(p.halfmove_clock() == 0);
    CHECK(p.ep_square() == E3); // set after every double push (see position.hpp)
    CHECK(p.game_ply() == 3);
}

TEST_CASE("position: equal positions compare equal after a castling right was lost by play()",
          "[position][regression]") {
    // Regression: operator== compared the stored rook squares of rights that no longer exist,
    // so a played position and the same position from its FEN differed.
    Position played = play_line(Position::startpos(), "g1f3 g8f6 h1g1 f6g8");
    Position parsed = from_fen("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBR1 w Qkq - 4 3");
    CHECK(played == parsed);
}
