#include "pgnkit/format/chess_board.hpp"

#include "pgnkit/chess/fen.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

using namespace pgnkit;
using namespace pgnkit::chess;
using pgnkit::app::BoardStatus;

namespace {

Position from_fen(std::string_view fen) {
    auto r = parse_fen(fen);
    REQUIRE(r.ok());
    return r->position;
}

bool has(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

constexpr std::string_view ScholarsMate =
    "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
constexpr std::string_view Stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";

} // namespace

TEST_CASE("board text: start position shows the diagram, rights, FEN and 20 moves", "[board]") {
    std::string t = app::render_board(Position::startpos());
    CHECK(has(t, "8 │ ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜ │\n"));
    CHECK(has(t, "1 │ ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖ │\n"));
    CHECK(has(t, "6 │ · · · · · · · · │\n"));
    CHECK(has(t, "    a b c d e f g h\n"));
    CHECK(has(t, "Side to move:          white\n"));
    CHECK(has(t, "Castling:              KQkq\n"));
    CHECK(has(t, "FEN:                   " + std::string(StartFen) + "\n"));
    CHECK(has(t, "Check:                 no\n"));
    CHECK(has(t, "Checkmate:             no\n"));
    CHECK(has(t, "Stalemate:             no\n"));
    CHECK(has(t, "Insufficient material: no\n"));
    CHECK(has(t, "Legal moves (20):"));
    // Rank 8 comes before rank 1.
    CHECK(t.find("8 │") < t.find("1 │"));
}

TEST_CASE("board text: --flip puts rank 1 on top and files from h to a", "[board]") {
    app::BoardTextOptions o;
    o.flip = true;
    std::string t = app::render_board(Position::startpos(), o);
    CHECK(t.find("1 │") < t.find("8 │"));
    CHECK(has(t, "1 │ ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖ │\n"));
    CHECK(has(t, "    h g f e d c b a\n"));
}

TEST_CASE("board text: ASCII diagram uses piece letters", "[board]") {
    app::BoardTextOptions o;
    o.unicode = false;
    std::string t = app::render_board(Position::startpos(), o);
    CHECK(has(t, "8 | r n b q k b n r |\n"));
    CHECK(has(t, "4 | . . . . . . . . |\n"));
    CHECK(has(t, "1 | R N B Q K B N R |\n"));
}

TEST_CASE("board text: checkmate is reported with the winner and no moves", "[board]") {
    Position p = from_fen(ScholarsMate);
    CHECK(app::board_status(p) == BoardStatus::Checkmate);
    std::string t = app::render_board(p);
    CHECK(has(t, "Side to move:          black\n"));
    CHECK(has(t, "Check:                 yes\n"));
    CHECK(has(t, "Checkmate:             yes (white wins)\n"));
    CHECK(has(t, "Stalemate:             no\n"));
    CHECK(has(t, "Legal moves (0):       none\n"));
}

TEST_CASE("board text: stalemate is a draw, not a check", "[board]") {
    Position p = from_fen(Stalemate);
    CHECK(app::board_status(p) == BoardStatus::Stalemate);
    std::string t = app::render_board(p);
    CHECK(has(t, "Castling:              none\n"));
    CHECK(has(t, "Check:                 no\n"));
    CHECK(has(t, "Checkmate:             no\n"));
    CHECK(has(t, "Stalemate:             yes (draw)\n"));
}

TEST_CASE("board text: a check with escapes is not mate", "[board]") {
    Position p = from_fen("4k3/8/8/8/8/8/4Q3/4K3 b - - 0 1");
    CHECK(app::board_status(p) == BoardStatus::Check);
    std::string t = app::render_board(p);
    CHECK(has(t, "Check:                 yes\n"));
    CHECK(has(t, "Checkmate:             no\n"));
    CHECK(app::legal_moves_san(p).size() == 4); // d8 d7 f8 f7
}

TEST_CASE("board text: insufficient material for K+B v K and same-coloured bishops", "[board]") {
    CHECK(has(app::render_board(from_fen("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")),
              "Insufficient material: yes (draw)\n"));
    CHECK(has(app::render_board(from_fen("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1")),
              "Insufficient material: no\n")); // c1 and f1 differ in colour
    CHECK(has(app::render_board(from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")),
              "Insufficient material: no\n"));
}

TEST_CASE("board text: the FEN line follows the en-passant mode", "[board]") {
    // exd6 would expose the white king on a5 to the rook on h5: pseudo-legal, not legal.
    Position p = from_fen("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1");
    app::BoardTextOptions o;
    o.ep = EpMode::Legal;
    CHECK(has(app::render_board(p, o), "FEN:                   4k3/8/8/K2pP2r/8/8/8/8 w - - 0 1"));
    o.ep = EpMode::Pseudo;
    CHECK(has(app::render_board(p, o), "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1"));
}

TEST_CASE("board text: moves are sorted and wrapped under the value column", "[board]") {
    std::vector<std::string> moves = app::legal_moves_san(Position::startpos());
    REQUIRE(moves.size() == 20);
    CHECK(moves == app::legal_moves_san(Position::startpos())); // deterministic
    app::BoardTextOptions o;
    o.width = 40;
    std::string t = app::render_board(Position::startpos(), o);
    std::size_t start = t.find("Legal moves");
    for (std::size_t i = start, next; i < t.size(); i = next + 1) {
        next = t.find('\n', i);
        CHECK(next - i <= 40);
        if (i != start) CHECK(t.compare(i, 23, std::string(23, ' ')) == 0);
    }
}

TEST_CASE("board text: parser notes are printed", "[board]") {
    app::BoardTextOptions o;
    o.notes = {"fullmove number 0 read as 1"};
    CHECK(has(app::render_board(Position::startpos(), o), "Note: fullmove number 0 read as 1\n"));
}

TEST_CASE("fen error: the caret is under the offending field", "[board]") {
    std::string fen = "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1";
    auto r = parse_fen(fen);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().field == "castling");
    std::string msg = app::format_fen_error(fen, r.error());
    CHECK(msg == "castling: castling right 'K' but no white rook on h1\n"
                 "  rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1\n"
                 "                                                ^^^^");
    auto span = app::fen_field_span("a  b\tc d e f", "en-passant");
    CHECK(span.offset == 7);
    CHECK(span.length == 1);
    span = app::fen_field_span("a b", "fields");
    CHECK(span.offset == 0);
    CHECK(span.length == 3);
    span = app::fen_field_span("a b", "halfmove"); // missing field: the whole text
    CHECK(span.length == 3);
}

TEST_CASE("board text: legal moves in SAN, pieces first, then castling, then pawns", "[board]") {
    CHECK(app::legal_moves_san(Position::startpos()) ==
          std::vector<std::string>{"Na3", "Nc3", "Nf3", "Nh3", "a3", "a4", "b3", "b4", "c3", "c4",
                                   "d3",  "d4",  "e3",  "e4",  "f3", "f4", "g3", "g4", "h3", "h4"});
    // Castling both ways, a check and a mate by the rooks.
    Position p = from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    std::vector<std::string> moves = app::legal_moves_san(p);
    CHECK(std::find(moves.begin(), moves.end(), "O-O") != moves.end());
    CHECK(std::find(moves.begin(), moves.end(), "O-O-O") != moves.end());
    CHECK(std::find(moves.begin(), moves.end(), "Ra8+") != moves.end());
    CHECK(moves.front().front() == 'K');
    CHECK(moves.back().rfind("O-O", 0) == 0); // no pawns: castling comes last
}

TEST_CASE("board diagram: a position as files x ranks with letters, glyphs and labels", "[board]") {
    app::BoardDiagram d = app::chess_board_diagram(Position::startpos());
    CHECK(d.files == 8);
    CHECK(d.ranks == 8);
    REQUIRE(d.squares.size() == 64);
    // Indexed as chess::Square: a1 = 0, e1 = 4, e8 = 60.
    CHECK(d.squares[A1].letter == 'R');
    CHECK(d.squares[E1].letter == 'K');
    CHECK(d.squares[E1].glyph == "♔");
    CHECK(d.squares[E8].letter == 'k');
    CHECK(d.squares[E8].glyph == "♚");
    CHECK(d.squares[E4].letter == 0);
    CHECK(d.file_labels == std::vector<std::string>{"a", "b", "c", "d", "e", "f", "g", "h"});
    CHECK(d.rank_labels == std::vector<std::string>{"1", "2", "3", "4", "5", "6", "7", "8"});
    CHECK(d.highlights.empty());
    CHECK(d.danger == -1);
    // The king of the side to move in check is the danger square.
    CHECK(app::chess_board_diagram(from_fen(ScholarsMate)).danger == E8);
    CHECK(app::chess_board_diagram(from_fen(Stalemate)).danger == -1);
}
