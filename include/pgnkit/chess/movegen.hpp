#pragma once
/// Legal move generation.

#include "pgnkit/chess/position.hpp"

#include <cstddef>
#include <cstdint>

namespace pgnkit::chess {

/// A fixed-capacity list of moves (no heap allocation, storage left uninitialised).
/// Reachable positions have at most 218 legal moves, but FEN set-ups can have more (the
/// corpus has one with 270). A target square is reached by at most 16 pieces (8 rays, 8
/// knight jumps), so 64 × 16 plus the extra promotion pieces bounds every position.
class MoveList {
  public:
    MoveList() {}
    MoveList(const MoveList& o) : size_(o.size_) {
        for (std::size_t i = 0; i < size_; ++i) moves_[i] = o.moves_[i];
    }
    MoveList& operator=(const MoveList& o) {
        size_ = o.size_;
        for (std::size_t i = 0; i < size_; ++i) moves_[i] = o.moves_[i];
        return *this;
    }
    static constexpr std::size_t Capacity = 64 * 16 + 8 * 3 * 3;
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
    union {
        Move moves_[Capacity];
    };
};

/// Every legal move of the side to move.
MoveList legal_moves(const Position& pos);
/// Appends the legal moves to `list`.
void generate_legal(const Position& pos, MoveList& list);
/// The number of legal moves, counted without building the list.
int count_legal(const Position& pos);
/// Whether the side to move has at least one legal move.
bool has_legal_move(const Position& pos);
/// Leaf nodes of the legal move tree to `depth` (perft), counting the last ply in bulk.
std::uint64_t perft(const Position& pos, int depth);

} // namespace pgnkit::chess
