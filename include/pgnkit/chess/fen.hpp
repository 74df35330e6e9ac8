#pragma once
/// FEN, X-FEN and Shredder-FEN parsing, validating everything a user can get wrong. Writing
/// is fen_writer.hpp's (included: most callers do both).

#include "pgnkit/chess/fen_writer.hpp"
#include "pgnkit/chess/position.hpp"
#include "pgnkit/result.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::chess {

/// Why a FEN was refused: the field (board, side, castling, en-passant, halfmove, fullmove,
/// fields) and the reason, e.g. {"board", "rank 3 has 9 squares"}.
struct FenError {
    std::string field;
    std::string message;
    std::string to_string() const { return field + ": " + message; }
};

struct FenParseOptions {
    /// Drop castling rights whose king or rook is not in place (with a note) instead of
    /// refusing the FEN.
    bool lenient_castling = false;
    /// Read the position as Chess960: castling rights for the outermost rook (X-FEN KQkq) or
    /// for a rook file (Shredder-FEN A-H/a-h), the king anywhere on its first rank. Otherwise
    /// a right needs the king on e1/e8 and the rook in its corner: the FEN alone never makes a
    /// game Chess960 (a right that does not fit standard chess is an error, or dropped).
    bool chess960 = false;
    /// Refuse a fullmove number of 0 (FEN counts from 1) instead of reading it as 1 with a
    /// note.
    bool strict_fullmove = false;
};

/// A parsed FEN, and the liberties the parser took (4-field EPD form, castling letter order,
/// leading zeros, fullmove 0, dropped rights …), each a short sentence.
struct ParsedFen {
    Position position;
    std::vector<std::string> notes;
};

Result<ParsedFen, FenError> parse_fen(std::string_view fen, const FenParseOptions& opts = {});

inline constexpr std::string_view StartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

} // namespace pgnkit::chess
