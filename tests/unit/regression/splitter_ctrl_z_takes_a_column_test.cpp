// Regression (found 2026-12-05 by tests/fuzz/fuzz_pgn.cpp in CI, seed 20261201): a game
// whose first line began with a DOS end-of-file byte (Ctrl-Z, as `copy /b a.pgn+b.pgn`
// leaves it before b.pgn's first tag) was reported one column too far left: the splitter
// skips the Ctrl-Z and the span began after it, at "column 1". `[Event` after it is at
// column 2 (an editor shows `^Z[Event`): the missing-tag warnings of that game said 5:1 for
// offset 99, and its moves on that line were one column off too. A BOM that is the line's
// first byte still takes no column (editors do not show it); after a Ctrl-Z it takes three.
// Fixed with GameSpan::first_column (the splitter counts what it skipped on the line).
#include "pgnkit/check/validator.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"
#include "replay_games.hpp"

#include "../pgn/pgn_test_util.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace pgnkit;

namespace {

/// The column of byte `offset` of `input` (1-based, a byte a column), a BOM that begins its
/// line not counted.
std::uint64_t column_of(const std::string& input, std::uint64_t offset) {
    std::uint64_t start = offset;
    while (start > 0 && input[start - 1] != '\n' && input[start - 1] != '\r') --start;
    const bool bom = input.compare(start, 3, "\xEF\xBB\xBF") == 0 && offset >= start + 3;
    return offset - start + 1 - (bom ? 3 : 0);
}

struct Located {
    std::vector<Diagnostic> diags;
    std::vector<std::uint64_t> first_columns;
};

Located validate(const std::string& input) {
    Located out;
    test::replay_games(input, [&](const GameSpan& span, const GameValidator& validator) {
        out.first_columns.push_back(span.first_column);
        for (const Diagnostic& d : validator.diagnostics()) out.diags.push_back(d);
    });
    return out;
}

/// Every diagnostic's column is its offset's; returns how many there were.
std::size_t check_columns(const std::string& input) {
    const Located r = validate(input);
    for (const Diagnostic& d : r.diags) {
        INFO("code " << code_name(d.code) << " at offset " << d.loc.offset);
        CHECK(d.loc.column == column_of(input, d.loc.offset));
    }
    return r.diags.size();
}

} // namespace

TEST_CASE("regression: a Ctrl-Z before a game takes a column", "[regression][splitter]") {
    const std::string first = "[Event \"a\"]\n\n2. e4 e5 2. Bc4 Nc6 1-0\n\n";
    // The input the fuzzer found (shortened): a game after a Ctrl-Z without its other tags.
    const std::string fuzz = first + "\x1A[Event \"b\"]\n\n1. d4 d5\n";
    // (Missing roster tags are one diagnostic per game, wrong move numbers one per game.)
    CHECK(check_columns(fuzz) >= 4);
    CHECK(validate(fuzz).first_columns == std::vector<std::uint64_t>{1, 2});

    for (const std::string& input : std::vector<std::string>{
             first + "\x1A[Event \"b\"]\n\n1. d4 Nf9 *\n",
             first + "\x1A\x1A\x1A" + "1. d4 Nf9 *\n",
             first + "\r\n\x1A\xEF\xBB\xBF[Event \"c\"]\r\n\r\n1. e4 Nf9 *\r\n",
             first + "\xEF\xBB\xBF\x1A[Event \"c\"]\n\n1. e4 Nf9 *\n",
             std::string("\x1A%an escape line\n[Event \"d\"]\n\n1. e4 Nf9 *\n"),
             std::string("\x1A") + "1. e4 Nf9 *\n",
             // A game glued to the one before (its `[` after the marker, on the same line).
             std::string("[Event \"a\"]\n\n1. e4 e5 1-0 \x1A[Event \"b\"]\n\n1. d4 Nf9 *\n"),
             // An elided part on the same line: the columns after it count both.
             std::string("\x1A") + "1. e4 {" + std::string(3'000'000, 'a') + "} e5 Nf9 *\n",
         }) {
        CHECK(check_columns(input) >= 2);
    }
    // An escape line after a Ctrl-Z before the first game is one (nothing unexpected), and
    // the move after the Ctrl-Z and the long comment is where it is: `1. e4 {` takes columns
    // 2-8, the comment 9 to 3,000,009.
    for (const Diagnostic& d : validate("\x1A%an escape line\n[Event \"d\"]\n\n1. e4 *\n").diags)
        CHECK(d.code != Code::UnexpectedText);
    const auto games = test::read_string(std::string("\x1A") + "1. e4 {" +
                                         std::string(3'000'000, 'a') + "} e5 *\n");
    REQUIRE(games.size() == 1);
    CHECK(std::find(games[0].rec.events.begin(), games[0].rec.events.end(), "move e5 @1:3000011") !=
          games[0].rec.events.end());
}
