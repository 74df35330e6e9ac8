#pragma once
/// Basic xiangqi types: sides, pieces, points of the 9 × 10 board, moves.

#include <cstdint>
#include <string>

namespace pgnkit::xiangqi {

/// Red moves first (FEN `w`, also read as `r`); Black second (FEN `b`).
enum class Color : std::uint8_t { Red = 0, Black = 1 };
constexpr Color operator~(Color c) { return Color(static_cast<int>(c) ^ 1); }
constexpr int idx(Color c) { return static_cast<int>(c); }

/// The seven kinds of piece. FEN letters (upper case Red): K A B N R C P.
enum class PieceType : std::uint8_t {
    None = 0,
    General,  ///< 帥/將, FEN K
    Advisor,  ///< 仕/士, FEN A
    Elephant, ///< 相/象, FEN B (E read too)
    Horse,    ///< 傌/馬, FEN N (H read too)
    Chariot,  ///< 俥/車, FEN R
    Cannon,   ///< 炮/包, FEN C
    Soldier,  ///< 兵/卒, FEN P
};
constexpr int idx(PieceType t) { return static_cast<int>(t); }

/// A piece with its side: Red general = 1 … Red soldier = 7, Black general = 9 … 15;
/// Piece::None (0) is an empty point.
enum class Piece : std::uint8_t { None = 0 };
constexpr Piece make_piece(Color c, PieceType t) {
    return Piece(static_cast<int>(c) * 8 + static_cast<int>(t));
}
constexpr PieceType type_of(Piece p) { return PieceType(static_cast<int>(p) & 7); }
constexpr Color color_of(Piece p) { return Color(static_cast<int>(p) >> 3); }
constexpr bool is_piece(Piece p) { return (static_cast<int>(p) & 7) != 0; }

/// The FEN letter of a piece (Red upper case: K A B N R C P), '.' for none.
char piece_letter(Piece p);
/// The piece of a FEN letter (K A B N R C P, E = B, H = N; lower case Black), None if none.
Piece piece_from_letter(char c);

/// A point: file a–i = 0–8, rank 0–9 from Red's side (ICCS ranks); index = rank × 9 + file,
/// a0 = 0 … i9 = 89 (the BoardDiagram index of a 9 × 10 board).
using Square = std::uint8_t;
inline constexpr int Files = 9, Ranks = 10, Points = 90;
inline constexpr Square NoSquare = 90;
constexpr Square make_square(int file, int rank) { return Square(rank * Files + file); }
constexpr int file_of(Square s) { return s % Files; }
constexpr int rank_of(Square s) { return s / Files; }
constexpr bool is_ok(Square s) { return s < Points; }
/// The rank as `c` counts it from its own side (0 = its back rank).
constexpr int relative_rank(Color c, Square s) {
    return c == Color::Red ? rank_of(s) : Ranks - 1 - rank_of(s);
}
/// Whether s is on `c`'s own half (before the river: ranks 0–4 for Red, 5–9 for Black).
constexpr bool own_half(Color c, Square s) { return relative_rank(c, s) <= 4; }
/// Whether s is in `c`'s palace (files d–f, its ranks 0–2).
constexpr bool in_palace(Color c, Square s) {
    return file_of(s) >= 3 && file_of(s) <= 5 && relative_rank(c, s) <= 2;
}
/// "e0" style (ICCS, ranks 0–9).
inline std::string square_name(Square s) {
    return {char('a' + file_of(s)), char('0' + rank_of(s))};
}

/// A move in 16 bits: from (7 bits), to (7 bits). Every xiangqi move is a plain move; the
/// null move has from == to == 0.
class Move {
  public:
    constexpr Move() = default;
    constexpr Move(Square from, Square to) : v_(std::uint16_t(from | (to << 7))) {}
    static constexpr Move null() { return Move(); }
    static constexpr Move from_raw(std::uint16_t raw) {
        Move m;
        m.v_ = raw;
        return m;
    }
    constexpr Square from() const { return Square(v_ & 127); }
    constexpr Square to() const { return Square(v_ >> 7); }
    constexpr bool is_null() const { return v_ == 0; }
    constexpr std::uint16_t raw() const { return v_; }
    constexpr bool operator==(const Move&) const = default;

  private:
    std::uint16_t v_ = 0;
};

} // namespace pgnkit::xiangqi
