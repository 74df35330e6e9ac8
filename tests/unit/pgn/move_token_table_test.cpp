// The reader's move-token table (MoveTokenTable, include/pgnkit/pgn/reader.hpp) is a value it
// is given: chess_move_tokens by default, another game's notation in its place. The fast path
// and the general one hand over the same events, so a table changes which path reads a token,
// never what the visitor sees.
#include "pgn_test_util.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace pgnkit;

namespace {
std::vector<std::string> events(std::string_view text, const MoveTokenTable& table) {
    MemorySource src(text);
    GameSplitter sp(src, SplitterLimits{});
    PgnReader reader(ReaderLimits{}, table);
    GameSpan span;
    std::vector<std::string> out;
    while (sp.next(span)) {
        test::Recorder rec;
        reader.read(span, rec);
        out.insert(out.end(), rec.events.begin(), rec.events.end());
    }
    return out;
}

/// ICCS-like: files a-i start a move; no byte ends a glued glyph.
MoveTokenTable iccs_like() {
    MoveTokenTable t{detail::syntax_classes};
    for (char c = 'a'; c <= 'i'; ++c) t.classes[static_cast<unsigned char>(c)] |= detail::tok_move;
    return t;
}
} // namespace

TEST_CASE("move tokens: the chess table is the default", "[reader]") {
    const std::string text = "[Event \"x\"]\n\n1. e4 e5!? 2. Nf3 N 3.Bb5+- {c} 3...a6 -+ *\n";
    std::vector<std::string> by_default;
    for (auto& g : test::read_string(text))
        by_default.insert(by_default.end(), g.rec.events.begin(), g.rec.events.end());
    CHECK(events(text, chess_move_tokens) == by_default);
    CHECK(std::find(by_default.begin(), by_default.end(), "move Nf3 @3:15") != by_default.end());
}

TEST_CASE("move tokens: another table reads the same events through other paths", "[reader]") {
    // i0i1 and 12.i9 start with `i`: a move under the ICCS-like table, the general path's word
    // under chess; N and the glued glyphs take the general path under the ICCS-like table.
    const std::string text =
        "[Event \"x\"]\n\n1. h2e2 h9g7 2. i0i1 Nf3!? 12.i9i8 e4 Bb5+- {c} g3 *\n";
    CHECK(events(text, iccs_like()) == events(text, chess_move_tokens));
    const auto ev = events(text, iccs_like());
    CHECK(std::find(ev.begin(), ev.end(), "move i0i1 @3:17") != ev.end());
}
