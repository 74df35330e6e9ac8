#pragma once
/// A game's opening: the table entry of greatest depth among the positions its main line
/// reaches (the start position included), by position, so that transpositions count; of two
/// of the same depth, the one reached later. Fed one position at a time by the replay.
#include "pgnkit/chess/bitboard.hpp"
#include "pgnkit/openings/opening_table.hpp"

namespace pgnkit::openings {

class OpeningClassifier {
  public:
    explicit OpeningClassifier(const OpeningTable& table) : table_(&table) {}
    /// A new game, from `start`.
    void begin(const chess::Position& start) {
        best_ = nullptr;
        best_ply_ = 0;
        ply_ = 0;
        done_ = false;
        look(start);
    }
    /// The position after the main line's next move.
    void after_move(const chess::Position& pos) {
        ++ply_;
        if (!done_) look(pos);
    }
    /// Whether no later position can change the result: fewer pieces than any entry has, or
    /// a pawn moved or a castling right lost that every entry keeps.
    bool done() const { return done_; }
    /// The classification, or nullptr (no entry reached).
    const Opening* opening() const { return best_; }
    /// The ply of the game at which opening() was reached (0: the start position).
    int ply() const { return best_ply_; }

  private:
    void look(const chess::Position& pos) {
        if (chess::popcount(pos.pieces()) < table_->min_pieces() || !table_->reachable_from(pos)) {
            done_ = true;
            return;
        }
        const Opening* o = table_->find(pos.repetition_key());
        if (o && (!best_ || o->depth >= best_->depth)) {
            best_ = o;
            best_ply_ = ply_;
        }
    }

    const OpeningTable* table_;
    const Opening* best_ = nullptr;
    int best_ply_ = 0, ply_ = 0;
    bool done_ = false;
};

} // namespace pgnkit::openings
