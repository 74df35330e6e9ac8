#include "pgnkit/cmd/validate/html_report.hpp"

#include "pgnkit/cmd/stats/stats.hpp"
#include "pgnkit/cmd/validate/validate.hpp"
#include "pgnkit/check/validator.hpp"
#include "pgnkit/chess/fen.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace pgnkit;
using namespace pgnkit::app;
using namespace pgnkit::chess;

namespace {

std::size_t count(const std::string& hay, std::string_view needle) {
    std::size_t n = 0;
    for (std::size_t at = hay.find(needle); at != std::string::npos;
         at = hay.find(needle, at + needle.size()))
        ++n;
    return n;
}

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// A scratch directory removed at the end of the test.
struct TempDir {
    std::filesystem::path path;
    TempDir() {
        std::string tmpl = (std::filesystem::temp_directory_path() / "pgnkit-html-XXXXXX").string();
        REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
        path = tmpl;
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
};

Position pos_of(std::string_view fen) {
    auto p = parse_fen(fen);
    REQUIRE(p);
    return p.value().position;
}

/// Three games: a hostile player name, a Latin-1 name and an illegal move, an ambiguous move.
const std::string hostile_pgn =
    "[Event \"<b>Open</b>\"]\n[White \"<script>alert('x')</script>\"]\n[Black \"Bob & Co\"]\n"
    "[Round \"1\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf6 *\n\n"
    "[Event \"Club\"]\n[White \"M\xfcller\"]\n[Black \"Ann\"]\n[Round \"2\"]\n[Result \"*\"]\n\n"
    "1. d4 d5 2. Nf3 Nf6 3. Nd2 *\n\n"
    "[Event \"Club\"]\n[White \"C\"]\n[Black \"D\"]\n[Round \"3\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
    "[Event \"Club\"]\n[White \"E\"]\n[Black \"F\"]\n[Round \"4\"]\n[Result \"*\"]\n"
    "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/3r4/4K3 w - - 0 1\"]\n\n1. Kd1 *\n\n";

} // namespace

TEST_CASE("html: escaping makes markup inert and transcodes Latin-1", "[html]") {
    CHECK(html::escape("<script>alert('x')</script>") ==
          "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    CHECK(html::escape("a & \"b\"") == "a &amp; &quot;b&quot;");
    CHECK(html::escape("M\xfcller") == "M\xc3\xbcller");   // Latin-1 ü → UTF-8
    CHECK(html::escape("K\xc3\xb6nig") == "K\xc3\xb6nig"); // UTF-8 kept
    CHECK(html::escape(std::string_view("a\0b\x07", 4)) == "a\xEF\xBF\xBD"
                                                           "b\xEF\xBF\xBD");
    CHECK(html::escape("tab\there") == "tab\there");
}

TEST_CASE("html: a chart carries exactly the numbers it draws", "[html]") {
    html::Chart c;
    c.table = "results";
    c.title = "Results <1>";
    c.labels = {"1-0", "<draw>", "0-1"};
    c.series.push_back({"games", {"12", "0", "+3.5"}, "#123456", {}});
    std::string out = html::render_chart(c);
    CHECK(out.find("data-table=\"results\"") != std::string::npos);
    CHECK(out.find("data-values=\"[12,0,3.5]\"") != std::string::npos);
    CHECK(out.find("Results &lt;1&gt;") != std::string::npos);
    CHECK(out.find("<draw>") == std::string::npos);
    CHECK(count(out, "<rect") == 3);

    c.columns = true;
    c.series.push_back({"other", {"1", "", "2"}, "#654321", {}});
    out = html::render_chart(c);
    CHECK(out.find("data-values=\"[1,null,2]\"") != std::string::npos);
    CHECK(count(out, "<rect") == 6);
    CHECK(out.find("class=\"legend\"") != std::string::npos);

    html::Chart empty;
    empty.table = "dates";
    empty.series.push_back({"games", {}, "#000", {}});
    CHECK(html::render_chart(empty).find("data-values=\"[]\"") != std::string::npos);
}

TEST_CASE("html: stats page charts equal the tables of the JSON output", "[html]") {
    StatsGroups g = collect_stats(hostile_pgn);
    StatsView view;
    std::string page = render_stats_html(g, view, {"games.pgn"});
    CHECK(page.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(page.find("<meta charset=\"utf-8\">") != std::string::npos);
    CHECK(page.find("<script") == std::string::npos); // the player name came out inert
    CHECK(page.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;") != std::string::npos);
    CHECK(page.find("M\xc3\xbcller") != std::string::npos);
    CHECK(page.find("@page{size:A4") != std::string::npos);
    // Every chart's series equals the table column the JSON prints.
    for (const Table& t : build_tables(g.all, view)) {
        for (std::string col : {"games", "white", "black"}) {
            auto it = std::find(t.columns.begin(), t.columns.end(), col);
            if (it == t.columns.end()) continue;
            std::size_t c = std::size_t(it - t.columns.begin());
            std::string values;
            for (const auto& r : t.rows) {
                if (!values.empty()) values += ',';
                values += r[c].text.empty() ? "null" : r[c].text;
            }
            std::string chart = fmt::format("<figure class=\"chart\" data-table=\"{}\"", t.name);
            if (page.find(chart) == std::string::npos) continue;
            INFO(t.name << "/" << col);
            CHECK(page.find(fmt::format("data-column=\"{}\" data-values=\"[{}]\"", col, values),
                            page.find(chart)) != std::string::npos);
        }
    }
    CHECK(page.find("data-table=\"results\"") != std::string::npos);
    CHECK(page.find("data-table=\"lengths\"") != std::string::npos);
    CHECK(page.find("data-table=\"ratings\"") != std::string::npos);
    CHECK(page.find("data-table=\"dates\"") != std::string::npos);
    // results: 1-0, 1/2-1/2, 0-1, *, (none)
    CHECK(page.find("data-values=\"[1,0,0,3,0]\"") != std::string::npos);
}

TEST_CASE("html: the attempted move's origin is found", "[html]") {
    // No knight attacks f6: the target alone.
    Position p = pos_of("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    AttemptedMove a = find_attempted_move(p, "Nf6");
    CHECK(a.to == F6);
    CHECK(a.from.empty());
    // A pinned knight: illegal, but it attacks the target.
    p = pos_of("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    a = find_attempted_move(p, "Nc3");
    CHECK(a.to == C3);
    REQUIRE(a.from.size() == 1);
    CHECK(a.from[0] == E2);
    // UCI / LAN: the written origin.
    a = find_attempted_move(p, "e2c3");
    REQUIRE(a.from.size() == 1);
    CHECK(a.from[0] == E2);
    a = find_attempted_move(p, "Ne2-c3");
    REQUIRE(a.from.size() == 1);
    CHECK(a.from[0] == E2);
    // Ambiguous: both candidates.
    p = pos_of("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3");
    a = find_attempted_move(p, "Nd2");
    CHECK(a.to == D2);
    CHECK(a.from.size() == 2);
    // A legal move (e.g. after the game ended): its own origin.
    a = find_attempted_move(p, "e3");
    REQUIRE(a.from.size() == 1);
    CHECK(a.from[0] == E2);
    // Pawn captures and pushes that cannot happen.
    p = pos_of(StartFen);
    a = find_attempted_move(p, "e5");
    CHECK(a.to == E5);
    CHECK(a.from.empty());
    a = find_attempted_move(p, "Zz9");
    CHECK(a.to == NoSquare);
    // The king into check: illegal, the king is the origin.
    p = pos_of("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    a = find_attempted_move(p, "Kd1");
    REQUIRE(a.from.size() == 1);
    CHECK(a.from[0] == E1);
}

TEST_CASE("html: validate report has boards with arrows, escapes, and the cap", "[html]") {
    TempDir dir;
    std::string pgn = dir.file("games.pgn");
    { std::ofstream(pgn, std::ios::binary) << hostile_pgn; }
    auto run = [&](int jobs, std::size_t max, const std::string& out) {
        ValidateRunOptions o;
        o.inputs = {pgn};
        o.jobs = jobs;
        o.quiet = true;
        o.summary = false;
        o.html = out;
        o.html_max = max;
        return run_validate(o);
    };
    CHECK(run(1, 1000, dir.file("a.html")) == 1);
    std::string page = read_all(dir.file("a.html"));
    CHECK(page.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(page.find("<script") == std::string::npos);
    CHECK(page.find("&lt;script&gt;") != std::string::npos);
    CHECK(page.find("&lt;b&gt;Open&lt;/b&gt;") != std::string::npos);
    CHECK(page.find("M\xc3\xbcller") != std::string::npos);
    CHECK(page.find("@media print") != std::string::npos);
    CHECK(page.find("break-inside:avoid") != std::string::npos);
    // Three invalid games, each with a board; game 3 is valid.
    CHECK(count(page, "<section class=\"game\"") == 3);
    CHECK(page.find("<section class=\"game\" id=\"game-3\"") == std::string::npos);
    CHECK(count(page, "<figure class=\"board\"") == 3);
    // Game 1: no knight reaches f6 (target only); game 2: ambiguous (two arrows); game 4: the
    // king into check (one arrow).
    CHECK(page.find("data-arrows=\"0\" data-target=\"f6\"") != std::string::npos);
    CHECK(page.find("data-arrows=\"2\" data-target=\"d2\"") != std::string::npos);
    CHECK(page.find("data-arrows=\"1\" data-target=\"d1\"") != std::string::npos);
    CHECK(count(page, "<polygon class=\"arrow\"") == 3);
    // The summary chart by code.
    CHECK(page.find("data-table=\"by_code\"") != std::string::npos);
    CHECK(page.find("illegal-move") != std::string::npos);

    // Same bytes for every number of jobs.
    CHECK(run(3, 1000, dir.file("b.html")) == 1);
    CHECK(read_all(dir.file("b.html")) == page);

    // The cap: one board, the other two as lines, and the page says so.
    CHECK(run(2, 1, dir.file("c.html")) == 1);
    std::string capped = read_all(dir.file("c.html"));
    CHECK(count(capped, "<section class=\"game\"") == 1);
    CHECK(count(capped, "<figure class=\"board\"") == 1);
    CHECK(capped.find("id=\"game-1\"") != std::string::npos);
    CHECK(capped.find("<ol class=\"brief\">") != std::string::npos);
    CHECK(capped.find("<li id=\"game-2\">") != std::string::npos);
    CHECK(capped.find("<li id=\"game-4\">") != std::string::npos);
    CHECK(capped.find("The first 1 invalid game are shown with a board") != std::string::npos);
    CHECK(capped.find("the other 2 are") != std::string::npos);

    CHECK(run(1, 0, dir.file("d.html")) == 1);
    std::string none = read_all(dir.file("d.html"));
    CHECK(count(none, "<section class=\"game\"") == 0);
    CHECK(count(none, "<svg") == 1); // the summary chart only
}

TEST_CASE("html: a game block without a position has no board", "[html]") {
    GameInfo info;
    info.white = std::string("A"); // (std::string: GCC 12 -O3 -Wrestrict false alarm)
    info.black = std::string("B");
    std::vector<Diagnostic> diags(1);
    diags[0].code = Code(0);
    diags[0].severity = Severity::Error;
    diags[0].message = "bad <tag>";
    HtmlGameInput in;
    in.file = "x.pgn";
    in.number = 2; // in its file (shown)
    in.index = 7;  // in the run (the ids)
    in.info = &info;
    in.diagnostics = &diags;
    HtmlBlock b = render_validate_game(in);
    CHECK(b.full.find("<svg") == std::string::npos);
    CHECK(b.full.find("bad &lt;tag&gt;") != std::string::npos);
    CHECK(b.brief.find("<li id=\"game-7\"><b>Game 2</b>") == 0);
    CHECK(b.full.find("<section class=\"game\" id=\"game-7\">\n<h3>Game 2: ") == 0);
    in.board = false;
    CHECK(render_validate_game(in).full.empty());
}

TEST_CASE("html: validate report lists the warnings of valid games, collapsed", "[html]") {
    TempDir dir;
    std::string pgn = dir.file("games.pgn");
    { std::ofstream(pgn, std::ios::binary) << hostile_pgn << "That was the last round.\n"; }
    ValidateRunOptions o;
    o.inputs = {pgn};
    o.quiet = true;
    o.summary = false;
    o.html = dir.file("a.html");
    CHECK(run_validate(o) == 1);
    std::string page = read_all(o.html);
    // The text after the games: listed too, with its location.
    const std::size_t between = page.find("<li><b>Text between games</b>");
    REQUIRE(between != std::string::npos);
    CHECK(page.find("games.pgn:35:1</span> <code>unexpected-text</code>", between) !=
          std::string::npos);
    CHECK(page.find("1 valid game and 1 passage of text between games, with ") !=
          std::string::npos);
    // Game 3 is valid (no Site or Date tag: warnings): listed in the collapsible section, each
    // warning with its location.
    const std::size_t details = page.find("<details class=\"valid\">");
    REQUIRE(details != std::string::npos);
    CHECK(page.find("<summary>", details) != std::string::npos);
    const std::size_t game3 = page.find("<li id=\"game-3\">");
    REQUIRE(game3 != std::string::npos);
    CHECK(game3 > details);
    CHECK(page.find("<section class=\"game\" id=\"game-3\"") == std::string::npos);
    const std::size_t end = page.find("</li>\n</ul></li>", game3);
    REQUIRE(end != std::string::npos);
    const std::string block = page.substr(game3, end - game3);
    CHECK(block.find("<span class=\"sev warning\">") != std::string::npos);
    CHECK(block.find("games.pgn:") != std::string::npos);
    CHECK(block.find("<code>missing-tag</code> missing tags &#39;Site&#39;, &#39;Date&#39;") !=
          std::string::npos);
    CHECK(page.find("Valid games with warnings (1)") != std::string::npos);
}

TEST_CASE("html: validate's chart by code is sorted by count and coloured by severity", "[html]") {
    TempDir dir;
    std::string pgn = dir.file("games.pgn");
    // Four games without a Site tag (warnings) and one illegal move (an error).
    {
        std::ofstream f(pgn, std::ios::binary);
        for (int i = 0; i < 4; ++i)
            f << "[Event \"E\"]\n[Date \"2020.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n"
                 "[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n\n";
        f << "[Event \"E\"]\n[Site \"S\"]\n[Date \"2020.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n"
             "[Black \"B\"]\n[Result \"*\"]\n\n1. e5 *\n\n";
    }
    ValidateRunOptions o;
    o.inputs = {pgn};
    o.quiet = true;
    o.summary = false;
    o.html = dir.file("a.html");
    CHECK(run_validate(o) == 1);
    std::string page = read_all(o.html);
    const std::size_t chart = page.find("data-table=\"by_code\"");
    REQUIRE(chart != std::string::npos);
    const std::size_t labels = page.find("data-labels=\"", chart);
    const std::size_t values = page.find("data-values=\"", chart);
    REQUIRE(labels != std::string::npos);
    REQUIRE(values != std::string::npos);
    // The larger count first; the error's bar red, the warning's amber; a legend for both.
    CHECK(page.substr(values, 25) == "data-values=\"[4,1]\" fill=");
    CHECK(page.find("[&quot;missing-tag&quot;,&quot;illegal-move&quot;]", labels) == labels + 13);
    const std::size_t bars = page.find("<rect", values);
    CHECK(page.find("fill=\"#c47f00\"", bars) < page.find("fill=\"#b3261e\"", bars));
    CHECK(page.find("<span data-legend=\"error\"><i style=\"background:#b3261e\">") !=
          std::string::npos);
    CHECK(page.find("<span data-legend=\"warning\">") != std::string::npos);
}

TEST_CASE("html: histogram bin labels are rotated or thinned so that they never overlap",
          "[html]") {
    auto labels_of = [](const std::string& svg) {
        std::vector<double> xs;
        const std::size_t g = svg.find("<g class=\"axis-labels\"");
        for (std::size_t at = svg.find("<text x=\"", g); at != std::string::npos;
             at = svg.find("<text x=\"", at + 1))
            xs.push_back(std::stod(svg.substr(at + 9)));
        return xs;
    };
    html::Chart c;
    c.table = "ratings";
    c.columns = true;
    html::ChartSeries s{"white", {}, "#000", {}};
    // Twelve Elo bins: "1000-1099" is wider than a twelfth of the plot, so they are rotated.
    for (int i = 0; i < 12; ++i) {
        c.labels.push_back(fmt::format("{}-{}", 1000 + 100 * i, 1099 + 100 * i));
        s.values.push_back("1");
    }
    c.series = {s};
    std::string out = html::render_chart(c);
    CHECK(labels_of(out).size() == 12);
    CHECK(count(out, "transform=\"rotate(-50 ") == 12);
    // Five short labels fit level.
    c.labels.resize(5);
    c.series[0].values.resize(5);
    out = html::render_chart(c);
    CHECK(count(out, "rotate(") == 0);
    // 300 years: every k-th label, at least a line of text apart along the rotated baseline.
    c.labels.clear();
    c.series[0].values.clear();
    for (int y = 1700; y < 2000; ++y) {
        c.labels.push_back(fmt::format("{}", y));
        c.series[0].values.push_back("1");
    }
    out = html::render_chart(c);
    auto xs = labels_of(out);
    REQUIRE(xs.size() >= 10);
    CHECK(xs.size() < 40);
    for (std::size_t i = 1; i < xs.size(); ++i) CHECK((xs[i] - xs[i - 1]) * 0.766 >= 14);
}

TEST_CASE("html: a table without rows says no data", "[html]") {
    Table t{"ratings", "Elo", {"elo", "white", "black"}, {}, {}, true};
    std::string out;
    html::append_table(out, t);
    CHECK(out.find("no data") != std::string::npos);
    CHECK(out.find("<th") == std::string::npos);
}
