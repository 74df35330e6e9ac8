// tags' editor (cmd/tags/tag_editor.hpp): only the changed pairs are rewritten; line breaks,
// pairs on one line, escapes, Latin-1, roster places, and the property that the output minus
// the changed lines is the input.
#include "pgnkit/cmd/tags/tag_dates.hpp"
#include "pgnkit/cmd/tags/tag_editor.hpp"

#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace pgnkit::app;
using pgnkit::NameKind;
using pgnkit::NameTable;

namespace {
/// A TagChange with its own strings (a TagChange's views last until the editor's next edit).
struct Change {
    std::uint64_t line = 0;
    std::string old_pair, new_pair;
};
struct Edited {
    bool changed = false;
    std::string text;
    std::vector<Change> changes;
    std::vector<std::string> notes;
};
Edited edit(const TagEditOptions& o, std::string_view game, ReplayFacts facts = {}) {
    TagEditor e(o);
    Edited r;
    std::vector<TagChange> changes;
    r.changed = e.edit(game, facts, r.text, changes, r.notes);
    for (const TagChange& c : changes)
        r.changes.push_back({c.line, std::string(c.old_pair), std::string(c.new_pair)});
    return r;
}
std::vector<std::string> lines(std::string_view s) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < s.size()) {
        std::size_t e = s.find('\n', i);
        e = e == s.npos ? s.size() : e + 1;
        out.emplace_back(s.substr(i, e - i));
        i = e;
    }
    return out;
}
} // namespace

TEST_CASE("tags: --set rewrites the one pair, every other byte kept") {
    TagEditOptions o;
    o.set = {{"Event", "New"}};
    const std::string game = "[Event  \"Old\"]\r\n[Site \"x\"]   \r\n\r\n1. e4 e5 *\r\n";
    const auto r = edit(o, game);
    REQUIRE(r.changed);
    CHECK(r.text == "[Event \"New\"]\r\n[Site \"x\"]   \r\n\r\n1. e4 e5 *\r\n");
    REQUIRE(r.changes.size() == 1);
    CHECK(r.changes[0].old_pair == "[Event  \"Old\"]");
    CHECK(r.changes[0].new_pair == "[Event \"New\"]");
    CHECK_FALSE(edit(o, "[Event \"New\"]\n\n*\n").changed); // already so: untouched
}

TEST_CASE("tags: added pairs follow the last tag line in the game's line breaks") {
    TagEditOptions o;
    o.add = {{"Annotator", "Me"}};
    CHECK(edit(o, "[Event \"E\"]\r\n\r\n*\r\n").text ==
          "[Event \"E\"]\r\n[Annotator \"Me\"]\r\n\r\n*\r\n");
    CHECK_FALSE(edit(o, "[Annotator \"You\"]\n\n*\n").changed); // --add: only when absent
    CHECK(edit(o, "1. e4 *\n").text == "[Annotator \"Me\"]\n\n1. e4 *\n"); // no tag section
}

TEST_CASE("tags: escapes are read and written") {
    TagEditOptions o;
    o.set = {{"Annotator", "a \"b\" \\c"}};
    const auto r = edit(o, "[Annotator \"x\\\"y\"]\n\n*\n");
    CHECK(r.text == "[Annotator \"a \\\"b\\\" \\\\c\"]\n\n*\n");
    o.set = {{"Annotator", "x\"y"}};
    CHECK_FALSE(edit(o, "[Annotator \"x\\\"y\"]\n\n*\n").changed);
}

TEST_CASE("tags: pairs on one line") {
    TagEditOptions o;
    o.remove = {"Site"};
    o.rename = {{"Event", "Tournament"}};
    const auto r = edit(o, "[Event \"E\"][Site \"S\"] [Round \"1\"]\n\n*\n");
    CHECK(r.text == "[Tournament \"E\"] [Round \"1\"]\n\n*\n");
    CHECK(r.changes.size() == 2);
}

TEST_CASE("tags: --remove takes the pair's whole line, --rename skips a clash") {
    TagEditOptions o;
    o.remove = {"Site"};
    CHECK(edit(o, "[Event \"E\"]\n  [Site \"S\"]  \n[Round \"1\"]\n\n*\n").text ==
          "[Event \"E\"]\n[Round \"1\"]\n\n*\n");
    TagEditOptions r;
    r.rename = {{"Site", "Event"}};
    const auto e = edit(r, "[Event \"E\"]\n[Site \"S\"]\n\n*\n");
    CHECK_FALSE(e.changed);
    CHECK(e.notes.size() == 1);
}

TEST_CASE("tags: --fill-roster puts each missing tag in its roster place") {
    TagEditOptions o;
    o.fill_roster = true;
    const auto r = edit(o, "[Event \"E\"]\n[White \"W\"]\n[Opening \"x\"]\n\n*\n");
    CHECK(r.text == "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                    "[White \"W\"]\n[Black \"?\"]\n[Result \"*\"]\n[Opening \"x\"]\n\n*\n");
    CHECK(r.changes.size() == 5);
}

TEST_CASE("tags: --normalize-dates") {
    CHECK(normalized_pgn_date("2024.3.5") == "2024.03.05");
    CHECK(normalized_pgn_date("2024/03/05") == "2024.03.05");
    CHECK(normalized_pgn_date("2024-03-05") == "2024.03.05");
    CHECK(normalized_pgn_date("2024") == "2024.??.??");
    CHECK(normalized_pgn_date("2024.?.?") == "2024.??.??");
    CHECK_FALSE(normalized_pgn_date("2024.03.05"));
    CHECK_FALSE(normalized_pgn_date("????.??.??"));
    CHECK_FALSE(normalized_pgn_date("05/03/2024"));
    CHECK_FALSE(normalized_pgn_date("2024.13.05"));
    CHECK_FALSE(normalized_pgn_date("2024.03/05"));
    CHECK_FALSE(normalized_pgn_date("March 2024"));
    TagEditOptions o;
    o.normalize_dates = true;
    CHECK(edit(o, "[Date \"2024/3/5\"]\n[EventDate \"2024.3.1\"]\n\n*\n").text ==
          "[Date \"2024.03.05\"]\n[EventDate \"2024.03.01\"]\n\n*\n");
}

TEST_CASE("tags: --fix-result and --add-plycount need a replay without error") {
    TagEditOptions o;
    o.fix_result = o.add_plycount = true;
    const std::string game = "[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *\n";
    ReplayFacts f{true, 4, "0-1"};
    CHECK(edit(o, game, f).text == "[Result \"0-1\"]\n[PlyCount \"4\"]\n\n1. f3 e5 2. g4 Qh4# *\n");
    const auto bad = edit(o, game, ReplayFacts{});
    CHECK_FALSE(bad.changed);
    CHECK(bad.notes.size() == 1);
}

TEST_CASE("tags: --names respells, in a Latin-1 game in Latin-1") {
    NameTable t;
    REQUIRE(t.parse("Carlsen,M\tCarlsen, Magnus\nAnand, V\tAnand, Viswanathan\n"
                    "Ljubojevic, L\tLjubojević, Ljubomir\nReti\tRéti, Richard\n",
                    "t", false) == "");
    TagEditOptions o;
    o.names = &t;
    o.name_tags = {"White", "Black"};
    CHECK(edit(o, "[White \"Carlsen,M\"]\n[Black \"Anand, V\"]\n\n*\n").text ==
          "[White \"Carlsen, Magnus\"]\n[Black \"Anand, Viswanathan\"]\n\n*\n");
    // A Latin-1 game: the canonical name written in Latin-1; one it cannot hold is a note.
    const auto r =
        edit(o, "[White \"Reti\"]\n[Black \"Ljubojevic, L\"]\n[Site \"M\xfcnchen\"]\n\n*\n");
    CHECK(r.text == "[White \"R\xe9ti, Richard\"]\n[Black \"Ljubojevic, L\"]\n[Site "
                    "\"M\xfcnchen\"]\n\n*\n");
    CHECK(r.notes.size() == 1);
    // By default Red too (xiangqi's first player in xqbase files).
    TagEditOptions d;
    d.names = &t;
    CHECK(edit(d, "[Red \"Reti\"]\n[Black \"Carlsen,M\"]\n\n*\n").text ==
          "[Red \"Réti, Richard\"]\n[Black \"Carlsen, Magnus\"]\n\n*\n");
}

TEST_CASE("tags: Scid spelling files") {
    NameTable t;
    REQUIRE(t.parse("# a comment\n@PLAYER\nCarlsen, Magnus   #gm NOR\n%Bio born 1990\n= "
                    "Carlsen,M\n=Carlsen, Mag.\n@EVENT\nWijk aan Zee\n= Corus\n",
                    "t.ssp", true) == "");
    CHECK(*t.canonical(NameKind::Player, "Carlsen,M") == "Carlsen, Magnus");
    CHECK(*t.canonical(NameKind::Player, "Carlsen, Mag.") == "Carlsen, Magnus");
    CHECK(*t.canonical(NameKind::Event, "Corus") == "Wijk aan Zee");
    CHECK(t.canonical(NameKind::Player, "Corus") == nullptr);
    NameTable bad;
    CHECK(bad.parse("@PLAYER\n= Carlsen\n", "b.ssp", true) ==
          "b.ssp:2: a variant ('=') before any canonical name");
    CHECK(bad.parse("no tab here\n", "b.tsv", false) ==
          "b.tsv:1: expected 'variant<TAB>canonical'");
}

TEST_CASE("tags: the output minus the changed lines is the input") {
    // Property: over edits of every kind, removing the changed and added lines from the
    // output and the changed and removed lines from the input leaves the same bytes.
    const std::vector<std::string> games = {
        "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.3.5\"]\n[White \"a\"]\n[Black \"b\"]\n"
        "[Result \"1-0\"]\n\n1. e4 {c} e5 1-0\n",
        "[Event \"E\"]\r\n[Date \"2024/03/05\"]\r\n[Annotator \"x\"]\r\n\r\n1. d4 *\r\n",
        "[Site \"S\"]\n[Annotator \"q\\\"x\"]\n\n*\n",
    };
    TagEditOptions o;
    o.set = {{"Event", "Set"}};
    o.add = {{"Source", "me"}};
    o.remove = {"Annotator"};
    o.rename = {{"Site", "Place"}};
    o.fill_roster = o.normalize_dates = true;
    for (const std::string& g : games) {
        const auto r = edit(o, g);
        REQUIRE(r.changed);
        std::vector<std::string> in = lines(g), out = lines(r.text);
        std::vector<std::string> in_kept, out_kept;
        for (const auto& l : in) {
            bool changed = false;
            for (const auto& c : r.changes)
                if (!c.old_pair.empty() && l.find(c.old_pair) != l.npos) changed = true;
            if (!changed) in_kept.push_back(l);
        }
        for (const auto& l : out) {
            bool changed = false;
            for (const auto& c : r.changes)
                if (!c.new_pair.empty() && l.find(c.new_pair) != l.npos) changed = true;
            if (!changed) out_kept.push_back(l);
        }
        CHECK(in_kept == out_kept);
    }
}

TEST_CASE("tags: the pairs the reader reads, after % lines and a BOM, in CR-only files") {
    // The tags' own locator stopped at a `%` line or a BOM (no pairs: the pair was added before
    // them) and read a CR-only section as one line (pairs added after the movetext).
    TagEditOptions o;
    o.set = {{"Event", "X"}};
    o.add = {{"Source", "me"}};
    CHECK(edit(o, "% from a site\r\n[Event \"E\"]\r\n\r\n1. e4 *\r\n").text ==
          "% from a site\r\n[Event \"X\"]\r\n[Source \"me\"]\r\n\r\n1. e4 *\r\n");
    CHECK(edit(o, "\xEF\xBB\xBF[Event \"E\"]\n\n1. e4 *\n").text ==
          "\xEF\xBB\xBF[Event \"X\"]\n[Source \"me\"]\n\n1. e4 *\n");
    CHECK(edit(o, "[Event \"E\"]\r[Site \"S\"]\r\r1. e4 *\r").text ==
          "[Event \"X\"]\r[Site \"S\"]\r[Source \"me\"]\r\r1. e4 *\r");
}

TEST_CASE("tags: --set stops at the pairs it edits, the game's encoding still from every pair") {
    // The pairs after Event are not read for --set Event, yet the Latin-1 name of White after
    // it makes the game Latin-1: the new value is written in Latin-1.
    TagEditOptions o;
    o.set = {{"Event", "M\xc3\xbcnchen"}};
    TagEditor e(o);
    std::string out;
    std::vector<TagChange> changes;
    std::vector<std::string> notes;
    REQUIRE(e.edit("[Event \"a\"]\n[White \"M\xfcller\"]\n\n*\n", {}, out, changes, notes));
    CHECK(out == "[Event \"M\xfcnchen\"]\n[White \"M\xfcller\"]\n\n*\n");
    CHECK_FALSE(e.utf8());
    // The same in UTF-8: the value as given.
    REQUIRE(
        e.edit("[Event \"a\"]\n[White \"M\xc3\xbcller\"]\n\n*\n", {}, out = "", changes, notes));
    CHECK(out == "[Event \"M\xc3\xbcnchen\"]\n[White \"M\xc3\xbcller\"]\n\n*\n");
    CHECK(e.utf8());
    // An ASCII value in a Latin-1 game, and the game's encoding asked after the edit.
    o.set = {{"Event", "X"}, {"Round", "2"}};
    TagEditor e2(o);
    REQUIRE(e2.edit("[Round \"1\"]\n[Event \"a\"]\n[Event \"b\"]\n[Black \"\xe9\"]\n\n*\n", {},
                    out = "", changes, notes));
    // (the first Event alone is set, as without the early stop)
    CHECK(out == "[Round \"2\"]\n[Event \"X\"]\n[Event \"b\"]\n[Black \"\xe9\"]\n\n*\n");
    CHECK(changes.size() == 2);
    CHECK_FALSE(e2.utf8());
    // A name the game lacks: every pair read, the new one after the last.
    o.set = {{"Annotator", "Z"}};
    CHECK(edit(o, "[Event \"a\"]\n[Site \"b\"]\n\n*\n").text ==
          "[Event \"a\"]\n[Site \"b\"]\n[Annotator \"Z\"]\n\n*\n");
}

TEST_CASE("tags: a pair added after one that the moves follow on its line goes before them") {
    // Not after the line: that would put the new pair after the moves.
    TagEditOptions o;
    o.set = {{"White", "X"}};
    CHECK(edit(o, "[Result \"1-0\"] 1. e4 1-0\n").text ==
          "[Result \"1-0\"]\n[White \"X\"] 1. e4 1-0\n");
    // The roster's tags after the pairs of that line, before the moves; a line of pairs
    // before the last keeps its pairs together.
    TagEditOptions r;
    r.fill_roster = true;
    CHECK(edit(r, "[Event \"a\"] [White \"w\"] 1. e4 *\n").text ==
          "[Event \"a\"] [White \"w\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
          "[Black \"?\"]\n[Result \"*\"] 1. e4 *\n");
    CHECK(edit(r, "[Event \"a\"] [White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n*\n").text ==
          "[Event \"a\"] [White \"w\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
          "[Black \"b\"]\n[Result \"*\"]\n\n*\n");
}

TEST_CASE("tags: a game whose first tag pair is malformed is not edited, and says so") {
    // Not taken for a game without tags: a new tag section before it would make two games.
    TagEditOptions o;
    o.set = {{"Event", "X"}};
    o.fill_roster = true;
    const auto r = edit(o, "[Event \"Tournament \\\"]\n[Site \"s\"]\n\n1. e4 *\n");
    CHECK_FALSE(r.changed);
    REQUIRE(r.notes.size() == 1);
    CHECK(r.notes[0].find("not well formed") != std::string::npos);
    // A game without tags still gets its tag section.
    CHECK(edit(o, "1. e4 *\n").changed);
}

TEST_CASE("tags: a lone --set writes what the general path writes") {
    // One --set of an ASCII value replaces the pair without the general path's entries
    // (TagEditor::lone_set_); a second --set of the same name takes the general path and
    // leaves the same value.
    TagEditOptions lone;
    lone.set = {{"Site", "a \"b\" \\c"}};
    TagEditOptions general;
    general.set = {{"Site", "other"}, lone.set[0]};
    const std::vector<std::string> games = {
        "[Event \"E\"]\n[Site \"S\"]\n\n1. e4 *\n",
        "[Site \"S\"]\r\n[Event \"E\"]\r\n\r\n1. e4 *\r\n",
        "[Event \"E\"] [Site \"S\"] [Round \"1\"]\n\n*\n",
        "[Event \"E\"]\r[Site  \"x\\\"y\" ]\r\r1. e4 *\r",
        "[Site \"a \\\"b\\\" \\\\c\"]\n\n*\n", // already so
        "[Site \"S\"]\n[Site \"T\"]\n\n*\n",   // the first is set
        "[A \"b\"]\n[Site \"S\"]\n[Round \"1\"]\n\n1. e4 *\n",
        "[A \"b\"] [B \"c\"]\n[Site \"S\"]\n[Round \"1\"]\n\n1. e4 *\n",
        "[Event \"E\"]\n[Round \"1\"]\n\n*\n", // none: added
        "[Event \"E\"]\n[Bad \"x]\n[Site \"S\"]\n\n*\n",
        "[Site \"S\"] 1. e4 *",
        "[Site \"S\"]",
        "1. e4 *\n",
        "\xEF\xBB\xBF% note\n[Site \"S\"]\n\n*\n",
        "[Site \"M\xfcnchen\"]\n[White \"\xe9\"]\n\n*\n",
    };
    // A game's text alone, and as the splitter hands it over: its usual tag lines marked
    // (GameSpan::tags), the pairs then located from the marks.
    const auto edit_split = [](const TagEditOptions& o, const std::string& text) {
        pgnkit::MemorySource src(text);
        pgnkit::GameSplitter splitter(src);
        pgnkit::GameSpan span;
        TagEditor e(o);
        Edited r;
        std::vector<TagChange> changes;
        REQUIRE(splitter.next(span));
        r.changed = e.edit(span, {}, changes, r.notes);
        if (r.changed) e.write(r.text);
        for (const TagChange& c : changes)
            r.changes.push_back({c.line, std::string(c.old_pair), std::string(c.new_pair)});
        return r;
    };
    for (const std::string& game : games) {
        INFO(game);
        const Edited a = edit(lone, game), b = edit(general, game);
        const Edited as = edit_split(lone, game), bs = edit_split(general, game);
        CHECK(as.text == bs.text);
        REQUIRE(as.changes.size() == bs.changes.size());
        if (!as.changes.empty()) CHECK(as.changes[0].line == bs.changes[0].line);
        CHECK(a.changed == b.changed);
        CHECK(a.text == b.text);
        CHECK(a.notes == b.notes);
        REQUIRE(a.changes.size() == b.changes.size());
        for (std::size_t k = 0; k < a.changes.size(); ++k) {
            CHECK(a.changes[k].line == b.changes[k].line);
            CHECK(a.changes[k].old_pair == b.changes[k].old_pair);
            CHECK(a.changes[k].new_pair == b.changes[k].new_pair);
        }
    }
}
