#pragma once
/// WinBoard's SAN for xiangqi (`[Variant "xiangqi"]` games of WinBoard, XBoard and their
/// engines): chess SAN on the 9 × 10 board, files a–i and ranks 0–9 from Red's side. Pieces
/// K A E H R C (B and N read for E and H), soldiers without a letter; `Che2`, `Cxe6`, `Afe1`,
/// `Rdd3`, `g5`, `axa3`, `ab3`; `+` and `#` after a move.

#include "pgnkit/result.hpp"
#include "pgnkit/xiangqi/notation.hpp"
#include "pgnkit/xiangqi/position.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace pgnkit::xiangqi {

/// A SAN move read without a position.
struct SanMove {
    PieceType piece = PieceType::Soldier;
    int from_file = -1, from_rank = -1; ///< the disambiguation, -1 when not given
    Square to = NoSquare;
    bool capture = false;
};

/// The SAN move `text` spells (a `+` or `#` after it allowed); nothing if it is not one.
std::optional<SanMove> read_winboard_san(std::string_view text);

/// The legal move `text` means in `pos`.
Result<Move, MoveTextError> parse_winboard_san(const Position& pos, std::string_view text);

/// The legal move `m` of `pos` in WinBoard SAN, with the fewest disambiguating characters
/// (the file, else the rank, else both), `x` for a capture, `+` for check, `#` when the other
/// side then has no legal move.
std::string format_winboard_san(const Position& pos, Move m);

} // namespace pgnkit::xiangqi
