#pragma once
/// A xiangqi position for humans: the xiangqi side of the board renderers (the position as a
/// 9 × 10 BoardDiagram with its river and palaces) and what `pgnkit board --variant xiangqi`
/// prints: the diagram and a summary (side to move, FEN, check / mate / stalemate, legal
/// moves in ICCS).
///
/// Pieces are shown by their FEN letters (K A B N R C P, upper case Red), not by Chinese
/// characters: those are two columns wide in a terminal and would break the diagram's
/// columns, and the letters are what the FEN the user typed says.

#include "pgnkit/format/board_diagram.hpp"
#include "pgnkit/format/svg_board.hpp"
#include "pgnkit/xiangqi/position.hpp"

#include <string>
#include <vector>

namespace pgnkit::app {

/// The position as a board to draw: 9 × 10 points indexed as xiangqi::Square (a0 = 0), pieces
/// by FEN letter, files a–i, ranks 0–9 (ICCS), the river between ranks 4 and 5, the palace
/// diagonals, and the general of the side to move as the danger point when it is in check.
BoardDiagram xiangqi_board_diagram(const xiangqi::Position& pos);

/// Sets `so` to draw a xiangqi board (svg_board()): the pieces as lettered discs on one wood
/// colour (they stand on points, not squares). `board --variant xiangqi --svg` and the
/// validate report's boards look alike.
void set_xiangqi_svg_style(SvgOptions& so);

/// The legal moves in ICCS (`h2e2`), sorted by text.
std::vector<std::string> xiangqi_legal_moves_iccs(const xiangqi::Position& pos);

/// How `pgnkit board --variant xiangqi` prints a position.
struct XiangqiBoardTextOptions {
    bool flip = false;              ///< Black at the bottom
    bool unicode = true;            ///< box lines and "·"; false: ASCII
    std::vector<std::string> notes; ///< FEN parser notes, printed as "Note:" lines
    int width = 80;                 ///< column limit for wrapping the move list
};

/// The diagram followed by the summary lines.
std::string render_xiangqi_board(const xiangqi::Position& pos,
                                 const XiangqiBoardTextOptions& opts = {});

} // namespace pgnkit::app
