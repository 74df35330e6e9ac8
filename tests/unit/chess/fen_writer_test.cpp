#include "pgnkit/cmd/perft/perft_suite.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <random>
#include <string>

using namespace pgnkit::chess;

namespace {
std::string with_writer(FenWriter& w, const Position& p, const FenFormat& f = {}) {
    char buf[128];
    char* e = w.write(p, buf, f);
    return std::string(buf, e);
}
} // namespace

TEST_CASE("fen writer: the incremental writer equals write_fen along random games", "[fen]") {
    std::mt19937 rng(12345);
    FenWriter w;
    for (int game = 0; game < 300; ++game) {
        Position p = Position::startpos();
        for (int ply = 0; ply < 200; ++ply) {
            REQUIRE(with_writer(w, p) == format_fen(p));
            MoveList moves = legal_moves(p);
            if (moves.empty()) break;
            p.play(moves[rng() % moves.size()]);
        }
    }
}

TEST_CASE("fen writer: unrelated positions in a row (variations, new games) are right too",
          "[fen]") {
    std::ifstream in(std::string(PGNKIT_CORPUS_DIR) + "/perft/shakmaty/chess960.perft");
    REQUIRE(in);
    auto cases = pgnkit::app::read_perft_suite(in);
    FenWriter w;
    FenFormat shredder;
    shredder.castling = CastlingStyle::Shredder;
    for (const auto& c : cases) {
        auto parsed = parse_fen(c.fen, FenParseOptions{false, true});
        REQUIRE(parsed.ok());
        CHECK(with_writer(w, parsed->position, shredder) == format_fen(parsed->position, shredder));
        CHECK(with_writer(w, parsed->position) == format_fen(parsed->position));
    }
}
