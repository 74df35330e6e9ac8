#pragma once
/// Legal move generation and perft.

#include "pgnkit/xiangqi/position.hpp"

#include <cstddef>
#include <cstdint>

namespace pgnkit::xiangqi {

/// A fixed-capacity list of moves (no heap allocation). A side has at most 2 chariots and 2
/// cannons (17 targets each), 2 horses (8), 5 soldiers (3), 2 elephants, 2 advisors (4) and
/// a general (4): 119 moves, which parse_fen()'s piece limits guarantee.
class MoveList {
  public:
    static constexpr std::size_t Capacity = 128;
    void push(Move m) { moves_[size_++] = m; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move* begin() const { return moves_; }
    const Move* end() const { return moves_ + size_; }
    Move operator[](std::size_t i) const { return moves_[i]; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }
    void clear() { size_ = 0; }

  private:
    std::size_t size_ = 0;
    Move moves_[Capacity];
};

/// Every legal move of the side to move (by piece point, a0 first, then target).
MoveList legal_moves(const Position& pos);
/// Every legal move of the piece on `from` (none if it is not the side to move's).
MoveList legal_moves_from(const Position& pos, Square from);
/// Whether the side to move has at least one legal move.
bool has_legal_move(const Position& pos);
/// Leaf nodes of the legal move tree to `depth` (perft), the last ply counted in bulk.
std::uint64_t perft(const Position& pos, int depth);

/// Perft with the leaves that are captures and checks counted too (the corpus's tables).
struct PerftCounts {
    std::uint64_t nodes = 0, captures = 0, checks = 0;
};
PerftCounts perft_counts(const Position& pos, int depth);

} // namespace pgnkit::xiangqi
