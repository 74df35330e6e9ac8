#pragma once
/// WXF notation (World Xiangqi Federation): the file notation (descriptive.hpp) in letters,
/// digits and signs, `C2.5`, `H8+7`, `R1-1`, tandem pieces `C+.5` (also `+C.5`), soldiers
/// `++.4`, `P3.4`, `3+.4`; the sideways sign `.` or `=`; ASCII or full-width (`Ｃ２＝５`).
/// Pieces: K (G) general, A advisor, E (B) elephant, H (N) horse, R chariot, C cannon,
/// P (S) soldier, in either case.

#include "pgnkit/xiangqi/descriptive.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace pgnkit::xiangqi {

/// The move `text` spells in WXF, without a position; nothing if it is not one.
std::optional<DescriptiveMove> read_wxf(std::string_view text);

/// `d` (describe_move()) in WXF, as `style` says (full-width, the sideways sign, where the
/// tandem sign stands).
std::string write_wxf(const DescriptiveMove& d, const NotationStyle& style = {});

/// `text` with its full-width ASCII forms (U+FF01–U+FF5E, `Ｃ２＝５`) and the ideographic space
/// as ASCII; other text as it is.
std::string fold_fullwidth(std::string_view text);

} // namespace pgnkit::xiangqi
