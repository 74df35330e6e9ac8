// The clock comment lichess writes after every move (` [%clk H:MM:SS] `) has a fast path in
// the stats visitor; every other spelling goes through the general command search. Both must
// read the same clocks.

#include "pgnkit/cmd/stats/stats.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <string>

using namespace pgnkit::app;

namespace {

/// A game with a 60+0 time control whose four clocks are written as `form` (a fmt pattern
/// with the clock as {}): White 1:00 then 0:55, Black 1:00 then 0:50.
std::string game_with_clocks(const std::string& form) {
    auto c = [&](const char* clock) { return fmt::format(fmt::runtime(form), clock); };
    return "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[TimeControl \"60+0\"]\n\n1. e4 " +
           c("0:01:00") + " e5 " + c("0:01:00") + " 2. Nf3 " + c("0:00:55") + " Nc6 " +
           c("0:00:50") + " *\n";
}

} // namespace

TEST_CASE("stats: clock comments read the same in the lichess form and in other spellings",
          "[stats]") {
    const char* forms[] = {
        "{{ [%clk {}] }}",               // lichess: the fast path
        "{{[%clk {}]}}",                 // no blanks
        "{{ [%clk  {} ] }}",             // more blanks
        "{{ [%eval 0.1] [%clk {}] }}",   // after an eval
        "{{ [%clk {}] [%eval 0.1] }}",   // before an eval
        "{{ [%clk {}]x}}",               // 16 bytes, but not the lichess form
        "{{ [%clk 0{}] }}",              // hours written with two digits
        "{{ [%clk {},5] }}",             // a comma ends the value
        "{{ text [%clk {}] more text }}" // inside prose
    };
    for (const char* form : forms) {
        INFO(form);
        const StatsAggregate a = collect_stats(game_with_clocks(form)).all;
        CHECK(a.clock_games == 1);
        CHECK(a.clock_moves == 4);
        CHECK(a.clock_spent_cs == 500 + 1000); // White 5 s, Black 10 s
        CHECK(a.spent[0] == 2);                // the first moves: < 1 s
        CHECK(a.spent[3] == 1);                // 5 s: the 5-10 s bin
        CHECK(a.spent[4] == 1);                // 10 s: the 10-20 s bin
    }
}

TEST_CASE("stats: malformed clock comments count no clock", "[stats]") {
    const char* forms[] = {
        "{{ [%clkx{}] }}",   // another command name
        "{{ [%clk {} }}",    // no closing bracket
        "{{ [%clk {}x] }}",  // a letter in the value
        "{{ [%clock {}] }}", // not %clk
        "{{ [clk {}] }}",    // no percent sign
        "{{ %clk {} }}",     // no bracket
        "{{ [%clk ] {} }}",  // an empty value
        "{{ [%clk a{}] }}",  // a letter first
    };
    for (const char* form : forms) {
        INFO(form);
        const StatsAggregate a = collect_stats(game_with_clocks(form)).all;
        CHECK(a.clock_games == 0);
        CHECK(a.clock_moves == 0);
    }
}

TEST_CASE("stats: a lichess clock with hours and the extremes of each digit", "[stats]") {
    const std::string pgn = "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n"
                            "[TimeControl \"36000+0\"]\n\n"
                            "1. e4 { [%clk 9:59:59] } e5 { [%clk 0:00:00] } "
                            "2. Nf3 { [%clk 9:59:00] } *\n";
    const StatsAggregate a = collect_stats(pgn).all;
    CHECK(a.clock_games == 1);
    CHECK(a.clock_moves == 3);
    // White: 10:00:00 → 9:59:59 (1 s), 9:59:59 → 9:59:00 (59 s); Black: 10 h on its first move.
    CHECK(a.clock_spent_cs == 100 + 5900 + 3600000);
    CHECK(a.spent[1] == 1); // 1-2 s
    CHECK(a.spent[6] == 1); // 30-60 s
    CHECK(a.spent[9] == 1); // ≥ 300 s
}

TEST_CASE("stats: evals before a lichess clock read as in any other comment", "[stats]") {
    // The first three moves' comments in each spelling; then Black's -1.5 (a gain for Black)
    // and White's #-3 (a loss of 850 for White, clamped at -1000).
    const char* forms[] = {
        "{ [%eval 0.5] [%clk 0:01:00] }",    // lichess: the fast path
        "{[%eval 0.5] [%clk 0:01:00]}",      // no blanks at the ends
        "{ [%eval 0.5 ] [%clk 0:01:00] }",   // a blank in the value
        "{ [%eval 0.5,20] [%clk 0:01:00] }", // with a depth
        "{ [%eval 0.5]  [%clk 0:01:00] }",   // two blanks between
        "{ [%eval +0.50] [%clk 0:01:00] }",  // a plus sign, a trailing zero
    };
    for (const char* form : forms) {
        INFO(form);
        const std::string f = form;
        const std::string pgn = "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n"
                                "[TimeControl \"60+0\"]\n\n1. e4 " +
                                f + " e5 " + f + " 2. Nf3 " + f +
                                " Nc6 { [%eval -1.5] [%clk 0:00:50] }"
                                " 3. d4 { [%eval #-3] [%clk 0:00:40] } *\n";
        const StatsAggregate a = collect_stats(pgn).all;
        CHECK(a.clock_games == 1);
        CHECK(a.clock_moves == 5);
        CHECK(a.clock_spent_cs == 1000 + 2000); // Black 10 s, White 20 s
        CHECK(a.spent[0] == 3);
        CHECK(a.spent[4] == 1); // 10-20 s
        CHECK(a.spent[5] == 1); // 20-30 s
        CHECK(a.eval_games == 1);
        CHECK(a.eval_moves == 4);
        CHECK(a.swings[0] == 3);
        CHECK(a.swings[5] == 1); // d4: 850 lost
    }
}
