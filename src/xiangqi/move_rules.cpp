#include "pgnkit/xiangqi/move_rules.hpp"

#include "pgnkit/xiangqi/detail/attacks.hpp"
#include "pgnkit/xiangqi/detail/tables.hpp"

#include <fmt/format.h>

#include <cstdlib>

namespace pgnkit::xiangqi {

namespace {

int sign(int v) { return (v > 0) - (v < 0); }

MoveVerdict fault(MoveFault f, Square blocker = NoSquare) { return MoveVerdict{f, blocker}; }

/// The rule of the piece's own move (the shape, the palace, the river, the blocking point),
/// for a move whose from holds a piece of the side to move and whose target does not.
MoveVerdict check_shape(const Position& pos, Move m) {
    const Square from = m.from(), to = m.to();
    const Piece p = pos.piece_on(from);
    const Color us = color_of(p);
    const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
    const int adf = std::abs(df), adr = std::abs(dr);
    switch (type_of(p)) {
    case PieceType::General:
        if (adf + adr != 1) return fault(MoveFault::NotAMove);
        if (!in_palace(us, to)) return fault(MoveFault::OutOfPalace);
        return {};
    case PieceType::Advisor:
        if (adf != 1 || adr != 1) return fault(MoveFault::NotAMove);
        if (!in_palace(us, to)) return fault(MoveFault::OutOfPalace);
        return {};
    case PieceType::Elephant: {
        if (adf != 2 || adr != 2) return fault(MoveFault::NotAMove);
        if (!own_half(us, to)) return fault(MoveFault::CrossesRiver);
        const Square eye = make_square(file_of(from) + df / 2, rank_of(from) + dr / 2);
        if (!pos.empty(eye)) return fault(MoveFault::ElephantEye, eye);
        return {};
    }
    case PieceType::Horse: {
        if (!((adf == 1 && adr == 2) || (adf == 2 && adr == 1))) return fault(MoveFault::NotAMove);
        const Square leg = adr == 2 ? make_square(file_of(from), rank_of(from) + dr / 2)
                                    : make_square(file_of(from) + df / 2, rank_of(from));
        if (!pos.empty(leg)) return fault(MoveFault::HorseLeg, leg);
        return {};
    }
    case PieceType::Soldier: {
        const int forward = us == Color::Red ? 1 : -1;
        if (adf + adr != 1) return fault(MoveFault::NotAMove);
        if (dr == -forward) return fault(MoveFault::SoldierBackward);
        if (adf == 1 && own_half(us, from)) return fault(MoveFault::SoldierSideways);
        return {};
    }
    case PieceType::Chariot:
    case PieceType::Cannon: {
        if (df != 0 && dr != 0) return fault(MoveFault::NotAMove);
        const int step = sign(df) + sign(dr) * Files;
        Square first = NoSquare;
        int between = 0;
        for (int s = from + step; s != to; s += step) {
            if (pos.empty(Square(s))) continue;
            if (!between++) first = Square(s);
        }
        if (type_of(p) == PieceType::Chariot || pos.empty(to)) {
            if (between) return fault(MoveFault::PathBlocked, first);
            return {};
        }
        if (between != 1) return fault(MoveFault::CannonScreen);
        return {};
    }
    case PieceType::None: break;
    }
    return fault(MoveFault::NoPiece);
}

} // namespace

MoveVerdict check_move(const Position& pos, Move m) {
    const Square from = m.from(), to = m.to();
    if (!is_ok(from) || !is_ok(to) || pos.empty(from)) return fault(MoveFault::NoPiece);
    const Piece p = pos.piece_on(from);
    if (color_of(p) != pos.side_to_move()) return fault(MoveFault::NotYourPiece);
    if (from == to) return fault(MoveFault::NotAMove);
    if (!pos.empty(to) && color_of(pos.piece_on(to)) == color_of(p))
        return fault(MoveFault::OwnPiece, to);
    if (MoveVerdict v = check_shape(pos, m); !v.legal()) return v;
    // The piece may move so: now the safety of its general.
    const Color us = color_of(p);
    Piece b[Points];
    for (int i = 0; i < Points; ++i) b[i] = pos.board()[i];
    b[to] = p;
    b[from] = Piece::None;
    const Square g = type_of(p) == PieceType::General ? to : pos.general_square(us);
    if (g == NoSquare || !detail::general_attacked(b, us, g)) return {};
    // Facing generals is its own rule: tell it apart from an attack by a piece.
    const Square other = pos.general_square(~us);
    if (other != NoSquare && file_of(other) == file_of(g)) {
        bool open = true;
        const int lo = std::min(g, other), hi = std::max(g, other);
        for (int s = lo + Files; s < hi; s += Files) open &= b[s] == Piece::None;
        if (open) {
            // Only the facing: with the other general taken away, is the general safe?
            b[other] = Piece::None;
            const bool attacked_otherwise = detail::general_attacked(b, us, g);
            if (!attacked_otherwise) return fault(MoveFault::GeneralsFace);
        }
    }
    return fault(MoveFault::LeavesCheck);
}

const char* piece_name(PieceType t) {
    switch (t) {
    case PieceType::General: return "general";
    case PieceType::Advisor: return "advisor";
    case PieceType::Elephant: return "elephant";
    case PieceType::Horse: return "horse";
    case PieceType::Chariot: return "chariot";
    case PieceType::Cannon: return "cannon";
    case PieceType::Soldier: return "soldier";
    case PieceType::None: break;
    }
    return "piece";
}

std::string describe(const Position& pos, Move m, const MoveVerdict& v) {
    const Square from = m.from(), to = m.to();
    if (!is_ok(from) || !is_ok(to)) return "the move is off the board";
    const std::string f = square_name(from), t = square_name(to);
    const Piece p = pos.piece_on(from);
    const std::string piece = fmt::format("the {} on {}", piece_name(type_of(p)), f);
    const char* side = pos.side_to_move() == Color::Red ? "Red" : "Black";
    switch (v.fault) {
    case MoveFault::Legal: return fmt::format("{} to {} is legal", piece, t);
    case MoveFault::NoPiece: return fmt::format("there is no piece on {}", f);
    case MoveFault::NotYourPiece:
        return fmt::format("the {} on {} is not {}'s: {} is to move", piece_name(type_of(p)), f,
                           side, side);
    case MoveFault::OwnPiece:
        return fmt::format("{} cannot take its own side's {} on {}", piece,
                           piece_name(type_of(pos.piece_on(to))), t);
    case MoveFault::NotAMove: return fmt::format("{} cannot move to {}", piece, t);
    case MoveFault::OutOfPalace: return fmt::format("{} cannot leave the palace", piece);
    case MoveFault::CrossesRiver: return fmt::format("{} cannot cross the river", piece);
    case MoveFault::ElephantEye:
        return fmt::format("{} is blocked by the piece on {} (the elephant's eye)", piece,
                           square_name(v.blocker));
    case MoveFault::HorseLeg:
        return fmt::format("{} is blocked by the piece on {} (the horse's leg)", piece,
                           square_name(v.blocker));
    case MoveFault::PathBlocked:
        return fmt::format("{} is blocked by the piece on {}", piece, square_name(v.blocker));
    case MoveFault::CannonScreen:
        return fmt::format("{} needs exactly one screen to capture on {}", piece, t);
    case MoveFault::SoldierBackward: return fmt::format("{} cannot move backward", piece);
    case MoveFault::SoldierSideways:
        return fmt::format("{} cannot move sideways before crossing the river", piece);
    case MoveFault::LeavesCheck:
        return fmt::format("{} to {} leaves the {} general in check", piece, t, side);
    case MoveFault::GeneralsFace:
        return fmt::format("{} to {}: the generals would face each other on file {}", piece, t,
                           char('a' + file_of(type_of(p) == PieceType::General
                                                  ? to
                                                  : pos.general_square(pos.side_to_move()))));
    }
    return "illegal move";
}

} // namespace pgnkit::xiangqi
