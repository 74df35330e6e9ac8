#include "pgnkit/xiangqi/position.hpp"

#include "pgnkit/xiangqi/detail/attacks.hpp"
#include "pgnkit/xiangqi/detail/tables.hpp"
#include "pgnkit/xiangqi/fen.hpp"
#include "pgnkit/xiangqi/zobrist.hpp"

#include <cstdlib>

namespace pgnkit::xiangqi {

using detail::general_attacked;
using detail::Ray;
using detail::Step;
using detail::tables;

Position::Position() {
    for (Piece& p : board_) p = Piece::None;
}

Position Position::startpos() { return parse_fen(StartFen)->position; }

int Position::count(Color c, PieceType t) const {
    const Piece p = make_piece(c, t);
    int n = 0;
    for (Piece q : board_) n += q == p;
    return n;
}

bool Position::in_check() const {
    const Square g = general_[idx(stm_)];
    return g != NoSquare && general_attacked(board_, stm_, g);
}

bool Position::generals_face() const {
    const Square r = general_[0], b = general_[1];
    if (r == NoSquare || b == NoSquare || file_of(r) != file_of(b)) return false;
    for (Square s = Square(r + Files); s < b; s = Square(s + Files))
        if (board_[s] != Piece::None) return false;
    return true;
}

bool Position::attacked(Square s, Color by) const {
    const detail::Tables& t = tables();
    // Lines: the first piece of a ray if a chariot (or the general facing along a file), the
    // second if a cannon.
    for (int d = 0; d < 4; ++d) {
        const Ray& ray = t.ray[s][d];
        int i = 0;
        for (; i < ray.size && empty(ray.point[i]); ++i) {
        }
        if (i == ray.size) continue;
        const Piece first = board_[ray.point[i]];
        if (first == make_piece(by, PieceType::Chariot)) return true;
        if (first == make_piece(by, PieceType::General) && d <= detail::Down &&
            type_of(board_[s]) == PieceType::General && color_of(board_[s]) != by)
            return true;
        for (++i; i < ray.size && empty(ray.point[i]); ++i) {
        }
        if (i < ray.size && board_[ray.point[i]] == make_piece(by, PieceType::Cannon)) return true;
    }
    for (const Step& h : t.horse_attackers[s])
        if (board_[h.to] == make_piece(by, PieceType::Horse) && empty(h.block)) return true;
    // The steps of the other pieces are symmetric: a piece on q reaches s iff a piece of the
    // same kind on s would reach q by the reverse step, save soldiers (one way) and the
    // halves (checked on q's side).
    for (const Step& e : t.elephant[s])
        if (board_[e.to] == make_piece(by, PieceType::Elephant) && empty(e.block)) return true;
    for (const Step& a : t.advisor[s])
        if (board_[a.to] == make_piece(by, PieceType::Advisor)) return true;
    for (const Step& g : t.general[s])
        if (board_[g.to] == make_piece(by, PieceType::General)) return true;
    const Piece soldier = make_piece(by, PieceType::Soldier);
    for (int q = 0; q < Points; ++q) {
        if (board_[q] != soldier) continue;
        for (const Step& st : t.soldier[idx(by)][q])
            if (st.to == s) return true;
    }
    return false;
}

namespace {

int sign(int v) { return (v > 0) - (v < 0); }

} // namespace

bool Position::is_pseudo_legal(Move m) const {
    const Square from = m.from(), to = m.to();
    if (!is_ok(from) || !is_ok(to) || from == to) return false;
    const Piece p = board_[from];
    if (!is_piece(p) || color_of(p) != stm_) return false;
    if (!empty(to) && color_of(board_[to]) == stm_) return false;
    const detail::Tables& t = tables();
    auto in_steps = [&](const detail::Steps& steps) {
        for (const Step& s : steps)
            if (s.to == to) return s.block == NoSquare || empty(s.block);
        return false;
    };
    switch (type_of(p)) {
    case PieceType::General: return in_steps(t.general[from]);
    case PieceType::Advisor: return in_steps(t.advisor[from]);
    case PieceType::Elephant: return in_steps(t.elephant[from]);
    case PieceType::Horse: return in_steps(t.horse[from]);
    case PieceType::Soldier: return in_steps(t.soldier[idx(stm_)][from]);
    case PieceType::Chariot:
    case PieceType::Cannon: {
        const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
        if (df != 0 && dr != 0) return false;
        const int step = sign(df) + sign(dr) * Files;
        int between = 0;
        for (int s = from + step; s != to; s += step) between += !empty(Square(s));
        if (type_of(p) == PieceType::Chariot) return between == 0;
        return empty(to) ? between == 0 : between == 1;
    }
    case PieceType::None: break;
    }
    return false;
}

bool Position::is_legal(Move m) const {
    if (!is_pseudo_legal(m)) return false;
    Piece b[Points];
    for (int i = 0; i < Points; ++i) b[i] = board_[i];
    const Square from = m.from(), to = m.to();
    b[to] = b[from];
    b[from] = Piece::None;
    const Square g = type_of(b[to]) == PieceType::General ? to : general_[idx(stm_)];
    return g == NoSquare || !general_attacked(b, stm_, g);
}

bool Position::gives_check(Move m) const {
    Piece b[Points];
    for (int i = 0; i < Points; ++i) b[i] = board_[i];
    b[m.to()] = b[m.from()];
    b[m.from()] = Piece::None;
    const Square g = general_[idx(~stm_)];
    return g != NoSquare && g != m.to() && general_attacked(b, ~stm_, g);
}

void Position::play(Move m) {
    std::uint64_t k = key_ ^ zobrist::black_to_move();
    if (!m.is_null()) {
        const Square from = m.from(), to = m.to();
        const Piece p = board_[from];
        const Piece captured = board_[to];
        if (captured != Piece::None) {
            k ^= zobrist::piece(captured, to);
            occupied_[idx(color_of(captured))].clear(to);
            if (type_of(captured) == PieceType::General)
                general_[idx(color_of(captured))] = NoSquare;
            halfmove_ = 0;
        } else {
            ++halfmove_;
        }
        k ^= zobrist::piece(p, from) ^ zobrist::piece(p, to);
        board_[to] = p;
        board_[from] = Piece::None;
        occupied_[idx(stm_)].clear(from);
        occupied_[idx(stm_)].set(to);
        if (type_of(p) == PieceType::General) general_[idx(stm_)] = to;
    } else {
        ++halfmove_;
    }
    fullmove_ += stm_ == Color::Black;
    stm_ = ~stm_;
    key_ = k;
}

void Position::put(Piece p, Square s) {
    if (!empty(s)) remove(s);
    board_[s] = p;
    occupied_[idx(color_of(p))].set(s);
    key_ ^= zobrist::piece(p, s);
    if (type_of(p) == PieceType::General) general_[idx(color_of(p))] = s;
}

void Position::remove(Square s) {
    const Piece p = board_[s];
    if (p == Piece::None) return;
    key_ ^= zobrist::piece(p, s);
    occupied_[idx(color_of(p))].clear(s);
    if (general_[idx(color_of(p))] == s) general_[idx(color_of(p))] = NoSquare;
    board_[s] = Piece::None;
}

void Position::set_side_to_move(Color c) {
    if (c != stm_) key_ ^= zobrist::black_to_move();
    stm_ = c;
}

void Position::finish() { key_ = compute_key(); }

std::uint64_t Position::compute_key() const {
    std::uint64_t k = stm_ == Color::Black ? zobrist::black_to_move() : 0;
    for (int s = 0; s < Points; ++s)
        if (board_[s] != Piece::None) k ^= zobrist::piece(board_[s], Square(s));
    return k;
}

bool Position::is_consistent() const {
    PointSet occ[2];
    Square gen[2] = {NoSquare, NoSquare};
    for (int s = 0; s < Points; ++s) {
        const Piece p = board_[s];
        if (p == Piece::None) continue;
        if (!is_piece(p) || static_cast<int>(p) > 15) return false;
        occ[idx(color_of(p))].set(Square(s));
        if (type_of(p) == PieceType::General) gen[idx(color_of(p))] = Square(s);
    }
    return occ[0] == occupied_[0] && occ[1] == occupied_[1] && gen[0] == general_[0] &&
           gen[1] == general_[1] && key_ == compute_key();
}

bool Position::operator==(const Position& o) const {
    for (int s = 0; s < Points; ++s)
        if (board_[s] != o.board_[s]) return false;
    return stm_ == o.stm_ && halfmove_ == o.halfmove_ && fullmove_ == o.fullmove_;
}

} // namespace pgnkit::xiangqi
