/// The file notation resolved against a position and made from a move (xiangqi/descriptive.hpp).
#include "pgnkit/xiangqi/descriptive.hpp"

#include "pgnkit/xiangqi/move_rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

namespace pgnkit::xiangqi {

namespace {

const char* side_name(Color c) { return c == Color::Red ? "Red" : "Black"; }

/// Whether a piece of kind t moves along files and ranks (its number after `+`/`-` counts
/// points) rather than diagonally (its number is the target file).
bool moves_straight(PieceType t) {
    return t == PieceType::General || t == PieceType::Chariot || t == PieceType::Cannon ||
           t == PieceType::Soldier;
}

/// The pieces of kind t of side c on board file f, the front one first (the one nearest the
/// other side).
int pieces_on_file(const Position& pos, Color c, PieceType t, int f, Square* out) {
    int n = 0;
    const Piece p = make_piece(c, t);
    for (int k = 0; k < Ranks; ++k) {
        const int r = c == Color::Red ? Ranks - 1 - k : k;
        const Square s = make_square(f, r);
        if (pos.piece_on(s) == p) out[n++] = s;
    }
    return n;
}

/// The point a piece of kind t of side c on `from` reaches by `direction` and `target`, or
/// NoSquare when that is no step of the piece.
Square target_of(Color c, PieceType t, Square from, char direction, int target) {
    const int f = file_of(from), r = rank_of(from);
    const int forward = c == Color::Red ? 1 : -1;
    if (target < 1 || target > 9) return NoSquare;
    if (moves_straight(t)) {
        if (direction == '=') {
            const int tf = board_file(c, target);
            return tf == f ? NoSquare : make_square(tf, r);
        }
        const int nr = r + (direction == '+' ? forward : -forward) * target;
        return nr < 0 || nr >= Ranks ? NoSquare : make_square(f, nr);
    }
    if (direction == '=') return NoSquare;
    const int tf = board_file(c, target);
    const int df = std::abs(tf - f);
    int dr = 0;
    if (t == PieceType::Horse && (df == 1 || df == 2))
        dr = 3 - df;
    else if (t == PieceType::Elephant && df == 2)
        dr = 2;
    else if (t == PieceType::Advisor && df == 1)
        dr = 1;
    else
        return NoSquare;
    const int nr = r + (direction == '+' ? forward : -forward) * dr;
    return nr < 0 || nr >= Ranks ? NoSquare : make_square(tf, nr);
}

/// The index (front first) of the piece `place` names among `k` on a file, or -1.
int place_index(int place, int k) {
    if (place == 0) return -1;
    if (k < 2) return -1;
    if (place == DescriptiveMove::Middle) return k % 2 == 1 ? (k - 1) / 2 : -1;
    if (place == DescriptiveMove::Plus) return k >= 4 ? 1 : 0;
    if (place == DescriptiveMove::Minus) return k >= 4 ? k - 2 : k - 1;
    if (place > 0) return place <= k ? place - 1 : -1;
    return k + place >= 0 ? k + place : -1;
}

std::string piece_words(Color c, PieceType t) {
    return fmt::format("{} {}", side_name(c), piece_name(t));
}

} // namespace

Result<Move, MoveTextError> resolve_descriptive(const Position& pos, const DescriptiveMove& d) {
    const Color c = pos.side_to_move();
    const PieceType t = d.piece == PieceType::None ? PieceType::Soldier : d.piece;
    if ((d.file == 0 && d.place == 0) || d.file < 0 || d.file > 9)
        return Err{MoveTextError{MoveTextFault::Syntax, {}, "the move names no file"}};

    // The pieces the file and place name.
    Square from[10];
    int n = 0;
    for (int f = 0; f < Files; ++f) {
        if (d.file != 0 && f != board_file(c, d.file)) continue;
        Square on[Ranks];
        const int k = pieces_on_file(pos, c, t, f, on);
        if (d.place == 0) {
            if (t == PieceType::Soldier && (k == 3 || k == 5)) // WXF: the middle one, as usual
                from[n++] = on[(k - 1) / 2];
            else
                for (int i = 0; i < k; ++i) from[n++] = on[i];
        } else if (const int i = place_index(d.place, k); i >= 0) {
            from[n++] = on[i];
        }
    }
    if (n == 0) {
        if (d.place == 0)
            return Err{MoveTextError{MoveTextFault::NoSuchPiece,
                                     {},
                                     fmt::format("no {} on file {}", piece_words(c, t), d.file)}};
        return Err{MoveTextError{MoveTextFault::NoSuchPiece,
                                 {},
                                 d.file != 0
                                     ? fmt::format("no {}s on file {} to tell apart by their place",
                                                   piece_words(c, t), d.file)
                                     : fmt::format("no two {}s on one file", piece_words(c, t))}};
    }

    // Of those, the ones whose step is legal.
    Move found{}, first_tried{};
    int legal = 0;
    bool any_step = false;
    for (int i = 0; i < n; ++i) {
        const Square to = target_of(c, t, from[i], d.direction, d.target);
        if (to == NoSquare) continue;
        const Move m(from[i], to);
        if (!any_step) first_tried = m;
        any_step = true;
        if (pos.is_legal(m)) {
            found = m;
            ++legal;
        }
    }
    if (legal == 1) return found;
    if (legal > 1)
        return Err{MoveTextError{
            MoveTextFault::Ambiguous,
            {},
            fmt::format("{} {}s can make the move: say which by its place (front or rear)", legal,
                        piece_words(c, t))}};
    if (!any_step) {
        MoveVerdict v;
        v.fault = MoveFault::NotAMove;
        return Err{MoveTextError{MoveTextFault::Illegal, v,
                                 fmt::format("the {} on file {} cannot move {} {}",
                                             piece_words(c, t), file_number(c, file_of(from[0])),
                                             d.direction == '+'   ? "forward to"
                                             : d.direction == '-' ? "back to"
                                                                  : "sideways to",
                                             moves_straight(t) && d.direction != '='
                                                 ? fmt::format("{} points", d.target)
                                                 : fmt::format("file {}", d.target))}};
    }
    const MoveVerdict v = check_move(pos, first_tried);
    return Err{MoveTextError{MoveTextFault::Illegal, v, describe(pos, first_tried, v)}};
}

DescriptiveMove describe_move(const Position& pos, Move m) {
    const Color c = pos.side_to_move();
    const Square from = m.from(), to = m.to();
    const PieceType t = type_of(pos.piece_on(from));
    DescriptiveMove d;
    d.piece = t;
    d.file = file_number(c, file_of(from));
    const int dr = relative_rank(c, to) - relative_rank(c, from);
    d.direction = dr > 0 ? '+' : dr < 0 ? '-' : '=';
    d.target = moves_straight(t) && dr != 0 ? std::abs(dr) : file_number(c, file_of(to));

    // Advisors and elephants are named by their file even two on one (both rule books): only
    // one of them can advance, only the other retreat.
    if (t == PieceType::Advisor || t == PieceType::Elephant) return d;
    Square on[Ranks];
    const int k = pieces_on_file(pos, c, t, file_of(from), on);
    d.count = k;
    if (k < 2) return d;
    const int i = static_cast<int>(std::find(on, on + k, from) - on);
    if (i == 0)
        d.place = 1;
    else if (i == k - 1)
        d.place = -1;
    else if (k % 2 == 1 && i == (k - 1) / 2)
        d.place = DescriptiveMove::Middle;
    else
        d.place = i == 1 ? 2 : -2;
    if (t == PieceType::Soldier) {
        int files = 0;
        for (int f = 0; f < Files; ++f) {
            Square tmp[Ranks];
            if (pieces_on_file(pos, c, t, f, tmp) >= 2) ++files;
        }
        d.two_files = files >= 2;
    }
    return d;
}

} // namespace pgnkit::xiangqi
