#include "pgnkit/format/html_page.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace pgnkit::app;

TEST_CASE("html page: the skeleton is a self-contained UTF-8 page", "[html]") {
    const std::string begin = html::page_begin("a <title>", "Head & more");
    CHECK(begin.starts_with(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"));
    CHECK(begin.find("<title>a &lt;title&gt;</title>") != std::string::npos);
    CHECK(begin.find("<h1>Head &amp; more</h1>\n") != std::string::npos);
    CHECK(begin.find("@page{size:A4") != std::string::npos);
    CHECK(begin.find("@media print") != std::string::npos);
    CHECK(begin.find("<script") == std::string::npos);
    CHECK(begin.ends_with("</h1>\n"));
    const std::string end = html::page_end();
    CHECK(end.starts_with("<footer>"));
    CHECK(end.ends_with("</main>\n</body>\n</html>\n"));
}

TEST_CASE("html page: inputs and cards", "[html]") {
    std::string out;
    html::append_inputs(out, {"a.pgn", "-", "<b>.pgn"});
    CHECK(out == "<code>a.pgn</code>, <code>(stdin)</code>, <code>&lt;b&gt;.pgn</code>");
    out.clear();
    html::append_card(out, "12", "games", false);
    html::append_card(out, "", "plies per game", false);
    html::append_card(out, "3", "invalid", true);
    CHECK(out == "<div class=\"card\"><b>12</b><span>games</span></div>"
                 "<div class=\"card\"><b>–</b><span>plies per game</span></div>"
                 "<div class=\"card bad\"><b>3</b><span>invalid</span></div>");
}
