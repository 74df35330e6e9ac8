#pragma once
/// Zobrist keys from the Polyglot random table, so position keys equal Polyglot book keys.

#include "pgnkit/chess/types.hpp"

#include <cstdint>

namespace pgnkit::chess::zobrist {

namespace detail {
extern const std::uint64_t random64[781];
/// The Polyglot piece keys indexed by Piece value (colour << 3 | type) and square.
struct PieceKeys {
    std::uint64_t k[16][64];
};
extern const PieceKeys piece_keys;
} // namespace detail

inline std::uint64_t piece(Piece p, Square s) {
    return detail::piece_keys.k[static_cast<int>(p)][s];
}
/// i = castle_index(color, side): 0 white O-O, 1 white O-O-O, 2 black O-O, 3 black O-O-O.
inline std::uint64_t castling(int i) { return detail::random64[768 + i]; }
inline std::uint64_t en_passant(int file) { return detail::random64[772 + file]; }
/// XORed in when white is to move.
inline std::uint64_t white_to_move() { return detail::random64[780]; }

} // namespace pgnkit::chess::zobrist
