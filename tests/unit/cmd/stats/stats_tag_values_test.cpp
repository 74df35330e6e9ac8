// The stats visitor keeps tag values as views of the game's text where it can and copies the
// ones the reader unescapes; Latin-1 values are converted. The tables must not tell apart.

#include "pgnkit/cmd/stats/stats.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace pgnkit::app;

namespace {

std::vector<std::string> player_names(const StatsAggregate& a) {
    std::vector<std::string> names;
    for (auto [name, record] : a.players.by_key()) names.push_back(*name);
    return names;
}

} // namespace

TEST_CASE("stats: escaped, plain and Latin-1 tag values reach the tables", "[stats]") {
    const std::string pgn =
        "[Event \"Open \\\"A\\\"\"]\n[White \"Al \\\"Bob\\\" Ice\"]\n[Black \"Carl\"]\n"
        "[Result \"1-0\"]\n[TimeControl \"60+1\"]\n\n1. e4 e5 1-0\n\n"
        "[Event \"Open\"]\n[White \"Jos\xe9\"]\n[Black \"D\\\\\xe9\"]\n[Result \"0-1\"]\n\n"
        "1. d4 d5 0-1\n\n"
        "[Event \"Open\"]\n[White \"Carl\"]\n[Black \"Jos\xc3\xa9\"]\n[Result \"*\"]\n\n1. c4 *\n";
    const StatsAggregate a = collect_stats(pgn).all;
    CHECK(player_names(a) ==
          std::vector<std::string>{"Al \"Bob\" Ice", "Carl", "D\\\xc3\xa9", "Jos\xc3\xa9"});
    CHECK(a.players.by_key()[3].second->games == 2); // José in Latin-1 and in UTF-8
    const auto events = a.events.by_key();
    REQUIRE(events.size() == 2);
    CHECK(*events[0].first == "Open");
    CHECK(events[0].second->n == 2);
    CHECK(*events[1].first == "Open \"A\"");
    CHECK(a.time_control.size() == 1);
}
