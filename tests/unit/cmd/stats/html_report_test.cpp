#include "pgnkit/cmd/stats/html_report.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <string>

using namespace pgnkit;
using namespace pgnkit::app;

namespace {

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

TEST_CASE("stats html: the page charts equal the tables of the JSON output", "[stats][html]") {
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

TEST_CASE("stats html: a table without rows says no data", "[stats][html]") {
    Table t{"ratings", "Elo", {"elo", "white", "black"}, {}, {}, true};
    std::string out;
    html::append_table(out, t);
    CHECK(out.find("no data") != std::string::npos);
    CHECK(out.find("<th") == std::string::npos);
}
