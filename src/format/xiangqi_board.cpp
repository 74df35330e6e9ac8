#include "pgnkit/format/xiangqi_board.hpp"

#include "pgnkit/format/board_render.hpp"
#include "pgnkit/xiangqi/coordinates.hpp"
#include "pgnkit/xiangqi/fen.hpp"
#include "pgnkit/xiangqi/movegen.hpp"
#include "pgnkit/xiangqi/outcome.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace pgnkit::app {

using namespace xiangqi;

namespace {

const char* side_name(Color c) { return c == Color::Red ? "red" : "black"; }

} // namespace

BoardDiagram xiangqi_board_diagram(const Position& pos) {
    BoardDiagram d;
    d.files = Files;
    d.ranks = Ranks;
    d.squares.resize(Points);
    for (int s = 0; s < Points; ++s) {
        const Piece p = pos.piece_on(Square(s));
        if (is_piece(p)) d.squares[std::size_t(s)].letter = piece_letter(p);
    }
    for (int f = 0; f < Files; ++f) d.file_labels.push_back(std::string(1, char('a' + f)));
    for (int r = 0; r < Ranks; ++r) d.rank_labels.push_back(std::to_string(r));
    d.river = 4;
    for (int base : {0, 7}) { // the palaces: files d–f, ranks 0–2 and 7–9
        d.lines.emplace_back(make_square(3, base), make_square(5, base + 2));
        d.lines.emplace_back(make_square(5, base), make_square(3, base + 2));
    }
    if (pos.in_check()) d.danger = pos.general_square(pos.side_to_move());
    return d;
}

void set_xiangqi_svg_style(SvgOptions& so) {
    so.letter_pieces = true;
    so.light_color = so.dark_color = "#e9c98e";
}

std::vector<std::string> xiangqi_legal_moves_iccs(const Position& pos) {
    std::vector<std::string> out;
    for (Move m : legal_moves(pos)) out.push_back(format_coordinates(m, Coordinates::Iccs));
    std::sort(out.begin(), out.end());
    return out;
}

std::string render_xiangqi_board(const Position& pos, const XiangqiBoardTextOptions& opts) {
    constexpr int LabelWidth = summary_label_width;
    std::string out = render_diagram(xiangqi_board_diagram(pos), {opts.flip, opts.unicode});
    auto line = [&](std::string_view label, std::string_view value) {
        out += fmt::format("{:<{}}{}\n", fmt::format("{}:", label), LabelWidth, value);
    };
    const Status st = status(pos);
    const Color us = pos.side_to_move();
    out += '\n';
    line("Side to move", side_name(us));
    line("FEN", write_fen(pos));
    line("Check", st == Status::Check || st == Status::Checkmate ? "yes" : "no");
    // Xiangqi: the side with no legal move loses, in check or not.
    line("Checkmate", st == Status::Checkmate ? fmt::format("yes ({} wins)", side_name(~us))
                                              : std::string("no"));
    line("Stalemate", st == Status::Stalemate ? fmt::format("yes ({} wins)", side_name(~us))
                                              : std::string("no"));

    append_move_list(out, xiangqi_legal_moves_iccs(pos), opts.width);
    for (const std::string& n : opts.notes) out += fmt::format("Note: {}\n", n);
    return out;
}

} // namespace pgnkit::app
