#include "pgnkit/format/svg_board.hpp"

#include "pgnkit/chess/fen.hpp"
#include "pgnkit/format/chess_board.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace pgnkit;
using namespace pgnkit::chess;

namespace {

app::BoardDiagram from_fen(std::string_view fen) {
    auto r = parse_fen(fen);
    REQUIRE(r.ok());
    return app::chess_board_diagram(r->position);
}

app::BoardDiagram start() { return app::chess_board_diagram(Position::startpos()); }

bool has(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

std::size_t count(const std::string& text, std::string_view part) {
    std::size_t n = 0;
    for (std::size_t i = text.find(part); i != std::string::npos; i = text.find(part, i + 1)) ++n;
    return n;
}

constexpr std::string_view ScholarsMate =
    "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";

} // namespace

TEST_CASE("svg: a well-formed document with 64 squares and the pieces", "[board][svg]") {
    std::string s = app::svg_board(start());
    CHECK(s.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK(s.size() > 6);
    CHECK(s.compare(s.size() - 7, 7, "</svg>\n") == 0);
    CHECK(count(s, "<rect class=\"square ") == 64);
    CHECK(count(s, "class=\"square light\"") == 32);
    CHECK(count(s, "<use ") == 32);
    CHECK(count(s, "<g id=\"pk-") == 12); // each piece shape defined once
    CHECK(count(s, "<text ") == 16);      // a–h and 1–8
    CHECK_FALSE(has(s, "class=\"arrow\""));
    CHECK_FALSE(has(s, "class=\"check\""));
    // Balanced elements: every opening <g> and <text> closes.
    CHECK(count(s, "<g ") + count(s, "<g>") == count(s, "</g>"));
    CHECK(count(s, "<text") == count(s, "</text>"));
}

TEST_CASE("svg: arrows, highlights, check glow, no coordinates, flip", "[board][svg]") {
    app::SvgOptions o;
    o.arrows.push_back({E2, E4});
    o.arrows.push_back({G1, G1}); // from == to: a ring
    app::BoardDiagram mate = from_fen(ScholarsMate);
    mate.highlights = {E2, E4};
    o.coordinates = false;
    o.id_prefix = "game-7";
    o.title = "a <title> & more";
    std::string s = app::svg_board(mate, o);
    CHECK(count(s, "<polygon class=\"arrow\"") == 1);
    CHECK(count(s, "<circle class=\"arrow\"") == 1);
    CHECK(count(s, "class=\"highlight\"") == 2);
    CHECK(count(s, "class=\"check\"") == 1);
    CHECK(count(s, "<text") == 0);
    CHECK(has(s, "<title>a &lt;title&gt; &amp; more</title>"));
    CHECK(has(s, "id=\"game-7-bK\""));
    CHECK(has(s, "width=\"360\" height=\"360\""));
    // No glow when mark_check is off.
    o.mark_check = false;
    CHECK(count(app::svg_board(mate, o), "class=\"check\"") == 0);

    // a1 is the bottom-left square, or the top-right one when flipped.
    app::SvgOptions plain;
    plain.coordinates = false;
    app::BoardDiagram d = start();
    d.highlights = {A1};
    CHECK(has(app::svg_board(d, plain), "<rect class=\"highlight\" x=\"0\" y=\"315\""));
    plain.flip = true;
    CHECK(has(app::svg_board(d, plain), "<rect class=\"highlight\" x=\"315\" y=\"0\""));
}

TEST_CASE("svg: a 9 x 10 board with its own labels, pieces by letter", "[board][svg]") {
    app::BoardDiagram d;
    d.files = 9;
    d.ranks = 10;
    d.squares.resize(90);
    d.squares[std::size_t(d.index(4, 0))] = {'K', ""};
    d.squares[std::size_t(d.index(4, 9))] = {'k', ""};
    d.squares[std::size_t(d.index(0, 0))] = {'X', ""}; // no shape: not drawn
    for (int f = 0; f < 9; ++f) d.file_labels.push_back(std::string(1, char('a' + f)));
    for (int r = 0; r < 10; ++r) d.rank_labels.push_back(std::to_string(r + 1));
    d.highlights = {d.index(8, 9), 90}; // the second is off the board
    app::SvgOptions o;
    o.arrows.push_back({d.index(4, 0), d.index(4, 9)});
    o.arrows.push_back({d.index(4, 0), 95}); // off the board: not drawn
    std::string s = app::svg_board(d, o);
    // 9 × 45 + 20 wide, 10 × 45 + 20 high.
    CHECK(has(s, "width=\"425\" height=\"470\""));
    CHECK(count(s, "<rect class=\"square ") == 90);
    CHECK(count(s, "<use ") == 2);
    CHECK(count(s, "<g id=\"pk-") == 2);
    CHECK(count(s, "<text ") == 19);
    CHECK(has(s, ">10</text>"));
    CHECK(has(s, ">i</text>"));
    // The top-right square (i10) is highlighted: x = 20 + 8 × 45, y = 0.
    CHECK(count(s, "class=\"highlight\"") == 1);
    CHECK(has(s, "<rect class=\"highlight\" x=\"380\" y=\"0\""));
    CHECK(count(s, "<polygon class=\"arrow\"") == 1);
}

TEST_CASE("svg: the title and colours are XML-escaped", "[board][svg]") {
    app::SvgOptions o;
    o.title = "O'Neil <b> & \"x\"";
    o.light_color = "a'b";
    std::string s = app::svg_board(start(), o);
    CHECK(has(s, "<title>O&apos;Neil &lt;b&gt; &amp; &quot;x&quot;</title>"));
    CHECK(has(s, "fill=\"a&apos;b\""));
}
