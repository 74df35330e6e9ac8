// xiangqi_replay: xiangqi games replayed by xiangqi::GameReplayer (include/pgnkit/xiangqi/
// game_replay.hpp), as a command will read them: every unplayed move located, the notations
// counted; or, with --bench MB, the inputs' text repeated to MB megabytes and replayed once,
// timed in CPU seconds (one thread), for the replay's speed. Text between games that is not PGN is
// skipped.
//
//   xiangqi_replay FILE...             one line per unplayed move, then a summary
//   xiangqi_replay --bench MB FILE...  the summary and the plies per second
//
// Exit status: 0 when every move was played, 1 when one was not, 2 on a usage or I/O error.

#include "pgnkit/io/input.hpp"
#include "pgnkit/pgn/splitter.hpp"
#include "pgnkit/run/not_pgn.hpp"
#include "pgnkit/xiangqi/game_replay.hpp"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <string>
#include <vector>

using namespace pgnkit;

int main(int argc, char** argv) {
    std::size_t bench_bytes = 0;
    int first = 1;
    if (argc > 2 && std::string(argv[1]) == "--bench") {
        bench_bytes = std::strtoull(argv[2], nullptr, 10) << 20;
        first = 3;
    }
    if (first >= argc) {
        std::fprintf(stderr, "usage: xiangqi_replay [--bench MB] FILE...\n");
        return 2;
    }
    try {
        std::string text;
        for (int i = first; i < argc; ++i) {
            auto members = open_input(argv[i]);
            std::string member;
            while (auto src = members->next(member)) {
                std::string buf(std::size_t{1} << 16, '\0');
                while (std::size_t n = src->read(buf.data(), buf.size()))
                    text.append(buf.data(), n);
                text += "\n\n";
            }
        }
        std::string input = text;
        while (input.size() < bench_bytes) input += text;
        // CPU time, not wall time: the machines this runs on are shared.
        const std::clock_t start = std::clock();
        MemorySource src(input, bench_bytes ? "<bench>" : argv[first]);
        GameSplitter splitter(src);
        xiangqi::GameReplayer replayer;
        GameSpan span;
        std::size_t games = 0, plies = 0, unplayed = 0;
        unsigned notations = 0;
        while (splitter.next(span)) {
            // Text between games (xqbase's signature) is skipped, as the pipeline skips it.
            if (app::is_text_between_games(span, games != 0)) continue;
            const xiangqi::ReplayedGame& g = replayer.replay(span);
            ++games;
            plies += g.moves.size();
            notations |= g.notations;
            for (const xiangqi::UnplayedMove& u : g.unplayed) {
                ++unplayed;
                if (!bench_bytes)
                    std::printf("%llu:%llu: game %zu ply %d: %s (%s): %s [%s]\n",
                                static_cast<unsigned long long>(u.at.line),
                                static_cast<unsigned long long>(u.at.column), games, u.ply,
                                u.text.c_str(),
                                std::string(xiangqi::notation_name(u.notation)).c_str(),
                                u.error.message.c_str(), u.fen_before.c_str());
            }
        }
        const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
        std::string used;
        for (auto n :
             {xiangqi::Notation::Iccs, xiangqi::Notation::Uci, xiangqi::Notation::WinboardSan,
              xiangqi::Notation::Wxf, xiangqi::Notation::Chinese})
            if (notations & xiangqi::notation_bit(n)) {
                if (!used.empty()) used += ',';
                used += xiangqi::notation_name(n);
            }
        std::printf("%zu games, %zu plies, %zu unplayed; notations: %s", games, plies, unplayed,
                    used.empty() ? "none" : used.c_str());
        if (bench_bytes)
            std::printf("; %.1f MB in %.3f s of CPU: %.2f M plies/s", input.size() / 1e6, seconds,
                        plies / seconds / 1e6);
        std::printf("\n");
        return unplayed == 0 ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "xiangqi_replay: %s\n", e.what());
        return 2;
    }
}
