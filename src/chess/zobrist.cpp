#include "pgnkit/chess/zobrist.hpp"

namespace pgnkit::chess::zobrist::detail {

// Both tables are constant-initialized (constexpr): usable from any static initializer.
extern constexpr std::uint64_t random64[781] = {
#include "polyglot_random.inc"
};

namespace {
constexpr PieceKeys make_piece_keys() {
    PieceKeys t{};
    for (int c = 0; c < 2; ++c)
        for (int pt = 0; pt < 6; ++pt) {
            // Polyglot "kind": black pawn 0, white pawn 1, black knight 2, … white king 11.
            const int kind = 2 * pt + (c == 0 ? 1 : 0);
            for (int s = 0; s < 64; ++s) t.k[8 * c + pt][s] = random64[64 * kind + s];
        }
    return t;
}
} // namespace

extern constexpr PieceKeys piece_keys = make_piece_keys();

} // namespace pgnkit::chess::zobrist::detail
