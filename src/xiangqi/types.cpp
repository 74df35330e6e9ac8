#include "pgnkit/xiangqi/types.hpp"

namespace pgnkit::xiangqi {

char piece_letter(Piece p) {
    static constexpr char red[8] = {'.', 'K', 'A', 'B', 'N', 'R', 'C', 'P'};
    if (!is_piece(p)) return '.';
    const char c = red[idx(type_of(p))];
    return color_of(p) == Color::Red ? c : char(c - 'A' + 'a');
}

Piece piece_from_letter(char c) {
    const bool black = c >= 'a' && c <= 'z';
    const char u = black ? char(c - 'a' + 'A') : c;
    PieceType t = PieceType::None;
    switch (u) {
    case 'K': t = PieceType::General; break;
    case 'A': t = PieceType::Advisor; break;
    case 'B':
    case 'E': t = PieceType::Elephant; break;
    case 'N':
    case 'H': t = PieceType::Horse; break;
    case 'R': t = PieceType::Chariot; break;
    case 'C': t = PieceType::Cannon; break;
    case 'P': t = PieceType::Soldier; break;
    default: return Piece::None;
    }
    return make_piece(black ? Color::Black : Color::Red, t);
}

} // namespace pgnkit::xiangqi
