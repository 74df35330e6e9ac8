#pragma once
/// Why a move is illegal, for messages: the rule a from–to move breaks in a position
/// ("the horse on h0 is blocked by the piece on h1").

#include "pgnkit/xiangqi/position.hpp"

#include <string>

namespace pgnkit::xiangqi {

/// The rule a move breaks; Legal when it breaks none.
enum class MoveFault {
    Legal,
    NoPiece,         ///< no piece on the from point
    NotYourPiece,    ///< the piece there is the other side's
    OwnPiece,        ///< the target holds a piece of the mover
    NotAMove,        ///< the piece never moves that way (shape of the step)
    OutOfPalace,     ///< a general or advisor would leave its palace
    CrossesRiver,    ///< an elephant would cross the river
    ElephantEye,     ///< a piece on the elephant's midpoint (`blocker`)
    HorseLeg,        ///< a piece on the horse's first point (`blocker`)
    PathBlocked,     ///< a piece (`blocker`) between a chariot's or cannon's points
    CannonScreen,    ///< a cannon captures with no screen or with more than one
    SoldierBackward, ///< a soldier would move backward
    SoldierSideways, ///< a soldier would move sideways before crossing the river
    LeavesCheck,     ///< the mover's general would be attacked after it
    GeneralsFace,    ///< the generals would face each other on an open file
};

/// What check_move() found: the fault and the point it names (the blocking piece), if any.
struct MoveVerdict {
    MoveFault fault = MoveFault::Legal;
    Square blocker = NoSquare;
    bool legal() const { return fault == MoveFault::Legal; }
};

/// The first rule m breaks in pos, in the order of the enum (so a move that is not the
/// piece's is reported as that, not as leaving check).
MoveVerdict check_move(const Position& pos, Move m);

/// A sentence for the verdict, naming the piece and points: "the horse on h0 is blocked by
/// the piece on h1", "the generals would face each other on file e".
std::string describe(const Position& pos, Move m, const MoveVerdict& v);

/// The English name of a piece kind ("general", "advisor", "elephant", "horse", "chariot",
/// "cannon", "soldier").
const char* piece_name(PieceType t);

} // namespace pgnkit::xiangqi
