#pragma once
/// Zobrist keys from the Polyglot random table, so position keys equal Polyglot book keys.

#include "pgnkit/chess/types.hpp"

#include <cstdint>

namespace pgnkit::chess::zobrist {

namespace detail {
extern const std::uint64_t random64[781];
}

inline std::uint64_t piece(Piece p, Square s) {
    // Polyglot "kind": black pawn 0, white pawn 1, black knight 2, … white king 11.
    int kind = 2 * idx(type_of(p)) + (color_of(p) == Color::White ? 1 : 0);
    return detail::random64[64 * kind + s];
}
/// i = castle_index(color, side): 0 white O-O, 1 white O-O-O, 2 black O-O, 3 black O-O-O.
inline std::uint64_t castling(int i) { return detail::random64[768 + i]; }
inline std::uint64_t en_passant(int file) { return detail::random64[772 + file]; }
/// XORed in when white is to move.
inline std::uint64_t white_to_move() { return detail::random64[780]; }

} // namespace pgnkit::chess::zobrist
