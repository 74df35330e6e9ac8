#pragma once
/// How a game ends by rule: checkmate, stalemate, dead positions (insufficient material),
/// the 50- and 75-move rules, threefold and fivefold repetition (FIDE Laws of Chess, 2023).

#include "pgnkit/chess/position.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace pgnkit::chess {

/// The side to move is in check and has no legal move (FIDE 5.1.1).
bool is_checkmate(const Position& pos);
/// The side to move is not in check and has no legal move (FIDE 5.2.1).
bool is_stalemate(const Position& pos);

/// Whether side `c` has mating material at all: false when no series of legal moves, however
/// helpful the opponent, can end with `c` checkmating (the test behind FIDE 6.9: a player who
/// oversteps the time limit does not lose if the opponent cannot checkmate).
///
/// The rule (the one python-chess and lichess use; each case is reachable-material only, it does
/// not look at the placement of the pieces, so blocked pawn chains are not recognised):
/// * a bare king never mates;
/// * any pawn, rook or queen of `c` can mate;
/// * king + one knight mates only if the opponent has a pawn, knight, bishop or rook to block
///   its own king in (K+N v K+Q is a draw: the queen can always take the checking knight);
///   two or more knights, or knight + bishop, can mate;
/// * king + bishops that all stand on squares of one colour mate only if some pawn or knight is
///   on the board, or the opponent has a bishop on the other colour (a lone queen or rooks can
///   always interpose on the square next to the cornered king, which is on the bishops' colour).
bool can_ever_mate(const Position& pos, Color c);

/// Dead position by material (FIDE 5.2.2 / 6.9): neither side can ever checkmate. Covers
/// K v K, K+N v K, K+B v K and K+B(s) v K+B(s) with every bishop on squares of one colour
/// (any number of bishops on either side).
bool has_insufficient_material(const Position& pos);

/// 50 moves by each side without a capture or pawn move: the player to move may claim a draw
/// (FIDE 9.3.2). Only the current position is tested (a claim announcing the move that would
/// reach 100 half-moves, FIDE 9.3.1, is up to the caller).
inline bool fifty_move_claimable(const Position& pos) { return pos.halfmove_clock() >= 100; }
/// 75 moves by each side without a capture or pawn move: the game is drawn (FIDE 9.6.2),
/// unless the last of those moves gave checkmate, which takes precedence.
bool seventy_five_move_draw(const Position& pos);

/// The positions of one game since its last irreversible move, for repetition (FIDE 9.2).
/// Positions are identified by Position::repetition_key(): same pieces on the same squares,
/// same side to move, same castling rights and same possible en-passant capture (FIDE 9.2.2).
///
/// push() a position each time it occurs (the start position too). A position whose halfmove
/// clock is 0 follows a capture or pawn move, after which no earlier position can recur, so
/// push() forgets the history before it; the vector's storage is kept, so steady-state pushes
/// do not allocate.
class RepetitionHistory {
  public:
    RepetitionHistory() { keys_.reserve(128); }

    /// Records that `pos` occurred (clears the history first if `pos` has a zero halfmove clock).
    void push(const Position& pos);
    /// How many recorded positions are identical to `pos` (including `pos` if pushed).
    int count(const Position& pos) const { return count_key(pos.repetition_key()); }
    int count_key(std::uint64_t key) const;
    /// Forget every position (storage is kept).
    void clear() { keys_.clear(); }
    std::size_t size() const { return keys_.size(); }

    /// The current position occurred at least three times: a draw may be claimed (FIDE 9.2.1).
    bool threefold(const Position& pos) const { return count(pos) >= 3; }
    /// The current position occurred at least five times: the game is drawn (FIDE 9.6.1).
    bool fivefold(const Position& pos) const { return count(pos) >= 5; }

  private:
    std::vector<std::uint64_t> keys_;
};

/// A rule that ends the game without a claim.
enum class Outcome {
    None,
    Checkmate,            ///< FIDE 5.1.1: the side to move lost
    Stalemate,            ///< FIDE 5.2.1: draw
    InsufficientMaterial, ///< FIDE 5.2.2: dead position, draw
    SeventyFiveMoves,     ///< FIDE 9.6.2: draw
    FivefoldRepetition    ///< FIDE 9.6.1: draw
};

/// A short kebab-case name: "none", "checkmate", "stalemate", "insufficient-material",
/// "seventy-five-moves", "fivefold-repetition".
std::string_view outcome_name(Outcome o);

/// The rule that has ended the game in `pos`, tested in this order: checkmate, stalemate,
/// dead position, 75-move rule, fivefold repetition. `history` should already contain `pos`.
Outcome automatic_outcome(const Position& pos, const RepetitionHistory& history);

} // namespace pgnkit::chess
