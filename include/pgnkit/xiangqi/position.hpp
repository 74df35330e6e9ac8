#pragma once
/// A xiangqi position: a small copyable value (a 90-point mailbox, each side's points as a
/// two-word set) with an incremental Zobrist key.

#include "pgnkit/xiangqi/types.hpp"

#include <cstdint>

namespace pgnkit::xiangqi {

/// The points of one side as a 90-bit set in two words (points 0–63, 64–89): 90 points do
/// not fit a uint64, and the move generator only iterates them (the attacks are read from
/// the mailbox).
struct PointSet {
    std::uint64_t lo = 0, hi = 0;
    void set(Square s) { (s < 64 ? lo : hi) |= std::uint64_t(1) << (s & 63); }
    void clear(Square s) { (s < 64 ? lo : hi) &= ~(std::uint64_t(1) << (s & 63)); }
    bool test(Square s) const { return ((s < 64 ? lo : hi) >> (s & 63)) & 1; }
    int count() const { return __builtin_popcountll(lo) + __builtin_popcountll(hi); }
    bool operator==(const PointSet&) const = default;
};

class Position {
  public:
    /// An empty board (no pieces, Red to move). Fill it with put() and the setters, then call
    /// finish(); parse_fen() (fen.hpp) is the usual way to build a position.
    Position();
    /// The start position (StartFen in fen.hpp).
    static Position startpos();

    // --- pieces ---
    Piece piece_on(Square s) const { return board_[s]; }
    bool empty(Square s) const { return board_[s] == Piece::None; }
    /// The 90 points, a0 first (Piece::None where empty).
    const Piece* board() const { return board_; }
    /// The points of `c`'s pieces.
    const PointSet& pieces(Color c) const { return occupied_[idx(c)]; }
    /// `c`'s general, NoSquare if it has none (a position being set up).
    Square general_square(Color c) const { return general_[idx(c)]; }
    /// How many pieces of this kind `c` has.
    int count(Color c, PieceType t) const;

    // --- state ---
    Color side_to_move() const { return stm_; }
    /// Plies since the last capture (the FEN halfmove field).
    int halfmove_clock() const { return halfmove_; }
    int fullmove_number() const { return fullmove_; }
    /// Plies since the start implied by the fullmove number and the side to move.
    int game_ply() const { return 2 * (fullmove_ - 1) + (stm_ == Color::Black); }
    /// Zobrist key of the pieces and the side to move (zobrist.hpp): equal positions for
    /// repetition have equal keys. The clocks are not in it.
    std::uint64_t key() const { return key_; }

    // --- attacks ---
    /// Whether a piece of `by` attacks point s: could capture a piece of the other side on it
    /// (`by`'s general along an open file only when s holds the other general: the flying
    /// general).
    bool attacked(Square s, Color by) const;
    /// Whether the side to move's general is attacked (check, or the generals facing).
    bool in_check() const;
    /// Whether the two generals stand on one file with no piece between them.
    bool generals_face() const;

    // --- moves ---
    /// Whether m moves a piece of the side to move by its rule (palace, river, elephant eye,
    /// horse leg, cannon screen, soldier direction) onto an empty point or an enemy piece,
    /// without looking at the safety of its general. Any 16-bit value may be asked.
    bool is_pseudo_legal(Move m) const;
    /// Whether m is legal: pseudo-legal and its own general neither attacked nor facing the
    /// other after it. Any 16-bit value may be asked.
    bool is_legal(Move m) const;
    /// Whether m (pseudo-legal) takes a piece.
    bool is_capture(Move m) const { return !empty(m.to()); }
    /// Whether m (legal) attacks the other general after it.
    bool gives_check(Move m) const;
    /// Plays a legal move in place (or the null move: the turn passes).
    void play(Move m);
    Position after(Move m) const {
        Position p = *this;
        p.play(m);
        return p;
    }

    // --- set-up (used by the FEN parser) ---
    void put(Piece p, Square s);
    void remove(Square s);
    void set_side_to_move(Color c);
    void set_halfmove_clock(int n) { halfmove_ = n; }
    void set_fullmove_number(int n) { fullmove_ = n; }
    /// Recomputes what set-up leaves stale (the key). put/remove keep the rest.
    void finish();
    /// Key recomputed from scratch (tests compare it with the incremental key).
    std::uint64_t compute_key() const;
    /// Internal consistency (point sets and generals vs mailbox, key); for tests.
    bool is_consistent() const;

    bool operator==(const Position& o) const;

  private:
    Piece board_[Points];
    PointSet occupied_[2];
    std::uint64_t key_ = 0;
    int halfmove_ = 0;
    int fullmove_ = 1;
    Square general_[2] = {NoSquare, NoSquare};
    Color stm_ = Color::Red;
};

} // namespace pgnkit::xiangqi
