#include "pgnkit/format/svg_board.hpp"

#include "pgnkit/format/html.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

namespace pgnkit::app {

namespace {

// The piece shapes, drawn for this project on a 100 × 100 grid (base line at y = 88). Each
// shape is a list of SVG elements; "B" elements take the body fill and outline, "D" elements
// are details (eyes, slits, bands) drawn in the contrasting colour on top.
struct ShapePart {
    char kind; // 'B' body, 'D' detail stroke, 'E' detail fill (dots)
    std::string_view element;
};

constexpr std::string_view Base = R"(<rect x="22" y="78" width="56" height="10" rx="3"/>)";

constexpr std::array<ShapePart, 4> Pawn = {{
    {'B', R"(<path d="M32 79C32 65 40 57 44 51H56C60 57 68 65 68 79Z"/>)"},
    {'B', R"(<rect x="26" y="78" width="48" height="10" rx="3"/>)"},
    {'B', R"(<rect x="37" y="46" width="26" height="7" rx="3.5"/>)"},
    {'B', R"(<circle cx="50" cy="33" r="12.5"/>)"},
}};

constexpr std::array<ShapePart, 5> Knight = {{
    {'B', R"(<path d="M30 79C30 66 36 58 46 52C40 54 30 58 24 56C17 54 15 47 20 42L37 25)"
          R"(L39 12L48 20C64 20 77 36 77 54C77 64 73 72 73 79Z"/>)"},
    {'B', Base},
    {'D', R"(<path d="M51 24C63 28 70 40 70 56" fill="none"/>)"},
    {'E', R"(<circle cx="40" cy="33" r="3.2"/>)"},
    {'E', R"(<circle cx="23.5" cy="48" r="1.8"/>)"},
}};

constexpr std::array<ShapePart, 5> Bishop = {{
    {'B', R"(<path d="M50 19C66 30 71 48 61 66H39C29 48 34 30 50 19Z"/>)"},
    {'B', R"(<rect x="35" y="64" width="30" height="13" rx="4"/>)"},
    {'B', Base},
    {'B', R"(<circle cx="50" cy="14" r="5.5"/>)"},
    {'D', R"(<path d="M57 33L45 47" fill="none" stroke-width="4.5"/>)"},
}};

constexpr std::array<ShapePart, 5> Rook = {{
    {'B', R"(<path d="M30 79L33 45H67L70 79Z"/>)"},
    {'B', Base},
    {'B', R"(<rect x="27" y="38" width="46" height="8" rx="2"/>)"},
    {'B', R"(<path d="M26 15H36V23H44V15H56V23H64V15H74V38H26Z"/>)"},
    {'D', R"(<path d="M33 71H67" fill="none"/>)"},
}};

constexpr std::array<ShapePart, 8> Queen = {{
    {'B', R"(<path d="M26 79L16 35L32 56L33 29L44 54L50 25L56 54L67 29L68 56L84 35L74 79Z"/>)"},
    {'B', Base},
    {'B', R"(<circle cx="16" cy="31" r="5"/>)"},
    {'B', R"(<circle cx="33" cy="25" r="5"/>)"},
    {'B', R"(<circle cx="50" cy="20" r="5"/>)"},
    {'B', R"(<circle cx="67" cy="25" r="5"/>)"},
    {'B', R"(<circle cx="84" cy="31" r="5"/>)"},
    {'D', R"(<path d="M29 71Q50 64 71 71" fill="none"/>)"},
}};

constexpr std::array<ShapePart, 5> King = {{
    {'B', R"(<path d="M46 7H54V15H62V23H54V36H46V23H38V15H46Z"/>)"},
    {'B', R"(<path d="M50 57C41 49 41 40 50 34C59 40 59 49 50 57Z"/>)"},
    {'B', R"(<path d="M28 79C17 65 15 46 30 42C40 39 46 46 50 55C54 46 60 39 70 42)"
          R"(C85 46 83 65 72 79Z"/>)"},
    {'B', Base},
    {'D', R"(<path d="M30 71Q50 63 70 71" fill="none"/>)"},
}};

/// A piece's shape in the colours of its side (`white`: the side that moves first).
template <std::size_t N>
void append_parts(std::string& out, const std::array<ShapePart, N>& parts, bool white) {
    const std::string_view fill = white ? "#ffffff" : "#2a2a2a";
    const std::string_view line = white ? "#222222" : "#000000";
    const std::string_view detail = white ? "#222222" : "#e8e8e8";
    // Body parts share one group so fill and outline are stated once.
    out += fmt::format(R"(<g fill="{}" stroke="{}" stroke-width="3" stroke-linejoin="round">)",
                       fill, line);
    for (const ShapePart& p : parts)
        if (p.kind == 'B') out += p.element;
    out += "</g>";
    bool any_stroke = false, any_dot = false;
    for (const ShapePart& p : parts) {
        any_stroke |= p.kind == 'D';
        any_dot |= p.kind == 'E';
    }
    if (any_stroke) {
        out += fmt::format(R"(<g stroke="{}" stroke-width="3" stroke-linecap="round">)", detail);
        for (const ShapePart& p : parts)
            if (p.kind == 'D') out += p.element;
        out += "</g>";
    }
    if (any_dot) {
        out += fmt::format(R"(<g fill="{}">)", detail);
        for (const ShapePart& p : parts)
            if (p.kind == 'E') out += p.element;
        out += "</g>";
    }
}

/// The pieces that have a shape, in the order of their definitions: white, then black, each
/// pawn, knight, bishop, rook, queen, king.
constexpr std::string_view ShapeLetters = "PNBRQKpnbrqk";

/// Whether `letter` names a piece that has a shape.
bool has_shape(char letter) {
    return letter != 0 && ShapeLetters.find(letter) != std::string_view::npos;
}

void append_piece_shape(std::string& out, char letter) {
    const bool white = letter >= 'A' && letter <= 'Z';
    switch (white ? letter : char(letter - 'a' + 'A')) {
    case 'P': append_parts(out, Pawn, white); break;
    case 'N': append_parts(out, Knight, white); break;
    case 'B': append_parts(out, Bishop, white); break;
    case 'R': append_parts(out, Rook, white); break;
    case 'Q': append_parts(out, Queen, white); break;
    case 'K': append_parts(out, King, white); break;
    default: break;
    }
}

/// "wP", "bK" … (used in ids): the side and the piece's upper-case letter.
std::string piece_id(char letter) {
    const bool white = letter >= 'A' && letter <= 'Z';
    return {white ? 'w' : 'b', white ? letter : char(letter - 'a' + 'A')};
}

/// Keeps an id prefix to the characters that are safe in an XML id and a URL fragment.
std::string safe_id(std::string_view s) {
    std::string out;
    for (char c : s)
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            c == '-' || c == '_')
            out += c;
    if (out.empty() || (out[0] >= '0' && out[0] <= '9') || out[0] == '-') out.insert(0, "pk");
    return out;
}

/// A number for an attribute: at most two decimals, no trailing zeros.
std::string num(double v) {
    std::string s = fmt::format("{:.2f}", v);
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    if (s == "-0") s = "0";
    return s;
}

} // namespace

std::string svg_board(const BoardDiagram& board, const SvgOptions& opts) {
    using html::xml_escape;
    const int files = std::max(board.files, 0), ranks = std::max(board.ranks, 0);
    const double sq = std::clamp(opts.square_size, 8, 1000);
    const double margin = opts.coordinates ? std::round(sq * 0.45) : 0.0;
    const double width = files * sq + margin, height = ranks * sq + margin;
    const std::string id = safe_id(opts.id_prefix);
    auto letter_on = [&](int s) {
        return s < int(board.squares.size()) ? board.squares[std::size_t(s)].letter : char(0);
    };
    auto label = [](const std::vector<std::string>& labels, int i) {
        return i < int(labels.size()) ? xml_escape(labels[std::size_t(i)]) : std::string();
    };

    // Top-left corner of a square on the image.
    auto corner_x = [&](int s) {
        int f = s % files;
        return margin + (opts.flip ? files - 1 - f : f) * sq;
    };
    auto corner_y = [&](int s) {
        int r = s / files;
        return (opts.flip ? r : ranks - 1 - r) * sq;
    };

    std::string out;
    out.reserve(16 * 1024);
    out += fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" )"
                       R"(xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" )"
                       R"(width="{0}" height="{1}" viewBox="0 0 {0} {1}">)"
                       "\n",
                       num(width), num(height));
    if (!opts.title.empty()) out += fmt::format("<title>{}</title>\n", xml_escape(opts.title));

    // Definitions: the pieces on the board (each once) and the danger glow.
    const int danger = opts.mark_check && board.contains(board.danger) ? board.danger : -1;
    out += "<defs>\n";
    for (char letter : ShapeLetters) {
        if (opts.letter_pieces) break; // no shapes drawn
        bool used = false;
        for (int s = 0; s < files * ranks && !used; ++s) used = letter_on(s) == letter;
        if (!used) continue;
        out += fmt::format(R"(<g id="{}-{}">)", id, piece_id(letter));
        append_piece_shape(out, letter);
        out += "</g>\n";
    }
    if (danger >= 0)
        out += fmt::format(R"(<radialGradient id="{}-check">)"
                           R"(<stop offset="0" stop-color="#ff0000" stop-opacity="1"/>)"
                           R"(<stop offset="0.5" stop-color="#e70000" stop-opacity="0.75"/>)"
                           R"(<stop offset="1" stop-color="#9e0000" stop-opacity="0"/>)"
                           "</radialGradient>\n",
                           id);
    out += "</defs>\n";

    // Squares, the first one dark (chess: a1; FIDE 2.1: the near-right square is light).
    out += "<g shape-rendering=\"crispEdges\">\n";
    for (int s = 0; s < files * ranks; ++s) {
        bool dark = (s % files + s / files) % 2 == 0;
        out += fmt::format(R"(<rect class="square {}" x="{}" y="{}" width="{}" height="{}" )"
                           R"(fill="{}"/>)"
                           "\n",
                           dark ? "dark" : "light", num(corner_x(s)), num(corner_y(s)), num(sq),
                           num(sq), xml_escape(dark ? opts.dark_color : opts.light_color));
    }
    out += "</g>\n";

    // Coordinates: ranks to the left, files below. A generic font family is enough for
    // letters and digits; the pieces themselves need no font.
    if (opts.coordinates) {
        const double size = std::round(sq * 0.32);
        out += fmt::format(R"(<g font-family="sans-serif" font-size="{}" fill="#555555" )"
                           R"(text-anchor="middle">)"
                           "\n",
                           num(size));
        for (int i = 0; i < ranks; ++i) {
            int rank = opts.flip ? i : ranks - 1 - i;
            out += fmt::format(R"(<text x="{}" y="{}">{}</text>)"
                               "\n",
                               num(margin / 2), num(i * sq + sq / 2 + size * 0.35),
                               label(board.rank_labels, rank));
        }
        for (int i = 0; i < files; ++i) {
            int file = opts.flip ? files - 1 - i : i;
            out += fmt::format(R"(<text x="{}" y="{}">{}</text>)"
                               "\n",
                               num(margin + i * sq + sq / 2),
                               num(ranks * sq + margin / 2 + size * 0.35),
                               label(board.file_labels, file));
        }
        out += "</g>\n";
    }

    // Highlighted squares, then the danger glow, under the pieces.
    for (int s : board.highlights) {
        if (!board.contains(s)) continue;
        out += fmt::format(R"(<rect class="highlight" x="{}" y="{}" width="{}" height="{}" )"
                           R"(fill="{}" fill-opacity="0.55"/>)"
                           "\n",
                           num(corner_x(s)), num(corner_y(s)), num(sq), num(sq),
                           xml_escape(opts.highlight_color));
    }
    if (danger >= 0)
        out += fmt::format(R"(<rect class="check" x="{}" y="{}" width="{}" height="{}" )"
                           R"~(fill="url(#{}-check)"/>)~"
                           "\n",
                           num(corner_x(danger)), num(corner_y(danger)), num(sq), num(sq), id);

    // The board's river and lines (xiangqi), under the pieces.
    if (board.river >= 0 && board.river + 1 < ranks) {
        const int r = opts.flip ? board.river : board.river + 1; // the rank above the river
        const double y = (opts.flip ? r : ranks - 1 - r) * sq + sq;
        out += fmt::format(R"(<rect class="river" x="{}" y="{}" width="{}" height="{}" )"
                           R"(fill="#4a7fc1" fill-opacity="0.7"/>)"
                           "\n",
                           num(margin), num(y - sq * 0.05), num(files * sq), num(sq * 0.1));
    }
    for (const auto& [a, b] : board.lines) {
        if (!board.contains(a) || !board.contains(b)) continue;
        out += fmt::format(R"(<line class="board-line" x1="{}" y1="{}" x2="{}" y2="{}" )"
                           R"(stroke="#5a4630" stroke-width="{}"/>)"
                           "\n",
                           num(corner_x(a) + sq / 2), num(corner_y(a) + sq / 2),
                           num(corner_x(b) + sq / 2), num(corner_y(b) + sq / 2), num(sq * 0.03));
    }

    // Pieces: the 100-unit shapes scaled to the square, or discs with letters.
    for (int s = 0; s < files * ranks; ++s) {
        const char letter = letter_on(s);
        if (opts.letter_pieces && letter != 0) {
            const bool first = letter >= 'A' && letter <= 'Z';
            const char* ink = first ? "#c0271d" : "#1a1a1a";
            out += fmt::format(R"(<g class="piece"><circle cx="{}" cy="{}" r="{}" )"
                               R"(fill="#f6e7c1" stroke="{}" stroke-width="{}"/>)"
                               R"(<text x="{}" y="{}" font-family="sans-serif" font-size="{}" )"
                               R"(font-weight="bold" fill="{}" text-anchor="middle">{}</text></g>)"
                               "\n",
                               num(corner_x(s) + sq / 2), num(corner_y(s) + sq / 2), num(sq * 0.42),
                               ink, num(sq * 0.05), num(corner_x(s) + sq / 2),
                               num(corner_y(s) + sq / 2 + sq * 0.16), num(sq * 0.45), ink,
                               xml_escape(std::string(1, letter)));
            continue;
        }
        if (!has_shape(letter)) continue;
        out += fmt::format(R"~(<use xlink:href="#{}-{}" transform="translate({} {}) scale({})"/>)~"
                           "\n",
                           id, piece_id(letter), num(corner_x(s)), num(corner_y(s)), num(sq / 100));
    }

    // Arrows over everything: a shaft and a head as one polygon, from centre to centre.
    for (const SvgArrow& a : opts.arrows) {
        if (!board.contains(a.from) || !board.contains(a.to)) continue;
        const double x1 = corner_x(a.from) + sq / 2, y1 = corner_y(a.from) + sq / 2;
        const double x2 = corner_x(a.to) + sq / 2, y2 = corner_y(a.to) + sq / 2;
        const std::string color = xml_escape(a.color);
        const double dx = x2 - x1, dy = y2 - y1, len = std::hypot(dx, dy);
        if (len < 1) { // from == to: a ring on the square
            out += fmt::format(R"(<circle class="arrow" cx="{}" cy="{}" r="{}" fill="none" )"
                               R"(stroke="{}" stroke-width="{}" stroke-opacity="0.8"/>)"
                               "\n",
                               num(x1), num(y1), num(sq * 0.42), color, num(sq * 0.08));
            continue;
        }
        const double ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
        const double shaft = sq * 0.09, head = std::min(sq * 0.42, len * 0.6), wing = sq * 0.25;
        const double bx = x2 - ux * head, by = y2 - uy * head; // where the head starts
        const double sx = x1 + ux * sq * 0.1, sy = y1 + uy * sq * 0.1;
        std::string pts;
        auto pt = [&](double x, double y) { pts += fmt::format("{},{} ", num(x), num(y)); };
        pt(sx + nx * shaft, sy + ny * shaft);
        pt(bx + nx * shaft, by + ny * shaft);
        pt(bx + nx * wing, by + ny * wing);
        pt(x2, y2);
        pt(bx - nx * wing, by - ny * wing);
        pt(bx - nx * shaft, by - ny * shaft);
        pt(sx - nx * shaft, sy - ny * shaft);
        pts.pop_back();
        out += fmt::format(R"(<polygon class="arrow" points="{}" fill="{}" fill-opacity="0.8"/>)"
                           "\n",
                           pts, color);
    }
    out += "</svg>\n";
    return out;
}

} // namespace pgnkit::app
