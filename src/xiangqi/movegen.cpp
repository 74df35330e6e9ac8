#include "pgnkit/xiangqi/movegen.hpp"

#include "pgnkit/xiangqi/detail/attacks.hpp"
#include "pgnkit/xiangqi/detail/tables.hpp"

namespace pgnkit::xiangqi {

namespace {

using detail::Ray;
using detail::Step;
using detail::Steps;
using detail::tables;

/// The moves of the side to move, made and tested on a copy of the mailbox. A move needs the
/// test only if it could expose the general: when the side is in check, for a general move,
/// or when its from or to point is on the general's file or rank (a line opened, a cannon
/// screen made) or its from point is a horse leg of the general (the four diagonal
/// neighbours). Any other move leaves every attack on the general as it was: none.
class Generator {
  public:
    explicit Generator(const Position& pos) : us_(pos.side_to_move()) {
        for (int i = 0; i < Points; ++i) board_[i] = pos.board()[i];
        general_ = pos.general_square(us_);
        if (general_ != NoSquare) {
            in_check_ = detail::general_attacked(board_, us_, general_);
            gf_ = file_of(general_);
            gr_ = rank_of(general_);
        }
    }

    /// Calls `emit(Move)` for every legal move of the pieces on the points `from` selects.
    template <class Emit>
    void generate(const PointSet& own, Emit&& emit) {
        for_each(own, [&](Square from) { piece_moves(from, emit); });
    }

    template <class Emit>
    void piece_moves(Square from, Emit& emit) {
        const detail::Tables& t = tables();
        const Piece p = board_[from];
        switch (type_of(p)) {
        case PieceType::General: steps(from, t.general[from], emit); break;
        case PieceType::Advisor: steps(from, t.advisor[from], emit); break;
        case PieceType::Elephant: steps(from, t.elephant[from], emit); break;
        case PieceType::Horse: steps(from, t.horse[from], emit); break;
        case PieceType::Soldier: steps(from, t.soldier[idx(us_)][from], emit); break;
        case PieceType::Chariot:
            for (const Ray& ray : t.ray[from]) {
                for (Square to : ray) {
                    const Piece q = board_[to];
                    if (q == Piece::None) {
                        try_move(from, to, emit);
                        continue;
                    }
                    if (color_of(q) != us_) try_move(from, to, emit);
                    break;
                }
            }
            break;
        case PieceType::Cannon:
            for (const Ray& ray : t.ray[from]) {
                int i = 0;
                for (; i < ray.size && board_[ray.point[i]] == Piece::None; ++i)
                    try_move(from, ray.point[i], emit);
                for (++i; i < ray.size; ++i) {
                    const Piece q = board_[ray.point[i]];
                    if (q == Piece::None) continue;
                    if (color_of(q) != us_) try_move(from, ray.point[i], emit);
                    break;
                }
            }
            break;
        case PieceType::None: break;
        }
    }

  private:
    template <class F>
    static void for_each(const PointSet& set, F&& f) {
        for (std::uint64_t w = set.lo; w; w &= w - 1) f(Square(__builtin_ctzll(w)));
        for (std::uint64_t w = set.hi; w; w &= w - 1) f(Square(64 + __builtin_ctzll(w)));
    }

    template <class Emit>
    void steps(Square from, const Steps& st, Emit& emit) {
        for (const Step& s : st) {
            if (s.block != NoSquare && board_[s.block] != Piece::None) continue;
            const Piece q = board_[s.to];
            if (q != Piece::None && color_of(q) == us_) continue;
            try_move(from, s.to, emit);
        }
    }

    bool needs_test(Square from, Square to) const {
        if (in_check_ || from == general_) return true;
        const int ff = file_of(from), fr = rank_of(from);
        if (ff == gf_ || fr == gr_) return true;
        if ((ff - gf_ == 1 || gf_ - ff == 1) && (fr - gr_ == 1 || gr_ - fr == 1)) return true;
        return file_of(to) == gf_ || rank_of(to) == gr_;
    }

    template <class Emit>
    void try_move(Square from, Square to, Emit& emit) {
        if (general_ != NoSquare && needs_test(from, to)) {
            const Piece moved = board_[from], captured = board_[to];
            board_[to] = moved;
            board_[from] = Piece::None;
            const Square g = from == general_ ? to : general_;
            const bool attacked = detail::general_attacked(board_, us_, g);
            board_[from] = moved;
            board_[to] = captured;
            if (attacked) return;
        }
        emit(Move(from, to));
    }

    Piece board_[Points];
    Color us_;
    Square general_ = NoSquare;
    bool in_check_ = false;
    int gf_ = -100, gr_ = -100;
};

} // namespace

MoveList legal_moves(const Position& pos) {
    MoveList list;
    Generator g(pos);
    g.generate(pos.pieces(pos.side_to_move()), [&](Move m) { list.push(m); });
    return list;
}

MoveList legal_moves_from(const Position& pos, Square from) {
    MoveList list;
    if (!is_ok(from) || pos.empty(from) || color_of(pos.piece_on(from)) != pos.side_to_move())
        return list;
    Generator g(pos);
    auto emit = [&](Move m) { list.push(m); };
    g.piece_moves(from, emit);
    return list;
}

bool has_legal_move(const Position& pos) {
    // Piece by piece, stopping after the first piece that has a move.
    Generator g(pos);
    bool any = false;
    auto emit = [&](Move) { any = true; };
    const PointSet& own = pos.pieces(pos.side_to_move());
    for (int s = 0; s < Points && !any; ++s)
        if (own.test(Square(s))) g.piece_moves(Square(s), emit);
    return any;
}

std::uint64_t perft(const Position& pos, int depth) {
    if (depth <= 0) return 1;
    Generator g(pos);
    if (depth == 1) {
        std::uint64_t n = 0;
        g.generate(pos.pieces(pos.side_to_move()), [&](Move) { ++n; });
        return n;
    }
    MoveList list;
    g.generate(pos.pieces(pos.side_to_move()), [&](Move m) { list.push(m); });
    std::uint64_t n = 0;
    for (Move m : list) n += perft(pos.after(m), depth - 1);
    return n;
}

PerftCounts perft_counts(const Position& pos, int depth) {
    PerftCounts c;
    if (depth <= 0) {
        c.nodes = 1;
        return c;
    }
    for (Move m : legal_moves(pos)) {
        if (depth == 1) {
            ++c.nodes;
            c.captures += pos.is_capture(m);
            c.checks += pos.gives_check(m);
            continue;
        }
        const PerftCounts sub = perft_counts(pos.after(m), depth - 1);
        c.nodes += sub.nodes;
        c.captures += sub.captures;
        c.checks += sub.checks;
    }
    return c;
}

} // namespace pgnkit::xiangqi
