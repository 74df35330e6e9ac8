// Without a listener, GameValidator decides whether a check is mate only when it matters
// (the next move of the line, if legal, says it is not; a line's end, a variation, a
// diagnostic or a move it cannot take at once decide it). With a listener it decides at
// once, as it always did. Both must give the same diagnostics, in the same order, and the
// same verdicts: on hand-made games around mates written with '+', '#' and nothing, and on
// every PGN file of the test data (edge cases and real games).
#include "pgnkit/check/validator.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"
#include "replay_games.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <string>
#include <vector>

using namespace pgnkit;

namespace {

struct Counting final : ReplayListener {
    std::size_t moves = 0;
    void on_move(const ReplayedMove&) override { ++moves; }
};

/// Every diagnostic and verdict of every game of `src`, in full.
std::vector<std::string> verdicts(ByteSource& src, bool listener, const ValidateOptions& opts) {
    Counting counting;
    std::vector<std::string> out;
    test::replay_games(
        src,
        [&](const GameSpan& span, const GameValidator& v) {
            for (const Diagnostic& d : v.diagnostics())
                out.push_back(fmt::format("{} {} {}:{}+{} ply {} [{}] {} | {}", d.game,
                                          code_name(d.code), d.loc.line, d.loc.column, d.loc.offset,
                                          d.ply, d.token, d.message, d.fen));
            out.push_back(fmt::format("game {} plies {} end {} error {}", span.index,
                                      v.info().plies, static_cast<int>(v.info().end),
                                      v.has_error()));
        },
        opts, listener ? &counting : nullptr);
    return out;
}

std::vector<std::string> verdicts_of(const std::string& text, bool listener,
                                     const ValidateOptions& opts = {}) {
    MemorySource src(text);
    return verdicts(src, listener, opts);
}

std::string game(const std::string& movetext, const std::string& result = "*",
                 const std::string& date = "2024.01.01") {
    return "[Event \"e\"]\n[Site \"s\"]\n[Date \"" + date +
           "\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"" + result + "\"]\n\n" +
           movetext + "\n\n";
}

} // namespace

TEST_CASE("validator: a check decided late gives what deciding at once gives", "[validator]") {
    const std::vector<std::string> games = {
        // Fool's mate in every spelling, with what may follow it.
        game("1. f3 e5 2. g4 Qh4# 0-1", "0-1"),
        game("1. f3 e5 2. g4 Qh4+ 0-1", "0-1"),
        game("1. f3 e5 2. g4 Qh4 0-1", "0-1"),
        game("1. f3 e5 2. g4 Qh4+ 1-0", "1-0"),
        game("1. f3 e5 2. g4 Qh4+", "0-1"),
        game("1. f3 e5 2. g4 Qh4+ 3. Kf2 0-1", "0-1"),
        game("1. f3 e5 2. g4 Qh4+ 3. a3 0-1", "0-1"),
        game("1. f3 e5 2. g4 Qh4+ 3. Nf3 *"),
        game("1. f3 e5 2. g4 Qh4+ 3. zz9 *"),
        game("1. f3 e5 2. g4 Qh4+ (2... Qe7 3. a3) 0-1", "0-1"),
        game("1. f3 e5 2. g4 Qh4+ { mate } $1 0-1", "0-1"),
        game("1. f3 e5 2. g4 Qh4+ ) 0-1", "0-1"),
        game("1. f3 e5 2. g4 Qh4+ 2. -- 0-1", "0-1"),
        game("1. f3 e5 2. g4 (2. Nc3 Qh4 3. g4 Qxg4) Qh4+ 0-1", "0-1"),
        game("1. f3 e5 2. g4 (2. g4 Qh4+) (2. Kf2) Qh4+ 0-1", "0-1"),
        game("1. f3 e5 2. g4 Qh4+ 3. Ke2", "0-1"),
        game("1. f3 e5 2. g4 Qh4+ 1/2-1/2", "1/2-1/2"),
        game("1. f3 e5 2. g4 Qh4+ [Event \"x\"] 0-1", "0-1"),
        // Checks that are not mate, answered or not.
        game("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7+ Kxf7 5. Bxe6+ 0-1", "0-1"),
        game("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0", "1-0"),
        game("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7+ 1-0", "1-0"),
        game("1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6 *"),
        game("1. e4 f5 2. Qh5+ 2... g6 3. Qxg6+ Kf7 *"),
        game("1. e4 f5 2. Qh5+ (2. Qh5 g6) 2... g6 *"),
        game("1. e4 f5 2. Qh5+", "*"),
        game("1. e4 f5 2. Qh5# *"),
        game("1. e4 f5 2. Qh5 g6 *"),
        // Repetition and long quiet runs while in check (decided at once).
        game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. e4 f5 8. "
             "Qh5+ g6 *"),
        game("1. e4 e5 2. Qh5 Ke7 3. Qxe5+ Kf6 4. Qh5 Ke7 5. Qe5+ Kf6 6. Qh5 Ke7 7. Qe5+ Kf6 8. "
             "Qh5 Ke7 9. Qe5+ Kf6 10. Qh5 Ke7 11. Qe5+ *"),
        game("1. e4 e5 2. Qh5 Ke7 3. Qxe5+ Kf6 4. Qh5 Ke7 5. Qe5+ Kf6 6. Qh5 Ke7 7. Qe5+ Kf6 8. "
             "Qh5 Ke7 9. Qe5+ Kf6 10. Qh5 Ke7 11. Qe5+ Kf6 *",
             "*", "2010.01.01"),
        // A mate in a variation, and a variation inside it.
        game("1. e4 e5 2. Bc4 Nc6 3. Qh5 (3. Qf3 Nf6 4. Qxf7+) Nf6 (3... g6 4. Qf3 (4. Qxe5+ Qe7 "
             "5. Qxh8) Nf6 5. Qxf7+) 4. Qxf7+ 1-0",
             "1-0"),
        game("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7+ (4. Qxf7# Ke7) 1-0", "1-0"),
    };
    for (const std::string& g : games) {
        INFO(g);
        CHECK(verdicts_of(g, false) == verdicts_of(g, true));
        ValidateOptions strict;
        strict.severities.make_strict();
        strict.max_variation_depth = 1;
        CHECK(verdicts_of(g, false, strict) == verdicts_of(g, true, strict));
    }
    // The test sees the difference it is about: mate written '+' is reported either way.
    const auto plus = verdicts_of(game("1. f3 e5 2. g4 Qh4+ 0-1", "0-1"), false);
    REQUIRE_FALSE(plus.empty());
    CHECK_THAT(plus.front(), Catch::Contains("check-suffix") && Catch::Contains("'#'"));
}

TEST_CASE("validator: a check decided late gives what deciding at once gives, on the test data",
          "[validator]") {
    namespace fs = std::filesystem;
    std::size_t files = 0, lines = 0;
    for (const auto& e :
         fs::recursive_directory_iterator(std::string(PGNKIT_CORPUS_DIR) + "/pgn")) {
        if (!e.is_regular_file()) continue;
        const std::string path = e.path().string();
        if (path.find(".pgn") == std::string::npos) continue;
        auto a = open_source(path);
        auto b = open_source(path);
        const auto late = verdicts(*a, false, {});
        const auto now = verdicts(*b, true, {});
        INFO(path);
        CHECK(late == now);
        ++files;
        lines += late.size();
    }
    CHECK(files > 100);
    CHECK(lines > 10000);
}
