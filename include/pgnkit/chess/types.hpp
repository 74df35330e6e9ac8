#pragma once
/// Basic chess types: colours, pieces, squares, moves, castling rights.

#include <cstdint>
#include <string>
#include <string_view>

namespace pgnkit::chess {

enum class Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) { return Color(static_cast<int>(c) ^ 1); }
constexpr int idx(Color c) { return static_cast<int>(c); }

enum class PieceType : std::uint8_t { Pawn = 0, Knight, Bishop, Rook, Queen, King, None };
constexpr int idx(PieceType p) { return static_cast<int>(p); }

/// A coloured piece: white pawn = 0 … white king = 5, black pawn = 8 … black king = 13.
enum class Piece : std::uint8_t { None = 6 };
constexpr Piece make_piece(Color c, PieceType t) {
    return Piece(static_cast<int>(c) * 8 + static_cast<int>(t));
}
constexpr PieceType type_of(Piece p) { return PieceType(static_cast<int>(p) & 7); }
constexpr Color color_of(Piece p) { return Color(static_cast<int>(p) >> 3); }
constexpr bool is_piece(Piece p) { return (static_cast<int>(p) & 7) < 6; }

/// a1 = 0, b1 = 1 … h8 = 63.
enum Square : std::int8_t {
    // clang-format off
    A1, B1, C1, D1, E1, F1, G1, H1, A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3, A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5, A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7, A8, B8, C8, D8, E8, F8, G8, H8,
    // clang-format on
    NoSquare = 64
};
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr bool is_ok(Square s) { return s >= A1 && s <= H8; }
/// The square as seen from `c`'s side (rank mirrored for black).
constexpr Square relative(Color c, Square s) { return Square(s ^ (c == Color::Black ? 56 : 0)); }
constexpr int relative_rank(Color c, Square s) {
    return c == Color::White ? rank_of(s) : 7 - rank_of(s);
}
constexpr Square operator+(Square s, int d) { return Square(int(s) + d); }
constexpr Square operator-(Square s, int d) { return Square(int(s) - d); }
/// One step forward for `c`'s pawns.
constexpr int pawn_push(Color c) { return c == Color::White ? 8 : -8; }

inline std::string square_name(Square s) {
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

/// A move in 16 bits: from (6), to (6), promotion piece (2), kind (2).
/// Castling is encoded as king-from → castling-rook square (works for Chess960).
class Move {
  public:
    enum Kind : std::uint16_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

    constexpr Move() = default;
    constexpr Move(Square from, Square to, Kind k = Normal, PieceType promo = PieceType::Knight)
        : v_(std::uint16_t(from | (to << 6) | ((idx(promo) - 1) << 12) | (k << 14))) {}
    static constexpr Move null() { return Move(); }
    static constexpr Move from_raw(std::uint16_t raw) {
        Move m;
        m.v_ = raw;
        return m;
    }

    constexpr Square from() const { return Square(v_ & 63); }
    constexpr Square to() const { return Square((v_ >> 6) & 63); }
    constexpr Kind kind() const { return Kind(v_ >> 14); }
    constexpr PieceType promotion() const {
        return kind() == Promotion ? PieceType(((v_ >> 12) & 3) + 1) : PieceType::None;
    }
    constexpr bool is_castling() const { return kind() == Castling; }
    constexpr bool is_null() const { return v_ == 0; }
    constexpr std::uint16_t raw() const { return v_; }
    constexpr bool operator==(const Move&) const = default;

  private:
    std::uint16_t v_ = 0;
};

/// Castling sides.
enum class CastleSide : std::uint8_t { King = 0, Queen = 1 };

/// Index of a castling right 0..3: white king side, white queen side, black king side,
/// black queen side (the Polyglot key order).
constexpr int castle_index(Color c, CastleSide s) { return idx(c) * 2 + static_cast<int>(s); }

/// Piece letters (upper case) for PieceType.
constexpr char piece_char(PieceType t) { return "PNBRQK?"[idx(t)]; }

} // namespace pgnkit::chess
