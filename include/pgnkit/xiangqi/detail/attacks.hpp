#pragma once
/// The attack test on a bare mailbox: the move generator makes a move on a copy of the 90
/// points alone and asks whether its general is then safe (position.cpp, movegen.cpp).

#include "pgnkit/xiangqi/detail/tables.hpp"
#include "pgnkit/xiangqi/types.hpp"

namespace pgnkit::xiangqi::detail {

/// Whether `us`'s general on g is attacked on `board`: by a chariot, a cannon over one
/// screen, a horse whose leg is free, a soldier in front or beside it, or the other general
/// facing it on an open file. Advisors and elephants never leave their own half, so they
/// never reach the other general.
inline bool general_attacked(const Piece* board, Color us, Square g) {
    const Tables& t = tables();
    const Color them = ~us;
    const Piece chariot = make_piece(them, PieceType::Chariot);
    const Piece cannon = make_piece(them, PieceType::Cannon);
    const Piece general = make_piece(them, PieceType::General);
    for (int d = 0; d < 4; ++d) {
        const Ray& ray = t.ray[g][d];
        int i = 0;
        for (; i < ray.size && board[ray.point[i]] == Piece::None; ++i) {
        }
        if (i == ray.size) continue;
        const Piece first = board[ray.point[i]];
        if (first == chariot || (first == general && d <= Down)) return true;
        for (++i; i < ray.size && board[ray.point[i]] == Piece::None; ++i) {
        }
        if (i < ray.size && board[ray.point[i]] == cannon) return true;
    }
    const Piece horse = make_piece(them, PieceType::Horse);
    for (const Step& s : t.horse_attackers[g])
        if (board[s.to] == horse && board[s.block] == Piece::None) return true;
    // A soldier attacks the point in front of it and, across the river, those beside it: a
    // general is always on its own half, so a soldier beside it has crossed.
    const Piece soldier = make_piece(them, PieceType::Soldier);
    const int front = us == Color::Red ? Files : -Files; // where an enemy soldier faces us from
    const int r = rank_of(g);
    if ((us == Color::Red ? r + 1 < Ranks : r > 0) && board[g + front] == soldier) return true;
    const int f = file_of(g);
    if (f > 0 && board[g - 1] == soldier) return true;
    if (f + 1 < Files && board[g + 1] == soldier) return true;
    return false;
}

} // namespace pgnkit::xiangqi::detail
