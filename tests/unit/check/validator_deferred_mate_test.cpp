// Without a listener, GameValidator decides whether a check is mate only when it matters
// (the next move of the line, if legal, says it is not; a line's end, a variation, a
// diagnostic or a move it cannot take at once decide it). With a listener that reads
// ReplayedMove::canonical it decides at once, as it always did; a listener that does not
// (stats) gets the late decision. All three must give the same diagnostics, in the same
// order, and the same verdicts, and both listeners hear the same moves: on hand-made games
// around mates written with '+', '#' and nothing, and on every PGN file of the test data
// (edge cases and real games).
#include "pgnkit/check/validator.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <string>
#include <vector>

using namespace pgnkit;

namespace {

struct Counting final : ReplayListener {
    std::size_t moves = 0;
    std::vector<std::string> heard; ///< (with a small game) each move and its ply
    void on_move(const ReplayedMove& m) override {
        if (++moves <= 64) heard.push_back(fmt::format("{}@{}/{}", m.text, m.ply, m.depth));
    }
};

/// How the validator is run: without a listener, with one that reads
/// ReplayedMove::canonical, with one that does not.
enum Mode { NoListener, Canonical, NotCanonical };

/// Every diagnostic and verdict of every game of `src`, in full; with a listener, then the
/// moves it heard (the first 64, and how many).
std::vector<std::string> verdicts(ByteSource& src, Mode mode, const ValidateOptions& opts,
                                  std::vector<std::string>* heard = nullptr) {
    GameSplitter splitter(src);
    PgnReader reader;
    GameValidator v(opts);
    Counting l;
    l.wants_canonical = mode == Canonical;
    if (mode != NoListener) v.set_listener(&l);
    std::vector<std::string> out;
    GameSpan span;
    while (splitter.next(span)) {
        reader.read(span, v);
        for (const Diagnostic& d : v.diagnostics())
            out.push_back(fmt::format("{} {} {}:{}+{} ply {} [{}] {} | {}", d.game,
                                      code_name(d.code), d.loc.line, d.loc.column, d.loc.offset,
                                      d.ply, d.token, d.message, d.fen));
        out.push_back(fmt::format("game {} plies {} end {} error {}", span.index, v.info().plies,
                                  static_cast<int>(v.info().end), v.has_error()));
    }
    if (heard != nullptr) {
        *heard = l.heard;
        heard->push_back(fmt::format("{} moves", l.moves));
    }
    return out;
}

std::vector<std::string> verdicts_of(const std::string& text, Mode mode,
                                     const ValidateOptions& opts = {},
                                     std::vector<std::string>* heard = nullptr) {
    MemorySource src(text);
    return verdicts(src, mode, opts, heard);
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
        std::vector<std::string> heard_now, heard_late;
        const auto late = verdicts_of(g, NoListener);
        CHECK(late == verdicts_of(g, Canonical, {}, &heard_now));
        CHECK(late == verdicts_of(g, NotCanonical, {}, &heard_late));
        CHECK(heard_now == heard_late);
        CHECK(heard_now.size() > 1); // it heard moves
        ValidateOptions strict;
        strict.severities.make_strict();
        strict.max_variation_depth = 1;
        const auto strict_late = verdicts_of(g, NoListener, strict);
        CHECK(strict_late == verdicts_of(g, Canonical, strict));
        CHECK(strict_late == verdicts_of(g, NotCanonical, strict));
    }
    // The test sees the difference it is about: mate written '+' is reported either way.
    const auto plus = verdicts_of(game("1. f3 e5 2. g4 Qh4+ 0-1", "0-1"), NoListener);
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
        auto c = open_source(path);
        std::vector<std::string> heard_now, heard_late;
        const auto late = verdicts(*a, NoListener, {});
        const auto now = verdicts(*b, Canonical, {}, &heard_now);
        const auto late_heard = verdicts(*c, NotCanonical, {}, &heard_late);
        INFO(path);
        CHECK(late == now);
        CHECK(late == late_heard);
        CHECK(heard_now == heard_late);
        ++files;
        lines += late.size();
    }
    CHECK(files > 100);
    CHECK(lines > 10000);
}
