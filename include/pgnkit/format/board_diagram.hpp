#pragma once
/// A board to draw, whatever the game: files × ranks of squares, each empty or holding a piece
/// named by a letter (with a glyph for text diagrams), the labels of the files and ranks, and
/// the squares to mark. The renderers draw it (render_diagram() in board_render.hpp as text,
/// svg_board() in svg_board.hpp as an image); each game fills one from its own position
/// (chess: chess_board_diagram() in chess_board.hpp).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pgnkit::app {

struct BoardDiagram {
    /// What stands on a square.
    struct Occupant {
        /// 0 = empty; else the piece's letter as FEN writes it (upper case: the player who
        /// moves first, drawn light; lower case: the other, drawn dark).
        char letter = 0;
        /// The piece in text diagrams with Unicode (e.g. "♞"); "" = use the letter. Static text.
        std::string_view glyph;
    };

    int files = 8, ranks = 8;
    /// files × ranks squares, rank by rank from the first player's side, each rank from the
    /// first file: square index = rank × files + file (chess: a1 = 0, h8 = 63, as chess::Square).
    std::vector<Occupant> squares;
    std::vector<std::string> file_labels; ///< one per file, left to right ("a" … "h")
    std::vector<std::string> rank_labels; ///< one per rank, from the first player's side
    std::vector<int> highlights;          ///< squares tinted on the image (e.g. a move's target)
    int danger = -1; ///< a square marked with a glow on the image (chess: the king in check)
    /// A river drawn between this rank and the next (xiangqi: 4, between its halves); -1 none.
    int river = -1;
    /// Lines drawn on the image from square centre to square centre, under the pieces
    /// (xiangqi: the diagonals of the palaces); text diagrams mark the empty points on them.
    std::vector<std::pair<int, int>> lines;

    /// The index of a square.
    int index(int file, int rank) const { return rank * files + file; }
    /// Whether `square` is an index of this board.
    bool contains(int square) const { return square >= 0 && square < files * ranks; }
};

} // namespace pgnkit::app
