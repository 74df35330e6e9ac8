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
