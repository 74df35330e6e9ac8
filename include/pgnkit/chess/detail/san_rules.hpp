#pragma once
/// What SAN's parser and resolver (san.cpp), its fast pass (san_fast.cpp) and the writers of
/// SAN, LAN and UCI (san_write.cpp, uci_lan.cpp) share: the candidate origins of a move, the
/// legality shortcut, the disambiguation PGN standard §8.2.3.4 asks for, the check suffix
/// (§8.2.3.5), and writing squares and pieces. Internal to src/chess/.

#include "pgnkit/chess/bitboard.hpp"
#include "pgnkit/chess/position.hpp"

#include <string_view>

namespace pgnkit::chess::san_rules {

constexpr bool is_file(char c) { return c >= 'a' && c <= 'h'; }
constexpr bool is_rank(char c) { return c >= '1' && c <= '8'; }
constexpr unsigned char byte(char c) { return static_cast<unsigned char>(c); }

/// The order of SanParseOptions::piece_letters, and of the figurines from U+2654 on.
inline constexpr PieceType SanLetterOrder[6] = {PieceType::King,   PieceType::Queen,
                                                PieceType::Rook,   PieceType::Bishop,
                                                PieceType::Knight, PieceType::Pawn};

/// Origins of `us`'s pieces of type `pt` (not pawns) that attack `to`. Sliders are found by
/// ray masks and the between table (one or two pieces of a type are the rule), not magics.
inline Bitboard piece_origins(const Position& pos, PieceType pt, Square to, Color us) {
    const Bitboard occ = pos.pieces();
    switch (pt) {
    case PieceType::Knight: return knight_attacks(to) & pos.pieces(us, PieceType::Knight);
    case PieceType::Bishop: return slider_attackers(to, pos.pieces(us, PieceType::Bishop), 0, occ);
    case PieceType::Rook: return slider_attackers(to, 0, pos.pieces(us, PieceType::Rook), occ);
    case PieceType::Queen:
        return slider_attackers(to, pos.pieces(us, PieceType::Queen),
                                pos.pieces(us, PieceType::Queen), occ);
    case PieceType::King: return king_attacks(to) & pos.pieces(us, PieceType::King);
    case PieceType::Pawn:
    case PieceType::None: return 0;
    }
    return 0;
}

/// The pawn of `us` that can push to the empty square `to` (one step, or two from its
/// start rank), or 0.
inline Bitboard pawn_push_origin(const Position& pos, Color us, Square to) {
    const Bitboard pawns = pos.pieces(us, PieceType::Pawn);
    const Square s1 = to - pawn_push(us);
    if (pawns & bb(s1)) return bb(s1);
    if (relative_rank(us, to) == 3 && pos.empty(s1) && (pawns & bb(s1 - pawn_push(us))))
        return bb(s1 - pawn_push(us));
    return 0;
}

/// Whether moving the piece on `from` (not the king) to `to` uncovers no enemy slider on
/// `ksq`, the king of the side to move, which is not in check. Only a slider on the line
/// through the king and `from` can be uncovered, and only when the piece leaves that line.
/// True is certain; false means "ask Position::is_legal".
inline bool uncovers_nothing(const Position& pos, Square from, Square to, Square ksq) {
    const Bitboard orth = orth_rays(ksq), diag = diag_rays(ksq);
    if (!((orth | diag) & bb(from))) return true;
    const Color them = ~pos.side_to_move();
    const Bitboard snipers = (orth & pos.pieces(them, PieceType::Rook, PieceType::Queen)) |
                             (diag & pos.pieces(them, PieceType::Bishop, PieceType::Queen));
    const Bitboard line = line_bb(ksq, from);
    return !(line & snipers) || (line & bb(to));
}

/// Position::is_legal with a shortcut: out of check, a piece other than the king that is
/// not on a line with its king and an enemy slider, or that stays on that line, cannot
/// expose the king.
inline bool is_legal_fast(const Position& pos, Move m, Square ksq) {
    if (!pos.in_check() && m.kind() != Move::EnPassant && m.from() != ksq &&
        uncovers_nothing(pos, m.from(), m.to(), ksq))
        return true;
    return pos.is_legal(m);
}

/// The disambiguation §8.2.3.4 asks for when `from` moves and `legal` holds the origins of
/// every legal move of that piece type to the same square: file first, then rank, then both.
inline void needed_disambiguation(Bitboard legal, Square from, bool& need_file, bool& need_rank) {
    const Bitboard others = legal & ~bb(from);
    need_file = need_rank = false;
    if (!others) return;
    if (!(others & file_bb(file_of(from))))
        need_file = true;
    else if (!(others & rank_bb(rank_of(from))))
        need_rank = true;
    else
        need_file = need_rank = true;
}

/// '+', '#' or nothing for the legal move `m` (§8.2.3.5). The mate test plays the move only
/// when it gives check (san_write.cpp).
char check_suffix_of(const Position& pos, Move m);

inline char* put_square(char* out, Square s) {
    *out++ = char('a' + file_of(s));
    *out++ = char('1' + rank_of(s));
    return out;
}

/// The piece letter (in `letters`' language) or its white figurine (U+2654 + index).
inline char* put_piece(char* out, PieceType pt, std::string_view letters, bool figurine) {
    int i = 0;
    while (i < 5 && SanLetterOrder[i] != pt) ++i;
    if (figurine) {
        *out++ = char(0xE2);
        *out++ = char(0x99);
        *out++ = char(0x94 + i);
    } else {
        *out++ = (letters.size() >= 5 ? letters : std::string_view("KQRBNP"))[std::size_t(i)];
    }
    return out;
}

} // namespace pgnkit::chess::san_rules
