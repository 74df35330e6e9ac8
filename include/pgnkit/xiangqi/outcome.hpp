#pragma once
/// How a position stands for the side to move: in xiangqi both checkmate and stalemate (no
/// legal move) lose for it. Repetition, perpetual check and chase need the game's history and
/// are the replay's business.

#include "pgnkit/xiangqi/position.hpp"

namespace pgnkit::xiangqi {

enum class Status {
    Ongoing,   ///< legal moves, not in check
    Check,     ///< legal moves, in check
    Checkmate, ///< no legal move, in check: the side to move has lost
    Stalemate, ///< no legal move, not in check: the side to move has lost too
};

/// The status of the side to move.
Status status(const Position& pos);
/// Whether the side to move has lost by rule (checkmate or stalemate).
inline bool is_lost(Status s) { return s == Status::Checkmate || s == Status::Stalemate; }

} // namespace pgnkit::xiangqi
