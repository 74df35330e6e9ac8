#include "pgnkit/format/chess_board.hpp"

#include "pgnkit/format/board_render.hpp"

#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/outcome.hpp"
#include "pgnkit/chess/san.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace pgnkit::app {

using namespace chess;

namespace {

// Glyphs indexed by Piece value (white pawn 0 … white king 5, black pawn 8 … black king 13).
// The "white" glyphs are the outlined ones (U+2654…2659), as in print.
constexpr std::array<std::string_view, 14> UnicodeGlyphs = {"♙", "♘", "♗", "♖", "♕", "♔", "?",
                                                            "?", "♟", "♞", "♝", "♜", "♛", "♚"};
constexpr std::string_view AsciiLetters = "PNBRQK??pnbrqk";

std::string_view color_name(Color c) { return c == Color::White ? "white" : "black"; }

/// Sort group of a SAN move: K Q R B N, castling, pawns.
int san_group(std::string_view san) {
    switch (san.empty() ? ' ' : san[0]) {
    case 'K': return 0;
    case 'Q': return 1;
    case 'R': return 2;
    case 'B': return 3;
    case 'N': return 4;
    case 'O': return 5;
    default: return 6;
    }
}

/// The castling field of a FEN line (third field), or "-".
std::string_view castling_field(std::string_view fen) {
    for (int i = 0; i < 2; ++i) fen.remove_prefix(std::min(fen.size(), fen.find(' ') + 1));
    return fen.substr(0, fen.find(' '));
}

} // namespace

BoardStatus board_status(const Position& pos) {
    if (is_checkmate(pos)) return BoardStatus::Checkmate;
    if (is_stalemate(pos)) return BoardStatus::Stalemate;
    return pos.in_check() ? BoardStatus::Check : BoardStatus::Ongoing;
}

std::vector<std::string> legal_moves_san(const Position& pos) {
    std::vector<std::string> out;
    for (Move m : legal_moves(pos)) out.push_back(format_san(pos, m));
    std::sort(out.begin(), out.end(), [](const std::string& a, const std::string& b) {
        int ga = san_group(a), gb = san_group(b);
        return ga != gb ? ga < gb : a < b;
    });
    return out;
}

BoardDiagram chess_board_diagram(const Position& pos) {
    static const std::vector<std::string> Files = {"a", "b", "c", "d", "e", "f", "g", "h"};
    static const std::vector<std::string> Ranks = {"1", "2", "3", "4", "5", "6", "7", "8"};
    BoardDiagram d;
    d.files = d.ranks = 8;
    d.squares.resize(64);
    for (int s = A1; s <= H8; ++s) {
        const Piece p = pos.piece_on(Square(s));
        if (!is_piece(p)) continue;
        d.squares[std::size_t(s)] = {AsciiLetters[static_cast<int>(p)],
                                     UnicodeGlyphs[static_cast<int>(p)]};
    }
    d.file_labels = Files;
    d.rank_labels = Ranks;
    if (pos.in_check())
        if (const Square k = pos.king_square(pos.side_to_move()); k != NoSquare) d.danger = k;
    return d;
}

std::string render_board(const Position& pos, const BoardTextOptions& opts) {
    constexpr int LabelWidth = summary_label_width;
    std::string out = render_diagram(chess_board_diagram(pos), {opts.flip, opts.unicode});
    auto line = [&](std::string_view label, std::string_view value) {
        out += fmt::format("{:<{}}{}\n", fmt::format("{}:", label), LabelWidth, value);
    };

    FenFormat ff;
    ff.ep = opts.ep;
    std::string fen = format_fen(pos, ff);
    std::string_view castling = castling_field(fen);
    BoardStatus status = board_status(pos);
    Color us = pos.side_to_move();

    out += '\n';
    line("Side to move", color_name(us));
    line("Castling", castling == "-" ? "none" : castling);
    line("FEN", fen);
    line("Check", status == BoardStatus::Check || status == BoardStatus::Checkmate ? "yes" : "no");
    line("Checkmate", status == BoardStatus::Checkmate
                          ? fmt::format("yes ({} wins)", color_name(~us))
                          : std::string("no"));
    line("Stalemate", status == BoardStatus::Stalemate ? "yes (draw)" : "no");
    line("Insufficient material", has_insufficient_material(pos) ? "yes (draw)" : "no");

    // The move list, wrapped at opts.width under its value column.
    append_move_list(out, legal_moves_san(pos), opts.width);
    for (const std::string& n : opts.notes) out += fmt::format("Note: {}\n", n);
    return out;
}

TextSpan fen_field_span(std::string_view fen, std::string_view field) {
    static constexpr std::array<std::string_view, 6> Names = {"board",      "side",     "castling",
                                                              "en-passant", "halfmove", "fullmove"};
    TextSpan whole{0, fen.size()};
    auto it = std::find(Names.begin(), Names.end(), field);
    if (it == Names.end()) return whole;
    std::size_t want = std::size_t(it - Names.begin()), n = 0, i = 0;
    auto blank = [](char c) { return c == ' ' || c == '\t'; };
    while (i < fen.size()) {
        while (i < fen.size() && blank(fen[i])) ++i;
        std::size_t j = i;
        while (j < fen.size() && !blank(fen[j])) ++j;
        if (j > i && n++ == want) return {i, j - i};
        i = j;
    }
    return whole;
}

std::string format_fen_error(std::string_view fen, const FenError& error) {
    TextSpan span = fen_field_span(fen, error.field);
    // One pad column per character (UTF-8 continuation bytes take none), and tabs stay tabs,
    // so the caret lines up in a terminal.
    std::string pad, carets;
    for (std::size_t i = 0; i < span.offset + span.length; ++i) {
        if ((static_cast<unsigned char>(fen[i]) & 0xC0) == 0x80) continue;
        if (i >= span.offset)
            carets.push_back('^');
        else
            pad.push_back(fen[i] == '\t' ? '\t' : ' ');
    }
    if (carets.empty()) carets.push_back('^');
    return fmt::format("{}\n  {}\n  {}{}", error.to_string(), fen, pad, carets);
}

} // namespace pgnkit::app
