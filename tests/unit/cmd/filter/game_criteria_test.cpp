#include "pgnkit/cmd/filter/game_criteria.hpp"
#include "pgnkit/cmd/filter/game_tags.hpp"

#include "replay_games.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace pgnkit;
using namespace pgnkit::app;
using pgnkit::test::for_each_game;

namespace {

/// The tag pairs of each game of `pgn`, as GameTags reads them (name=value lines).
std::vector<std::vector<std::string>> tags_of(const std::string& pgn) {
    std::vector<std::vector<std::string>> out;
    MemorySource src(pgn);
    GameTags tags;
    for_each_game(src, [&](const GameSpan& span, PgnReader&) {
        tags.read(span);
        auto& game = out.emplace_back();
        for (const TagPair& t : tags.all())
            game.push_back(std::string(t.name) + "=" + std::string(t.value));
    });
    return out;
}

/// A selection's verdict on a game with `pgn`'s tags.
bool selects(const Selection& sel, const std::string& pgn, std::uint64_t in_file = 1) {
    MemorySource src(pgn);
    GameTags tags;
    bool verdict = false;
    std::string scratch;
    const std::string file = "f.pgn";
    for_each_game(src, [&](const GameSpan& span, PgnReader&) {
        tags.read(span);
        GameView view;
        view.file = &file;
        view.number = view.in_file = in_file;
        view.tags = &tags;
        view.scratch = &scratch;
        verdict = sel.decide(view, Need::Tags) == 1;
    });
    return verdict;
}

const std::string game =
    "[Event \"Open\"]\n[White \"Carlsen, Magnus\"]\n[Black \"Caruana, Fabiano\"]\n"
    "[Result \"1-0\"]\n[WhiteElo \"2830\"]\n[BlackElo \"2790\"]\n[Date \"2024.??.??\"]\n\n"
    "1. e4 e5 1-0\n";

} // namespace

TEST_CASE("filter tags: marked lines, escapes, several tags on a line, escape lines", "[filter]") {
    const auto games = tags_of("% a comment line\n[Event \"a \\\"b\\\" c\"]  [Site \"x\"]\n"
                               "[White \"W\"]\n[ Black  \"B\" ]\n\n1. e4 *\n\n"
                               "[Event \"second\"]\n[Result \"*\"]\n\n*\n");
    REQUIRE(games.size() == 2);
    CHECK(games[0] == std::vector<std::string>{"Event=a \"b\" c", "Site=x", "White=W", "Black=B"});
    CHECK(games[1] == std::vector<std::string>{"Event=second", "Result=*"});
}

TEST_CASE("filter tags: an unescaped value stays whole while later ones are unescaped",
          "[filter]") {
    const auto games =
        tags_of("[A \"1\\\\\"]\n[B \"2\\\"\"]\n[C \"3\\\\x\"]\n[D \"4\\\"y\"]\n\n*\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0] == std::vector<std::string>{"A=1\\", "B=2\"", "C=3\\x", "D=4\"y"});
}

TEST_CASE("filter criteria: all must hold, or any with --any", "[filter]") {
    Selection all;
    all.add(name_criterion({"White", "Black"}, {NameQuery("caruana", NameMatch::Folded)}));
    all.add(result_criterion({"0-1"}));
    CHECK_FALSE(selects(all, game));
    Selection any = all;
    any.set_any(true);
    CHECK(selects(any, game));
    Selection none;
    CHECK(selects(none, game)); // no criterion: every game
}

TEST_CASE("filter criteria: Red stands for White in a game without White (xiangqi)", "[filter]") {
    const std::string xiangqi = "[Game \"Chinese Chess\"]\n[Red \"Hu Ronghua\"]\n"
                                "[Black \"Yang Guanlin\"]\n[Result \"1-0\"]\n\n1-0\n";
    const auto player = [](std::vector<std::string> tags, const char* q) {
        Selection s;
        s.add(name_criterion(std::move(tags), {NameQuery(q, NameMatch::Folded)}));
        return s;
    };
    CHECK(selects(player({"White", "Black"}, "hu ronghua"), xiangqi));
    CHECK(selects(player({"White"}, "Hu Ronghua"), xiangqi));
    CHECK_FALSE(selects(player({"Black"}, "Hu Ronghua"), xiangqi));
    CHECK(selects(player({"Black"}, "Yang Guanlin"), xiangqi));
    // A game with White is read for White alone.
    CHECK_FALSE(
        selects(player({"White"}, "Red Player"), "[White \"W\"]\n[Red \"Red Player\"]\n\n*\n"));
}

TEST_CASE("filter criteria: ratings, dates with unknown parts, tag tests", "[filter]") {
    const auto one = [](CriterionPtr c) {
        Selection s;
        s.add(std::move(c));
        return s;
    };
    CHECK(selects(one(elo_criterion(EloOf::Both, {parse_number_range("2790..")})), game));
    CHECK_FALSE(selects(one(elo_criterion(EloOf::Both, {parse_number_range("2800..")})), game));
    CHECK(selects(one(elo_criterion(EloOf::Difference, {parse_number_range("40")})), game));
    CHECK(selects(one(elo_criterion(EloOf::Average, {parse_number_range("2810")})), game));
    CHECK(selects(one(date_criterion({filter::parse_date_range("2024")})), game));
    CHECK_FALSE(selects(one(date_criterion({filter::parse_date_range("2024.03..")})), game));
    CHECK(selects(one(tag_test_criterion({parse_tag_test("WhiteElo>2800")})), game));
    CHECK_FALSE(selects(one(tag_test_criterion({parse_tag_test("WhiteElo<900")})), game));
    CHECK(selects(one(tag_test_criterion({parse_tag_test("Date<2025")})), game));
    CHECK_FALSE(selects(one(tag_test_criterion({parse_tag_test("Date>=2024.06")})), game));
    CHECK(selects(one(tag_test_criterion({parse_tag_test("Round!=1")})), game)); // absent
    CHECK_FALSE(selects(one(tag_test_criterion({parse_tag_test("Round=1")})), game));
    CHECK(selects(one(tag_test_criterion({parse_tag_test("Event~^Op")})), game));
    CHECK(selects(one(has_tag_criterion({"Date"}, true)), game));
    CHECK(selects(one(has_tag_criterion({"ECO"}, false)), game));
    CHECK(selects(one(variant_criterion({"Standard"})), game));
}

TEST_CASE("filter criteria: --sample draws the same games for the same seed", "[filter]") {
    int kept = 0;
    for (std::uint64_t n = 1; n <= 10000; ++n) {
        const double d = sample_draw(7, "a.pgn", n);
        CHECK(d == sample_draw(7, "a.pgn", n));
        kept += d < 0.25;
    }
    CHECK(kept > 2300);
    CHECK(kept < 2700);
    CHECK(sample_draw(7, "a.pgn", 1) != sample_draw(8, "a.pgn", 1));
    CHECK(sample_draw(7, "a.pgn", 1) != sample_draw(7, "b.pgn", 1));
}

TEST_CASE("filter criteria: --games and the window of --skip/--first", "[filter]") {
    Selection numbers;
    numbers.add(games_criterion(parse_game_numbers("2,4-5")));
    CHECK_FALSE(selects(numbers, game, 1));
    CHECK(selects(numbers, game, 2));
    CHECK(selects(numbers, game, 5));
    Selection window;
    window.add(window_criterion(10, 5));
    CHECK_FALSE(selects(window, game, 10));
    CHECK(selects(window, game, 11));
    CHECK(selects(window, game, 15));
    CHECK_FALSE(selects(window, game, 16));
}
