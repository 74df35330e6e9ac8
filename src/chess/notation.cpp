// TEMPORARY minimal implementation (format_uci only) until the notation module lands.
#include "pgnkit/chess/notation.hpp"

namespace pgnkit::chess {

std::string format_uci(const Position& pos, Move m) {
    if (m.is_null()) return "0000";
    Square to = m.to();
    if (m.is_castling() && !pos.chess960())
        to = Position::castle_king_to(pos.side_to_move(), Position::castle_side(m));
    std::string s = square_name(m.from()) + square_name(to);
    if (m.kind() == Move::Promotion) s += char(piece_char(m.promotion()) | 0x20);
    return s;
}

} // namespace pgnkit::chess
