#include "pgnkit/chess/bitboard.hpp"

#include <cstdlib>

namespace pgnkit::chess {

namespace detail {
Magic rook_magics[64];
Magic bishop_magics[64];
Bitboard pawn_attacks[2][64];
Bitboard knight_attacks[64];
Bitboard king_attacks[64];
Bitboard between[64][64];
Bitboard line[64][64];
} // namespace detail

namespace {

Bitboard rook_table[0x19000];  // 102,400 entries (fancy magics)
Bitboard bishop_table[0x1480]; //   5,248 entries

/// Attacks of a slider by ray walking: used only to build the tables.
Bitboard slow_attacks(PieceType t, Square s, Bitboard occ) {
    static constexpr int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static constexpr int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    const auto& dirs = t == PieceType::Rook ? rook_dirs : bishop_dirs;
    Bitboard result = 0;
    for (const auto& d : dirs) {
        int f = file_of(s) + d[0], r = rank_of(s) + d[1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            Square to = make_square(f, r);
            result |= bb(to);
            if (occ & bb(to)) break;
            f += d[0];
            r += d[1];
        }
    }
    return result;
}

/// xorshift64* — deterministic, so the magics (and their search time) are the same every run.
struct Prng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

void init_magics(PieceType t, Bitboard* table, detail::Magic* magics) {
    // Seeds per rank that find magics quickly (any seed works; these are just fast).
    static constexpr std::uint64_t seeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
    Bitboard occupancy[4096], reference[4096];
    int epoch[4096] = {}, current = 0;
    std::size_t offset = 0;
    for (int si = 0; si < 64; ++si) {
        Square s = Square(si);
        Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(s))) |
                         ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(s)));
        detail::Magic& m = magics[s];
        m.mask = slow_attacks(t, s, 0) & ~edges;
        m.shift = unsigned(64 - popcount(m.mask));
        m.attacks = table + offset;
        // Carry-Rippler enumeration of every subset of the mask.
        int size = 0;
        Bitboard b = 0;
        do {
            occupancy[size] = b;
            reference[size] = slow_attacks(t, s, b);
            ++size;
            b = (b - m.mask) & m.mask;
        } while (b);
        Prng rng{seeds[rank_of(s)]};
        Bitboard* entries = table + offset;
        for (int i = 0; i < size;) {
            for (m.magic = 0; popcount((m.magic * m.mask) >> 56) < 6;) m.magic = rng.sparse();
            ++current;
            for (i = 0; i < size; ++i) {
                unsigned idx = m.index(occupancy[i]);
                if (epoch[idx] < current) {
                    epoch[idx] = current;
                    entries[idx] = reference[i];
                } else if (entries[idx] != reference[i])
                    break;
            }
        }
        offset += std::size_t(size);
    }
}

void init_all() {
    for (int si = 0; si < 64; ++si) {
        Square s = Square(si);
        int f = file_of(s), r = rank_of(s);
        auto add = [&](Bitboard& target, int df, int dr) {
            int nf = f + df, nr = r + dr;
            if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8) target |= bb(make_square(nf, nr));
        };
        detail::pawn_attacks[0][s] = detail::pawn_attacks[1][s] = 0;
        add(detail::pawn_attacks[0][s], -1, 1);
        add(detail::pawn_attacks[0][s], 1, 1);
        add(detail::pawn_attacks[1][s], -1, -1);
        add(detail::pawn_attacks[1][s], 1, -1);
        detail::knight_attacks[s] = detail::king_attacks[s] = 0;
        for (auto [df, dr] :
             {std::pair{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
            add(detail::knight_attacks[s], df, dr);
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr)
                if (df || dr) add(detail::king_attacks[s], df, dr);
    }
    init_magics(PieceType::Rook, rook_table, detail::rook_magics);
    init_magics(PieceType::Bishop, bishop_table, detail::bishop_magics);
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            Square sa = Square(a), sb = Square(b);
            detail::between[a][b] = bb(sb);
            detail::line[a][b] = 0;
            if (a == b) continue;
            for (PieceType t : {PieceType::Bishop, PieceType::Rook}) {
                if (slow_attacks(t, sa, 0) & bb(sb)) {
                    detail::line[a][b] =
                        (slow_attacks(t, sa, 0) & slow_attacks(t, sb, 0)) | bb(sa) | bb(sb);
                    detail::between[a][b] |=
                        slow_attacks(t, sa, bb(sb)) & slow_attacks(t, sb, bb(sa));
                }
            }
        }
}

struct Initializer {
    Initializer() { init_all(); }
} initializer;

} // namespace

void init_bitboards() {
    static bool done = false;
    if (!done) init_all();
    done = true;
}

Bitboard attacks_bb(PieceType t, Square s, Bitboard occ) {
    switch (t) {
    case PieceType::Knight: return knight_attacks(s);
    case PieceType::Bishop: return bishop_attacks(s, occ);
    case PieceType::Rook: return rook_attacks(s, occ);
    case PieceType::Queen: return queen_attacks(s, occ);
    case PieceType::King: return king_attacks(s);
    case PieceType::Pawn:
    case PieceType::None: return 0;
    }
    return 0;
}

} // namespace pgnkit::chess
