#include "pgnkit/chess/position.hpp"

#include "pgnkit/chess/zobrist.hpp"

#include <cstddef>
#include <cstring>

namespace pgnkit::chess {

Position::Position() {
    std::memset(by_type_, 0, sizeof by_type_);
    std::memset(by_color_, 0, sizeof by_color_);
    for (auto& p : board_) p = Piece::None;
    key_ = 0;
    checkers_ = 0;
    fullmove_ = 1;
    halfmove_ = 0;
    king_[0] = king_[1] = NoSquare;
    for (auto& r : castle_rook_) r = NoSquare;
    castle_rooks_ = 0;
    ep_ = NoSquare;
    stm_ = Color::White;
    castling_ = 0;
    chess960_ = false;
}

Position Position::startpos() {
    Position p;
    constexpr PieceType back[8] = {PieceType::Rook,   PieceType::Knight, PieceType::Bishop,
                                   PieceType::Queen,  PieceType::King,   PieceType::Bishop,
                                   PieceType::Knight, PieceType::Rook};
    for (int f = 0; f < 8; ++f) {
        p.put(make_piece(Color::White, back[f]), make_square(f, 0));
        p.put(make_piece(Color::White, PieceType::Pawn), make_square(f, 1));
        p.put(make_piece(Color::Black, PieceType::Pawn), make_square(f, 6));
        p.put(make_piece(Color::Black, back[f]), make_square(f, 7));
    }
    p.set_castling(Color::White, CastleSide::King, H1);
    p.set_castling(Color::White, CastleSide::Queen, A1);
    p.set_castling(Color::Black, CastleSide::King, H8);
    p.set_castling(Color::Black, CastleSide::Queen, A8);
    p.finish();
    return p;
}

void Position::put_piece(Piece p, Square s) {
    board_[s] = p;
    by_type_[idx(type_of(p))] |= bb(s);
    by_color_[idx(color_of(p))] |= bb(s);
    key_ ^= zobrist::piece(p, s);
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    by_type_[idx(type_of(p))] ^= bb(s);
    by_color_[idx(color_of(p))] ^= bb(s);
    board_[s] = Piece::None;
    key_ ^= zobrist::piece(p, s);
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard ft = bb(from) | bb(to);
    by_type_[idx(type_of(p))] ^= ft;
    by_color_[idx(color_of(p))] ^= ft;
    board_[from] = Piece::None;
    board_[to] = p;
    key_ ^= zobrist::piece(p, from) ^ zobrist::piece(p, to);
}

void Position::put(Piece p, Square s) {
    if (!empty(s)) remove_piece(s);
    put_piece(p, s);
}

void Position::remove(Square s) {
    if (!empty(s)) remove_piece(s);
}

void Position::set_castling(Color c, CastleSide side, Square rook) {
    int i = castle_index(c, side);
    castling_ |= std::uint8_t(1u << i);
    castle_rook_[i] = rook;
    castle_rooks_ |= bb(rook);
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
    return (pawn_attacks(Color::White, s) & pieces(Color::Black, PieceType::Pawn)) |
           (pawn_attacks(Color::Black, s) & pieces(Color::White, PieceType::Pawn)) |
           (knight_attacks(s) & pieces(PieceType::Knight)) |
           (king_attacks(s) & pieces(PieceType::King)) |
           (rook_attacks(s, occ) & (pieces(PieceType::Rook) | pieces(PieceType::Queen))) |
           (bishop_attacks(s, occ) & (pieces(PieceType::Bishop) | pieces(PieceType::Queen)));
}

bool Position::attacked_by(Color c, Square s, Bitboard occ) const {
    return (pawn_attacks(~c, s) & pieces(c, PieceType::Pawn)) ||
           (knight_attacks(s) & pieces(c, PieceType::Knight)) ||
           (king_attacks(s) & pieces(c, PieceType::King)) ||
           slider_attackers(s, pieces(c, PieceType::Bishop, PieceType::Queen),
                            pieces(c, PieceType::Rook, PieceType::Queen), occ);
}

Bitboard Position::pinned(Color c) const {
    Square ksq = king_square(c);
    if (ksq == NoSquare) return 0;
    Bitboard snipers = (orth_rays(ksq) & pieces(~c, PieceType::Rook, PieceType::Queen)) |
                       (diag_rays(ksq) & pieces(~c, PieceType::Bishop, PieceType::Queen));
    Bitboard occ = pieces(), result = 0;
    while (snipers) {
        Square s = pop_lsb(snipers);
        Bitboard b = between_bb(ksq, s) & occ & ~bb(s);
        if (b && !more_than_one(b)) result |= b & pieces(c);
    }
    return result;
}

bool Position::is_legal(Move m) const {
    const Color us = stm_, them = ~us;
    const Square from = m.from(), to = m.to(), ksq = king_square(us);
    const Bitboard occ = pieces();

    if (m.kind() == Move::Castling) {
        if (checkers_ || from != ksq) return false;
        CastleSide side = castle_side(m);
        if (!can_castle(us, side) || castling_rook(us, side) != to) return false;
        Square kto = castle_king_to(us, side), rto = castle_rook_to(us, side);
        Bitboard must_be_empty =
            (between_bb(from, kto) | between_bb(to, rto)) & ~bb(from) & ~bb(to);
        if (occ & must_be_empty) return false;
        // Squares the king crosses must not be attacked (the final one is tested below
        // with the rook already moved, which matters in Chess960: a rook may shield it).
        Bitboard path = between_bb(from, kto) & ~bb(kto);
        Bitboard occ_without_king = occ ^ bb(from);
        while (path) {
            if (attacked_by(them, pop_lsb(path), occ_without_king)) return false;
        }
        Bitboard after = (occ ^ bb(from) ^ bb(to)) | bb(kto) | bb(rto);
        return !attacked_by(them, kto, after);
    }

    if (type_of(board_[from]) == PieceType::King) return !attacked_by(them, to, occ ^ bb(from));

    Bitboard captured = bb(to);
    Bitboard after = (occ ^ bb(from)) | bb(to);
    if (m.kind() == Move::EnPassant) {
        Square cap = to - pawn_push(us);
        captured = bb(cap);
        after ^= bb(cap);
    }
    Bitboard theirs = pieces(them) & ~captured;
    if ((pawn_attacks(us, ksq) & theirs & pieces(PieceType::Pawn)) ||
        (knight_attacks(ksq) & theirs & pieces(PieceType::Knight)))
        return false;
    return !slider_attackers(ksq, theirs & (pieces(PieceType::Bishop) | pieces(PieceType::Queen)),
                             theirs & (pieces(PieceType::Rook) | pieces(PieceType::Queen)), after);
}

bool Position::has_legal_ep() const {
    if (ep_ == NoSquare) return false;
    Bitboard b = pawn_attacks(~stm_, ep_) & pieces(stm_, PieceType::Pawn);
    while (b)
        if (is_legal(Move(pop_lsb(b), ep_, Move::EnPassant))) return true;
    return false;
}

bool Position::ep_hashed() const { return has_pseudo_ep(); }

std::uint64_t Position::repetition_key_slow() const {
    // key() hashes the ep file when a capture is pseudo-legal; FIDE identity needs a legal one.
    if (ep_hashed() && !has_legal_ep()) return key_ ^ zobrist::en_passant(file_of(ep_));
    return key_;
}

inline void Position::update_checkers(Color us, Color them) {
    // Only the side that moved can give check, and never with its king.
    const Square ksq = king_[idx(them)];
    if (ksq == NoSquare) {
        checkers_ = 0;
        return;
    }
    const Bitboard occ = pieces();
    checkers_ = (pawn_attacks(them, ksq) & pieces(us, PieceType::Pawn)) |
                (knight_attacks(ksq) & pieces(us, PieceType::Knight)) |
                slider_attackers(ksq, pieces(us, PieceType::Bishop, PieceType::Queen),
                                 pieces(us, PieceType::Rook, PieceType::Queen), occ);
}

void Position::play(Move m) {
    // raw 1..0xfff: kind Normal (bits 14-15 clear), no promotion piece bits (12-13, clear
    // in every Normal move made here; a Normal move with them set is played by
    // play_special() all the same) and not the null move (raw 0).
    const unsigned raw = m.raw();
    if (raw - 1 >= 0xfff) {
        play_special(m, begin_move());
        return;
    }
    // The usual move: play_normal() for the type of the piece that moves.
    const Square from = Square(raw & 63), to = Square(raw >> 6);
    switch (const PieceType t = type_of(board_[from])) {
    case PieceType::Pawn: play_normal<PieceType::Pawn>(from, to); return;
    case PieceType::King: play_normal<PieceType::King>(from, to); return;
    default: play_normal<PieceType::None>(from, to, t); return;
    }
}

std::uint64_t Position::drop_castling(Color us, bool king_moved, Square from, Square to) {
    const unsigned old_rights = castling_;
    unsigned rights = old_rights;
    if (king_moved) rights &= ~(3u << (2 * idx(us)));
    for (int i = 0; i < 4; ++i)
        if ((rights & (1u << i)) && (castle_rook_[i] == from || castle_rook_[i] == to))
            rights &= ~(1u << i);
    castling_ = std::uint8_t(rights);
    std::uint64_t k = 0;
    for (int i = 0; i < 4; ++i)
        if ((old_rights ^ rights) & (1u << i)) k ^= zobrist::castling(i);
    return k;
}

void Position::play_special(Move m, std::uint64_t k) {
    const Color us = ~stm_, them = stm_;
    halfmove_ += halfmove_ != 0xFFFF; // stays at 65535 (as in play_normal())
    if (m.is_null()) {
        key_ = k;
        checkers_ = attackers_to(king_square(them)) & pieces(us);
        return;
    }

    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];
    const PieceType t = type_of(pc);
    const unsigned old_rights = castling_;
    const Bitboard fb = bb(from), tb = bb(to);

    if (m.kind() == Move::Castling) {
        CastleSide side = castle_side(m);
        Square kto = castle_king_to(us, side), rto = castle_rook_to(us, side);
        Piece rook = board_[to];
        key_ = k;
        remove_piece(from);
        remove_piece(to);
        put_piece(pc, kto);
        put_piece(rook, rto);
        k = key_;
        king_[idx(us)] = kto;
        castling_ &= std::uint8_t(~(3u << (2 * idx(us))));
    } else {
        if (m.kind() == Move::EnPassant) {
            const Square cap = to - pawn_push(us);
            const Piece captured = board_[cap];
            by_type_[idx(PieceType::Pawn)] ^= bb(cap);
            by_color_[idx(them)] ^= bb(cap);
            board_[cap] = Piece::None;
            k ^= zobrist::piece(captured, cap);
            halfmove_ = 0;
        } else if (const Piece captured = board_[to]; captured != Piece::None) {
            by_type_[idx(type_of(captured))] ^= tb;
            by_color_[idx(them)] ^= tb;
            k ^= zobrist::piece(captured, to);
            halfmove_ = 0;
        }
        by_type_[idx(t)] ^= fb | tb;
        by_color_[idx(us)] ^= fb | tb;
        board_[from] = Piece::None;
        board_[to] = pc;
        k ^= zobrist::piece(pc, from) ^ zobrist::piece(pc, to);
        if (t == PieceType::Pawn) {
            halfmove_ = 0;
            if (m.kind() == Move::Promotion) {
                const Piece promoted = make_piece(us, m.promotion());
                by_type_[idx(PieceType::Pawn)] ^= tb;
                by_type_[idx(m.promotion())] ^= tb;
                board_[to] = promoted;
                k ^= zobrist::piece(pc, to) ^ zobrist::piece(promoted, to);
            } else if ((int(to) ^ int(from)) == 16) {
                ep_ = from + pawn_push(us);
                if (pawn_attacks(us, ep_) & pieces(them, PieceType::Pawn))
                    k ^= zobrist::en_passant(file_of(ep_));
            }
        } else if (t == PieceType::King) {
            king_[idx(us)] = to;
            castling_ &= std::uint8_t(~(3u << (2 * idx(us))));
        }
        if (castling_ && ((fb | tb) & castle_rooks_)) {
            for (int i = 0; i < 4; ++i)
                if ((castling_ & (1u << i)) && (castle_rook_[i] == from || castle_rook_[i] == to))
                    castling_ &= std::uint8_t(~(1u << i));
        }
    }
    if (unsigned changed = old_rights ^ castling_) {
        for (int i = 0; i < 4; ++i)
            if (changed & (1u << i)) k ^= zobrist::castling(i);
    }
    key_ = k;
    update_checkers(us, them);
}

void Position::finish() {
    for (Color c : {Color::White, Color::Black}) {
        Bitboard k = pieces(c, PieceType::King);
        king_[idx(c)] = k ? lsb(k) : NoSquare;
    }
    key_ = compute_key();
    Square ksq = king_[idx(stm_)];
    checkers_ = ksq == NoSquare ? 0 : attackers_to(ksq) & pieces(~stm_);
}

std::uint64_t Position::compute_key() const {
    std::uint64_t k = 0;
    for (int s = 0; s < 64; ++s)
        if (board_[s] != Piece::None) k ^= zobrist::piece(board_[s], Square(s));
    for (int i = 0; i < 4; ++i)
        if (castling_ & (1u << i)) k ^= zobrist::castling(i);
    if (ep_hashed()) k ^= zobrist::en_passant(file_of(ep_));
    if (stm_ == Color::White) k ^= zobrist::white_to_move();
    return k;
}

bool Position::is_consistent() const {
    Bitboard all = 0;
    for (int t = 0; t < 6; ++t) {
        if (all & by_type_[t]) return false;
        all |= by_type_[t];
    }
    if ((by_color_[0] & by_color_[1]) || (all != (by_color_[0] | by_color_[1]))) return false;
    for (int s = 0; s < 64; ++s) {
        Piece p = board_[s];
        if (p == Piece::None) {
            if (all & bb(Square(s))) return false;
        } else if (!(pieces(color_of(p), type_of(p)) & bb(Square(s))))
            return false;
    }
    if (key_ != compute_key()) return false;
    Square ksq = king_[idx(stm_)];
    if (ksq != NoSquare && checkers_ != (attackers_to(ksq) & pieces(~stm_))) return false;
    return true;
}

void Position::undo_normal(const NormalUndo& u) {
    static_assert(offsetof(Position, ep_) == offsetof(Position, halfmove_) + 2 &&
                  offsetof(Position, castling_) == offsetof(Position, halfmove_) + 3 &&
                  offsetof(Position, stm_) == offsetof(Position, halfmove_) + 4 &&
                  offsetof(Position, chess960_) == offsetof(Position, halfmove_) + 5 &&
                  offsetof(Position, king_) == offsetof(Position, halfmove_) + 6 &&
                  offsetof(Position, fullmove_) == offsetof(Position, halfmove_) + 8 &&
                  sizeof(NormalUndo::state) == 8);
    const Color them = stm_, us = ~them;
    const Square from = u.from, to = u.to;
    const Piece captured = u.captured, pc = board_[to];
    // The key as play_normal() changed it, the other way: the side to move, the en passant
    // files hashed after and before the move (each as has_pseudo_ep() tells in its own
    // position), the pieces, the castling rights lost.
    std::uint64_t k = key_ ^ zobrist::white_to_move();
    if (ep_ != NoSquare && has_pseudo_ep()) k ^= zobrist::en_passant(file_of(ep_));
    k ^= zobrist::piece(pc, from) ^ zobrist::piece(pc, to);
    const Bitboard tb = bb(to), ft = bb(from) | tb;
    by_type_[idx(type_of(pc))] ^= ft;
    by_color_[idx(us)] ^= ft;
    if (captured != Piece::None) {
        by_type_[idx(type_of(captured))] ^= tb;
        by_color_[idx(them)] ^= tb;
        k ^= zobrist::piece(captured, to);
    }
    board_[from] = pc;
    board_[to] = captured;
    const unsigned rights_after = castling_;
    std::memcpy(&halfmove_, &u.state, sizeof u.state); // the clock, ep, rights, side, kings
    for (int i = 0; i < 4; ++i)
        if ((rights_after ^ castling_) & (1u << i)) k ^= zobrist::castling(i);
    fullmove_ -= idx(us);
    if (ep_ != NoSquare && has_pseudo_ep()) k ^= zobrist::en_passant(file_of(ep_));
    key_ = k;
    const Square ksq = king_[idx(us)];
    checkers_ = ksq == NoSquare ? 0 : attackers_to(ksq) & pieces(them);
}

bool Position::operator==(const Position& o) const {
    if (std::memcmp(by_type_, o.by_type_, sizeof by_type_) != 0 ||
        std::memcmp(by_color_, o.by_color_, sizeof by_color_) != 0 || stm_ != o.stm_ ||
        castling_ != o.castling_ || ep_ != o.ep_ || halfmove_ != o.halfmove_ ||
        fullmove_ != o.fullmove_)
        return false;
    // play() leaves the rook square of a lost right behind: compare only rights that exist.
    for (int i = 0; i < 4; ++i)
        if ((castling_ & (1u << i)) && castle_rook_[i] != o.castle_rook_[i]) return false;
    return true;
}

} // namespace pgnkit::chess
