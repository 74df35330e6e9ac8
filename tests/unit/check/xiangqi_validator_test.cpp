// Xiangqi games in validate (check/game_kind.hpp, check/xiangqi_validator.hpp): which games
// the chess validator hands over, and what the xiangqi validator reports of them.

#include "pgnkit/check/game_kind.hpp"
#include "pgnkit/check/validator.hpp"
#include "pgnkit/check/xiangqi_validator.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace pgnkit;

namespace {

/// The splitter's first game.
GameSpan first_span(GameSplitter& splitter) {
    GameSpan span;
    REQUIRE(splitter.next(span));
    return span;
}

/// Whether the chess validator, detecting, hands the game over as xiangqi; and what it said.
bool handed_over(const std::string& pgn, std::size_t* diagnostics = nullptr, bool detect = true) {
    MemorySource src(pgn);
    GameSplitter splitter(src);
    GameSpan span = first_span(splitter);
    ValidateOptions o;
    o.detect_xiangqi = detect;
    GameValidator v(o);
    PgnReader reader;
    reader.read(span, v);
    if (diagnostics) *diagnostics = v.diagnostics().size();
    if (detect) CHECK(span_is_xiangqi(span) == v.xiangqi()); // the two ways agree
    return v.xiangqi();
}

struct Checked {
    std::vector<std::string> codes, messages;
    GameInfo info;
    bool invalid = false;
    std::string message(std::string_view code) const {
        for (std::size_t i = 0; i < codes.size(); ++i)
            if (codes[i] == code) return messages[i];
        return {};
    }
};

/// The diagnostics of the first game of `pgn`; without missing-tag unless `roster` (these
/// games leave most of the Seven Tag Roster out).
Checked check(const std::string& pgn, bool roster = false) {
    MemorySource src(pgn);
    GameSplitter splitter(src);
    GameSpan span = first_span(splitter);
    ValidateOptions o;
    if (!roster) o.severities.set(Code::MissingTag, Severity::Ignore);
    XiangqiValidator v(o);
    v.validate(span);
    Checked c;
    for (const Diagnostic& d : v.diagnostics()) {
        c.codes.emplace_back(code_name(d.code));
        c.messages.push_back(d.message);
    }
    c.info = v.info();
    c.invalid = v.has_error();
    return c;
}

} // namespace

TEST_CASE("game kind: the Variant, Game and FEN tags make a game xiangqi") {
    std::size_t said = 99;
    CHECK(handed_over("[Variant \"xiangqi\"]\n\n1. h2e2 *\n", &said));
    CHECK(said == 0); // nothing of chess is reported for it
    CHECK(handed_over("[Variant \"Xiangqi\"]\n\n1. Che2 *\n"));
    CHECK(handed_over("[Game \"Chinese Chess\"]\n\n1. 炮二平五 *\n"));
    CHECK(handed_over(
        "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n\n*\n"));
    CHECK_FALSE(handed_over("[Event \"x\"]\n[White \"a\"]\n\n1. e4 e5 *\n"));
    CHECK_FALSE(handed_over("[Variant \"chess960\"]\n\n1. e4 *\n"));
    CHECK_FALSE(handed_over("[Game \"Chess\"]\n\n1. e4 *\n"));
    // Not detecting (--variant chess): the Variant tag is an unsupported variant, as before.
    CHECK_FALSE(handed_over("[Variant \"xiangqi\"]\n\n1. h2e2 *\n", &said, false));
    CHECK(said == 2); // unsupported-variant, and missing-tag of the Seven Tag Roster
    CHECK(parse_game_choice("auto") == GameChoice::Auto);
    CHECK(parse_game_choice("xiangqi") == GameChoice::Xiangqi);
    CHECK_FALSE(parse_game_choice("shogi"));
}

TEST_CASE("xiangqi validator: an illegal move names the rule, the position and the moves") {
    const Checked c = check("[Red \"R\"]\n[Black \"B\"]\n\n1. b0d1 *\n");
    CHECK(c.invalid);
    REQUIRE(c.codes == std::vector<std::string>{"illegal-move"});
    CHECK(c.message("illegal-move").find("the horse on b0 is blocked by the piece on c0") !=
          std::string::npos);
    CHECK(c.info.white == "R");
    CHECK(c.info.black == "B");
}

TEST_CASE("xiangqi validator: results against the final position, and a missing marker warns") {
    // Mate: Black is mated; a draw recorded contradicts it.
    Checked c = check("[FEN \"3k5/R8/9/9/9/9/9/9/1R7/5K3 w - - 0 1\"]\n\n1. b1b9 1/2-1/2\n");
    CHECK(c.codes == std::vector<std::string>{"result-contradicts-position"});
    CHECK(c.info.decided_result == "1-0");
    CHECK(c.info.end == LineEnd::Checkmate);
    // Stalemate loses too.
    c = check("[FEN \"3k5/R8/9/9/9/4R4/9/9/9/5K3 w - - 0 1\"]\n\n1. e4e3 1/2-1/2\n");
    CHECK(c.codes == std::vector<std::string>{"result-contradicts-position"});
    CHECK(c.message("result-contradicts-position").find("stalemated") != std::string::npos);
    c = check("[FEN \"3k5/R8/9/9/9/4R4/9/9/9/5K3 w - - 0 1\"]\n\n1. e4e3 1-0\n");
    CHECK(c.codes.empty());
    CHECK_FALSE(c.invalid);
    // No marker: a warning, the game stays valid.
    c = check("[Event \"e\"]\n\n1. h2e2 h9g7\n");
    CHECK(c.codes == std::vector<std::string>{"missing-result"});
    CHECK_FALSE(c.invalid);
    // The Result tag against the marker; moves in two notations.
    c = check("[Result \"1-0\"]\n\n1. h2e2 马８进７ 0-1\n");
    CHECK(c.codes == std::vector<std::string>{"mixed-notation", "result-mismatch"});
}

TEST_CASE("xiangqi validator: the roster with Red for White, dates and PlyCount as for chess") {
    const std::string roster = "[Event \"e\"]\n[Site \"s\"]\n[Date \"2006.08.03\"]\n[Round "
                               "\"1\"]\n[Result \"*\"]\n";
    Checked c = check(roster + "[Red \"R\"]\n[Black \"B\"]\n\n1. h2e2 *\n", true);
    CHECK(c.codes.empty());
    // WinBoard's White, and RedTeam and BlackTeam, stand for Red and Black.
    c = check(roster + "[White \"R\"]\n[Black \"B\"]\n\n1. h2e2 *\n", true);
    CHECK(c.codes.empty());
    CHECK(c.info.white == "R");
    c = check(roster + "[RedTeam \"R\"]\n[BlackTeam \"B\"]\n\n1. h2e2 *\n", true);
    CHECK(c.codes.empty());
    c = check("[Event \"e\"]\n[Black \"B\"]\n\n1. h2e2 *\n", true);
    REQUIRE(c.codes == std::vector<std::string>{"missing-tag"});
    CHECK(c.message("missing-tag") ==
          "missing tags 'Site', 'Date', 'Round', 'Red', 'Result' (Seven Tag Roster)");
    c = check("1. h2e2 *\n", true);
    CHECK(c.message("missing-tag") == "game without tags (the Seven Tag Roster is missing)");
    // Dates as chess reads them; PlyCount against the main line, when it was read to its end.
    c = check("[Date \"2006.02.30\"]\n[PlyCount \"3\"]\n\n1. h2e2 h9g7 *\n");
    CHECK(c.codes == std::vector<std::string>{"bad-date", "plycount-mismatch"});
    CHECK(c.message("bad-date") == "Date '2006.02.30' is not a date: February 2006 has 28 days");
    CHECK(c.message("plycount-mismatch") == "PlyCount 3 but the main line has 2 plies");
    CHECK_FALSE(c.invalid);
    c = check("[PlyCount \"2\"]\n\n1. h2e2 h9g7 *\n");
    CHECK(c.codes.empty());
    c = check("[PlyCount \"5\"]\n\n1. h2e2 h9h5 *\n");
    CHECK(c.codes == std::vector<std::string>{"illegal-move"});
}
