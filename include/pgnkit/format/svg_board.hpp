#pragma once
/// A position as a self-contained SVG image: squares, coordinates, pieces drawn as paths (no
/// fonts or external assets needed for them), optional arrows and highlighted squares. Used by
/// `pgnkit board --svg` and meant for HTML reports (an attempted move drawn as an arrow).

#include "pgnkit/chess/position.hpp"

#include <string>
#include <vector>

namespace pgnkit::app {

/// An arrow from the centre of one square to another (e.g. a move that was attempted).
struct SvgArrow {
    chess::Square from = chess::NoSquare;
    chess::Square to = chess::NoSquare;
    std::string color = "#15781b"; ///< any SVG colour; drawn at 80 % opacity
};

struct SvgOptions {
    bool flip = false;       ///< black at the bottom
    int square_size = 45;    ///< pixels per square (the image scales; this sets its size)
    bool coordinates = true; ///< files a–h below and ranks 1–8 to the left of the board
    /// Arrows, drawn over the pieces in order.
    std::vector<SvgArrow> arrows;
    /// Squares tinted with highlight_color (e.g. the from/to of the last move).
    std::vector<chess::Square> highlights;
    std::string highlight_color = "#e8e13a"; ///< drawn at 55 % opacity
    bool mark_check = true; ///< a red glow under the king of the side to move when in check
    std::string light_color = "#f0d9b5";
    std::string dark_color = "#b58863";
    /// Prefix of the ids of the piece definitions (<defs>). Give each board of an HTML page
    /// its own prefix: ids are global to the page.
    std::string id_prefix = "pk";
    /// Optional <title> (shown as a tooltip, read by screen readers); XML-escaped here.
    std::string title;
};

/// The SVG document (one <svg> element with the SVG namespace, no XML declaration, so it can
/// be written to a .svg file or inlined into HTML as is). Ends with a newline.
std::string svg_board(const chess::Position& pos, const SvgOptions& opts = {});

} // namespace pgnkit::app
