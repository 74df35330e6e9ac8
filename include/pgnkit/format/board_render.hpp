#pragma once
/// A board as a text diagram: the ranks framed, rank labels to the left, file labels below,
/// Unicode glyphs and box lines or ASCII letters. Any size of board (board_diagram.hpp).

#include "pgnkit/format/board_diagram.hpp"

#include <string>
#include <vector>

namespace pgnkit::app {

/// How the text diagram is drawn.
struct DiagramTextOptions {
    bool flip = false;   ///< the last rank at the bottom, files from the last (chess: black)
    bool unicode = true; ///< glyphs, "·" and box lines; false: letters, "." and ASCII lines
};

/// The diagram: one line per rank (the last on top unless flipped), each square a space and
/// its glyph, framed; then the file labels. Rank labels are right-aligned to the widest. A
/// board with a river gets a row of `~` between the ranks it runs between; the empty points its
/// lines pass through (xiangqi: the palaces' diagonals) are drawn `×` (ASCII `+`).
std::string render_diagram(const BoardDiagram& board, const DiagramTextOptions& opts = {});

/// The label column of a board's summary lines (`board`, any game): "Insufficient material: ".
inline constexpr int summary_label_width = 23;
/// Appends "Legal moves (N):" in the label column and `moves` after it, wrapped at `width`
/// columns (at least the label column and 8) under the value column, then a line break.
void append_move_list(std::string& out, const std::vector<std::string>& moves, int width);

} // namespace pgnkit::app
