// has_legal_move() stops the generator at the first move found (and may one day answer the
// usual cases without it); it must agree with the full move list everywhere.

#include "pgnkit/cmd/perft/perft_suite.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

using namespace pgnkit::chess;

namespace {

#ifdef NDEBUG
constexpr int Depth = 2, Games = 3000;
#else
constexpr int Depth = 1, Games = 300; // Debug / sanitizer builds are ~20x slower
#endif

struct Tally {
    std::uint64_t positions = 0, in_check = 0, double_check = 0, none = 0;
};

void compare(const Position& pos, Tally& t) {
    const bool expected = !legal_moves(pos).empty();
    INFO(format_fen(pos));
    REQUIRE(has_legal_move(pos) == expected);
    ++t.positions;
    t.in_check += pos.in_check();
    t.double_check += more_than_one(pos.checkers());
    t.none += !expected;
}

/// Every position of the legal move tree below `pos` to `depth` plies.
void walk(const Position& pos, int depth, Tally& t) {
    compare(pos, t);
    if (depth == 0) return;
    for (Move m : legal_moves(pos)) walk(pos.after(m), depth - 1, t);
}

/// A small deterministic generator (xorshift64*).
struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 0x2545F4914F6CDD1DULL;
    }
};

} // namespace

TEST_CASE("has_legal_move agrees with legal_moves on the perft suites", "[movegen]") {
    const char* suites[] = {"ethereal/standard.epd",     "ethereal/fischer.epd",
                            "python-chess/tricky.perft", "scalachess/tricky.perft",
                            "shakmaty/chess960.perft",   "shakmaty/random.perft",
                            "shakmaty/tricky.perft"};
    Tally t;
    for (const char* rel : suites) {
        INFO(rel);
        std::ifstream in(std::string(PGNKIT_CORPUS_DIR) + "/perft/" + rel);
        REQUIRE(in);
        for (const auto& c : pgnkit::app::read_perft_suite(in)) {
            FenParseOptions opts;
            opts.chess960 = c.chess960;
            auto r = parse_fen(c.fen, opts);
            if (!r.ok()) continue;
            walk(r->position, Depth, t);
        }
    }
    // Both depths (Release 2, Debug 1) reach these.
    CHECK(t.positions > 200'000);
    CHECK(t.in_check > 10'000);
    CHECK(t.double_check > 40);
    CHECK(t.none > 500);
}

TEST_CASE("has_legal_move agrees with legal_moves along random games", "[movegen]") {
    Tally t;
    Rng rng{0x9E3779B97F4A7C15ULL};
    for (int game = 0; game < Games; ++game) {
        Position pos = Position::startpos();
        for (int ply = 0; ply < 300; ++ply) {
            compare(pos, t);
            const MoveList moves = legal_moves(pos);
            if (moves.empty()) break;
            // Prefer checks now and then, to reach many checking positions and mates.
            Move pick = moves[rng.next() % moves.size()];
            if (rng.next() % 2)
                for (Move m : moves)
                    if (pos.after(m).in_check()) {
                        pick = m;
                        break;
                    }
            pos.play(pick);
        }
    }
    CHECK(t.in_check > 10'000);
    CHECK(t.double_check > 10);
    CHECK(t.none > 50);
}
