#pragma once
/// What no move gives back: the pawns still on their start squares (a pawn never moves
/// backwards, so a white pawn on rank 2 or a black one on rank 7 has never moved) and the
/// castling rights (lost for good). A game can only reach positions whose mask is a subset of
/// its current one, which lets the opening classifier (classifier.hpp) stop once the game has
/// left every table position behind.
#include "pgnkit/chess/bitboard.hpp"
#include "pgnkit/chess/position.hpp"

#include <cstdint>
#include <vector>

namespace pgnkit::openings {

/// The irreversible part of `pos`, in 20 bits: white's unmoved pawns (bits 0-7, by file),
/// black's (8-15) and the castling rights (16-19).
inline std::uint32_t irreversible_mask(const chess::Position& pos) {
    using chess::Color, chess::PieceType;
    const std::uint64_t white = pos.pieces(Color::White, PieceType::Pawn) & chess::rank_bb(1);
    const std::uint64_t black = pos.pieces(Color::Black, PieceType::Pawn) & chess::rank_bb(6);
    return static_cast<std::uint32_t>((white >> 8) | (black >> 40) |
                                      ((pos.castling_rights() & 0xFu) << 16));
}

/// A set of masks, kept as its upward closure (every superset of a member, 2^20 bits), so
/// that "can a game with mask m still reach a member" is one bit test.
class ReachableMasks {
  public:
    static constexpr unsigned bits = 20;
    ReachableMasks() : closure_(std::size_t{1} << (bits - 6), 0) {}

    /// Adds `mask`: marks it and all its supersets (nothing to do when it is already marked,
    /// as the marked set is closed upwards).
    void add(std::uint32_t mask) {
        if (reachable_from(mask)) return;
        const std::uint32_t free = ~mask & ((1u << bits) - 1);
        // Every subset of the free bits, from all of them down to none.
        for (std::uint32_t extra = free;; extra = (extra - 1) & free) {
            const std::uint32_t m = mask | extra;
            closure_[m >> 6] |= std::uint64_t{1} << (m & 63);
            if (extra == 0) break;
        }
    }
    /// Whether some member is a subset of `mask` (a game with that mask may reach it).
    bool reachable_from(std::uint32_t mask) const {
        return (closure_[mask >> 6] >> (mask & 63)) & 1;
    }

  private:
    std::vector<std::uint64_t> closure_;
};

} // namespace pgnkit::openings
