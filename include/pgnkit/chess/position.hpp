#pragma once
/// A chess position: a small copyable value with an incremental Polyglot Zobrist key.

#include "pgnkit/chess/bitboard.hpp"
#include "pgnkit/chess/types.hpp"
#include "pgnkit/chess/zobrist.hpp"

#include <array>
#include <cstdint>
#include <cstring>

namespace pgnkit::chess {

class Position {
  public:
    /// An empty board (no pieces, white to move). Fill it with put() and the setters, then
    /// call finish(); FEN parsing (fen.hpp) is the usual way to build a position.
    Position();
    /// The standard starting position.
    static Position startpos();

    // --- pieces ---
    Piece piece_on(Square s) const { return board_[s]; }
    /// The 64 squares, a1 first (Piece::None where empty).
    const Piece* board() const { return board_; }
    bool empty(Square s) const { return board_[s] == Piece::None; }
    Bitboard pieces() const { return by_color_[0] | by_color_[1]; }
    Bitboard pieces(Color c) const { return by_color_[idx(c)]; }
    Bitboard pieces(PieceType t) const { return by_type_[idx(t)]; }
    Bitboard pieces(Color c, PieceType t) const { return by_color_[idx(c)] & by_type_[idx(t)]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const {
        return by_color_[idx(c)] & (by_type_[idx(a)] | by_type_[idx(b)]);
    }
    Square king_square(Color c) const { return king_[idx(c)]; }

    // --- state ---
    Color side_to_move() const { return stm_; }
    /// The square behind a pawn that just advanced two squares, or NoSquare. It is set after
    /// every double push, whether or not a capture is possible (see fen.hpp for output modes).
    Square ep_square() const { return ep_; }
    int halfmove_clock() const { return halfmove_; }
    int fullmove_number() const { return fullmove_; }
    /// Number of plies since the start of the game implied by fullmove number and side.
    int game_ply() const { return 2 * (fullmove_ - 1) + (stm_ == Color::Black); }
    /// Castling rights as a 4-bit set indexed by castle_index().
    unsigned castling_rights() const { return castling_; }
    bool can_castle(Color c, CastleSide s) const { return castling_ & (1u << castle_index(c, s)); }
    /// The rook that castles on side s (valid only while the right exists).
    Square castling_rook(Color c, CastleSide s) const { return castle_rook_[castle_index(c, s)]; }
    bool chess960() const { return chess960_; }
    void set_chess960(bool v) { chess960_ = v; }
    /// The Polyglot key (ep file hashed only when a pawn of the side to move stands beside
    /// the double-pushed pawn, as Polyglot defines it).
    std::uint64_t key() const { return key_; }
    /// Key for FIDE repetition identity: like key(), but the ep file counts only when an
    /// en-passant capture is actually legal (FIDE 9.2.3).
    std::uint64_t repetition_key() const {
        return ep_ == NoSquare || !has_pseudo_ep() ? key_ : repetition_key_slow();
    }

    // --- attacks ---
    Bitboard checkers() const { return checkers_; }
    bool in_check() const { return checkers_ != 0; }
    Bitboard attackers_to(Square s, Bitboard occ) const;
    Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
    bool attacked_by(Color c, Square s, Bitboard occ) const;
    /// Own pieces of c that shield c's king from an enemy slider.
    Bitboard pinned(Color c) const;

    // --- moves ---
    /// Whether a pseudo-legal move (right piece, reachable target) leaves the king safe.
    /// Castling moves are fully checked (rights, path, attacked squares).
    bool is_legal(Move m) const;
    /// Whether the side to move has a legal en-passant capture.
    bool has_legal_ep() const;
    /// Whether the side to move has an en-passant capture ignoring pins and check.
    bool has_pseudo_ep() const {
        return ep_ != NoSquare && (pawn_attacks(~stm_, ep_) & pieces(stm_, PieceType::Pawn));
    }
    /// Plays a legal move in place. Null moves (Move::null()) pass the turn.
    void play(Move m);
    /// play() of a legal Normal move (not castling, en passant, promotion or the null move)
    /// of the side to move's piece of type Pt from `from` to `to`, for a caller that knows the
    /// piece (the SAN fast pass); play() itself plays every Normal move through it.
    /// Pt None: the move of a knight, bishop, rook or queen of type `rt` (one copy of the code
    /// for the four, their type known only at run time).
    template <PieceType Pt>
    void play_normal(Square from, Square to, PieceType rt = Pt);
    /// What play_normal() changes that the position after it does not tell: enough to take
    /// the move back (undo_normal()), in 11 bytes instead of a copy of the position. `state`
    /// is the word of the clock, the en passant square, the rights, the side to move and the
    /// kings (see the members).
    struct NormalUndo {
        std::uint64_t state;
        Square from, to;
        Piece captured;
    };
    /// play_normal(), recording in `u` how to take the move back.
    template <PieceType Pt>
    void play_normal(Square from, Square to, NormalUndo& u, PieceType rt = Pt) {
        std::memcpy(&u.state, &halfmove_, sizeof u.state);
        u.from = from;
        u.to = to;
        u.captured = board_[to];
        play_normal<Pt>(from, to, rt);
    }
    /// Takes back the move play_normal(from, to, u) played, the last one played here: the
    /// position is then the one before it, every field (its key and checkers worked out
    /// again).
    void undo_normal(const NormalUndo& u);
    Position after(Move m) const {
        Position p = *this;
        p.play(m);
        return p;
    }
    /// The king's destination for a castling move (g- or c-file of the back rank).
    static Square castle_king_to(Color c, CastleSide s) {
        return relative(c, s == CastleSide::King ? G1 : C1);
    }
    static Square castle_rook_to(Color c, CastleSide s) {
        return relative(c, s == CastleSide::King ? F1 : D1);
    }
    static CastleSide castle_side(Move m) {
        return m.to() > m.from() ? CastleSide::King : CastleSide::Queen;
    }
    /// Whether a capture or pawn move (an irreversible move for repetition purposes).
    bool is_zeroing(Move m) const {
        return type_of(board_[m.from()]) == PieceType::Pawn || (!empty(m.to()) && !m.is_castling());
    }
    bool is_capture(Move m) const {
        return m.kind() == Move::EnPassant || (!empty(m.to()) && !m.is_castling());
    }

    // --- set-up (used by the FEN parser) ---
    void put(Piece p, Square s);
    void remove(Square s);
    void set_side_to_move(Color c) { stm_ = c; }
    void set_castling(Color c, CastleSide side, Square rook);
    void clear_castling() { castling_ = 0; }
    void set_ep_square(Square s) { ep_ = s; }
    void set_halfmove_clock(int n) { halfmove_ = std::uint16_t(n); }
    void set_fullmove_number(int n) { fullmove_ = n; }
    /// Recomputes derived state (key, checkers, king squares) after set-up.
    void finish();
    /// Key recomputed from scratch (tests compare it with the incremental key).
    std::uint64_t compute_key() const;
    /// Internal consistency (bitboards vs mailbox, key, checkers); for tests.
    bool is_consistent() const;

    bool operator==(const Position& o) const;

  private:
    /// The start of every move: the side to move passes, the en passant square is cleared,
    /// the move number counts black's move; returns the key with those changes.
    std::uint64_t begin_move();
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    bool ep_hashed() const;
    /// play() of castling, en passant, promotion and null moves; `k` is the key so far.
    void play_special(Move m, std::uint64_t k);
    /// Drops the castling rights a move of `us` loses; returns the key change.
    std::uint64_t drop_castling(Color us, bool king_moved, Square from, Square to);
    /// checkers_ after a move of `us`.
    void update_checkers(Color us, Color them);
    std::uint64_t repetition_key_slow() const;

    Bitboard by_type_[6];
    Bitboard by_color_[2];
    std::uint64_t key_;
    Bitboard checkers_;
    Bitboard castle_rooks_; ///< squares of castle_rook_ (a superset once rights are lost)
    // One 8-byte word, in this order (NormalUndo::state): what a move changes but the pieces,
    // the key, the checkers and the move number.
    std::uint16_t halfmove_;
    Square ep_;
    std::uint8_t castling_;
    Color stm_;
    bool chess960_;
    Square king_[2];
    int fullmove_;
    Square castle_rook_[4];
    Piece board_[64];
};

inline std::uint64_t Position::begin_move() {
    // The key is kept in a local (the compiler cannot keep a member that aliases the
    // bitboards in a register) and written back once, at the end of the move.
    const Color us = stm_;
    std::uint64_t k = key_ ^ zobrist::white_to_move();
    if (ep_ != NoSquare) {
        if (has_pseudo_ep()) k ^= zobrist::en_passant(file_of(ep_));
        ep_ = NoSquare;
    }
    fullmove_ += idx(us); // after black's move
    stm_ = ~us;
    return k;
}

template <PieceType Pt>
inline void Position::play_normal(Square from, Square to, PieceType rt) {
    const PieceType pt = Pt == PieceType::None ? rt : Pt;
    const Color us = stm_, them = ~us;
    std::uint64_t k = begin_move();
    const Piece pc = make_piece(us, pt), captured = board_[to];
    const Bitboard tb = bb(to), ft = bb(from) | tb;
    // The clock stays at 65535 (the largest a FEN gives) rather than wrapping to 0.
    unsigned halfmove = halfmove_ + (halfmove_ != 0xFFFF);
    if (captured != Piece::None) {
        by_type_[idx(type_of(captured))] ^= tb;
        by_color_[idx(them)] ^= tb;
        k ^= zobrist::piece(captured, to);
        halfmove = 0;
    }
    by_type_[idx(pt)] ^= ft;
    by_color_[idx(us)] ^= ft;
    board_[from] = Piece::None;
    board_[to] = pc;
    k ^= zobrist::piece(pc, from) ^ zobrist::piece(pc, to);
    if constexpr (Pt == PieceType::Pawn) {
        halfmove = 0;
        if ((int(to) ^ int(from)) == 16) {
            const Square ep = from + pawn_push(us);
            ep_ = ep;
            if (pawn_attacks(us, ep) & pieces(them, PieceType::Pawn))
                k ^= zobrist::en_passant(file_of(ep));
        }
    } else if constexpr (Pt == PieceType::King) {
        king_[idx(us)] = to;
    }
    halfmove_ = std::uint16_t(halfmove);
    // A right is lost when its king moves or its rook's square is left or captured on.
    if constexpr (Pt == PieceType::King) {
        if (castling_) k ^= drop_castling(us, true, from, to);
    } else {
        // A move from or to a castling rook's square first (nearly never), then the rights
        // (which a predictor tells less well: they last a part of each game).
        if ((ft & castle_rooks_) && castling_) k ^= drop_castling(us, false, from, to);
    }
    key_ = k;
    const Square ksq = king_[idx(them)];
    if (ksq == NoSquare) {
        checkers_ = 0;
        return;
    }
    // Only the moved piece can give check, directly or by uncovering a slider: the side now
    // to move was not in check before (a position where it was is rejected by parse_fen and
    // cannot arise from legal moves).
    // A slider checks the king only from `to` (on its own kind of line from the king) or
    // uncovered by `from`: then `from` lies on a line from the king with one of our sliders
    // on it. Only then are the slider attacks worked out (an unpredictable branch, taken
    // rarely this way).
    const Bitboard diag = pieces(us, PieceType::Bishop, PieceType::Queen),
                   orth = pieces(us, PieceType::Rook, PieceType::Queen);
    Bitboard checkers = Pt == PieceType::Pawn     ? pawn_attacks(them, ksq) & tb
                        : Pt == PieceType::Knight ? knight_attacks(ksq) & tb
                                                  : 0;
    Bitboard maybe = line_bb(ksq, from) & (diag | orth);
    if constexpr (Pt == PieceType::None) {
        // A knight on `to` checks; a slider there may (its line may be blocked).
        const Bitboard at = piece_reach(pt, ksq) & tb;
        const Bitboard knight = Bitboard(0) - Bitboard(pt == PieceType::Knight);
        checkers = at & knight;
        maybe |= at & ~knight;
    } else if constexpr (Pt == PieceType::Bishop)
        maybe |= diag_rays(ksq) & tb;
    else if constexpr (Pt == PieceType::Rook)
        maybe |= orth_rays(ksq) & tb;
    else if constexpr (Pt == PieceType::Queen)
        maybe |= (diag_rays(ksq) | orth_rays(ksq)) & tb;
    if (maybe) checkers |= slider_attackers(ksq, diag, orth, pieces());
    checkers_ = checkers;
}

} // namespace pgnkit::chess
