#include "pgnkit/format/svg_board.hpp"

#include "pgnkit/format/html.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

namespace pgnkit::app {

using namespace chess;

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

template <std::size_t N>
void append_parts(std::string& out, const std::array<ShapePart, N>& parts, Color c) {
    const bool white = c == Color::White;
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

void append_piece_shape(std::string& out, PieceType t, Color c) {
    switch (t) {
    case PieceType::Pawn: append_parts(out, Pawn, c); break;
    case PieceType::Knight: append_parts(out, Knight, c); break;
    case PieceType::Bishop: append_parts(out, Bishop, c); break;
    case PieceType::Rook: append_parts(out, Rook, c); break;
    case PieceType::Queen: append_parts(out, Queen, c); break;
    case PieceType::King: append_parts(out, King, c); break;
    case PieceType::None: break;
    }
}

/// "wP", "bK" … (used in ids).
std::string piece_id(Piece p) {
    return {color_of(p) == Color::White ? 'w' : 'b', piece_char(type_of(p))};
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

std::string svg_board(const Position& pos, const SvgOptions& opts) {
    using html::xml_escape;
    const double sq = std::clamp(opts.square_size, 8, 1000);
    const double margin = opts.coordinates ? std::round(sq * 0.45) : 0.0;
    const double width = 8 * sq + margin, height = 8 * sq + margin;
    const std::string id = safe_id(opts.id_prefix);

    // Top-left corner of a square on the image.
    auto corner_x = [&](Square s) {
        int f = file_of(s);
        return margin + (opts.flip ? 7 - f : f) * sq;
    };
    auto corner_y = [&](Square s) {
        int r = rank_of(s);
        return (opts.flip ? r : 7 - r) * sq;
    };

    std::string out;
    out.reserve(16 * 1024);
    out += fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" )"
                       R"(xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" )"
                       R"(width="{0}" height="{1}" viewBox="0 0 {0} {1}">)"
                       "\n",
                       num(width), num(height));
    if (!opts.title.empty()) out += fmt::format("<title>{}</title>\n", xml_escape(opts.title));

    // Definitions: the pieces on the board (each once) and the check glow.
    Square checked_king = NoSquare;
    if (opts.mark_check && pos.in_check()) checked_king = pos.king_square(pos.side_to_move());
    out += "<defs>\n";
    bool used[16] = {};
    for (int s = A1; s <= H8; ++s)
        if (Piece p = pos.piece_on(Square(s)); is_piece(p)) used[static_cast<int>(p)] = true;
    for (int i = 0; i < 16; ++i) {
        if (!used[i]) continue;
        Piece p = Piece(i);
        out += fmt::format(R"(<g id="{}-{}">)", id, piece_id(p));
        append_piece_shape(out, type_of(p), color_of(p));
        out += "</g>\n";
    }
    if (checked_king != NoSquare)
        out += fmt::format(R"(<radialGradient id="{}-check">)"
                           R"(<stop offset="0" stop-color="#ff0000" stop-opacity="1"/>)"
                           R"(<stop offset="0.5" stop-color="#e70000" stop-opacity="0.75"/>)"
                           R"(<stop offset="1" stop-color="#9e0000" stop-opacity="0"/>)"
                           "</radialGradient>\n",
                           id);
    out += "</defs>\n";

    // Squares. a1 is dark (FIDE 2.1: the near-right square is light).
    out += "<g shape-rendering=\"crispEdges\">\n";
    for (int s = A1; s <= H8; ++s) {
        Square q = Square(s);
        bool dark = (file_of(q) + rank_of(q)) % 2 == 0;
        out += fmt::format(R"(<rect class="square {}" x="{}" y="{}" width="{}" height="{}" )"
                           R"(fill="{}"/>)"
                           "\n",
                           dark ? "dark" : "light", num(corner_x(q)), num(corner_y(q)), num(sq),
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
        for (int i = 0; i < 8; ++i) {
            int rank = opts.flip ? i : 7 - i;
            out +=
                fmt::format(R"(<text x="{}" y="{}">{}</text>)"
                            "\n",
                            num(margin / 2), num(i * sq + sq / 2 + size * 0.35), char('1' + rank));
        }
        for (int i = 0; i < 8; ++i) {
            int file = opts.flip ? 7 - i : i;
            out += fmt::format(R"(<text x="{}" y="{}">{}</text>)"
                               "\n",
                               num(margin + i * sq + sq / 2),
                               num(8 * sq + margin / 2 + size * 0.35), char('a' + file));
        }
        out += "</g>\n";
    }

    // Highlighted squares, then the check glow, under the pieces.
    for (Square s : opts.highlights) {
        if (!is_ok(s)) continue;
        out += fmt::format(R"(<rect class="highlight" x="{}" y="{}" width="{}" height="{}" )"
                           R"(fill="{}" fill-opacity="0.55"/>)"
                           "\n",
                           num(corner_x(s)), num(corner_y(s)), num(sq), num(sq),
                           xml_escape(opts.highlight_color));
    }
    if (checked_king != NoSquare)
        out += fmt::format(R"(<rect class="check" x="{}" y="{}" width="{}" height="{}" )"
                           R"~(fill="url(#{}-check)"/>)~"
                           "\n",
                           num(corner_x(checked_king)), num(corner_y(checked_king)), num(sq),
                           num(sq), id);

    // Pieces: the 100-unit shapes scaled to the square.
    for (int s = A1; s <= H8; ++s) {
        Square q = Square(s);
        Piece p = pos.piece_on(q);
        if (!is_piece(p)) continue;
        out += fmt::format(R"~(<use xlink:href="#{}-{}" transform="translate({} {}) scale({})"/>)~"
                           "\n",
                           id, piece_id(p), num(corner_x(q)), num(corner_y(q)), num(sq / 100));
    }

    // Arrows over everything: a shaft and a head as one polygon, from centre to centre.
    for (const SvgArrow& a : opts.arrows) {
        if (!is_ok(a.from) || !is_ok(a.to)) continue;
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
