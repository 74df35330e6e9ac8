// The classifier's early stop (openings/reachable_masks.hpp): a game that moved a pawn or lost a
// castling right that every entry keeps is done; and stopping early never changes a
// classification (against a replay that looks up every position).
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/openings/classifier.hpp"
#include "pgnkit/openings/table_formats.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace pgnkit;
using namespace pgnkit::openings;

namespace {

OpeningTable small_table() {
    std::vector<TableProblem> problems;
    OpeningTable t;
    load_table_text("eco\tname\tpgn\n"
                    "C20\tKing's Pawn Game\t1. e4 e5\n"
                    "C40\tKing's Knight Opening\t1. e4 e5 2. Nf3\n",
                    "t", TableFormat::LichessTsv, t, problems);
    REQUIRE(problems.empty());
    return t;
}

/// Plays `sans` from the start position into `c`; whether it was done after the last move.
bool done_after(OpeningClassifier& c, const std::string& sans) {
    chess::Position pos = chess::Position::startpos();
    c.begin(pos);
    std::istringstream in(sans);
    std::string san;
    while (in >> san) {
        REQUIRE(chess::play_san(pos, san, {}, false).ok);
        c.after_move(pos);
    }
    return c.done();
}

/// The SAN moves of each line of the bundled table.
std::vector<std::vector<std::string>> bundled_lines() {
    std::vector<std::vector<std::string>> lines;
    for (const BundledFile& f : bundled_table_files()) {
        std::istringstream in(f.text);
        std::string line;
        std::getline(in, line); // the header
        while (std::getline(in, line)) {
            std::istringstream moves(line.substr(line.rfind('\t') + 1));
            std::vector<std::string> sans;
            for (std::string t; moves >> t;)
                if (t.back() != '.') sans.push_back(t);
            lines.push_back(std::move(sans));
        }
    }
    return lines;
}

} // namespace

TEST_CASE("openings: the classifier stops once no entry can be reached", "[openings]") {
    const OpeningTable t = small_table();
    OpeningClassifier c(t);
    CHECK_FALSE(done_after(c, "e4 e5"));
    CHECK_FALSE(done_after(c, "Nf3 Nc6 Ng1 Nb8")); // still every entry's pawns and rights
    CHECK(done_after(c, "e4 e5 a4"));              // every entry has the a2 pawn
    CHECK(done_after(c, "d4"));                    // … and the d2 pawn
    CHECK(done_after(c, "e4 e5 Ke2"));             // … and white's castling rights
    CHECK(c.opening() != nullptr);                 // what was reached before stays
    CHECK(c.opening()->eco == "C20");
}

TEST_CASE("openings: stopping early never changes a classification", "[openings]") {
    const OpeningTable& table = bundled_table();
    const auto lines = bundled_lines();
    REQUIRE(lines.size() > 1000);
    std::mt19937 rng(20261206);
    int stopped = 0;
    for (int game = 0; game < 3000; ++game) {
        // A table line (or part of one), then random legal moves.
        const auto& line = lines[rng() % lines.size()];
        const std::size_t prefix = rng() % (line.size() + 1);
        chess::Position pos = chess::Position::startpos();
        OpeningClassifier c(table);
        c.begin(pos);
        const Opening* best = table.find(pos.repetition_key());
        int best_ply = 0, ply = 0;
        bool was_done = false;
        for (std::size_t i = 0; i < prefix + 60; ++i) {
            chess::Move m;
            if (i < prefix) {
                const chess::SanResolution r = chess::parse_and_resolve(pos, line[i], {}, false);
                REQUIRE(r.ok);
                m = r.move;
            } else {
                const chess::MoveList moves = chess::legal_moves(pos);
                if (moves.empty()) break;
                m = moves[rng() % moves.size()];
            }
            pos.play(m);
            ++ply;
            c.after_move(pos);
            was_done = was_done || c.done();
            // The reference: every position looked up, the deepest (the later of equals) kept.
            if (const Opening* o = table.find(pos.repetition_key());
                o && (!best || o->depth >= best->depth)) {
                best = o;
                best_ply = ply;
            }
        }
        stopped += was_done;
        REQUIRE(c.opening() == best);
        REQUIRE(c.ply() == best_ply);
    }
    CHECK(stopped > 1500); // the stop is taken in most games of 60 random moves
}
