// xiangqi_divide: xiangqi positions with our perft divide, for the differential check against
// Fairy-Stockfish (scripts/differential-xiangqi.sh).
//
//   xiangqi_divide [--depth D] [--fens FILE] [--games FILE [--ply-step K]]
//                  [--random N [--plies M] [--every K] [--seed S]]
//
// Positions (each option may be given more than once, taken in order):
//   --fens FILE   every FEN line of FILE (`#` lines and blank lines skipped, CR stripped)
//   --games FILE  the games of an ICCS database (moves like `h2e2`, tag lines skipped):
//                 each game replayed from the start, every K-th position printed (the start
//                 and the last too); a move that does not parse or is illegal is reported
//                 on stderr with its game and ply, and makes the exit status 1
//   --random N    N random playouts (uniform over the legal moves, xorshift64* from --seed,
//                 default 1) of up to M plies (default 150): every K-th position (default
//                 10) and the last (mate or stalemate when the playout ends early)
// Output per position, in UCI (Fairy-Stockfish's ranks 1–10), root moves sorted:
//   fen FEN
//   depth D
//   MOVE COUNT            (one per legal root move; perft divide to D, default 3)
//   total N

#include "pgnkit/xiangqi/coordinates.hpp"
#include "pgnkit/xiangqi/fen.hpp"
#include "pgnkit/xiangqi/movegen.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace pgnkit::xiangqi;

namespace {

int depth = 3;

void divide(const Position& pos) {
    std::vector<std::pair<std::string, std::uint64_t>> rows;
    std::uint64_t total = 0;
    for (Move m : legal_moves(pos)) {
        const std::uint64_t n = perft(pos.after(m), depth - 1);
        rows.emplace_back(format_coordinates(m, Coordinates::Uci), n);
        total += n;
    }
    std::sort(rows.begin(), rows.end());
    std::string out = "fen " + write_fen(pos) + "\ndepth " + std::to_string(depth) + "\n";
    for (const auto& [move, n] : rows) out += move + " " + std::to_string(n) + "\n";
    out += "total " + std::to_string(total) + "\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
}

int fens(const char* path) {
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "xiangqi_divide: cannot open %s\n", path);
        return 2;
    }
    std::string line;
    int bad = 0;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        auto parsed = parse_fen(line);
        if (!parsed) {
            std::fprintf(stderr, "xiangqi_divide: %s: %s: %s\n", path, line.c_str(),
                         parsed.error().to_string().c_str());
            bad = 1;
            continue;
        }
        divide(parsed->position);
    }
    return bad;
}

int games(const char* path, int step) {
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "xiangqi_divide: cannot open %s\n", path);
        return 2;
    }
    std::string line;
    int bad = 0, game = 0, ply = 0;
    long plies = 0;
    Position pos;
    bool in_game = false, broken = false;
    auto end_game = [&] {
        if (in_game && !broken && ply % step != 0) divide(pos);
        in_game = false;
    };
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty() && line[0] == '[') {
            end_game();
            continue;
        }
        std::istringstream words(line);
        std::string w;
        while (words >> w) {
            if (!in_game) {
                ++game;
                in_game = true;
                broken = false;
                ply = 0;
                pos = Position::startpos();
                divide(pos);
            }
            if (broken) continue;
            if (w.back() == '.' || w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*")
                continue; // move numbers and results
            auto m = parse_coordinates(pos, w, Coordinates::Iccs);
            if (!m) {
                std::fprintf(stderr, "xiangqi_divide: %s: game %d, ply %d: '%s': %s\n", path, game,
                             ply + 1, w.c_str(), m.error().message.c_str());
                bad = 1;
                broken = true;
                continue;
            }
            pos.play(*m);
            ++ply;
            ++plies;
            if (ply % step == 0) divide(pos);
        }
    }
    end_game();
    std::fprintf(stderr, "xiangqi_divide: %s: %d games, %ld plies replayed\n", path, game, plies);
    return bad;
}

std::uint64_t rng_state = 1;
std::uint64_t next_random() { // xorshift64* (Vigna 2016)
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

void random_playouts(int n, int max_plies, int every) {
    for (int g = 0; g < n; ++g) {
        Position pos = Position::startpos();
        int ply = 0;
        for (; ply < max_plies; ++ply) {
            const MoveList moves = legal_moves(pos);
            if (moves.empty()) break;
            pos.play(moves[next_random() % moves.size()]);
            if ((ply + 1) % every == 0) divide(pos);
        }
        if (ply % every != 0 || ply == 0) divide(pos);
    }
}

} // namespace

int main(int argc, char** argv) {
    int status = 0, ply_step = 1, plies = 150, every = 10;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
        if (!v) {
            std::fprintf(stderr, "xiangqi_divide: %s needs a value\n", a.c_str());
            return 2;
        }
        ++i;
        if (a == "--depth") {
            depth = std::atoi(v);
        } else if (a == "--ply-step") {
            ply_step = std::max(1, std::atoi(v));
        } else if (a == "--plies") {
            plies = std::atoi(v);
        } else if (a == "--every") {
            every = std::max(1, std::atoi(v));
        } else if (a == "--seed") {
            rng_state = std::strtoull(v, nullptr, 10) | 1;
        } else if (a == "--fens") {
            status = std::max(status, fens(v));
        } else if (a == "--games") {
            status = std::max(status, games(v, ply_step));
        } else if (a == "--random") {
            random_playouts(std::atoi(v), plies, every);
        } else {
            std::fprintf(stderr, "xiangqi_divide: unknown option %s\n", a.c_str());
            return 2;
        }
    }
    return status;
}
