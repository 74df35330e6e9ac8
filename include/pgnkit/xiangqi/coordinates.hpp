#pragma once
/// Coordinate moves: ICCS (`h2e2`, `H2-E2`; files a–i, ranks 0–9 from Red's side) and
/// UCI / Fairy-Stockfish (`h3e3`, `a10a9`; ranks 1–10). Parse the text, then resolve it
/// against the position; write either.

#include "pgnkit/result.hpp"
#include "pgnkit/xiangqi/move_rules.hpp"
#include "pgnkit/xiangqi/position.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace pgnkit::xiangqi {

/// The two coordinate notations.
enum class Coordinates {
    Iccs, ///< ranks 0–9: `h2e2`, also `H2-E2` and `h2-e2`
    Uci,  ///< ranks 1–10: `h3e3`, `a10a9`
};

/// A coordinate move read without a position.
struct CoordinateMove {
    Square from = NoSquare, to = NoSquare;
};

/// Reads the text of a coordinate move in `style` (nothing more: `h2e2+` is refused), or
/// nothing if it is not one.
std::optional<CoordinateMove> read_coordinates(std::string_view text, Coordinates style);

/// Why a coordinate move was not played.
struct CoordinateError {
    bool syntax = false; ///< the text is not a coordinate move; otherwise `verdict` says why
    MoveVerdict verdict; ///< the rule broken (check_move())
    std::string message; ///< one sentence (describe() for an illegal move)
};

/// The legal move the text means in pos.
Result<Move, CoordinateError> parse_coordinates(const Position& pos, std::string_view text,
                                                Coordinates style);

/// `h2e2` (ICCS) or `h3e3` (UCI). `iccs_upper_dash`: `H2-E2`, the form of the ICCS files.
std::string format_coordinates(Move m, Coordinates style, bool iccs_upper_dash = false);

} // namespace pgnkit::xiangqi
