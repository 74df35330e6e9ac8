#pragma once
/// 64-bit boards and precomputed attack tables (magic bitboards for sliders).

#include "pgnkit/chess/types.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>

namespace pgnkit::chess {

using Bitboard = std::uint64_t;

constexpr Bitboard bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard FileABB = 0x0101010101010101ULL;
constexpr Bitboard Rank1BB = 0xFFULL;
constexpr Bitboard file_bb(int f) { return FileABB << f; }
constexpr Bitboard rank_bb(int r) { return Rank1BB << (8 * r); }
constexpr Bitboard DarkSquares = 0xAA55AA55AA55AA55ULL;

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

template <int D>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (D == 8)
        return b << 8;
    else if constexpr (D == -8)
        return b >> 8;
    else if constexpr (D == 9)
        return (b & ~file_bb(7)) << 9;
    else if constexpr (D == 7)
        return (b & ~FileABB) << 7;
    else if constexpr (D == -7)
        return (b & ~file_bb(7)) >> 7;
    else if constexpr (D == -9)
        return (b & ~FileABB) >> 9;
    else
        return 0;
}

namespace detail {
struct Magic {
    Bitboard mask;
    Bitboard magic;
    const Bitboard* attacks;
    unsigned shift;
    unsigned index(Bitboard occ) const { return unsigned(((occ & mask) * magic) >> shift); }
};
extern Magic rook_magics[64];
extern Magic bishop_magics[64];
extern Bitboard pawn_attacks[2][64];
extern Bitboard knight_attacks[64];
extern Bitboard king_attacks[64];
/// The tables of square pairs (64 KB). The slider attacks by magic index (rook_magics[s].attacks,
/// bishop_magics[s].attacks: 841 KB) lie in one block of their own that the kernel is asked to
/// back with a 2 MB huge page (init_bitboards): one page fault at start-up and one TLB entry,
/// instead of some 200 of each (a page fault costs 10-15 us on the virtual machines measured
/// here). That block is found inside a larger static one at run time, not aligned by the
/// linker: a section aligned to 2 MB makes a segment of its own without file bytes, and
/// valgrind then reads no symbols of the program (scripts/instr.sh -t, memcheck's stacks).
struct alignas(64) Tables {
    Bitboard between[64][64]; ///< squares strictly between, plus the second square
    Bitboard line[64][64];    ///< the full line through both squares, or 0
};
extern Tables tables;
} // namespace detail

/// Builds the tables; called once by a static initializer, safe to call again.
void init_bitboards();

inline Bitboard pawn_attacks(Color c, Square s) { return detail::pawn_attacks[idx(c)][s]; }
inline Bitboard knight_attacks(Square s) { return detail::knight_attacks[s]; }
inline Bitboard king_attacks(Square s) { return detail::king_attacks[s]; }
inline Bitboard rook_attacks(Square s, Bitboard occ) {
    const auto& m = detail::rook_magics[s];
    return m.attacks[m.index(occ)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occ) {
    const auto& m = detail::bishop_magics[s];
    return m.attacks[m.index(occ)];
}
inline Bitboard queen_attacks(Square s, Bitboard occ) {
    return rook_attacks(s, occ) | bishop_attacks(s, occ);
}
/// Squares strictly between a and b (if aligned), plus b itself. For non-aligned: just b.
inline Bitboard between_bb(Square a, Square b) { return detail::tables.between[a][b]; }
/// The whole line through a and b, or 0 if not aligned.
inline Bitboard line_bb(Square a, Square b) { return detail::tables.line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line_bb(a, b) & bb(c); }

namespace detail {
/// Empty-board rook and bishop rays of every square (1 KiB, stays in L1): a cheap filter
/// before a magic lookup, whose tables (800 KiB for rooks) mostly miss the cache.
struct Rays {
    Bitboard orth[64];
    Bitboard diag[64];
};
constexpr Rays make_rays() {
    Rays r{};
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            if (a == b) continue;
            const int df = (a & 7) - (b & 7), dr = (a >> 3) - (b >> 3);
            if (df == 0 || dr == 0) r.orth[a] |= Bitboard(1) << b;
            if (df == dr || df == -dr) r.diag[a] |= Bitboard(1) << b;
        }
    return r;
}
inline constexpr Rays rays = make_rays();
/// The squares a knight, bishop, rook or queen reaches from a square on an empty board, by
/// PieceType (row 0 empty; 2.5 KiB): one load for a piece type known only at run time (the
/// fast SAN pass).
struct Reach {
    Bitboard of[5][64];
};
constexpr Reach make_reach() {
    Reach r{};
    for (int a = 0; a < 64; ++a) {
        const int fa = a & 7, ra = a >> 3;
        for (int b = 0; b < 64; ++b) {
            const int df = (b & 7) - fa, dr = (b >> 3) - ra;
            const int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
            const Bitboard sq = Bitboard(1) << b;
            if (adf * adr == 2) r.of[1][a] |= sq; // knight
            if (a != b && adf == adr) r.of[2][a] |= sq, r.of[4][a] |= sq;
            if (a != b && (df == 0 || dr == 0)) r.of[3][a] |= sq, r.of[4][a] |= sq;
        }
    }
    return r;
}
inline constexpr Reach reach = make_reach();
} // namespace detail

/// What a piece of type `t` (knight to queen) reaches from `s` on an empty board.
inline Bitboard piece_reach(PieceType t, Square s) { return detail::reach.of[idx(t)][s]; }

/// Rook (orth) and bishop (diag) moves of s on an empty board.
inline Bitboard orth_rays(Square s) { return detail::rays.orth[s]; }
inline Bitboard diag_rays(Square s) { return detail::rays.diag[s]; }

/// The sliders among `diag` (moving like bishops) and `orth` (like rooks) that attack s
/// through `occ`. Filters by empty-board rays first and walks the between table for the
/// few that remain: faster than magics when, as in real games, few sliders are aligned.
inline Bitboard slider_attackers(Square s, Bitboard diag, Bitboard orth, Bitboard occ) {
    Bitboard cand = (diag & diag_rays(s)) | (orth & orth_rays(s));
    Bitboard result = 0;
    const Bitboard blockers = occ & ~bb(s);
    while (cand) {
        const Square x = pop_lsb(cand);
        if (!(between_bb(x, s) & blockers)) result |= bb(x);
    }
    return result;
}

Bitboard attacks_bb(PieceType t, Square s, Bitboard occ);

} // namespace pgnkit::chess
