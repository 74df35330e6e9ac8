// The position criteria of filter (src/cmd/filter/position_tests.cpp, board_pattern.cpp,
// material_signature.cpp, opening_line.cpp): FIDE identity, transpositions, opening lines,
// board patterns, material signatures, Polyglot keys and PositionWatch.

#include "pgnkit/chess/fen.hpp"
#include "pgnkit/cmd/filter/criterion_error.hpp"
#include "pgnkit/cmd/filter/position_tests.hpp"

#include "chess_positions.hpp"

#include <catch2/catch.hpp>

#include <functional>
#include <string>

using namespace pgnkit::app::filter;
using pgnkit::chess::Position;
using pgnkit::test::from_fen;

namespace {

/// The CriterionError `make` throws: its column and message (column 0 when none).
std::pair<std::size_t, std::string> error_of(const std::function<void()>& make) {
    try {
        make();
    } catch (const CriterionError& e) {
        return {e.column, e.what()};
    }
    return {0, ""};
}

/// The positions of a line from the start: ply 0 (the start) to the last.
std::vector<Position> positions_of(std::string_view sans) {
    std::vector<Position> out{Position::startpos()};
    for (pgnkit::chess::Move m : parse_opening_line(sans).moves) out.push_back(out.back().after(m));
    return out;
}

bool pattern_holds(std::string_view pattern, const Position& pos, bool either = false) {
    return pattern_test(pattern, either)->matches(pos);
}

bool material_holds(std::string_view sig, const Position& pos, bool exact, bool either = false) {
    return material_test(sig, exact, either)->matches(pos);
}

} // namespace

TEST_CASE("position: FIDE identity ignores the move counters", "[filter][position]") {
    const auto test =
        position_test_from_fen("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    CHECK(test->matches(positions_of("e4 c5").back()));
    CHECK(
        test->matches(from_fen("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 17 40")));
    // The 4 EPD fields are enough.
    CHECK(position_test_from_fen("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -")
              ->matches(positions_of("e4 c5").back()));
    // Another side to move is another position.
    CHECK_FALSE(
        test->matches(from_fen("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2")));
}

TEST_CASE("position: castling rights count", "[filter][position]") {
    const char* fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    const auto test = position_test_from_fen(fen);
    CHECK(test->matches(from_fen(fen)));
    CHECK_FALSE(test->matches(from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1")));
    CHECK_FALSE(test->matches(from_fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1")));
}

TEST_CASE("position: the en-passant square counts only when a capture there is legal",
          "[filter][position]") {
    // After 1.e4 the FEN may say e3 or -: no black pawn can take, the same position.
    const Position after_e4 = positions_of("e4").back();
    REQUIRE(after_e4.ep_square() == pgnkit::chess::E3);
    CHECK(position_test_from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
              ->matches(after_e4));
    CHECK(position_test_from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
              ->matches(after_e4));
    // A legal capture: with and without the square are two positions.
    const char* legal = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    const char* none = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
    CHECK(position_test_from_fen(legal)->matches(from_fen(legal)));
    CHECK_FALSE(position_test_from_fen(legal)->matches(from_fen(none)));
    CHECK_FALSE(position_test_from_fen(none)->matches(from_fen(legal)));
    CHECK(position_test_from_fen(legal)->matches(positions_of("e4 d5 e5 f5").back()));
    // A capture that is pseudo-legal only (bxc6 would expose the king on the 5th rank): the
    // square does not count.
    const char* pinned_ep = "7k/8/8/KPp4r/8/8/8/8 w - c6 0 1";
    const char* pinned_none = "7k/8/8/KPp4r/8/8/8/8 w - - 0 1";
    REQUIRE_FALSE(from_fen(pinned_ep).has_legal_ep());
    CHECK(position_test_from_fen(pinned_ep)->matches(from_fen(pinned_none)));
    CHECK(position_test_from_fen(pinned_none)->matches(from_fen(pinned_ep)));
}

TEST_CASE("position: a bad FEN is an error at its field", "[filter][position]") {
    auto column = [](const char* fen) {
        return error_of([&] { position_test_from_fen(fen); }).first;
    };
    CHECK(column("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1") == 1);
    CHECK(column("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1") == 45);
    CHECK(column("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1") == 47);
    CHECK(column("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1") == 52);
    CHECK(column("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w") == 1);
    CHECK_THAT(error_of([] { position_test_from_fen("x"); }).second, Catch::Contains("bad FEN"));
}

TEST_CASE("position: a transposition reaches the same key", "[filter][position]") {
    const OpeningLine sicilian = parse_opening_line("e4 c5 Nf3 d6 d4");
    const std::vector<Position> other = positions_of("Nf3 c5 e4 d6 d4");
    const auto test = position_test_of(sicilian.final_position);
    CHECK(other.back().repetition_key() == sicilian.final_position.repetition_key());
    CHECK(test->matches(other.back()));
    // Not before the line is complete.
    for (std::size_t ply = 0; ply + 1 < other.size(); ++ply) CHECK_FALSE(test->matches(other[ply]));
    // The move lists differ (a moves-prefix criterion tells them apart).
    CHECK(parse_opening_line("Nf3 c5 e4 d6 d4").moves != sicilian.moves);
}

TEST_CASE("opening line: every notation of the issue", "[filter][opening]") {
    const OpeningLine a = parse_opening_line("e4 c5 Nf3 d6");
    const OpeningLine b = parse_opening_line("1. e4 c5 2. Nf3 d6");
    const OpeningLine c = parse_opening_line("1.e4 c5 2.Nf3 d6");
    const OpeningLine d = parse_opening_line("1. e4 1... c5 2. Nf3 2... d6");
    CHECK(a.moves.size() == 4);
    CHECK(a.moves == b.moves);
    CHECK(a.moves == c.moves);
    CHECK(a.moves == d.moves);
    CHECK(a.final_position ==
          from_fen("rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3"));
    CHECK(parse_opening_line("  e4,  e5 ").moves.size() == 2);
}

TEST_CASE("opening line: mistakes name their column", "[filter][opening]") {
    struct Case {
        const char* line;
        std::size_t column;
        const char* says;
    };
    const Case cases[] = {
        {"e4 e5 Ke3", 7, "illegal move 'Ke3' for white at move 2"},
        {"1.e4 c5 2.Nf6", 11, "illegal move 'Nf6'"},
        {"e4 c5 Nf3 xx", 11, "'xx' is not a move"},
        {"e4 e5 Ne2 a6 Nc3", 14, "ambiguous move 'Nc3'"},
        {"1. e4 3. c5", 7, "move number '3.' where 1... comes"},
        {"1... e4", 1, "where 1. comes"},
        {"e4 c5 1-0", 7, "not a move"},
        {"", 1, "no moves"},
        {"1.", 1, "no moves"},
        {"e4 --", 4, "not a move"},
    };
    for (const Case& c : cases) {
        INFO(c.line);
        const auto [column, message] = error_of([&] { parse_opening_line(c.line); });
        CHECK(column == c.column);
        CHECK_THAT(message, Catch::Contains(c.says));
    }
}

TEST_CASE("pattern: exact boards and every wildcard", "[filter][pattern]") {
    const Position start = Position::startpos();
    const Position e4 = positions_of("e4").back();
    CHECK(pattern_holds("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", start));
    CHECK_FALSE(pattern_holds("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", e4));
    // ? any square, ! an empty one.
    CHECK(pattern_holds(R"(????k???/????????/8/8/8/8/????????/????K???)", start));
    CHECK(pattern_holds("rnbqkbnr/pppppppp/!!!!!!!!/8/8/8/PPPPPPPP/RNBQKBNR", start));
    CHECK_FALSE(pattern_holds("rnbqkbnr/pppppppp/8/8/8/8/PPPP!PPP/RNBQKBNR", start));
    CHECK(pattern_holds("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP!PPP/RNBQKBNR", e4));
    CHECK_FALSE(pattern_holds(R"(rnbqkbnr/pppppppp/8/8/8/8/????????/???????!)", start));
    // * any run within a rank: none, some, all.
    CHECK(pattern_holds("*/*/*/*/*/*/*/*", start));
    CHECK(pattern_holds("*k*/*/*/*/*/*/*/*K*", start));
    CHECK(pattern_holds("*/*/*/*/*P*/*/*/*", e4));
    CHECK_FALSE(pattern_holds("*/*/*/*/*P*/*/*/*", start));
    CHECK(pattern_holds("*/*/*/*/4P3/*/*/*", e4));
    CHECK(pattern_holds("*/*/*/*/4P*/*/*/*", e4));
    CHECK_FALSE(pattern_holds("*/*/*/*/3P*/*/*/*", e4));
    CHECK(pattern_holds("rnbqkbnr*/*/*/*/*/*/*/*", start)); // a star matching nothing
    CHECK(pattern_holds("*rnbqkbnr/*/*/*/*/*/*/*", start));
    CHECK(pattern_holds("r*r/*/*/*/*/*/*/R*K*R", start));
    CHECK_FALSE(pattern_holds("r*q*q*r/*/*/*/*/*/*/*", start));
    CHECK(pattern_holds("*/*P*P*/*/*/*/*/*/*", from_fen("7k/1P3P2/8/8/8/8/8/K7 w - - 0 1")));
    CHECK_FALSE(
        pattern_holds("*/*P*P*P*/*/*/*/*/*/*", from_fen("7k/1P3P2/8/8/8/8/8/K7 w - - 0 1")));
    CHECK(pattern_holds("*/*/*/*/*/*/*/*!", start) == false);
}

TEST_CASE("pattern: classes", "[filter][pattern]") {
    const Position start = Position::startpos();
    CHECK(pattern_holds("[rR][nN]*/*/*/*/*/*/*/*", start));
    CHECK(pattern_holds("*/*/*/*/*/*/*/[RN][RN]*", start));
    CHECK_FALSE(pattern_holds("*/*/*/*/*/*/*/[rn]*", start)); // lower case: black pieces
    CHECK(pattern_holds("*/*/[!p]*/*/*/*/*/*", start));       // ! inside: empty
    CHECK_FALSE(pattern_holds("*/*/[pP]*/*/*/*/*/*", start));
    CHECK(pattern_holds("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R[NB]BQKBNR", start));
}

TEST_CASE("pattern: either colour mirrors the board and swaps the colours", "[filter][pattern]") {
    const Position white_e4 = positions_of("e4").back();
    const Position black_e5 = positions_of("d3 e5").back();
    const char* pattern = "*/*/*/*/4P3/*/*/*";
    CHECK(pattern_holds(pattern, white_e4));
    CHECK_FALSE(pattern_holds(pattern, black_e5));
    CHECK(pattern_holds(pattern, black_e5, true));
    CHECK(pattern_holds(pattern, white_e4, true));
    // A king on g1 with pawns f2 g2 h2 (white castled short) or g8/f7 g7 h7 (black).
    const char* castled = "*/*/*/*/*/*/*PPP/*K?";
    const Position black_castled = from_fen("5rk1/5ppp/8/8/8/8/8/4K3 w - - 0 1");
    CHECK_FALSE(pattern_holds(castled, black_castled));
    CHECK(pattern_holds(castled, black_castled, true));
}

TEST_CASE("pattern: mistakes name their column", "[filter][pattern]") {
    struct Case {
        const char* pattern;
        std::size_t column;
        const char* says;
    };
    const Case cases[] = {
        {"8/8/8", 6, "8 ranks, this one 3"},
        {"9/8/8/8/8/8/8/8", 1, "not a pattern character"},
        {"7/8/8/8/8/8/8/8", 1, "rank 8 has 7 squares"},
        {"8/8/8/8/8/8/8/7", 15, "rank 1 has 7 squares"},
        {"8/8/8/8/8/8/8/8/8", 16, "more than 8 ranks"},
        {"[NB*/8/8/8/8/8/8/8", 1, "'[' without its ']'"},
        {"[NX]7/8/8/8/8/8/8/8", 3, "'X' in a class"},
        {"[]7/8/8/8/8/8/8/8", 1, "empty class"},
        {"8/8/8/8/8/8/8/8 w", 16, "board part of a FEN only"},
        {"pppppppp?/8/8/8/8/8/8/8", 9, "more than 8 squares"},
        {"*ppppppppp/8/8/8/8/8/8/8", 10, "more than 8 squares"},
        {"8//8/8/8/8/8/8", 3, "rank 7 is empty"},
        {"", 1, "empty pattern"},
    };
    for (const Case& c : cases) {
        INFO(c.pattern);
        const auto [column, message] = error_of([&] { pattern_test(c.pattern, false); });
        CHECK(column == c.column);
        CHECK_THAT(message, Catch::Contains(c.says));
    }
}

TEST_CASE("material: at least, exactly, either colour", "[filter][material]") {
    const Position start = Position::startpos();
    CHECK(material_holds("KQRRBBNNPPPPPPPP:KQRRBBNNPPPPPPPP", start, true));
    CHECK(material_holds("Q2R2B2N8P:q2r2b2n8p", start, true));
    CHECK(material_holds("KQ:KQ", start, false));
    CHECK_FALSE(material_holds("KQ:KQ", start, true));
    CHECK(material_holds(":", start, false));

    const Position krp_kr = from_fen("8/8/4k3/8/2R5/4P3/4K3/r7 w - - 0 1");
    CHECK(material_holds("KRP:KR", krp_kr, true));
    CHECK(material_holds("RP:R", krp_kr, true)); // K optional
    CHECK(material_holds("KR:KR", krp_kr, false));
    CHECK_FALSE(material_holds("KR:KR", krp_kr, true));
    CHECK_FALSE(material_holds("KRPP:KR", krp_kr, false));
    CHECK_FALSE(material_holds("KR2P:KR", krp_kr, false));
    CHECK_FALSE(material_holds("KR:KRP", krp_kr, false));
    CHECK(material_holds("KR:KRP", krp_kr, false, true));
    CHECK(material_holds("KR:KRP", krp_kr, true, true));
    CHECK_FALSE(material_holds("KQ:KRP", krp_kr, false, true));
    CHECK(material_holds("krp:kr", krp_kr, true)); // any case
}

TEST_CASE("material: mistakes name their column", "[filter][material]") {
    struct Case {
        const char* signature;
        std::size_t column;
        const char* says;
    };
    const Case cases[] = {
        {"KRP", 1, "WHITE:BLACK"},       {"KRX:KR", 3, "'X' is not a piece letter"},
        {"KK:K", 2, "one king"},         {"K3:K", 2, "a count needs a piece letter"},
        {"K:K:K", 4, "one ':' only"},    {"K:K 2", 4, "' ' is not a piece letter"},
        {"K:99P", 3, "more than 16"},    {"K9P:K", 3, "too many pieces"},
        {"K:KR x", 5, "is not a piece"},
    };
    for (const Case& c : cases) {
        INFO(c.signature);
        const auto [column, message] = error_of([&] { material_test(c.signature, false, false); });
        CHECK(column == c.column);
        CHECK_THAT(message, Catch::Contains(c.says));
    }
}

TEST_CASE("hash: the Polyglot key of the start position", "[filter][hash]") {
    // Polyglot's published test vectors (tests/unit/chess/zobrist_test.cpp has them all).
    const Position start = Position::startpos();
    CHECK(polyglot_hash_test("463b96181691fc9c")->matches(start));
    CHECK(polyglot_hash_test("0x463B96181691FC9C")->matches(start));
    CHECK_FALSE(polyglot_hash_test("463b96181691fc9d")->matches(start));
    CHECK(polyglot_hash_test("823c9b50fd114196")->matches(positions_of("e4").back()));
    CHECK(polyglot_hash_test("0x0756b94461c50fb0")->matches(positions_of("e4 d5").back()));
    CHECK(polyglot_hash_test("0x0")->matches(start) == false);
    CHECK(error_of([] { polyglot_hash_test("463b"); }).first == 1);
    CHECK(error_of([] { polyglot_hash_test("0x"); }).first == 1);
    CHECK(error_of([] { polyglot_hash_test(""); }).first == 1);
    CHECK(error_of([] { polyglot_hash_test("0x12g"); }).first == 5);
    CHECK(error_of([] { polyglot_hash_test("463b96181691fc9z"); }).first == 16);
    CHECK(error_of([] { polyglot_hash_test("463b96181691fc9c0"); }).first == 1);
}

TEST_CASE("watch: the first ply each test held, in ply ranges", "[filter][watch]") {
    const std::vector<Position> game = positions_of("e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6");
    PositionWatch watch;
    const int start = watch.add(polyglot_hash_test("463b96181691fc9c"), false);
    const int sicilian =
        watch.add(position_test_of(parse_opening_line("e4 c5").final_position), false);
    const int open = watch.add(material_test("KQRRBBNN7P:KQRRBBNN7P", true, false), false);
    const int late = watch.add(material_test("KQRRBBNN7P:KQRRBBNN7P", true, false), false, 8, 20);
    const int never = watch.add(position_test_from_fen("8/8/8/8/8/8/8/K6k w - - 0 1"), false);
    CHECK(watch.size() == 5);
    watch.begin_game(game[0]);
    for (std::size_t ply = 1; ply < game.size(); ++ply) watch.see(game[ply], int(ply), 0);
    CHECK(watch.first_match(start) == 0);
    CHECK(watch.first_match(sicilian) == 2);
    CHECK(watch.first_match(open) == 7); // after 4.Nxd4
    CHECK(watch.first_match(late) == 8);
    CHECK(watch.first_match(never) == -1);
    CHECK(watch.first_match_depth(sicilian) == 0);
    CHECK_FALSE(watch.all_matched());
    CHECK(watch.wants_after(8));

    // A new game starts afresh.
    watch.begin_game(game[0]);
    CHECK(watch.first_match(sicilian) == -1);
    CHECK(watch.first_match(start) == 0);
}

TEST_CASE("watch: variations count only when asked", "[filter][watch]") {
    const std::vector<Position> main = positions_of("e4 e5");
    const std::vector<Position> side = positions_of("e4 c5");
    PositionWatch watch;
    const int main_only = watch.add(position_test_of(side[2]), false);
    const int anywhere = watch.add(position_test_of(side[2]), true);
    const int range = watch.add(position_test_of(side[2]), true, 3, 10);
    watch.begin_game(main[0]);
    watch.see(main[1], 1, 0);
    watch.see(side[2], 2, 1); // 1...c5 as a variation of 1...e5
    watch.see(main[2], 2, 0);
    CHECK(watch.first_match(main_only) == -1);
    CHECK(watch.first_match(anywhere) == 2);
    CHECK(watch.first_match_depth(anywhere) == 1);
    CHECK(watch.first_match(range) == -1);
    CHECK_FALSE(watch.all_matched());
}

TEST_CASE("watch: all_matched and wants_after let the replay stop", "[filter][watch]") {
    const std::vector<Position> game = positions_of("e4 c5 Nf3");
    PositionWatch watch;
    watch.add(position_test_of(game[2]), false);
    watch.add(position_test_of(game[1]), false, 0, 1);
    watch.begin_game(game[0]);
    CHECK(watch.wants_after(0));
    watch.see(game[1], 1, 0);
    CHECK_FALSE(watch.all_matched());
    CHECK(watch.wants_after(1)); // the first test may still hold later
    watch.see(game[2], 2, 0);
    CHECK(watch.all_matched());
    CHECK_FALSE(watch.wants_after(2));

    PositionWatch limited;
    limited.add(position_test_from_fen("8/8/8/8/8/8/8/K6k w - - 0 1"), false, 0, 5);
    limited.begin_game(game[0]);
    CHECK(limited.wants_after(4));
    CHECK_FALSE(limited.wants_after(5)); // nothing after ply 5 can change it
    PositionWatch variations;
    variations.add(position_test_from_fen("8/8/8/8/8/8/8/K6k w - - 0 1"), true, 0, 5);
    variations.begin_game(game[0]);
    CHECK(variations.wants_after(5)); // a variation further on may still reach it
}

TEST_CASE("may follow: what a move cannot undo", "[filter][position]") {
    const auto sicilian = position_test_of(parse_opening_line("e4 c5").final_position);
    const Position start = Position::startpos();
    CHECK(sicilian->may_follow(start));
    CHECK(sicilian->may_follow(positions_of("Nf3").back())); // 1.Nf3 c5 2.e4 transposes
    CHECK(sicilian->may_follow(positions_of("e4 c5").back()));
    CHECK_FALSE(sicilian->may_follow(positions_of("d4").back()));    // a home pawn left
    CHECK_FALSE(sicilian->may_follow(positions_of("e4 e5").back())); // black's e-pawn left
    // 1.e3 and 2.e4 reach e4 too: not ruled out.
    CHECK(sicilian->may_follow(positions_of("e3").back()));
    const auto after_e3_e4 = position_test_of(positions_of("e3 c5 e4").back());
    CHECK(after_e3_e4->may_follow(positions_of("e3").back()));
    // A piece captured: the men of a side never come back.
    const auto najdorf_ish = position_test_of(parse_opening_line("e4 c5 Nf3 d6").final_position);
    CHECK_FALSE(najdorf_ish->may_follow(positions_of("e4 d5 exd5").back()));
    // Lost castling rights never come back.
    const auto castle_rights = position_test_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK_FALSE(castle_rights->may_follow(from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1")));
    CHECK(castle_rights->may_follow(from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")));
    // A pawn further up the board never comes back to a lower rank.
    const auto pawn_e4 = position_test_from_fen("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1");
    CHECK(pawn_e4->may_follow(from_fen("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1")));
    CHECK_FALSE(pawn_e4->may_follow(from_fen("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1")));

    // Material: pawns and the count of men only fall.
    const auto krp_kr = material_test("KRP:KR", true, false);
    CHECK(krp_kr->may_follow(start));
    CHECK_FALSE(krp_kr->may_follow(from_fen("8/8/4k3/8/2R5/8/4K3/r7 w - - 0 1")));
    CHECK_FALSE(material_test("KRP:KR", false, true)
                    ->may_follow(from_fen("8/8/4k3/8/2R5/8/4K3/r7 w - - 0 1")));
    CHECK(material_test("KQ:K", false, false)
              ->may_follow(from_fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1")));
    CHECK(pattern_test("*/*/*/*/*/*/*/*", false)->may_follow(start)); // the default
}

TEST_CASE("watch: a test that can no longer hold lets the replay stop", "[filter][watch]") {
    const std::vector<Position> game = positions_of("d4 d5 c4 e6 Nc3 Nf6");
    PositionWatch watch;
    const int sicilian =
        watch.add(position_test_of(parse_opening_line("e4 c5").final_position), false);
    watch.begin_game(game[0]);
    CHECK(watch.wants_after(0));
    watch.see(game[1], 1, 0);
    CHECK_FALSE(watch.wants_after(1)); // 1.d4: the d-pawn never returns to d2
    for (std::size_t ply = 2; ply < game.size(); ++ply) watch.see(game[ply], int(ply), 0);
    CHECK(watch.first_match(sicilian) == -1);

    // Only the main line: a variation may still reach it.
    PositionWatch with_variations;
    with_variations.add(position_test_of(parse_opening_line("e4 c5").final_position), true);
    with_variations.begin_game(game[0]);
    with_variations.see(game[1], 1, 0);
    CHECK(with_variations.wants_after(1));
    const std::vector<Position> side = positions_of("e4 c5");
    with_variations.see(side[1], 1, 1);
    with_variations.see(side[2], 2, 1);
    CHECK(with_variations.first_match(0) == 2);

    // A transposition that stays reachable until it arrives.
    PositionWatch transposed;
    transposed.add(position_test_of(parse_opening_line("e4 c5 Nf3").final_position), false);
    const std::vector<Position> other = positions_of("Nf3 c5 e4");
    transposed.begin_game(other[0]);
    transposed.see(other[1], 1, 0);
    CHECK(transposed.wants_after(1));
    transposed.see(other[2], 2, 0);
    CHECK(transposed.wants_after(2));
    transposed.see(other[3], 3, 0);
    CHECK(transposed.first_match(0) == 3);
}
