#include "pgnkit/format/board_render.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace pgnkit;

namespace {

/// A board of `files` × `ranks` with labels "a"… and 1…, empty but for the given pieces.
app::BoardDiagram empty_board(int files, int ranks) {
    app::BoardDiagram d;
    d.files = files;
    d.ranks = ranks;
    d.squares.resize(std::size_t(files * ranks));
    for (int f = 0; f < files; ++f) d.file_labels.push_back(std::string(1, char('a' + f)));
    for (int r = 0; r < ranks; ++r) d.rank_labels.push_back(std::to_string(r + 1));
    return d;
}

} // namespace

TEST_CASE("board text: a small board, exactly, in Unicode and ASCII", "[board]") {
    app::BoardDiagram d = empty_board(3, 2);
    d.squares[std::size_t(d.index(0, 0))] = {'K', "♔"};
    d.squares[std::size_t(d.index(2, 1))] = {'q', "♛"};
    CHECK(app::render_diagram(d) == "  ┌───────┐\n"
                                    "2 │ · · ♛ │\n"
                                    "1 │ ♔ · · │\n"
                                    "  └───────┘\n"
                                    "    a b c\n");
    CHECK(app::render_diagram(d, {false, false}) == "  +-------+\n"
                                                    "2 | . . q |\n"
                                                    "1 | K . . |\n"
                                                    "  +-------+\n"
                                                    "    a b c\n");
    // Flipped: the last rank at the bottom, files from the last.
    CHECK(app::render_diagram(d, {true, false}) == "  +-------+\n"
                                                   "1 | . . K |\n"
                                                   "2 | q . . |\n"
                                                   "  +-------+\n"
                                                   "    c b a\n");
}

TEST_CASE("board text: a 9 x 10 board right-aligns two-digit rank labels", "[board]") {
    // The shape of a xiangqi board: 9 files, 10 ranks.
    app::BoardDiagram d = empty_board(9, 10);
    d.squares[std::size_t(d.index(4, 0))] = {'K', ""}; // no glyph: the letter is drawn
    d.squares[std::size_t(d.index(4, 9))] = {'k', ""};
    const std::string t = app::render_diagram(d);
    CHECK(t.rfind("   ┌───────────────────┐\n", 0) == 0);
    CHECK(t.find("10 │ · · · · k · · · · │\n") != std::string::npos);
    CHECK(t.find(" 9 │ · · · · · · · · · │\n") != std::string::npos);
    CHECK(t.find(" 1 │ · · · · K · · · · │\n") != std::string::npos);
    CHECK(t.find("   └───────────────────┘\n     a b c d e f g h i\n") != std::string::npos);
    CHECK(t.find("10 │") < t.find(" 1 │"));
}

TEST_CASE("board text: missing squares and labels draw as empty", "[board]") {
    app::BoardDiagram d;
    d.files = 2;
    d.ranks = 1;
    CHECK(app::render_diagram(d, {false, false}) == " +-----+\n"
                                                    " | . . |\n"
                                                    " +-----+\n"
                                                    "    \n");
}
