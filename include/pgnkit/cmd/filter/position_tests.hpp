#pragma once
/// The position criteria of `filter` (--position, --opening, --moves-prefix, --pattern,
/// --material, --hash) and PositionWatch, which records per game the first ply at which each
/// of them held.
///
/// Each test is parsed once (a mistake throws CriterionError with its column) and then asked
/// about every position of every game, so matches() is cheap: the FEN, opening and hash tests
/// compare one 64-bit key first, the pattern test a dozen bitboards, the material test ten
/// piece counts; nothing allocates.

#include "pgnkit/chess/position.hpp"
#include "pgnkit/chess/types.hpp"

#include <climits>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace pgnkit::app::filter {

/// A question asked of a position. Implementations are immutable: matches() may be called
/// from several threads at once.
class PositionTest {
  public:
    virtual ~PositionTest() = default;
    virtual bool matches(const chess::Position& pos) const = 0;
    /// Whether a position that follows `pos` in the same line (after more moves) may still
    /// match: false only when no sequence of legal moves can lead to a match (a pawn left a
    /// square it can never return to, a piece was captured, a castling right was lost …).
    /// PositionWatch uses it to let the replay stop. The default: always may.
    virtual bool may_follow(const chess::Position& /*pos*/) const { return true; }
};

/// The same position as `fen` by FIDE repetition identity (FIDE Laws 9.2.3: the same pieces on
/// the same squares, the same side to move, the same castling rights, and the same
/// en-passant capture possible — an en-passant square counts only when a capture there is
/// legal). The move counters are ignored; the FEN may have the 4 EPD fields only. Throws
/// CriterionError (column of the faulty FEN field) on a FEN parse_fen() refuses.
std::unique_ptr<PositionTest> position_test_from_fen(std::string_view fen);

/// position_test_from_fen() for a position already made (the final position of --opening).
std::unique_ptr<PositionTest> position_test_of(const chess::Position& pos);

/// A line of moves from the standard start and the position it reaches.
struct OpeningLine {
    std::vector<chess::Move> moves;
    chess::Position final_position;
};

/// Reads "e4 c5 Nf3", "1. e4 c5 2. Nf3" or "1.e4 c5 2.Nf3 d6" (SAN as the PGN reader takes
/// it, move numbers optional but right when given: "1... c5" only with black to move) from
/// the standard starting position. Throws CriterionError at the column of a token that is no
/// move, an illegal or ambiguous move, a wrong move number, or when there is no move at all.
OpeningLine parse_opening_line(std::string_view sans);

/// A board pattern in the shape of a FEN's piece placement: 8 ranks from the 8th to the 1st,
/// separated by '/', each describing its squares from the a-file to the h-file with
///   K Q R B N P / k q r b n p   that piece (upper case white, lower case black),
///   1 … 8                       that many empty squares,
///   ?                           any square (empty or not), one,
///   !                           an empty square, one,
///   [NBk!]                      one square holding any of the pieces listed (! = empty),
///   *                           any run of squares, none included, within the rank.
/// A rank without '*' must cover 8 squares, one with '*' at most 8. "8/8/8/8/8/8/8/8" is an
/// empty board; "*k*/*/*/*/*/*/*/*" any position with the black king on the 8th rank. The
/// side to move and the castling rights are not looked at. `either_colour`: the pattern also
/// matches with the colours swapped and the board mirrored rank-wise (white's king on g1
/// becomes black's on g8). Throws CriterionError at the column of a mistake.
std::unique_ptr<PositionTest> pattern_test(std::string_view pattern, bool either_colour);

/// A material signature "WHITE:BLACK": each side a list of piece letters (K Q R B N P, any
/// case), a letter repeated or preceded by a count for several ("KRPP:KR" = "KR2P:KR");
/// the king is optional (always there). Not `exact`: each side has at least the pieces
/// listed (other pieces too); `exact`: exactly those, no other. `either_colour`: also with
/// the sides swapped ("KRP:KR" then also finds black's rook and pawn against white's rook).
/// Throws CriterionError at the column of a mistake.
std::unique_ptr<PositionTest> material_test(std::string_view signature, bool exact,
                                            bool either_colour);

/// The position's Polyglot key (chess::Position::key(), src/chess/zobrist.cpp) equals `hex`:
/// "0x" and 1 to 16 hex digits, or exactly 16 hex digits. Throws CriterionError otherwise.
std::unique_ptr<PositionTest> polyglot_hash_test(std::string_view hex);

/// The first ply at which each of a set of tests held in one game. Ply 0 is the start
/// position (begin_game), ply N the position after the N-th half-move; a variation's
/// positions carry their ply in the game and their depth (1 for a variation of the main
/// line, 2 inside that …). One watch per worker: not thread-safe, allocates only in add().
class PositionWatch {
  public:
    /// Watches `test` on the plies first_ply..last_ply (both included) of the main line, and of
    /// the variations too when `in_variations`. Returns the test's index.
    int add(std::unique_ptr<PositionTest> test, bool in_variations, int first_ply = 0,
            int last_ply = INT_MAX);
    /// How many tests are watched.
    int size() const { return int(entries_.size()); }

    /// A new game starting at `start` (seen as ply 0 of the main line).
    void begin_game(const chess::Position& start);
    /// The position after a move: at ply `ply`, variation depth `depth` (0 = main line).
    void see(const chess::Position& after, int ply, int depth);

    /// The ply of the first position (in the order seen) at which test `index` held in this
    /// game, or -1 when none did; first_match_depth() its variation depth.
    int first_match(int index) const { return entries_[std::size_t(index)].ply; }
    int first_match_depth(int index) const { return entries_[std::size_t(index)].depth; }
    /// Every test has held (the replay may stop when only position criteria remain).
    bool all_matched() const { return pending_ == 0; }
    /// Whether some main-line position after ply `ply` (the last one seen) may still change a
    /// first_match(): false once each test has held, or watches no variations and either no
    /// later ply or can no longer hold in this line (PositionTest::may_follow). A replay whose
    /// other criteria are decided may then stop: `--position` of an opening position costs
    /// a few plies per game, not the whole game.
    bool wants_after(int ply) const;

  private:
    struct Entry {
        std::unique_ptr<PositionTest> test;
        bool in_variations;
        int first_ply, last_ply;
        int ply = -1, depth = -1;
        bool unreachable = false; ///< may_follow() said no on the main line
    };
    std::vector<Entry> entries_;
    int pending_ = 0;
};

} // namespace pgnkit::app::filter
