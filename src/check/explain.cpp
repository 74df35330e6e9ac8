/// GameValidator's explanations of a move it cannot play: why a move is illegal (the rule it
/// breaks, from its syntax and the position), which moves an ambiguous one could be, and the
/// legal moves a wrong one most resembles.

#include "pgnkit/check/validator.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/san.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace pgnkit {

using namespace chess;

namespace {

std::string_view piece_word(PieceType t) {
    static constexpr std::string_view names[] = {"pawn",  "knight", "bishop", "rook",
                                                 "queen", "king",   "piece"};
    return names[idx(t)];
}

/// Edit distance for suggestions (short strings only).
int edit_distance(std::string_view a, std::string_view b) {
    int prev[16], cur[16];
    if (a.size() > 15 || b.size() > 15) return 99;
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = int(j);
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = int(i);
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
        std::copy(cur, cur + b.size() + 1, prev);
    }
    return prev[b.size()];
}

} // namespace

std::string GameValidator::suggest(const Position& pos, std::string_view text) const {
    MoveList moves = legal_moves(pos);
    San san;
    bool parsed = parse_san(text, san);
    struct Cand {
        int score;
        std::string s;
    };
    std::vector<Cand> cands;
    for (Move m : moves) {
        std::string s = format_san(pos, m);
        int score = edit_distance(text, s) * 4;
        if (parsed && san.kind == San::Kind::Normal) {
            if (m.to() == san.to) score -= 6;
            if (type_of(pos.piece_on(m.from())) == san.piece) score -= 3;
        }
        cands.push_back({score, std::move(s)});
    }
    std::stable_sort(cands.begin(), cands.end(),
                     [](const Cand& a, const Cand& b) { return a.score < b.score; });
    std::string out;
    for (std::size_t i = 0; i < cands.size() && i < 3; ++i) {
        if (cands[i].score > 8) break;
        if (!out.empty()) out += ", ";
        out += cands[i].s;
    }
    return out;
}

namespace {

/// "the rook on f2": the piece on `s` of `pos`.
std::string piece_at(const Position& pos, Square s) {
    return fmt::format("the {} on {}", piece_word(type_of(pos.piece_on(s))), square_name(s));
}

/// The pieces of `pos` on `b`: "the rook on f2", "the rook on f2 and the bishop on b5".
std::string pieces_at(const Position& pos, Bitboard b) {
    std::string out;
    while (b) {
        const Square s = pop_lsb(b);
        if (!out.empty()) out += b ? ", " : " and ";
        out += piece_at(pos, s);
    }
    return out;
}

/// The enemy pieces that attack `s` when the board holds `occ` (`gone`: enemy pieces taken).
Bitboard enemy_attackers(const Position& pos, Square s, Bitboard occ, Bitboard gone = 0) {
    const Color them = ~pos.side_to_move();
    return pos.attackers_to(s, occ) & pos.pieces(them) & ~gone;
}

/// What makes `t`, a token the SAN reader refused, no move, where a rule of thumb tells: a
/// drop, a piece letter that is none, a square off the board. "" otherwise.
std::string bad_san_reason(std::string_view t, std::string_view piece_letters) {
    if (t.empty()) return {};
    if (t.find('@') != std::string_view::npos)
        return "a piece drop ('@', as in crazyhouse) is not a chess move";
    const std::string_view letters = piece_letters.size() >= 5 ? piece_letters : "KQRBNP";
    // A piece move in shape (a capital, then what SAN allows up to a square) with a letter
    // that is no piece: often another language's (S for the German knight).
    std::string_view body = t.substr(1);
    while (!body.empty() &&
           (body.back() == '+' || body.back() == '#' || body.back() == '!' || body.back() == '?'))
        body.remove_suffix(1);
    const bool piece_shape =
        body.size() >= 2 && body[body.size() - 2] >= 'a' && body[body.size() - 2] <= 'h' &&
        body.back() >= '1' && body.back() <= '8' &&
        body.find_first_not_of("abcdefgh12345678x-:") == std::string_view::npos;
    if (const char c = t.front(); piece_shape && c >= 'A' && c <= 'Z' && c != 'O' &&
                                  letters.find(c) == std::string_view::npos) {
        std::string known;
        for (std::size_t k = 0; k < std::min<std::size_t>(letters.size(), 5); ++k)
            known += known.empty() ? std::string(1, letters[k]) : std::string(", ") + letters[k];
        return fmt::format("'{}' is not a piece letter ({}; --piece-letters reads another "
                           "language's)",
                           c, known);
    }
    for (std::size_t k = 0; k + 1 < t.size(); ++k) {
        const char f = t[k], r = t[k + 1];
        if (f >= 'a' && f <= 'z' && r >= '0' && r <= '9' && (f > 'h' || r == '0' || r == '9') &&
            (k == 0 || !(t[k - 1] >= 'a' && t[k - 1] <= 'z')))
            return fmt::format("'{}{}' is not a square", f, r);
    }
    return {};
}

/// Why castling on `side` is illegal in `pos`, or "" if that is not known.
std::string castling_reason(const Position& pos, CastleSide side) {
    const Color us = pos.side_to_move();
    const std::string_view wing = side == CastleSide::King ? "kingside" : "queenside";
    if (pos.in_check())
        return fmt::format("the king is in check from {}, and castling out of check is not allowed",
                           pieces_at(pos, pos.checkers()));
    if (!pos.can_castle(us, side))
        return fmt::format("{} has no right to castle {}", us == Color::White ? "White" : "Black",
                           wing);
    const Square from = pos.king_square(us), rook = pos.castling_rook(us, side);
    if (from == NoSquare) return {};
    const Square kto = Position::castle_king_to(us, side), rto = Position::castle_rook_to(us, side);
    const Bitboard occ = pos.pieces();
    // As Position::is_legal: every square the king and the rook cross or reach must be empty
    // but their own two.
    const Bitboard in_the_way =
        occ & (between_bb(from, kto) | between_bb(rook, rto)) & ~bb(from) & ~bb(rook);
    if (in_the_way) return fmt::format("castling is blocked by {}", pieces_at(pos, in_the_way));
    const Bitboard without_king = occ ^ bb(from);
    for (Bitboard path = between_bb(from, kto) & ~bb(kto); path;) {
        const Square s = pop_lsb(path);
        if (Bitboard a = enemy_attackers(pos, s, without_king))
            return fmt::format("the king would pass through {}, which is attacked by {}",
                               square_name(s), pieces_at(pos, a));
    }
    const Bitboard after = (occ ^ bb(from) ^ bb(rook)) | bb(kto) | bb(rto);
    if (Bitboard a = enemy_attackers(pos, kto, after))
        return fmt::format("the king would be in check on {} from {}", square_name(kto),
                           pieces_at(pos, a));
    return {};
}

/// Why the normal move `san` (its origins `from`: pieces of its type that may make it, the
/// king's safety aside) is illegal: it leaves or puts the king in check. "" if not known.
std::string king_safety_reason(const Position& pos, const San& san, PieceType piece,
                               Bitboard from) {
    const Color us = pos.side_to_move(), them = ~us;
    const Square to = san.to;
    const Bitboard occ = pos.pieces();
    if (piece == PieceType::King) {
        const Bitboard a = enemy_attackers(pos, to, occ ^ bb(lsb(from)), bb(to));
        if (!a) return {};
        return fmt::format("the king cannot move into check: {} is attacked by {}", square_name(to),
                           pieces_at(pos, a));
    }
    const Square ksq = pos.king_square(us);
    if (ksq == NoSquare) return {};
    const Square origin = lsb(from);
    const bool en_passant = piece == PieceType::Pawn && to == pos.ep_square() && pos.empty(to);
    const Bitboard taken = en_passant ? bb(Square(to - pawn_push(us))) : pos.pieces(them) & bb(to);
    const Bitboard after = ((occ ^ bb(origin)) & ~taken) | bb(to);
    const Bitboard checkers = enemy_attackers(pos, ksq, after, taken);
    if (!checkers) return {};
    if (pos.in_check() && (checkers & pos.checkers()))
        return fmt::format("it does not get the king out of check from {}",
                           pieces_at(pos, checkers & pos.checkers()));
    // The piece stood in the line of an enemy slider: pinned, unless only taking en passant
    // (which empties two squares of a line) opened it.
    if (en_passant && !(enemy_attackers(pos, ksq, (occ ^ bb(origin)) | bb(to)) & checkers))
        return fmt::format("taking en passant would expose the king to {}",
                           pieces_at(pos, checkers));
    return fmt::format("the {} on {} is pinned to its king by {}", piece_word(piece),
                       square_name(origin), pieces_at(pos, checkers));
}

/// Why the pawn move `san` is illegal (the origins it names: `filter`), or "": then
/// `from` holds the pawns that may make it, the king's safety aside.
std::string pawn_reason(const Position& pos, const San& san, Bitboard filter, Bitboard& from) {
    const Color us = pos.side_to_move(), them = ~us;
    const Square to = san.to;
    const int rr = relative_rank(us, to);
    const Bitboard pawns = pos.pieces(us, PieceType::Pawn) & filter;
    const bool capture = san.capture || (san.from_file >= 0 && san.from_file != file_of(to));
    const std::string square = square_name(to);
    from = 0;
    if (capture) {
        from = pawns & pawn_attacks(them, to);
        if (!from) return fmt::format("no pawn can capture on {}", square);
        if (pos.pieces(us) & bb(to))
            return fmt::format("{} is occupied by a piece of the side to move", square);
        if (pos.empty(to) && to != pos.ep_square()) {
            // A pawn that stepped two squares past `to`: the chance to take it has passed.
            if (rr == 5 && (pos.pieces(them, PieceType::Pawn) & bb(Square(to - pawn_push(us)))))
                return fmt::format("there is nothing to capture on {}: en passant is allowed "
                                   "only on the move right after the pawn's two-square step",
                                   square);
            return fmt::format("there is nothing to capture on {}", square);
        }
    } else {
        // Pushes: from one square behind, or two from the pawn's first rank.
        const Square one = rr >= 2 ? Square(to - pawn_push(us)) : NoSquare;
        const Square two = rr == 3 ? Square(to - 2 * pawn_push(us)) : NoSquare;
        Bitboard pusher = 0;
        if (one != NoSquare && (pawns & bb(one)))
            pusher = bb(one);
        else if (two != NoSquare && (pawns & bb(two)))
            pusher = bb(two);
        if (!pusher) return fmt::format("no pawn can move to {}", square);
        if (!pos.empty(to))
            return (pos.pieces(us) & bb(to))
                       ? fmt::format("{} is occupied by a piece of the side to move", square)
                       : fmt::format("a pawn cannot move forward onto {} (it captures only "
                                     "diagonally)",
                                     piece_at(pos, to));
        if (two != NoSquare && pusher == bb(two) && !pos.empty(one))
            return fmt::format("the pawn on {} is blocked by {}", square_name(lsb(pusher)),
                               piece_at(pos, one));
        from = pusher;
    }
    if (rr == 7 && san.promotion == PieceType::None)
        return "a pawn that reaches the last rank must promote";
    if (rr != 7 && san.promotion != PieceType::None)
        return "a pawn can promote only on the last rank";
    if (san.promotion == PieceType::King || san.promotion == PieceType::Pawn)
        return fmt::format("a pawn cannot promote to a {}", piece_word(san.promotion));
    return {};
}

/// Why the move `san`, which names no legal move of `pos`, is illegal; "" if that is not
/// known.
std::string illegal_reason(const Position& pos, const San& san) {
    if (san.kind == San::Kind::CastleKing || san.kind == San::Kind::CastleQueen) {
        std::string why = castling_reason(
            pos, san.kind == San::Kind::CastleKing ? CastleSide::King : CastleSide::Queen);
        return why.empty() ? "castling is not possible here" : why;
    }
    if (san.kind == San::Kind::Null)
        return pos.in_check() ? "a null move cannot be played while in check" : std::string();
    if (san.kind != San::Kind::Normal || san.to == NoSquare) return {};
    const Color us = pos.side_to_move();
    const Square to = san.to;
    Bitboard filter = ~Bitboard{0};
    if (san.from_file >= 0) filter &= file_bb(san.from_file);
    if (san.from_rank >= 0) filter &= rank_bb(san.from_rank);
    PieceType piece = san.piece;
    if (piece == PieceType::None) {
        // A coordinate move (e2e4, g1-f3): the piece is whatever stands on its origin.
        if (san.from_file < 0 || san.from_rank < 0)
            return "no piece of the side to move can make it";
        const Square origin = make_square(san.from_file, san.from_rank);
        const Piece p = pos.piece_on(origin);
        if (p == Piece::None || color_of(p) != us)
            return fmt::format("no piece of the side to move on {}", square_name(origin));
        piece = type_of(p);
    }
    Bitboard from = 0;
    if (piece == PieceType::Pawn) {
        if (std::string why = pawn_reason(pos, san, filter, from); !why.empty()) return why;
    } else {
        const Bitboard reach = attacks_bb(piece, to, pos.pieces()) & pos.pieces(us, piece);
        from = reach & filter;
        if (!from) {
            // The pieces the text names that would reach `to` on an empty board: blocked.
            const Bitboard named = pos.pieces(us, piece) & filter;
            if (const Bitboard lines = attacks_bb(piece, to, 0) & named;
                lines && piece != PieceType::Knight && piece != PieceType::King) {
                const Square s = lsb(lines);
                const Bitboard way = between_bb(s, to) & ~bb(to) & pos.pieces();
                if (way) // the piece nearest to s
                    return fmt::format("the {} on {} cannot move to {}: {} is in the way",
                                       piece_word(piece), square_name(s), square_name(to),
                                       piece_at(pos, to > s ? lsb(way) : msb(way)));
            }
            if (named && popcount(named) == 1 && (san.from_file >= 0 || san.from_rank >= 0))
                return fmt::format("the {} on {} cannot move to {}", piece_word(piece),
                                   square_name(lsb(named)), square_name(to));
            if (reach) { // only pieces the disambiguation does not name
                const std::string where =
                    san.from_file >= 0 && san.from_rank >= 0
                        ? fmt::format("on {}",
                                      square_name(make_square(san.from_file, san.from_rank)))
                    : san.from_file >= 0 ? fmt::format("on the {}-file", char('a' + san.from_file))
                                         : fmt::format("on rank {}", san.from_rank + 1);
                return fmt::format("no {} {} can move to {}", piece_word(piece), where,
                                   square_name(to));
            }
            return fmt::format("no {} can move to {}", piece_word(piece), square_name(to));
        }
        if (pos.pieces(us) & bb(to))
            return fmt::format("{} is occupied by a piece of the side to move", square_name(to));
    }
    return king_safety_reason(pos, san, piece, from);
}

} // namespace

void GameValidator::report_illegal(const Frame& f, std::string_view text, SourceLocation loc,
                                   int kind, int candidates) {
    const Position& pos = f.pos;
    int ply = f.ply + 1;
    std::string movenum = fmt::format("{}{}", pos.fullmove_number(),
                                      pos.side_to_move() == Color::White ? "." : "...");
    if (kind == 0) {
        const std::string why = bad_san_reason(text, opts_.piece_letters);
        add(Code::BadSan, loc,
            fmt::format("'{}' at move {} is not a move in SAN{}{}", text, movenum,
                        why.empty() ? "" : ": ", why),
            text, &pos, ply, suggest(pos, text));
        return;
    }
    if (kind == 2) {
        // Name the candidates: the legal moves of that piece to that square.
        std::string which;
        San san;
        if (parse_san(text, san, SanParseOptions{opts_.allow_null, opts_.piece_letters})) {
            for (Move m : legal_moves(pos)) {
                if (m.to() != san.to || type_of(pos.piece_on(m.from())) != san.piece) continue;
                if (san.promotion != PieceType::None && m.promotion() != san.promotion) continue;
                if (!which.empty()) which += ", ";
                which += format_san(pos, m);
            }
        }
        add(Code::AmbiguousMove, loc,
            which.empty()
                ? fmt::format("'{}' at move {} is ambiguous: {} legal moves match", text, movenum,
                              candidates)
                : fmt::format("'{}' at move {} is ambiguous: it could be {}", text, movenum, which),
            text, &pos, ply, which);
        return;
    }
    // Illegal: explain why, from the syntax and the position.
    std::string why;
    San san;
    const SanParseOptions parse_opts{opts_.allow_null, opts_.piece_letters};
    const bool parsed = parse_san(text, san, parse_opts);
    if (parsed) why = illegal_reason(pos, san);
    if (why.empty()) why = "not a legal move";
    if (parsed && san.kind != San::Kind::Null && !pos.in_check()) {
        // A move the other side could make here: the record may have lost a move before it,
        // or written one twice (the usual slip of a transcription). (Not in check: then the
        // position with the turn passed would have its side not to move in check.)
        Position other = pos;
        other.set_side_to_move(~pos.side_to_move());
        other.set_ep_square(NoSquare);
        other.finish();
        if (parse_and_resolve(other, text, parse_opts, false).ok) {
            // The first move after a FEN: the FEN's side to move is the likelier slip.
            const bool white = pos.side_to_move() == Color::White;
            why += fmt::format(" (it is {0}'s move, and it would be legal for {1}: {2})",
                               white ? "White" : "Black", white ? "Black" : "White",
                               f.ply == 0 && has_fen_
                                   ? "does the FEN give the wrong side to move?"
                                   : "is a move missing or written twice before it?");
        }
    }
    add(Code::IllegalMove, loc, fmt::format("'{}' at move {} is illegal: {}", text, movenum, why),
        text, &pos, ply, suggest(pos, text));
}

} // namespace pgnkit
