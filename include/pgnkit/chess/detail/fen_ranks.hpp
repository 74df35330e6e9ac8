#pragma once
/// The one table FEN writing makes a rank's text from (fen_writer.hpp's FenWriter and
/// write_fen). Internal: in a header so that FenWriter's line mode inlines into the export loop
/// (src/cmd/fen/position_formats.cpp writes an EPD line per move).

#include "pgnkit/chess/position.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

namespace pgnkit::chess::detail {

/// For each occupancy byte of a rank: the rank's FEN text with its digits in place and 0
/// where the letters go (as the 8 bytes of a word, first square in the low byte), its
/// length, and each file's letter position times 16 (its row in shifted_letters; any row
/// for an empty file: an empty square's entry is 0).
/// A rank is then made in a register, without a branch, and stored with one 8-byte store.
struct RankPattern {
    std::uint64_t base;
    std::uint8_t at[8];
    std::uint8_t len;
};
constexpr std::array<RankPattern, 256> make_rank_patterns() {
    std::array<RankPattern, 256> t{};
    for (int m = 0; m < 256; ++m) {
        RankPattern& p = t[std::size_t(m)];
        int gap = 0, n = 0;
        auto put = [&p, &n](int byte) { p.base |= std::uint64_t(byte) << (8 * n++); };
        for (int f = 0; f < 8; ++f) {
            if (m & (1 << f)) {
                if (gap) put('0' + gap), gap = 0;
                p.at[f] = std::uint8_t(16 * n);
                put(0);
            } else
                ++gap;
        }
        if (gap) put('0' + gap);
        p.len = std::uint8_t(n);
    }
    return t;
}
inline constexpr std::array<RankPattern, 256> rank_patterns = make_rank_patterns();

/// Letter of Piece value v (below 16: white 0-5, black 8-13) at text byte b of a word, at
/// index 16 * b + v; 0 for an empty square (None, 6) and the unused values.
inline constexpr std::array<std::uint64_t, 128> shifted_letters = [] {
    std::array<std::uint64_t, 128> t{};
    constexpr char letters[] = "PNBRQK\0\0pnbrqk";
    for (int b = 0; b < 8; ++b)
        for (int v = 0; v < 14; ++v)
            t[std::size_t(16 * b + v)] = std::uint64_t(std::uint8_t(letters[v])) << (8 * b);
    return t;
}();

/// One rank's text in the bytes of a word, and its length (at most 8).
struct RankText {
    std::uint64_t text;
    int len;
};
[[gnu::always_inline]] inline RankText rank_text(const Piece* board, Bitboard occupied, int rank) {
    const RankPattern& p = rank_patterns[unsigned(occupied >> (8 * rank)) & 0xFF];
    const Piece* sq = board + 8 * rank;
    std::uint64_t w = p.base;
    // Board bytes are Piece values (below 16); p.at[f] is 16 × the file's text byte. All
    // eight squares, unrolled (an empty square's letter is 0): no loop on the bits.
    for (int f = 0; f < 8; ++f)
        w |= shifted_letters[unsigned(p.at[f]) + static_cast<std::uint8_t>(sq[f])];
    return {w, p.len};
}

/// Stores a rank's text (8 bytes, of which the first len count) at out.
[[gnu::always_inline]] inline void store_text(char* out, std::uint64_t text) {
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(out, &text, 8);
    } else {
        for (int i = 0; i < 8; ++i) out[i] = char(text >> (8 * i));
    }
}

} // namespace pgnkit::chess::detail
