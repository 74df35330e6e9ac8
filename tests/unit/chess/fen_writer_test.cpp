#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/fen_writer.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/cmd/perft/perft_suite.hpp"

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

namespace {
std::string on_line(FenWriter& w, const Position& p, const FenFormat& f = {}) {
    char buf[128];
    char* e = w.write_line(p, buf, f);
    return std::string(buf, e);
}

/// Random games from `start`, written by line mode (told of every move) in every ep mode.
void check_line_mode(const Position& start, std::uint32_t seed, int games) {
    std::mt19937 rng(seed);
    FenWriter w;
    const FenFormat formats[] = {{EpMode::Legal, CastlingStyle::XFen, false},
                                 {EpMode::Pseudo, CastlingStyle::XFen, true},
                                 {EpMode::Always, CastlingStyle::Shredder, false}};
    for (int game = 0; game < games; ++game) {
        Position p = start;
        w.start_line(p);
        for (int ply = 0; ply < 200; ++ply) {
            const FenFormat& f = formats[std::size_t(ply) % 3];
            REQUIRE(on_line(w, p, f) == format_fen(p, f));
            MoveList moves = legal_moves(p);
            if (moves.empty()) break;
            const Position before = p;
            const Move m = moves[rng() % moves.size()];
            p.play(m);
            w.moved(before, m, p);
        }
    }
}
} // namespace

TEST_CASE("fen writer: line mode (told of each move) equals write_fen along random games",
          "[fen]") {
    check_line_mode(Position::startpos(), 777, 300);
}

TEST_CASE("fen writer: line mode equals write_fen in Chess960 games with castling rights",
          "[fen]") {
    // Castling with the rook on another rank than the king's target, and Shredder letters.
    for (const char* fen : {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                            "rk2r3/8/8/8/8/8/8/RK2R3 w AEae - 0 1"}) {
        auto parsed = parse_fen(fen, FenParseOptions{false, true});
        REQUIRE(parsed.ok());
        check_line_mode(parsed->position, 4242, 40);
    }
}

TEST_CASE("fen writer: a move that does not follow the line redoes every rank", "[fen]") {
    FenWriter w;
    Position a = Position::startpos();
    w.start_line(a);
    on_line(w, a);
    // A move from a position that is not the line's last: the writer cannot trust its ranks.
    Position other = parse_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")->position;
    const Position before = other;
    MoveList moves = legal_moves(other);
    other.play(moves[0]);
    w.moved(before, moves[0], other);
    CHECK(on_line(w, other) == format_fen(other));
}

TEST_CASE("fen writer: write() and line mode mixed on one writer stay right", "[fen]") {
    std::mt19937 rng(99);
    FenWriter w;
    Position p = Position::startpos();
    w.start_line(p);
    for (int ply = 0; ply < 120; ++ply) {
        // Line mode, write(), and reset() in turn: each must not trust the other's ranks.
        if (ply % 3 == 0)
            REQUIRE(on_line(w, p) == format_fen(p));
        else
            REQUIRE(with_writer(w, p) == format_fen(p));
        if (ply % 17 == 0) w.reset();
        MoveList moves = legal_moves(p);
        if (moves.empty()) break;
        const Position before = p;
        const Move m = moves[rng() % moves.size()];
        p.play(m);
        w.moved(before, m, p);
    }
}

TEST_CASE("fen writer: fields4_length() is the length of the four EPD fields", "[fen]") {
    FenWriter w;
    const Position p = Position::startpos();
    char buf[128];
    char* e = w.write(p, buf);
    const std::string fen(buf, e);
    CHECK(w.fields4_length() == fen.size() - 4); // " 0 1"
    FenFormat epd;
    epd.clocks = false;
    CHECK(format_fen(p, epd) == fen.substr(0, w.fields4_length()));
}
