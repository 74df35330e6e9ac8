#pragma once
/// A chess position for humans: the chess side of the board renderers (the position as a
/// BoardDiagram) and what `pgnkit board` prints: a Unicode diagram and a summary (side to
/// move, castling, FEN, check / mate / stalemate, material, legal moves).

#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/position.hpp"
#include "pgnkit/format/board_diagram.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::app {

/// The position as a board to draw: 8 × 8 squares indexed as chess::Square, pieces by FEN
/// letter and Unicode glyph (white: the outlined ones, as in print), files a–h, ranks 1–8,
/// and the king of the side to move as the danger square when it is in check.
BoardDiagram chess_board_diagram(const chess::Position& pos);

/// How `pgnkit board` prints a position.
struct BoardTextOptions {
    bool flip = false;                       ///< black at the bottom (ranks 1→8)
    chess::EpMode ep = chess::EpMode::Legal; ///< en-passant mode of the FEN line
    bool unicode = true;                     ///< ♔♕… glyphs and box lines; false: ASCII
    std::vector<std::string> notes;          ///< FEN parser notes, printed as "Note:" lines
    int width = 80;                          ///< column limit for wrapping the move list
};

/// What the side to move faces, as the board summary reports it.
enum class BoardStatus { Ongoing, Check, Checkmate, Stalemate };

/// The status of the side to move.
BoardStatus board_status(const chess::Position& pos);

/// The legal moves in canonical SAN, sorted (pieces K Q R B N first, then castling, then
/// pawn moves; within a group by text), so the list does not depend on generation order.
std::vector<std::string> legal_moves_san(const chess::Position& pos);

/// The diagram (render_diagram() of chess_board_diagram()) followed by the summary lines:
/// the output of `pgnkit board`.
std::string render_board(const chess::Position& pos, const BoardTextOptions& opts = {});

/// Byte offset and length of a FEN field by the FenError field name (board, side, castling,
/// en-passant, halfmove, fullmove). For "fields" (or a field that is missing) it is the whole
/// text. Fields are separated by spaces or tabs, as parse_fen splits them.
struct TextSpan {
    std::size_t offset = 0, length = 0;
};
TextSpan fen_field_span(std::string_view fen, std::string_view field);

/// A located FEN error over three lines: "<message>", the FEN indented by two spaces, and a
/// caret line (`^^^`) under the offending field. No trailing newline.
std::string format_fen_error(std::string_view fen, const chess::FenError& error);

} // namespace pgnkit::app
