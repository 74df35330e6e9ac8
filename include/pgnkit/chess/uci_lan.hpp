#pragma once
/// Coordinate notations: long algebraic (LAN: e2-e4, Ng1xf3) and UCI (e2e4, e7e8q), read and
/// written. Reading goes through the SAN parser and resolver (san.hpp), which take both forms.

#include "pgnkit/chess/position.hpp"

#include <string>
#include <string_view>

namespace pgnkit::chess {

/// Long algebraic: e2-e4, Ng1xf3, e7-e8=Q, O-O (with +/#). `m` must be legal. `piece_letters`
/// as in write_san() (san.hpp; parse_lan reads them back with the same SanParseOptions).
std::string format_lan(const Position& pos, Move m, std::string_view piece_letters = {});
/// UCI: e2e4, e7e8q; castling as king-to-target (e1g1) unless the position is Chess960,
/// where it is king-takes-rook (e1h1). A null move is "0000".
std::string format_uci(const Position& pos, Move m);
/// Reads a UCI move (either castling form, see resolve_san()) and returns it if legal, else
/// Move::null(). Strict syntax: [a-h][1-8][a-h][1-8][nbrq]? (promotion letter in either case).
Move parse_uci(const Position& pos, std::string_view text);
/// Reads a LAN move (a full origin square, or castling) if legal, else Move::null(). Takes
/// the same liberties as parse_san().
Move parse_lan(const Position& pos, std::string_view text);

} // namespace pgnkit::chess
