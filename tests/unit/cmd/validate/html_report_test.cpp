#include "pgnkit/cmd/validate/html_report.hpp"

#include "pgnkit/check/validator.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/cmd/validate/validate.hpp"

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
