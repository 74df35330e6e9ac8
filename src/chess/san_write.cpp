// SAN writing: canonical SAN and FAN (PGN standard §8.2.3), and the check suffix every writer
// and the resolver use. See san.hpp for the contract.
#include "pgnkit/chess/detail/san_rules.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/san.hpp"

#include <string>

namespace pgnkit::chess {

using san_rules::needed_disambiguation;
using san_rules::piece_origins;
using san_rules::put_piece;
using san_rules::put_square;

namespace {

/// Whether the legal move `m` gives check, from bitboards of the position after it (no
/// copy of the position). Covers direct, discovered (also by en passant and castling) checks.
bool gives_check(const Position& pos, Move m) {
    if (m.is_null()) return false;
    const Color us = pos.side_to_move(), them = ~us;
    const Square ksq = pos.king_square(them);
    if (ksq == NoSquare) return false;
    const Square from = m.from(), to = m.to();
    Bitboard occ = pos.pieces();
    Bitboard pawns = pos.pieces(us, PieceType::Pawn);
    Bitboard knights = pos.pieces(us, PieceType::Knight);
    Bitboard diag = pos.pieces(us, PieceType::Bishop, PieceType::Queen);
    Bitboard orth = pos.pieces(us, PieceType::Rook, PieceType::Queen);
    if (m.is_castling()) {
        const CastleSide side = Position::castle_side(m);
        const Square kto = Position::castle_king_to(us, side);
        const Square rto = Position::castle_rook_to(us, side);
        occ = (occ ^ bb(from) ^ bb(to)) | bb(kto) | bb(rto);
        orth = (orth & ~bb(to)) | bb(rto);
    } else {
        const PieceType moved = type_of(pos.piece_on(from));
        const PieceType now = m.kind() == Move::Promotion ? m.promotion() : moved;
        const Bitboard fb = bb(from), tb = bb(to);
        occ = (occ & ~fb) | tb;
        if (m.kind() == Move::EnPassant) occ &= ~bb(to - pawn_push(us));
        pawns &= ~fb;
        knights &= ~fb;
        diag &= ~fb;
        orth &= ~fb;
        switch (now) {
        case PieceType::Pawn: pawns |= tb; break;
        case PieceType::Knight: knights |= tb; break;
        case PieceType::Bishop: diag |= tb; break;
        case PieceType::Rook: orth |= tb; break;
        case PieceType::Queen:
            diag |= tb;
            orth |= tb;
            break;
        case PieceType::King:
        case PieceType::None: break;
        }
    }
    if ((pawn_attacks(them, ksq) & pawns) || (knight_attacks(ksq) & knights)) return true;
    return slider_attackers(ksq, diag, orth, occ) != 0;
}

/// The non-pawn origin squares from which `us` could legally move a `pt` to `to`.
Bitboard legal_origins(const Position& pos, PieceType pt, Square to) {
    Bitboard legal = 0;
    for (Bitboard b = piece_origins(pos, pt, to, pos.side_to_move()); b;) {
        const Square s = pop_lsb(b);
        if (san_rules::is_legal_fast(pos, Move(s, to), pos.king_square(pos.side_to_move())))
            legal |= bb(s);
    }
    return legal;
}

} // namespace

namespace san_rules {

char check_suffix_of(const Position& pos, Move m) {
    if (!gives_check(pos, m)) return 0;
    return has_legal_move(pos.after(m)) ? '+' : '#';
}

} // namespace san_rules

char* write_san(const Position& pos, Move m, char* out, std::string_view piece_letters,
                bool figurine) {
    if (m.is_null()) {
        *out++ = '-';
        *out++ = '-';
        return out;
    }
    if (m.is_castling()) {
        // §8.2.3.3: O-O king side, O-O-O queen side (letter O).
        const bool king_side = Position::castle_side(m) == CastleSide::King;
        for (char c : std::string_view(king_side ? "O-O" : "O-O-O")) *out++ = c;
    } else {
        const Square from = m.from(), to = m.to();
        const PieceType pt = type_of(pos.piece_on(from));
        const bool capture = pos.is_capture(m);
        if (pt == PieceType::Pawn) {
            // §8.2.3.3: a pawn capture names the pawn's file; en passant has no mark.
            if (capture) {
                *out++ = char('a' + file_of(from));
                *out++ = 'x';
            }
        } else {
            out = put_piece(out, pt, piece_letters, figurine);
            if (pt != PieceType::King) {
                bool need_file = false, need_rank = false;
                const Bitboard others = piece_origins(pos, pt, to, pos.side_to_move()) & ~bb(from);
                if (others)
                    needed_disambiguation(legal_origins(pos, pt, to), from, need_file, need_rank);
                if (need_file) *out++ = char('a' + file_of(from));
                if (need_rank) *out++ = char('1' + rank_of(from));
            }
            if (capture) *out++ = 'x';
        }
        out = put_square(out, to);
        if (m.kind() == Move::Promotion) {
            *out++ = '=';
            out = put_piece(out, m.promotion(), piece_letters, figurine);
        }
    }
    if (char c = san_rules::check_suffix_of(pos, m)) *out++ = c;
    return out;
}

std::string format_san(const Position& pos, Move m) {
    char buf[32];
    return std::string(buf, write_san(pos, m, buf));
}

} // namespace pgnkit::chess
