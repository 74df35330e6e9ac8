#pragma once
/// A board as a self-contained SVG image: squares, coordinates, pieces drawn as paths (no
/// fonts or external assets needed for them), optional arrows and highlighted squares. Any
/// size of board (board_diagram.hpp), with its river and lines; the pieces drawn are the chess
/// set, by FEN letter (P N B R Q K, upper case white), or discs with letters
/// (SvgOptions::letter_pieces). Used by `pgnkit board --svg` and by the validate report
/// (an attempted move drawn as an arrow).

#include "pgnkit/format/board_diagram.hpp"

#include <string>
#include <vector>

namespace pgnkit::app {

/// An arrow from the centre of one square to another (e.g. a move that was attempted).
/// Squares are BoardDiagram indexes (chess: a chess::Square); one off the board is not drawn.
struct SvgArrow {
    int from = -1;
    int to = -1;
    std::string color = "#15781b"; ///< any SVG colour; drawn at 80 % opacity
};

struct SvgOptions {
    bool flip = false;       ///< the last rank at the bottom (chess: black)
    int square_size = 45;    ///< pixels per square (the image scales; this sets its size)
    bool coordinates = true; ///< file labels below and rank labels to the left of the board
    /// Arrows, drawn over the pieces in order.
    std::vector<SvgArrow> arrows;
    /// Colour of the diagram's highlighted squares (e.g. the from/to of the last move).
    std::string highlight_color = "#e8e13a"; ///< drawn at 55 % opacity
    bool mark_check = true; ///< a red glow under the diagram's danger square (chess: check)
    std::string light_color = "#f0d9b5";
    std::string dark_color = "#b58863";
    /// Every piece drawn as a disc with its letter (upper case: red letters, the side that
    /// moves first; lower case: black), for games whose pieces have no shape here (xiangqi).
    bool letter_pieces = false;
    /// Prefix of the ids of the piece definitions (<defs>). Give each board of an HTML page
    /// its own prefix: ids are global to the page.
    std::string id_prefix = "pk";
    /// Optional <title> (shown as a tooltip, read by screen readers); XML-escaped here.
    std::string title;
};

/// The SVG document (one <svg> element with the SVG namespace, no XML declaration, so it can
/// be written to a .svg file or inlined into HTML as is). Ends with a newline. Squares are
/// light and dark in turn, the first square (file 0, rank 0) dark.
std::string svg_board(const BoardDiagram& board, const SvgOptions& opts = {});

} // namespace pgnkit::app
