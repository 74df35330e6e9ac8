#include "pgnkit/cmd/stats/stats.hpp"
#include "pgnkit/check/validator.hpp"
#include "pgnkit/io/byte_source.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>

#include <string>
#include <vector>

using namespace pgnkit;
using namespace pgnkit::app;

namespace {

/// Games with one of each thing the tables count.
const std::vector<std::string> sample_games = {
    // Scholar's mate: checkmate by White, clocks and evals.
    "[Event \"Club\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n"
    "[WhiteElo \"1600\"]\n[BlackElo \"1400\"]\n[ECO \"C20\"]\n[TimeControl \"60+1\"]\n"
    "[Date \"2024.03.01\"]\n[Round \"1\"]\n[Termination \"Normal\"]\n\n"
    "1. e4 { [%eval 0.2] [%clk 0:01:00] } e5 { [%eval 0.3] [%clk 0:01:00] } "
    "2. Bc4 { [%eval 0.2] [%clk 0:00:58] } Nc6 { [%eval 0.2] [%clk 0:00:59] } "
    "3. Qh5 { [%eval 0.0] [%clk 0:00:55] } Nf6 { [%eval 9.5] [%clk 0:00:50] } "
    "4. Qxf7# { [%eval #0] [%clk 0:00:54] } 1-0\n",
    // Fool's mate: checkmate by Black.
    "[Event \"Club\"]\n[White \"bob\"]\n[Black \"Alice\"]\n[Result \"0-1\"]\n"
    "[WhiteElo \"1400\"]\n[BlackElo \"1600\"]\n[Date \"2024.04.02\"]\n[Round \"2\"]\n\n"
    "1. f3 e5 2. g4 Qh4# 0-1\n",
    // En passant, castling both sides, an under-promotion; a draw by agreement.
    "[Event \"Open\"]\n[White \"Carol\"]\n[Black \"Dave\"]\n[Result \"1/2-1/2\"]\n"
    "[WhiteElo \"2000\"]\n[Date \"2023.??.??\"]\n\n"
    "1. e4 Nf6 2. e5 d5 3. exd6 Qxd6 4. Nf3 Be6 5. Be2 Nc6 6. O-O O-O-O 1/2-1/2\n",
    "[Event \"Open\"]\n[White \"Dave\"]\n[Black \"Carol\"]\n[Result \"1-0\"]\n"
    "[SetUp \"1\"]\n[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8=R 1-0\n",
    // Stalemate.
    "[Event \"Open\"]\n[White \"Eve\"]\n[Black \"Carol\"]\n[Result \"1/2-1/2\"]\n"
    "[SetUp \"1\"]\n[FEN \"7k/4Q3/6K1/8/8/8/8/8 w - - 0 1\"]\n\n1. Qf7 1/2-1/2\n",
    // An invalid game (illegal move), no Event tag.
    "[White \"Alice\"]\n[Black \"Eve\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n",
    // A variation (not counted in move facts) and a comment.
    "[Event \"Club\"]\n[White \"A.L.I.C.E\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n\n"
    "1. d4 (1. e4 e5) d5 { fine } 2. c4 0-1\n",
};

std::string join(std::size_t from, std::size_t to) {
    std::string s;
    for (std::size_t i = from; i < to; ++i) s.append(sample_games[i]).append("\n");
    return s;
}

std::string json_of(const StatsGroups& g) {
    StatsView v;
    v.format = StatsView::Format::Json;
    v.top = 0;
    return render_stats(g, v);
}

/// A merge through the JSON form, as `pgnkit merge` does it.
StatsGroups through_json(const StatsGroups& g, const StatsLimits& l = {}) {
    return raw_from_json(json_of(g), l);
}

const Table& table(const std::vector<Table>& ts, std::string_view name) {
    for (const auto& t : ts)
        if (t.name == name) return t;
    FAIL("no table " << name);
    return ts.front();
}

std::string cell(const Table& t, std::string_view row, std::size_t col) {
    for (const auto& r : t.rows)
        if (r[0].text == row) return r[col].text;
    return "(no row)";
}

std::string read_all(const std::string& path) {
    auto src = open_source(path);
    std::string s;
    char buf[1 << 16];
    while (std::size_t n = src->read(buf, sizeof buf)) s.append(buf, n);
    return s;
}

/// Game start offsets in a PGN text (at a line that starts a tag section after a blank).
std::vector<std::size_t> game_starts(const std::string& s) {
    std::vector<std::size_t> out{0};
    for (std::size_t p = s.find("\n\n["); p != std::string::npos; p = s.find("\n\n[", p + 1)) {
        // A tag section follows movetext: the line before the blank is not a tag line.
        std::size_t line = s.rfind('\n', p - 1);
        line = line == std::string::npos ? 0 : line + 1;
        if (s[line] != '[') out.push_back(p + 2);
    }
    return out;
}

} // namespace

TEST_CASE("stats: merging the two parts of every split equals one run over all games", "[stats]") {
    for (const std::string by : {"", "Event"}) {
        std::string whole = json_of(collect_stats(join(0, sample_games.size()), by));
        for (std::size_t k = 0; k <= sample_games.size(); ++k) {
            StatsGroups a = collect_stats(join(0, k), by);
            StatsGroups b = collect_stats(join(k, sample_games.size()), by);
            StatsGroups m = through_json(a);
            m.merge(through_json(b));
            INFO("by '" << by << "', split at " << k);
            CHECK(json_of(m) == whole);
        }
    }
}

TEST_CASE("stats: merge order does not matter (three parts, every order)", "[stats]") {
    std::string whole = json_of(collect_stats(join(0, sample_games.size())));
    std::vector<StatsGroups> parts;
    parts.push_back(collect_stats(join(0, 2)));
    parts.push_back(collect_stats(join(2, 5)));
    parts.push_back(collect_stats(join(5, sample_games.size())));
    int order[] = {0, 1, 2};
    do {
        StatsGroups m;
        for (int i : order) m.merge(parts[std::size_t(i)]);
        CHECK(json_of(m) == whole);
    } while (std::next_permutation(std::begin(order), std::end(order)));
}

TEST_CASE("stats: a real file cut into shards and merged gives the single run's JSON", "[stats]") {
    std::string text =
        read_all(std::string(PGNKIT_TEST_DIR) + "/data/pgn/real/lichess/lichess_db_1000k.pgn.zst");
    std::vector<std::size_t> starts = game_starts(text);
    REQUIRE(starts.size() > 100);
    std::string whole = json_of(collect_stats(text));
    for (std::size_t shards : {2u, 3u, 7u}) {
        StatsGroups m;
        for (std::size_t i = 0; i < shards; ++i) {
            std::size_t b = starts[starts.size() * i / shards];
            std::size_t e =
                i + 1 == shards ? text.size() : starts[starts.size() * (i + 1) / shards];
            m.merge(through_json(collect_stats(std::string_view(text).substr(b, e - b))));
        }
        INFO(shards << " shards");
        CHECK(json_of(m) == whole);
    }
}

TEST_CASE("stats: results, endings, move facts and openings of the sample", "[stats]") {
    StatsGroups g = collect_stats(join(0, sample_games.size()));
    const StatsAggregate& a = g.all;
    CHECK(a.games[0] == 6);
    CHECK(a.games[1] == 1);
    CHECK(a.results[std::size_t(ResultKind::WhiteWin)] == 2);
    CHECK(a.results[std::size_t(ResultKind::BlackWin)] == 2);
    CHECK(a.results[std::size_t(ResultKind::Draw)] == 2);
    CHECK(a.results[std::size_t(ResultKind::Unfinished)] == 1);
    CHECK(a.endings[1] == 2); // checkmates
    CHECK(a.endings[2] == 1); // stalemate
    CHECK(a.facts_white[std::size_t(MoveFact::EnPassant)] == 1);
    CHECK(a.facts_white[std::size_t(MoveFact::CastleKing)] == 1);
    CHECK(a.facts_black[std::size_t(MoveFact::CastleQueen)] == 1);
    CHECK(a.facts_white[std::size_t(MoveFact::PromoteRook)] == 1);
    CHECK(a.facts_white[std::size_t(MoveFact::Mates)] == 1);
    CHECK(a.facts_black[std::size_t(MoveFact::Mates)] == 1);
    // Variation moves are not counted: the last game's main line is d4 d5 c4.
    StatsGroups last = collect_stats(join(6, 7));
    CHECK(last.all.facts_white[std::size_t(MoveFact::Moves)] == 2);
    CHECK(last.all.facts_black[std::size_t(MoveFact::Moves)] == 1);

    auto ts = build_tables(a, {});
    CHECK(cell(table(ts, "first-moves"), "e4", 1) == "3"); // the FEN games have none
    CHECK(cell(table(ts, "first-two-moves"), "e4 e5", 1) == "2");
    CHECK(cell(table(ts, "eco"), "C20", 1) == "1");
    CHECK(cell(table(ts, "events"), "Club", 1) == "3");
    CHECK(cell(table(ts, "termination"), "Normal", 1) == "1");
    CHECK(cell(table(ts, "dates"), "2024", 1) == "2");
    CHECK(cell(table(ts, "dates"), "2023", 1) == "1");
    CHECK(cell(table(ts, "summary"), "games", 3) == "7");
}

TEST_CASE("stats: checks and mates however the check is written, variations apart", "[stats]") {
    // The replay decides whether a check is mate only when the line's next move (or its end)
    // shows it: a mate written '+' or without a suffix is still a mate, a check answered is
    // not one, and moves of variations count for nothing.
    const std::string head = "[Event \"e\"]\n[White \"w\"]\n[Black \"b\"]\n";
    const std::string text =
        head + "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4+ 0-1\n\n" + head +
        "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4 0-1\n\n" + head +
        "[Result \"*\"]\n\n1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6 *\n\n" + head +
        "[Result \"*\"]\n\n1. e4 f5 (1... e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+) 2. Qh5+ *\n\n" + head +
        "[Result \"*\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Qxf7+ (3. Bc4 Nf6) Kxf7 *\n";
    const StatsAggregate a = collect_stats(text).all;
    CHECK(a.games[0] == 5);
    CHECK(a.endings[std::size_t(LineEnd::Checkmate)] == 2);
    CHECK(a.facts_black[std::size_t(MoveFact::Mates)] == 2);
    CHECK(a.facts_white[std::size_t(MoveFact::Mates)] == 0);
    CHECK(a.facts_black[std::size_t(MoveFact::Checks)] == 2);
    CHECK(a.facts_white[std::size_t(MoveFact::Checks)] == 4);
    CHECK(a.facts_white[std::size_t(MoveFact::Captures)] == 2);
    CHECK(a.facts_black[std::size_t(MoveFact::Captures)] == 2);
    CHECK(a.facts_white[std::size_t(MoveFact::Moves)] == 2 + 2 + 3 + 2 + 3);
    CHECK(a.facts_black[std::size_t(MoveFact::Moves)] == 2 + 2 + 3 + 1 + 3);
}

TEST_CASE("stats: players, performance and name variants", "[stats]") {
    auto ts = build_tables(collect_stats(join(0, 2)).all, {});
    const Table& p = table(ts, "players");
    // Alice beat Bob (1400) with White and bob (1400) with Black: 2/2 against 1400.
    CHECK(cell(p, "Alice", 1) == "2");
    CHECK(cell(p, "Alice", 7) == "2");
    CHECK(cell(p, "Alice", 10) == "1400");
    CHECK(cell(p, "Alice", 11) == "1800"); // 1400 + 400·(2−0)/2
    const Table& v = table(ts, "name-variants");
    REQUIRE(v.rows.size() == 1);
    CHECK(v.rows[0][0].text == "Bob | bob");
}

TEST_CASE("stats: expected score follows FIDE's logistic formula", "[stats]") {
    // Two games at D = +200: E = 1/(1+10^(-0.5)) = 0.7597.
    std::string pgn;
    for (int i = 0; i < 2; ++i)
        pgn += "[White \"A\"]\n[Black \"B\"]\n[WhiteElo \"1800\"]\n[BlackElo \"1600\"]\n"
               "[Result \"1-0\"]\n\n1. e4 1-0\n\n";
    auto ts = build_tables(collect_stats(pgn).all, {});
    const Table& t = table(ts, "expected-score");
    REQUIRE(t.rows.size() == 1);
    CHECK(t.rows[0][0].text == "+175..+224");
    CHECK(t.rows[0][2].text == "76.0");
    CHECK(t.rows[0][3].text == "100.0");
}

TEST_CASE("stats: clock use and eval swings from %clk and %eval commands", "[stats]") {
    const StatsAggregate a = collect_stats(join(0, 1)).all;
    CHECK(a.clock_games == 1);
    CHECK(a.clock_moves == 7);
    // White: 60→60 (+1 inc) = 1, 60→58 = 3, 58→55 = 4, 55→54 = 2; Black: 0+1, 1+1, 9+1.
    CHECK(a.clock_spent_cs == (1 + 3 + 4 + 2 + 1 + 2 + 10) * 100);
    CHECK(a.eval_games == 1);
    CHECK(a.eval_moves == 6);
    CHECK(a.swings[5] == 1); // Nf6?? lost 950 (0.0 → 9.5): the 500-999 bin
    CHECK(a.swings[0] == 5);
}

TEST_CASE("stats: bounded tables are exact under the limit and approximate above", "[stats]") {
    BoundedMap<Count> m(8, {});
    for (int i = 0; i < 8; ++i)
        for (int k = 0; k <= i; ++k) ++m.at(fmt::format("k{}", i)).n;
    CHECK(m.exact());
    CHECK(m.size() == 8);
    // Many light keys: the heavy ones survive, the table stays bounded, and every kept count
    // is at most error() below the truth.
    for (int i = 0; i < 1000; ++i) ++m.at(fmt::format("light{}", i)).n;
    CHECK_FALSE(m.exact());
    CHECK(m.size() <= 8);
    auto top = m.top(1);
    REQUIRE(top.size() == 1);
    CHECK(*top[0].first == "k7");
    CHECK(top[0].second->n == 8);
    for (auto [k, v] : m.by_key()) {
        if (k->rfind("light", 0) == 0) CHECK(v->n + m.error() >= 1);
    }
    // The output says so.
    StatsLimits l;
    l.players = 4;
    StatsGroups g = collect_stats(join(0, sample_games.size()), "", l);
    CHECK_FALSE(g.all.players.exact());
    auto ts = build_tables(g.all, {});
    REQUIRE_FALSE(table(ts, "players").notes.empty());
    CHECK(table(ts, "players").notes.back().find("approximate") != std::string::npos);
}

TEST_CASE("stats: merge refuses stats grouped by different tags", "[stats]") {
    StatsGroups a = collect_stats(join(0, 2), "Event");
    StatsGroups b = collect_stats(join(0, 2), "");
    CHECK_THROWS(a.merge(b));
    CHECK_THROWS(raw_from_json("{\"tables\":[]}", {}));
    CHECK_THROWS(raw_from_json("{\"raw\":{\"version\":1,\"by\":\"\",\"all\":{}}}", {}));
}

TEST_CASE("stats: --by groups every table by the tag's value", "[stats]") {
    StatsGroups g = collect_stats(join(0, sample_games.size()), "Event");
    REQUIRE(g.groups.size() == 3); // Club, Open, (no tag)
    auto top = g.groups.top(0);
    CHECK(*top[0].first == "Club");
    CHECK(top[0].second->total_games() == 3);
    StatsView v;
    v.format = StatsView::Format::Csv;
    v.tables = {"results"};
    std::string csv = render_stats(g, v);
    CHECK(csv.rfind("Event,result,games,%\nClub,1-0,1,33.3\n", 0) == 0);
}

TEST_CASE("stats: histograms keep their empty bins and the years without games", "[stats]") {
    const std::string pgn =
        "[White \"A\"]\n[Black \"B\"]\n[WhiteElo \"1950\"]\n[BlackElo \"2650\"]\n"
        "[Date \"2019.05.01\"]\n[Result \"*\"]\n\n1. e4 *\n\n"
        "[White \"A\"]\n[Black \"B\"]\n[Date \"2022.01.??\"]\n[Result \"*\"]\n\n1. e4 *\n\n"
        "[White \"A\"]\n[Black \"B\"]\n[Date \"????.??.??\"]\n[Result \"*\"]\n\n1. e4 *\n\n";
    StatsGroups g = collect_stats(pgn);
    // Printed tables list the years with games; the HTML chart's view fills the gaps.
    const auto printed_tables = build_tables(g.all, {});
    const Table& printed = table(printed_tables, "dates");
    REQUIRE(printed.rows.size() == 3);
    CHECK(printed.rows[1][0].text == "2022");
    StatsView chart;
    chart.fill_date_gaps = true;
    auto ts = build_tables(g.all, chart);
    const Table& r = table(ts, "ratings");
    REQUIRE(r.rows.size() == 8); // 1900-1999 … 2600-2699
    CHECK(r.rows.front()[0].text == "1900-1999");
    CHECK(r.rows.back()[0].text == "2600-2699");
    CHECK(cell(r, "2300-2399", 1) == "0");
    CHECK(cell(r, "2300-2399", 2) == "0");
    const Table& d = table(ts, "dates");
    REQUIRE(d.rows.size() == 5);
    CHECK(d.rows[0][0].text == "2019");
    CHECK(cell(d, "2020", 1) == "0");
    CHECK(cell(d, "2021", 1) == "0");
    CHECK(d.rows[4][0].text == "????");
    StatsView months = chart;
    months.by_month = true;
    const auto month_tables = build_tables(g.all, months);
    const Table& m = table(month_tables, "dates");
    CHECK(m.rows.size() == 2 + 31 + 1); // 2019.05 … 2022.01 and ????.??
    CHECK(cell(m, "2020.02", 1) == "0");
    CHECK(m.notes.empty());
    // A bogus year would make thousands of rows: not filled, and the note says so.
    StatsGroups bogus = collect_stats(pgn + "[Date \"0001.01.01\"]\n[Result \"*\"]\n\n1. e4 *\n");
    const auto bogus_tables = build_tables(bogus.all, chart);
    const Table& b = table(bogus_tables, "dates");
    CHECK(b.rows.size() == 4);
    REQUIRE(b.notes.size() == 1);
    CHECK(b.notes[0] == "years without games are not listed: 0001 to 2022 is more than 600");
}

TEST_CASE("stats: an empty table says no data, not a bare header", "[stats]") {
    StatsGroups g = collect_stats("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n");
    StatsView v;
    v.tables = {"ratings", "results"};
    std::string out = render_stats(g, v);
    CHECK(out.find("## ratings — Elo (WhiteElo / BlackElo tags)\nno data\n\n") !=
          std::string::npos);
    CHECK(out.find("elo") == std::string::npos); // no header of the ratings table
    CHECK(out.find("result   games") != std::string::npos);
}
