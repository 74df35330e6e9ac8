#include "pgnkit/format/board_render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

namespace pgnkit::app {

std::string render_diagram(const BoardDiagram& board, const DiagramTextOptions& opts) {
    const bool u = opts.unicode;
    auto label = [](const std::vector<std::string>& labels, int i) {
        return i < int(labels.size()) ? std::string_view(labels[std::size_t(i)])
                                      : std::string_view();
    };
    static const BoardDiagram::Occupant empty{};
    auto occupant = [&](int square) -> const BoardDiagram::Occupant& {
        return square < int(board.squares.size()) ? board.squares[std::size_t(square)] : empty;
    };
    // The points the board's lines pass through (xiangqi: the palaces' diagonals), drawn as
    // such when empty: a text diagram has no room for the lines themselves.
    std::vector<bool> on_line(board.squares.size());
    for (const auto& [a, b] : board.lines) {
        if (!board.contains(a) || !board.contains(b)) continue;
        const int df = b % board.files - a % board.files, dr = b / board.files - a / board.files;
        const int steps = std::max(1, std::gcd(df, dr));
        for (int i = 0; i <= steps; ++i) {
            const int s =
                board.index(a % board.files + df / steps * i, a / board.files + dr / steps * i);
            if (s < int(on_line.size())) on_line[std::size_t(s)] = true;
        }
    }
    std::size_t label_w = 0;
    for (int r = 0; r < board.ranks; ++r)
        label_w = std::max(label_w, label(board.rank_labels, r).size());
    // The frame: a blank column before the first square and after the last.
    auto frame = [&](std::string_view left, std::string_view right) {
        std::string line(label_w + 1, ' ');
        line += left;
        for (int i = 0; i < 2 * board.files + 1; ++i) line += u ? "─" : "-";
        line += right;
        line += '\n';
        return line;
    };

    std::string out = frame(u ? "┌" : "+", u ? "┐" : "+");
    for (int row = 0; row < board.ranks; ++row) {
        const int rank = opts.flip ? row : board.ranks - 1 - row;
        const std::string_view name = label(board.rank_labels, rank);
        out.append(label_w - name.size(), ' ');
        out += name;
        out += u ? " │" : " |";
        for (int col = 0; col < board.files; ++col) {
            const int file = opts.flip ? board.files - 1 - col : col;
            const BoardDiagram::Occupant& o = occupant(board.index(file, rank));
            out += ' ';
            const int sq = board.index(file, rank);
            if (o.letter == 0 && sq < int(on_line.size()) && on_line[std::size_t(sq)])
                out += u ? "×" : "+";
            else if (o.letter == 0)
                out += u ? "·" : ".";
            else if (u && !o.glyph.empty())
                out += o.glyph;
            else
                out += o.letter;
        }
        out += u ? " │\n" : " |\n";
        // The river between rank `river` and the next, whichever way up the board is.
        if (board.river >= 0 && row + 1 < board.ranks &&
            (opts.flip ? rank == board.river : rank == board.river + 1)) {
            out.append(label_w + 1, ' ');
            out += u ? "│" : "|";
            for (int col = 0; col < board.files; ++col) out += u ? " ~" : " ~";
            out += u ? " │\n" : " |\n";
        }
    }
    out += frame(u ? "└" : "+", u ? "┘" : "+");
    out.append(label_w + 2, ' ');
    for (int col = 0; col < board.files; ++col) {
        out += ' ';
        out += label(board.file_labels, opts.flip ? board.files - 1 - col : col);
    }
    out += '\n';
    return out;
}

void append_move_list(std::string& out, const std::vector<std::string>& moves, int width) {
    out +=
        fmt::format("{:<{}}", fmt::format("Legal moves ({}):", moves.size()), summary_label_width);
    if (moves.empty()) out += "none";
    const std::size_t wrap_at = std::size_t(std::max(width, summary_label_width + 8));
    std::size_t col = summary_label_width;
    bool first = true;
    for (const std::string& m : moves) {
        if (!first && col + 1 + m.size() > wrap_at) {
            out += '\n';
            out.append(summary_label_width, ' ');
            col = summary_label_width;
            first = true;
        }
        if (!first) {
            out += ' ';
            ++col;
        }
        out += m;
        col += m.size();
        first = false;
    }
    out += '\n';
}

} // namespace pgnkit::app
