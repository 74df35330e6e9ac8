#include "pgnkit/xiangqi/detail/tables.hpp"

namespace pgnkit::xiangqi::detail {

namespace {

constexpr bool on_board(int file, int rank) {
    return file >= 0 && file < Files && rank >= 0 && rank < Ranks;
}

constexpr bool in_any_palace(int file, int rank) {
    return file >= 3 && file <= 5 && on_board(file, rank) && (rank <= 2 || rank >= 7);
}

constexpr void add(Steps& s, int file, int rank, Square block) {
    s.step[s.size++] = Step{make_square(file, rank), block};
}

constexpr Tables build() {
    Tables t{};
    for (int s = 0; s < Points; ++s) {
        const int f = file_of(Square(s)), r = rank_of(Square(s));
        // Rays: up, down, right, left.
        constexpr int df[4] = {0, 0, 1, -1}, dr[4] = {1, -1, 0, 0};
        for (int d = 0; d < 4; ++d) {
            Ray& ray = t.ray[s][d];
            for (int ff = f + df[d], rr = r + dr[d]; on_board(ff, rr); ff += df[d], rr += dr[d])
                ray.point[ray.size++] = make_square(ff, rr);
        }
        // Horse: one point orthogonally (the leg), then one diagonally outward.
        constexpr int hf[8] = {1, -1, 1, -1, 2, 2, -2, -2}, hr[8] = {2, 2, -2, -2, 1, -1, 1, -1};
        for (int i = 0; i < 8; ++i) {
            const int ff = f + hf[i], rr = r + hr[i];
            if (!on_board(ff, rr)) continue;
            const int lf = f + (hf[i] == 2 ? 1 : hf[i] == -2 ? -1 : 0);
            const int lr = r + (hr[i] == 2 ? 1 : hr[i] == -2 ? -1 : 0);
            add(t.horse[s], ff, rr, make_square(lf, lr));
            // A horse on (ff, rr) moving the opposite step reaches s; its leg is next to it.
            const int af = ff, ar = rr;
            const int alf = af + (hf[i] == 2 ? -1 : hf[i] == -2 ? 1 : 0);
            const int alr = ar + (hr[i] == 2 ? -1 : hr[i] == -2 ? 1 : 0);
            add(t.horse_attackers[s], af, ar, make_square(alf, alr));
        }
        // Elephant: two points diagonally, never across the river (same half as s).
        constexpr int ef[4] = {2, 2, -2, -2}, er[4] = {2, -2, 2, -2};
        for (int i = 0; i < 4; ++i) {
            const int ff = f + ef[i], rr = r + er[i];
            if (!on_board(ff, rr) || (rr <= 4) != (r <= 4)) continue;
            add(t.elephant[s], ff, rr, make_square(f + ef[i] / 2, r + er[i] / 2));
        }
        if (in_any_palace(f, r)) {
            for (int i = 0; i < 4; ++i) {
                constexpr int af[4] = {1, 1, -1, -1}, ar[4] = {1, -1, 1, -1};
                const int ff = f + af[i], rr = r + ar[i];
                if (in_any_palace(ff, rr) && (rr <= 4) == (r <= 4))
                    add(t.advisor[s], ff, rr, NoSquare);
                const int gf = f + df[i], gr = r + dr[i];
                if (in_any_palace(gf, gr) && (gr <= 4) == (r <= 4))
                    add(t.general[s], gf, gr, NoSquare);
            }
        }
        // Soldiers: forward (Red up, Black down); sideways on the far half.
        for (int c = 0; c < 2; ++c) {
            const int fwd = c == 0 ? 1 : -1;
            const bool crossed = c == 0 ? r >= 5 : r <= 4;
            if (on_board(f, r + fwd)) add(t.soldier[c][s], f, r + fwd, NoSquare);
            if (crossed) {
                if (f + 1 < Files) add(t.soldier[c][s], f + 1, r, NoSquare);
                if (f - 1 >= 0) add(t.soldier[c][s], f - 1, r, NoSquare);
            }
        }
    }
    return t;
}

} // namespace

constinit const Tables tables_instance = build();

} // namespace pgnkit::xiangqi::detail
