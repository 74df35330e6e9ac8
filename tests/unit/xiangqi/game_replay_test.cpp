// Xiangqi games replayed from the reader's tokens (xiangqi/game_replay.hpp): every corpus game
// in its notation, through open_input() and the splitter as the commands read them, with the
// same moves as the plain reader of the notation tests; mixed notations, variations and each
// unplayed move located.
#include "pgnkit/io/input.hpp"
#include "pgnkit/pgn/splitter.hpp"
#include "pgnkit/run/not_pgn.hpp"
#include "pgnkit/xiangqi/fen.hpp"
#include "pgnkit/xiangqi/game_replay.hpp"

#include "xiangqi_games.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <functional>
#include <string>
#include <vector>

using namespace pgnkit;
using namespace pgnkit::xiangqi;

namespace {

/// Calls `each` with every game of the ByteSource `src`, replayed; text between games that is
/// not PGN (xqbase's signature after each game) is skipped, as the pipeline skips it.
void replay_all(ByteSource& src, const std::function<void(const ReplayedGame&)>& each) {
    GameSplitter splitter(src);
    GameReplayer replayer;
    GameSpan span;
    bool after_game = false;
    while (splitter.next(span)) {
        if (app::is_text_between_games(span, after_game)) continue;
        after_game = true;
        each(replayer.replay(span));
    }
}

void replay_file(const std::string& name, const std::function<void(const ReplayedGame&)>& each) {
    auto members = open_input(xiangqi_test::corpus_path(name));
    std::string member;
    auto src = members->next(member);
    REQUIRE(src);
    replay_all(*src, each);
}

/// The games of `text` replayed, and the texts of their main lines' moves.
std::vector<ReplayedGame> replay_text(const std::string& text,
                                      std::vector<std::vector<std::string>>* texts = nullptr) {
    MemorySource src(text);
    std::vector<ReplayedGame> out;
    replay_all(src, [&](const ReplayedGame& g) {
        out.push_back(g);
        if (!texts) return;
        texts->emplace_back();
        for (const PlayedMove& m : g.moves) texts->back().emplace_back(m.text);
    });
    return out;
}

} // namespace

TEST_CASE("xiangqi replay: every corpus game replays in its own notation") {
    struct File {
        std::string name;
        Notation notation;
        std::size_t games;
    };
    std::vector<File> files = {{"Hu_Ronghua_1391_UCI_games.pgn.zst", Notation::Iccs, 1391},
                               {"Liu_Dahua_1125_UCI_games.pgn.zst", Notation::Iccs, 1125},
                               {"xqdb-sample-uci.pgn", Notation::Iccs, 15},
                               {"xqdb-sample-wxf-fullwidth.pgn", Notation::Wxf, 15},
                               {"xqdb-sample-chinese.pgn", Notation::Chinese, 15},
                               {"wukongjs-maxqi-1.pgn", Notation::WinboardSan, 1},
                               {"wukongjs-maxqi-2.pgn", Notation::WinboardSan, 1},
                               {"wukongjs-maxqi-3.pgn", Notation::WinboardSan, 1},
                               {"eleeye-sample-handicap.pgn", Notation::Chinese, 1}};
    for (int n : {1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 19, 20, 21, 22, 23, 24})
        files.push_back(
            {fmt::format("eleeye-ccgc2006/ccgc2006-{:02}.pgn", n), Notation::Chinese, 1});
    std::size_t plies = 0;
    for (const File& f : files) {
        const std::string& name = f.name;
        INFO(name);
        const auto plain = xiangqi_test::corpus_games(name);
        std::size_t games = 0;
        replay_file(name, [&](const ReplayedGame& g) {
            INFO("game " << games + 1);
            CHECK(g.fen_error.empty());
            for (const UnplayedMove& u : g.unplayed)
                FAIL_CHECK(fmt::format("{}:{}: {} ({}): {}", u.at.line, u.at.column, u.text,
                                       notation_name(u.notation), u.error.message));
            CHECK(g.notations == notation_bit(f.notation));
            CHECK_FALSE(g.mixed_at);
            REQUIRE(games < plain.size());
            CHECK(g.moves.size() == plain[games].moves.size());
            plies += g.moves.size();
            ++games;
        });
        CHECK(games == f.games);
    }
    CHECK(plies > 170000);
}

TEST_CASE("xiangqi replay: mixed notations are read and the first change located") {
    std::vector<std::vector<std::string>> texts;
    const auto games =
        replay_text("[Event \"x\"]\n\n1. h2e2 马８进７ 2. H2+3 Rh9 3. Hbc2 *\n", &texts);
    REQUIRE(games.size() == 1);
    const ReplayedGame& g = games[0];
    CHECK(g.unplayed.empty());
    REQUIRE(g.moves.size() == 5);
    CHECK(g.first_notation == Notation::Iccs);
    CHECK(g.notations == (notation_bit(Notation::Iccs) | notation_bit(Notation::Chinese) |
                          notation_bit(Notation::Wxf) | notation_bit(Notation::WinboardSan)));
    REQUIRE(g.mixed_at);
    CHECK(g.mixed_at->line == 3);
    CHECK(g.mixed_at->column == 9);
    CHECK(g.moves[1].notation == Notation::Chinese);
    CHECK(texts[0] == std::vector<std::string>{"h2e2", "马８进７", "H2+3", "Rh9", "Hbc2"});
    CHECK(g.result == "*");
}

TEST_CASE("xiangqi replay: an illegal move is located, with the rule and the position") {
    const auto games = replay_text("[Event \"x\"]\n\n1. h2e2 h9g7\n2. e2e9 g9e7 *\n");
    REQUIRE(games.size() == 1);
    const ReplayedGame& g = games[0];
    REQUIRE(g.unplayed.size() == 1);
    const UnplayedMove& u = g.unplayed[0];
    CHECK(u.text == "e2e9");
    CHECK(u.at.line == 4);
    CHECK(u.at.column == 4);
    CHECK(u.ply == 3);
    CHECK(u.depth == 0);
    CHECK(u.notation == Notation::Iccs);
    CHECK(u.error.fault == MoveTextFault::Illegal);
    CHECK(u.error.verdict.fault == MoveFault::CannonScreen);
    CHECK(u.fen_before == "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
    CHECK(g.moves.size() == 2); // the rest of the line is not replayed
    CHECK(g.end == Position::startpos().after(g.moves[0].move).after(g.moves[1].move));
}

TEST_CASE("xiangqi replay: a move refused in the game's notation is not read in another") {
    // c4c5 moves no piece in ICCS (c4 is empty); read as UCI (ranks 1-10) it would be the
    // soldier's c3-c4, legal, and hide the mistake.
    const auto games = replay_text("[Event \"x\"]\n\n1. h2e2 h9g7 2. h0g2 b7b3 3. c4c5 *\n");
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].unplayed.size() == 1);
    CHECK(games[0].unplayed[0].text == "c4c5");
    CHECK(games[0].unplayed[0].notation == Notation::Iccs);
    CHECK(games[0].notations == notation_bit(Notation::Iccs));
}

TEST_CASE("xiangqi replay: variations replay from the position before the move they replace") {
    const auto games = replay_text(
        "[Event \"x\"]\n\n1. h2e2 (1. b2e2 h9g7 (1... b9c7 2. h0g2) 2. xyz) h9g7 2. h0g2 *\n");
    REQUIRE(games.size() == 1);
    const ReplayedGame& g = games[0];
    CHECK(g.moves.size() == 3);
    REQUIRE(g.unplayed.size() == 1);
    CHECK(g.unplayed[0].text == "xyz");
    CHECK(g.unplayed[0].depth == 1);
    CHECK(g.unplayed[0].ply == 3);
    CHECK(g.unplayed[0].error.fault == MoveTextFault::Syntax);
}

TEST_CASE("xiangqi replay: a game from its FEN tag, and a refused FEN") {
    auto games = replay_text("[Event \"x\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1\"]\n\n"
                             "1. Ae1d2 Ke9f9 2. 仕六退五 *\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0].unplayed.empty());
    CHECK(games[0].moves.size() == 3);
    CHECK(write_fen(games[0].end) == "5k3/9/9/9/9/9/9/9/4A4/3K5 b - - 3 2");
    games =
        replay_text("[Event \"x\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n\n1. e0d0 *\n");
    REQUIRE(games.size() == 1);
    CHECK_FALSE(games[0].fen_error.empty());
    CHECK(games[0].moves.empty());
}
