// Zobrist keys must equal Polyglot book keys (docs/ARCHITECTURE.md "Principles"): the
// published test vectors of the Polyglot book format page ("Random64" keys for a few move
// sequences).

#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/zobrist.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

using namespace pgnkit::chess;

namespace {

/// The legal move from `text`'s squares (e2e4, e7e8q); castling as king-to-target or
/// king-takes-rook. Fails the test if there is none.
Move find_move(const Position& pos, const std::string& text) {
    REQUIRE(text.size() >= 4);
    Square from = make_square(text[0] - 'a', text[1] - '1');
    Square to = make_square(text[2] - 'a', text[3] - '1');
    PieceType promo = PieceType::None;
    if (text.size() == 5)
        for (PieceType t :
             {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen})
            if (piece_char(t) == char(text[4] & ~0x20)) promo = t;
    for (Move m : legal_moves(pos)) {
        if (m.from() != from || m.promotion() != promo) continue;
        if (m.to() == to) return m;
        if (m.is_castling() &&
            Position::castle_king_to(pos.side_to_move(), Position::castle_side(m)) == to)
            return m;
    }
    FAIL("no legal move " << text << " in " << format_fen(pos));
    return Move::null();
}

Position play_line(const std::string& moves) {
    Position pos = Position::startpos();
    std::istringstream in(moves);
    for (std::string m; in >> m;) {
        pos.play(find_move(pos, m));
        REQUIRE(pos.key() == pos.compute_key());
    }
    return pos;
}

Position from_fen(const std::string& fen) {
    auto r = parse_fen(fen);
    INFO(fen);
    REQUIRE(r.ok());
    return r->position;
}

} // namespace

TEST_CASE("zobrist: every published Polyglot test key", "[zobrist]") {
    // From the Polyglot book format page (hgm.nubati.net/book_format.html), "test positions".
    struct Vector {
        const char* moves;
        const char* fen;
        std::uint64_t key;
    };
    const std::vector<Vector> vectors = {
        {"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9cULL},
        {"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
         0x823c9b50fd114196ULL},
        {"e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
         0x0756b94461c50fb0ULL},
        {"e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
         0x662fafb965db29d4ULL},
        {"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
         0x22a48b5a8e47ff78ULL},
        {"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 1 3",
         0x652a607ca3f242c1ULL},
        {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7",
         "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 2 4", 0x00fdd303c946bdd9ULL},
        {"a2a4 b7b5 h2h4 b5b4 c2c4",
         "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637ULL},
        // The page's last line moves the rook a1-a3 (its FEN has the rook on a3); "a1a2"
        // in some copies of the list is a typo: that position has another key.
        {"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3",
         "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 1 4", 0x5c3f9b829b279560ULL},
    };
    for (const auto& v : vectors) {
        INFO("moves: " << v.moves);
        Position played = play_line(v.moves);
        CHECK(played.key() == v.key);
        CHECK(played.compute_key() == v.key);
        // The same position from its FEN: the parser's key agrees with the incremental one.
        Position parsed = from_fen(v.fen);
        CHECK(parsed.key() == v.key);
        CHECK(played == parsed);
    }
}

TEST_CASE("zobrist: the ep file is hashed only when a pawn stands beside the pushed pawn",
          "[zobrist]") {
    // After 1.e4 no black pawn can take on e3: the key equals the position without ep square.
    CHECK(from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").key() ==
          from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").key());
    // A black pawn on d4 can: the file is hashed.
    Position with = from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    Position without = from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
    CHECK((with.key() ^ without.key()) == zobrist::en_passant(4));
}

TEST_CASE("zobrist: the same position by transposition has the same key", "[zobrist]") {
    Position a = play_line("g1f3 g8f6 b1c3 b8c6");
    Position b = play_line("b1c3 b8c6 g1f3 g8f6");
    CHECK(a.key() == b.key());
    CHECK(a.repetition_key() == b.repetition_key());

    // Knights out and back: the start position again, same key (the clocks are not hashed).
    Position c = play_line("g1f3 g8f6 f3g1 f6g8");
    CHECK(c.key() == Position::startpos().key());

    // e3-e4 / e6-e5 in two steps each vs e4 / e5 at once: same placement; only the double
    // pushes leave an ep square, and no pawn can take en passant, so the keys agree.
    Position d = play_line("e2e3 e7e6 e3e4 e6e5");
    Position e = play_line("e2e4 e7e5");
    CHECK(e.ep_square() == E6);
    CHECK(d.ep_square() == NoSquare);
    CHECK(d.key() == e.key());
    CHECK(d.repetition_key() == e.repetition_key());

    // Castling rights are part of the key: Rh1-g1-h1 loses K.
    Position g = play_line("g1f3 g8f6 h1g1 f6g8 g1h1 g8f6 f3g1 f6g8");
    CHECK(g.castling_rights() != Position::startpos().castling_rights());
    CHECK(g.key() != Position::startpos().key());
    CHECK(g.key() == from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 8 5").key());
}

TEST_CASE("zobrist: pieces, castling, ep and side use Polyglot's table layout", "[zobrist]") {
    // Polyglot: offset 64 * kind + square, kind = 2 * piece type + (white ? 1 : 0).
    CHECK(zobrist::piece(make_piece(Color::Black, PieceType::Pawn), A1) ==
          zobrist::detail::random64[0]);
    CHECK(zobrist::piece(make_piece(Color::White, PieceType::King), H8) ==
          zobrist::detail::random64[64 * 11 + 63]);
    CHECK(zobrist::castling(0) == zobrist::detail::random64[768]);
    CHECK(zobrist::en_passant(7) == zobrist::detail::random64[779]);
    CHECK(zobrist::white_to_move() == zobrist::detail::random64[780]);
}
