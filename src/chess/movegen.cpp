#include "pgnkit/chess/movegen.hpp"

namespace pgnkit::chess {

namespace {

/// Collects moves into a MoveList.
struct ListSink {
    MoveList& list;
    void add(Move m) { list.push(m); }
    void add_targets(Square from, Bitboard to) {
        while (to) list.push(Move(from, pop_lsb(to)));
    }
    void add_pawns(Bitboard to, int delta) {
        while (to) {
            Square t = pop_lsb(to);
            list.push(Move(t - delta, t));
        }
    }
    void add_promotions(Bitboard to, int delta) {
        while (to) {
            Square t = pop_lsb(to);
            for (PieceType p :
                 {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight})
                list.push(Move(t - delta, t, Move::Promotion, p));
        }
    }
};

/// Counts moves without materialising them (perft's last ply).
struct CountSink {
    int n = 0;
    void add(Move) { ++n; }
    void add_targets(Square, Bitboard to) { n += popcount(to); }
    void add_pawns(Bitboard to, int) { n += popcount(to); }
    void add_promotions(Bitboard to, int) { n += 4 * popcount(to); }
};

/// Stops at the first move found (generate() returns early once `found`).
struct AnySink {
    static constexpr bool stops = true;
    bool found = false;
    void add(Move) { found = true; }
    void add_targets(Square, Bitboard to) { found |= to != 0; }
    void add_pawns(Bitboard to, int) { found |= to != 0; }
    void add_promotions(Bitboard to, int) { found |= to != 0; }
};

/// Whether a sink that only wants to know whether a move exists has seen one.
template <class Sink>
constexpr bool done(const Sink& sink) {
    if constexpr (requires { Sink::stops; })
        return sink.found;
    else
        return false;
}

template <Color Us, class Sink>
void generate(const Position& pos, Sink& sink) {
    constexpr Color Them = ~Us;
    constexpr int Up = Us == Color::White ? 8 : -8;
    constexpr int UpRight = Us == Color::White ? 9 : -7;
    constexpr int UpLeft = Us == Color::White ? 7 : -9;
    constexpr Bitboard Rank7 = Us == Color::White ? rank_bb(6) : rank_bb(1);
    constexpr Bitboard Rank3 = Us == Color::White ? rank_bb(2) : rank_bb(5);

    const Square ksq = pos.king_square(Us);
    if (ksq == NoSquare) return; // only in set-ups the FEN parser refuses; stay total
    const Bitboard occ = pos.pieces(), own = pos.pieces(Us), enemy = pos.pieces(Them);
    const Bitboard checkers = pos.checkers();

    // King steps: the destination must not be attacked once the king has left its square.
    {
        Bitboard to = king_attacks(ksq) & ~own;
        const Bitboard occ_without_king = occ ^ bb(ksq);
        Bitboard safe = 0;
        while (to) {
            Square t = pop_lsb(to);
            if (!pos.attacked_by(Them, t, occ_without_king)) {
                safe |= bb(t);
                if constexpr (requires { Sink::stops; }) break;
            }
        }
        sink.add_targets(ksq, safe);
    }
    if (done(sink) || more_than_one(checkers)) return; // double check: only the king moves

    // In check, other pieces must capture the checker or block.
    const Bitboard target = checkers ? between_bb(ksq, lsb(checkers)) : ~own;
    const Bitboard pinned = pos.pinned(Us);

    for (Bitboard b = pos.pieces(Us, PieceType::Knight) & ~pinned; b;) {
        Square s = pop_lsb(b);
        sink.add_targets(s, knight_attacks(s) & target);
    }
    if (done(sink)) return;
    const Bitboard diagonal = pos.pieces(Us, PieceType::Bishop, PieceType::Queen);
    const Bitboard straight = pos.pieces(Us, PieceType::Rook, PieceType::Queen);
    for (Bitboard b = diagonal & ~pinned; b;) {
        Square s = pop_lsb(b);
        sink.add_targets(s, bishop_attacks(s, occ) & target);
    }
    for (Bitboard b = straight & ~pinned; b;) {
        Square s = pop_lsb(b);
        sink.add_targets(s, rook_attacks(s, occ) & target);
    }
    if (!checkers && pinned) {
        // A pinned piece may move along the pin line only (never when in check).
        for (Bitboard b = diagonal & pinned; b;) {
            Square s = pop_lsb(b);
            sink.add_targets(s, bishop_attacks(s, occ) & target & line_bb(ksq, s));
        }
        for (Bitboard b = straight & pinned; b;) {
            Square s = pop_lsb(b);
            sink.add_targets(s, rook_attacks(s, occ) & target & line_bb(ksq, s));
        }
    }

    if (done(sink)) return;
    // Pawns that are not pinned, set-wise.
    const Bitboard pawns = pos.pieces(Us, PieceType::Pawn);
    const Bitboard empty_squares = ~occ;
    {
        const Bitboard free = pawns & ~pinned;
        const Bitboard normal = free & ~Rank7, promoting = free & Rank7;
        Bitboard single = shift<Up>(normal) & empty_squares;
        Bitboard dbl = shift<Up>(single & Rank3) & empty_squares & target;
        sink.add_pawns(single & target, Up);
        sink.add_pawns(dbl, 2 * Up);
        sink.add_pawns(shift<UpRight>(normal) & enemy & target, UpRight);
        sink.add_pawns(shift<UpLeft>(normal) & enemy & target, UpLeft);
        if (promoting) {
            sink.add_promotions(shift<Up>(promoting) & empty_squares & target, Up);
            sink.add_promotions(shift<UpRight>(promoting) & enemy & target, UpRight);
            sink.add_promotions(shift<UpLeft>(promoting) & enemy & target, UpLeft);
        }
    }
    // Pinned pawns, one by one (rare).
    if (!checkers) {
        for (Bitboard b = pawns & pinned; b;) {
            Square s = pop_lsb(b);
            const Bitboard pin_line = line_bb(ksq, s);
            const bool promotes = bb(s) & Rank7;
            Bitboard to = 0;
            Square one = s + Up;
            if ((empty_squares & bb(one)) && (pin_line & bb(one))) {
                to |= bb(one);
                Square two = one + Up;
                if ((bb(s) & shift<-Up>(Rank3)) && (empty_squares & bb(two))) to |= bb(two);
            }
            to |= pawn_attacks(Us, s) & enemy & pin_line;
            if (promotes) {
                while (to) {
                    Square t = pop_lsb(to);
                    for (PieceType p :
                         {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight})
                        sink.add(Move(s, t, Move::Promotion, p));
                }
            } else
                sink.add_targets(s, to);
        }
    }
    // En passant: tested in full (the horizontal pin through two pawns, evasions).
    if (Square ep = pos.ep_square(); ep != NoSquare) {
        for (Bitboard b = pawn_attacks(Them, ep) & pawns; b;) {
            Move m(pop_lsb(b), ep, Move::EnPassant);
            if (pos.is_legal(m)) sink.add(m);
        }
    }
    // Castling (is_legal checks rights, path and attacked squares, Chess960 included).
    if (!checkers && pos.castling_rights()) {
        for (CastleSide side : {CastleSide::King, CastleSide::Queen}) {
            if (!pos.can_castle(Us, side)) continue;
            Move m(ksq, pos.castling_rook(Us, side), Move::Castling);
            if (pos.is_legal(m)) sink.add(m);
        }
    }
}

template <class Sink>
void generate_any(const Position& pos, Sink& sink) {
    if (pos.side_to_move() == Color::White)
        generate<Color::White>(pos, sink);
    else
        generate<Color::Black>(pos, sink);
}

template <Color Us>
std::uint64_t perft_impl(const Position& pos, int depth) {
    if (depth == 1) {
        CountSink c;
        generate<Us>(pos, c);
        return std::uint64_t(c.n);
    }
    MoveList list;
    ListSink sink{list};
    generate<Us>(pos, sink);
    std::uint64_t n = 0;
    for (Move m : list) {
        Position child = pos;
        child.play(m);
        n += perft_impl<~Us>(child, depth - 1);
    }
    return n;
}

} // namespace

void generate_legal(const Position& pos, MoveList& list) {
    ListSink sink{list};
    generate_any(pos, sink);
}

MoveList legal_moves(const Position& pos) {
    MoveList list;
    generate_legal(pos, list);
    return list;
}

int count_legal(const Position& pos) {
    CountSink c;
    generate_any(pos, c);
    return c.n;
}

bool has_legal_move(const Position& pos) {
    AnySink a;
    generate_any(pos, a);
    return a.found;
}

std::uint64_t perft(const Position& pos, int depth) {
    if (depth <= 0) return 1;
    return pos.side_to_move() == Color::White ? perft_impl<Color::White>(pos, depth)
                                              : perft_impl<Color::Black>(pos, depth);
}

} // namespace pgnkit::chess
