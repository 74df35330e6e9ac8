#pragma once
/// Xiangqi FEN (UCCI / Fairy-Stockfish):
/// `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`, ranks from
/// Black's side (rank 9) down. Parsing validates what a user can get wrong and names the
/// field; writing is canonical.

#include "pgnkit/result.hpp"
#include "pgnkit/xiangqi/position.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::xiangqi {

inline constexpr std::string_view StartFen =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a FEN was refused: the field (board, side, castling, en-passant, halfmove, fullmove,
/// fields) and the reason, e.g. {"board", "the Red general on d3 is outside its palace"}.
struct FenError {
    std::string field;
    std::string message;
    std::string to_string() const { return field + ": " + message; }
};

/// A parsed FEN and the liberties the parser took (`r` for Red, `H`/`E` letters, a missing
/// clock field …), each a short sentence.
struct ParsedFen {
    Position position;
    std::vector<std::string> notes;
};

/// Reads a FEN: the placement (10 ranks of 9 points; K A B N R C P, E = B, H = N, lower case
/// Black), the side (`w` or `r` Red, `b` Black), then optionally `-` `-` (the unused castling
/// and en-passant fields of the UCCI form), the halfmove clock and the fullmove number.
/// Refused: a wrong rank count or length, an unknown letter, a missing or second general, a
/// general outside its palace, an advisor or elephant off its points, a soldier behind its
/// start rank or on a point it cannot reach, more pieces of a kind than a side has, the
/// generals facing, the side not to move in check.
Result<ParsedFen, FenError> parse_fen(std::string_view fen);

/// The canonical FEN: placement, `w`/`b`, `- -`, halfmove clock, fullmove number.
std::string write_fen(const Position& pos);

/// Whether the first field of `fen` has xiangqi's shape (10 ranks of 9 points), so a game's
/// FEN tag can tell the game. Says nothing of legality.
bool has_xiangqi_shape(std::string_view fen);

} // namespace pgnkit::xiangqi
