// The magic attack tables (built at start from each ray's attacks, see bitboard.cpp) against
// a plain ray walk written here: every subset of every square's relevant squares, each with
// random pieces on the squares that do not matter (the edges, the square itself) added.
#include "pgnkit/chess/bitboard.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace pgnkit::chess;

namespace {

Bitboard walk(Square s, Bitboard occ, const int (*dirs)[2]) {
    Bitboard out = 0;
    for (int d = 0; d < 4; ++d) {
        int f = file_of(s) + dirs[d][0], r = rank_of(s) + dirs[d][1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            const Bitboard b = bb(make_square(f, r));
            out |= b;
            if (occ & b) break;
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return out;
}

constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {-1, -1}, {-1, 1}, {1, -1}};

} // namespace

TEST_CASE("bitboard: slider attacks equal a ray walk for every relevant occupancy", "[chess]") {
    std::mt19937_64 rng(64);
    std::size_t checked = 0, wrong = 0;
    for (int si = 0; si < 64; ++si) {
        const Square s = Square(si);
        const Bitboard edges = ((rank_bb(0) | rank_bb(7)) & ~rank_bb(rank_of(s))) |
                               ((file_bb(0) | file_bb(7)) & ~file_bb(file_of(s)));
        for (int t = 0; t < 2; ++t) {
            const auto* dirs = t == 0 ? RookDirs : BishopDirs;
            const Bitboard mask = walk(s, 0, dirs) & ~edges;
            Bitboard b = 0;
            do {
                const Bitboard noise = rng() & (edges | bb(s)) & ~mask;
                const Bitboard occ = b | noise;
                const Bitboard got = t == 0 ? rook_attacks(s, occ) : bishop_attacks(s, occ);
                wrong += got != walk(s, occ, dirs);
                ++checked;
                b = (b - mask) & mask;
            } while (b);
        }
        // Queens: both, on random boards.
        for (int i = 0; i < 200; ++i) {
            const Bitboard occ = rng() & rng();
            wrong += queen_attacks(s, occ) != (walk(s, occ, RookDirs) | walk(s, occ, BishopDirs));
            ++checked;
        }
    }
    CHECK(checked == 102400 + 5248 + 64 * 200);
    CHECK(wrong == 0);
}

TEST_CASE("bitboard: line_bb and between_bb equal a ray walk for every pair of squares",
          "[chess]") {
    // Walked here square by square: the line through a and b is every square reached from a
    // in the direction of b and in the opposite one (with a); between is what lies on the way
    // from a to b, and b itself (just b when they are not aligned or equal).
    const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {-1, 1}, {1, -1}};
    int wrong = 0;
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            Bitboard line = 0, between = bb(Square(b));
            for (const auto& d : dirs) {
                Bitboard way = 0;
                bool hit = false;
                for (int f = a % 8 + d[0], r = a / 8 + d[1]; f >= 0 && f < 8 && r >= 0 && r < 8;
                     f += d[0], r += d[1]) {
                    if (f + 8 * r == b) {
                        hit = true;
                        break;
                    }
                    way |= bb(make_square(f, r));
                }
                if (!hit) continue;
                between |= way;
                for (int k = -7; k <= 7; ++k) {
                    const int f = a % 8 + k * d[0], r = a / 8 + k * d[1];
                    if (f >= 0 && f < 8 && r >= 0 && r < 8) line |= bb(make_square(f, r));
                }
            }
            if (line_bb(Square(a), Square(b)) != line ||
                between_bb(Square(a), Square(b)) != between)
                ++wrong;
        }
    CHECK(wrong == 0);
    CHECK(line_bb(Square(0), Square(63)) == 0x8040201008040201ULL); // a1-h8
    CHECK(between_bb(Square(0), Square(63)) == 0x8040201008040200ULL);
    CHECK(between_bb(Square(4), Square(12)) == bb(Square(12))); // e1, e2: adjacent
    CHECK(line_bb(Square(1), Square(18)) == 0);                 // b1, c3: a knight's step
}
