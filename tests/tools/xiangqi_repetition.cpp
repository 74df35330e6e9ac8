// xiangqi_repetition: the repetition rules (include/pgnkit/xiangqi/repetition.hpp) over
// xiangqi games replayed by xiangqi::GameReplayer: one line per finding, then the count of
// each kind, of games reaching 100 plies without a capture, and of verdicts against the games'
// results; or, with --bench PASSES, the games' main lines judged PASSES times, timed in CPU
// seconds (one thread, the replay not counted), for the judge's speed. Text between games
// that is not PGN is skipped.
//
//   xiangqi_repetition FILE...                one line per finding, then the summary
//   xiangqi_repetition --bench PASSES FILE... the summary and the plies per second
//
// Exit status: 0, or 2 on a usage or I/O error.

#include "pgnkit/io/input.hpp"
#include "pgnkit/pgn/splitter.hpp"
#include "pgnkit/run/not_pgn.hpp"
#include "pgnkit/xiangqi/game_replay.hpp"
#include "pgnkit/xiangqi/repetition.hpp"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <string>
#include <vector>

using namespace pgnkit;
using namespace pgnkit::xiangqi;

namespace {

struct Game {
    Position start;
    std::vector<Move> moves;
    std::string result;
    std::string where; ///< "FILE game N"
};

/// What the result tag says of a side: "1-0" Red won, "0-1" Black won, "1/2-1/2" a draw.
std::string expected_result(const std::optional<Color>& loser) {
    if (!loser) return "1/2-1/2";
    return *loser == Color::Red ? "0-1" : "1-0";
}

} // namespace

int main(int argc, char** argv) {
    long passes = 0;
    int first = 1;
    if (argc > 2 && std::string(argv[1]) == "--bench") {
        passes = std::strtol(argv[2], nullptr, 10);
        first = 3;
    }
    if (first >= argc || (first == 3 && passes <= 0)) {
        std::fprintf(stderr, "usage: xiangqi_repetition [--bench PASSES] FILE...\n");
        return 2;
    }
    try {
        std::vector<Game> games;
        for (int i = first; i < argc; ++i) {
            auto members = open_input(argv[i]);
            std::string member;
            while (auto src = members->next(member)) {
                GameSplitter splitter(*src);
                GameReplayer replayer;
                GameSpan span;
                std::size_t n = 0;
                while (splitter.next(span)) {
                    if (app::is_text_between_games(span, n != 0)) continue;
                    const ReplayedGame& g = replayer.replay(span);
                    ++n;
                    Game game{
                        g.start, {}, g.result, std::string(argv[i]) + " game " + std::to_string(n)};
                    for (const PlayedMove& m : g.moves) game.moves.push_back(m.move);
                    games.push_back(std::move(game));
                }
            }
        }

        std::size_t plies = 0, by_kind[4] = {}, fifty = 0, verdicts = 0, agree = 0;
        const std::clock_t start = std::clock();
        RepetitionJudge judge;
        for (long pass = 0; pass < (passes ? passes : 1); ++pass) {
            for (const Game& g : games) {
                const RepetitionReport& r = judge.judge(g.start, g.moves);
                plies += g.moves.size();
                if (pass) continue;
                fifty += r.fifty_moves_ply.has_value();
                for (const RepetitionFinding& f : r.findings) {
                    ++by_kind[static_cast<int>(f.kind)];
                    if (passes) continue;
                    std::printf("%s: %s by %s, plies %d %d %d", g.where.c_str(),
                                repetition_name(f.kind), f.offender == Color::Red ? "Red" : "Black",
                                f.plies[0], f.plies[1], f.plies[2]);
                    if (f.chased != NoSquare)
                        std::printf(", chased %s", square_name(f.chased).c_str());
                    std::printf("; result %s of %zu plies\n",
                                g.result.empty() ? "none" : g.result.c_str(), g.moves.size());
                }
                if (r.verdict) {
                    ++verdicts;
                    agree += g.result == expected_result(*r.verdict);
                }
            }
        }
        const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
        std::printf("%zu games, %zu plies; threefold %zu, perpetual check %zu, mutual perpetual "
                    "check %zu, perpetual chase %zu; 100 plies without a capture %zu; verdicts "
                    "%zu, agreeing with the result %zu",
                    games.size(), plies / (passes ? passes : 1), by_kind[0], by_kind[1], by_kind[2],
                    by_kind[3], fifty, verdicts, agree);
        if (passes)
            std::printf("; %zu plies judged in %.3f s of CPU: %.2f M plies/s", plies, seconds,
                        plies / seconds / 1e6);
        std::printf("\n");
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "xiangqi_repetition: %s\n", e.what());
        return 2;
    }
}
