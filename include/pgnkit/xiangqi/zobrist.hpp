#pragma once
/// The Zobrist keys of xiangqi positions: one random 64-bit number per piece and point and
/// one for Black to move, made by splitmix64 from a fixed seed, so a key is the same in every
/// run and every build (keys can be stored and compared across runs).

#include "pgnkit/xiangqi/types.hpp"

#include <cstdint>

namespace pgnkit::xiangqi::zobrist {

/// The table (zobrist.cpp): [piece][point], and [0][0..] unused; Black to move at the end.
struct Keys {
    std::uint64_t piece[16][Points];
    std::uint64_t black;
};
extern const Keys keys;

/// The number for piece p (a real piece) on point s.
inline std::uint64_t piece(Piece p, Square s) { return keys.piece[static_cast<int>(p)][s]; }
/// XORed into the key when Black is to move.
inline std::uint64_t black_to_move() { return keys.black; }

} // namespace pgnkit::xiangqi::zobrist
