// Xiangqi FEN: the start position, every field's refusals with the field named, the notes,
// and the round trip over the corpus positions.

#include "pgnkit/xiangqi/fen.hpp"
#include "pgnkit/xiangqi/movegen.hpp"
#include "xiangqi_test_util.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>

using namespace pgnkit::xiangqi;

namespace {

/// The error of a FEN that must be refused.
FenError refused(std::string_view fen) {
    auto parsed = parse_fen(fen);
    INFO(fen);
    REQUIRE_FALSE(parsed);
    return parsed.error();
}

bool mentions(const FenError& e, std::string_view field, std::string_view words) {
    INFO(e.to_string());
    return e.field == field && e.message.find(words) != std::string::npos;
}

} // namespace

TEST_CASE("xiangqi fen: the start position", "[xiangqi][fen]") {
    auto parsed = parse_fen(StartFen);
    REQUIRE(parsed);
    const Position& pos = parsed->position;
    CHECK(parsed->notes.empty());
    CHECK(pos.side_to_move() == Color::Red);
    CHECK(pos.piece_on(make_square(4, 0)) == make_piece(Color::Red, PieceType::General));
    CHECK(pos.piece_on(make_square(4, 9)) == make_piece(Color::Black, PieceType::General));
    CHECK(pos.piece_on(make_square(1, 2)) == make_piece(Color::Red, PieceType::Cannon));
    CHECK(pos.piece_on(make_square(0, 6)) == make_piece(Color::Black, PieceType::Soldier));
    CHECK(pos.general_square(Color::Black) == make_square(4, 9));
    CHECK(write_fen(pos) == StartFen);
    CHECK(pos == Position::startpos());
    CHECK(pos.key() == pos.compute_key());
}

TEST_CASE("xiangqi fen: the liberties read, each noted", "[xiangqi][fen]") {
    auto r = parse_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r");
    REQUIRE(r);
    CHECK(write_fen(r->position) == StartFen);
    CHECK(r->notes.size() == 4); // H, E, r, the missing fields
    auto b = parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 7");
    REQUIRE(b);
    CHECK(b->position.side_to_move() == Color::Black);
    CHECK(b->position.halfmove_clock() == 3);
    CHECK(b->position.fullmove_number() == 7);
    CHECK(write_fen(b->position) ==
          "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 7");
    CHECK(b->position.key() != Position::startpos().key());
}

TEST_CASE("xiangqi fen: every refusal names its field", "[xiangqi][fen]") {
    CHECK(mentions(refused(""), "fields", "empty"));
    CHECK(mentions(refused("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"), "side",
                   "missing"));
    CHECK(mentions(refused("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w"), "board",
                   "9 ranks"));
    CHECK(mentions(refused("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/9/RNBAKABNR w"),
                   "board", "more than 10 ranks"));
    CHECK(mentions(refused("rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
                   "board", "the 2nd rank (rank 8) has 8 points"));
    CHECK(mentions(refused("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w"),
                   "board", "more than 9 points"));
    CHECK(mentions(refused("rnbqkabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
                   "board", "'q' is not a piece letter"));
    CHECK(mentions(refused("rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
                   "board", "Black has no general"));
    CHECK(mentions(refused("3k5/9/9/9/9/9/9/3K5/9/4K4 w"), "board", "Red has 2 generals"));
    CHECK(mentions(refused("3k5/9/9/9/9/9/9/2K6/9/9 w"), "board",
                   "the Red general on c2 is outside its palace"));
    CHECK(mentions(refused("3k5/9/9/9/9/9/9/4A4/9/4K4 w"), "board",
                   "the Red advisor on e2 is off its points"));
    CHECK(parse_fen("3k5/9/9/9/9/9/9/9/4A4/4K4 w")); // e1 is an advisor point
    CHECK(mentions(refused("3k5/9/9/9/9/9/9/9/9/3BK4 w"), "board",
                   "the Red elephant on d0 is off its points"));
    CHECK(mentions(refused("3k5/9/9/4b4/9/9/9/9/9/4K4 w"), "board",
                   "the Black elephant on e6 is off its points"));
    CHECK(mentions(refused("3k5/9/9/9/9/9/9/4P4/9/4K4 w"), "board",
                   "the Red soldier on e2 is behind its start rank"));
    CHECK(mentions(refused("3k5/9/9/9/9/9/3P5/9/9/4K4 w"), "board",
                   "the Red soldier on d3 cannot be there"));
    CHECK(mentions(refused("3k5/9/9/9/9/4P4/4P4/9/9/4K4 w"), "board",
                   "two Red soldiers on file e before the river"));
    CHECK(mentions(refused("3k5/9/9/9/9/9/9/9/9/RRR1K4 w"), "board",
                   "Red has 3 chariots (at most 2)"));
    CHECK(mentions(refused("3k5/PPPPPP3/9/9/9/9/9/9/9/4K4 w"), "board",
                   "Red has 6 soldiers (at most 5)"));
    CHECK(mentions(refused("4k4/9/9/9/9/9/9/9/9/4K4 w"), "board",
                   "the generals face each other on file e"));
    CHECK(mentions(refused("3k5/9/9/9/9/9/9/9/9/4K4 x"), "side", "'x' is not w"));
    CHECK(mentions(refused("3kR4/9/9/9/9/9/9/9/9/4K4 w"), "side",
                   "Red to move could capture the Black general"));
    CHECK(mentions(refused("3k5/9/9/9/9/9/9/9/9/4K4 w KQ - 0 1"), "castling", "no castling"));
    CHECK(mentions(refused("3k5/9/9/9/9/9/9/9/9/4K4 w - e3 0 1"), "en-passant", ""));
    CHECK(mentions(refused("3k5/9/9/9/9/9/9/9/9/4K4 w - - x 1"), "halfmove", "'x'"));
    CHECK(mentions(refused("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 -1"), "fullmove", "'-1'"));
    CHECK(mentions(refused("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1 x"), "fields", "7 fields"));
}

TEST_CASE("xiangqi fen: the corpus positions read and write back unchanged", "[xiangqi][fen]") {
    std::ifstream in(xiangqi_test::corpus("xiangqi/fen/eleeye-batch-test.fen"));
    REQUIRE(in);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back(); // the file has CRLF lines
        if (line.empty() || line[0] == '#') continue;
        INFO(line);
        auto parsed = parse_fen(line);
        REQUIRE(parsed);
        CHECK(write_fen(parsed->position) == line);
        CHECK(parsed->position.is_consistent());
        CHECK(has_xiangqi_shape(line));
        ++n;
    }
    CHECK(n == 240);
    CHECK_FALSE(has_xiangqi_shape("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
}
