// FEN / X-FEN / Shredder-FEN: the kokopu cases, fuzz seeds, every rejection reason, output
// modes and round trips.

#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace pgnkit::chess;

namespace {

std::string corpus(const std::string& rel) { return std::string(PGNKIT_CORPUS_DIR) + "/" + rel; }

std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> out;
    std::string cell;
    std::istringstream in(line);
    while (std::getline(in, cell, '\t')) out.push_back(cell);
    if (!line.empty() && line.back() == '\t') out.push_back("");
    return out;
}

/// The first n space-separated fields.
std::string fields(const std::string& fen, int n) {
    std::istringstream in(fen);
    std::string out, f;
    for (int i = 0; i < n && in >> f; ++i) out += (i ? " " : "") + f;
    return out;
}

std::string castling_field(const std::string& fen) {
    std::istringstream in(fen);
    std::string f;
    for (int i = 0; i < 3; ++i) in >> f;
    return f;
}

std::string sorted(std::string s) {
    std::sort(s.begin(), s.end());
    return s;
}

std::string format(const std::string& fen, FenFormat fmt = {}, FenParseOptions opts = {}) {
    auto r = parse_fen(fen, opts);
    INFO(fen);
    REQUIRE(r.ok());
    return format_fen(r->position, fmt);
}

/// The field and message of the error, or "" if the FEN parses.
std::string error_of(const std::string& fen, FenParseOptions opts = {}) {
    auto r = parse_fen(fen, opts);
    return r.ok() ? "" : r.error().to_string();
}

bool has_note(const ParsedFen& p, const std::string& part) {
    for (const auto& n : p.notes)
        if (n.find(part) != std::string::npos) return true;
    return false;
}

/// What we do with one row of kokopu's fens.tsv.
struct Expect {
    bool accepted;           ///< strict parse (default options) succeeds
    std::string out;         ///< our default output (X-FEN, legal ep, clocks as read) if accepted
    std::string lenient_out; ///< with lenient_castling, when the strict parse fails ("" = fails)
    std::string why;         ///< where and why we differ from kokopu
};

// clang-format off
const std::map<std::string, Expect> kokopu_expect = {
    {"Base 1", {true, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b Kk - 10 5", "", ""}},
    {"Base 2", {true, "r1bqkbnr/ppppp1pp/2n5/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 1", "",
                "fullmove 0 is read as 1 with a note"}},
    {"Base 3", {true, "k7/n1PB4/1K6/8/8/8/8/8 w - - 0 60", "", ""}},
    {"Base 4", {true, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1", "", ""}},
    {"Invalid castling flag order",
     {true, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1", "", "accepted with a note"}},
    {"Invalid en-passant (rank)",
     {false, "", "", "on purpose: d6 with black to move cannot follow a double push; kokopu's "
                     "lenient mode guesses d3, we refuse to guess"}},
    {"Ineffective en-passant 1",
     {true, "rnbqkbnr/pppppppp/8/8/5P2/8/PPPPP1PP/RNBQKBNR b KQkq - 2 1", "",
      "f3 can follow f2-f4, so it is kept (EpMode::Always shows it) but no capture exists"}},
    {"Ineffective en-passant 2",
     {false, "", "", "on purpose: h6 with no black pawn on h5 cannot follow a double push; "
                     "kokopu drops it, we refuse"}},
    {"Ineffective en-passant 3",
     {true, "4k3/8/8/K1pP3r/8/8/8/8 w - - 0 1", "",
      "c6 is pseudo-legal (d5xc6) but exposes the king: legal-ep output drops it"}},
    {"Invalid move counters 1",
     {true, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", "leading zero noted"}},
    {"Invalid move counters 2",
     {true, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", "leading zero noted"}},
    // Chess960. Our X-FEN writes KQkq for the outermost rooks (kokopu's "without X-FEN"
    // column); kokopu's default column is Shredder letters, which our Shredder style writes
    // (king side first, KQkq order, compared below as a set of letters).
    {"XFEN base", {true, "nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w KQkq - 0 1", "", ""}},
    {"XFEN with FEN style",
     {true, "nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w KQkq - 0 1", "", ""}},
    {"XFEN with mixed style 1",
     {true, "nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w KQkq - 0 1", "", ""}},
    {"XFEN with mixed style 2",
     {true, "nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w KQkq - 0 1", "", ""}},
    {"Asymetric XFEN", {true, "rbbkrnqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w KQkq - 5 24", "", ""}},
    {"Asymetric XFEN with FEN style",
     {true, "rbbkrnqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w KQkq - 5 24", "", ""}},
    {"Ambiguous FEN style with king not on 1st rank",
     {false, "", "bnrknqrb/pppppppp/8/8/8/K7/PPPPPPPP/BNR1NQRB w kq - 0 1",
      "on purpose: castling rights without the king in place are an error unless "
      "lenient_castling drops them (kokopu drops them silently)"}},
    {"Ambiguous FEN style with multiple kings",
     {false, "", "", "on purpose: two white kings are refused"}},
    {"Valid FEN style with 3 rooks 1",
     {true, "bnrknrrb/pppppppp/8/8/8/8/PPPPPPPP/BNRKNQRB w q - 0 1", "", ""}},
    {"Ambiguous FEN style with 3 rooks 1",
     {true, "bnrknrrb/pppppppp/8/8/8/8/PPPPPPPP/BNRKNQRB w f - 0 1", "",
      "f8 is the inner king-side rook: X-FEN needs the file letter"}},
    {"Ambiguous FEN style with flag not on rook file 1",
     {false, "", "bnrknrrb/pppppppp/8/8/8/8/PPPPPPPP/BNRKNQRB w - - 0 1",
      "on purpose: no rook on a8 is an error unless lenient_castling"}},
    {"Valid FEN style with 3 rooks 2",
     {true, "bnrknqrb/pppppppp/8/8/8/8/PPPPPPPP/BRRKNQRB w K - 0 1", "", ""}},
    {"Ambiguous FEN style with 3 rooks 2",
     {true, "bnrknqrb/pppppppp/8/8/8/8/PPPPPPPP/BRRKNQRB w Q - 0 1", "",
      "b1 is the outermost queen-side rook, so X-FEN writes Q"}},
    {"Ambiguous FEN style with flag not on rook file 2",
     {false, "", "bnrknqrb/pppppppp/8/8/8/8/PPPPPPPP/BRRKNQRB w - - 0 1",
      "on purpose: no rook on f1 is an error unless lenient_castling"}},
    {"Ambiguous FEN style with flag on king file",
     {false, "", "bnrknqrb/pppppppp/8/8/8/8/PPPPPPPP/BNRKNQRB w - - 0 1",
      "on purpose: 'd' names the king's file"}},
    {"Castling flag decoding without rooks",
     {false, "", "q1n5/pppppppp/4k3/8/8/8/PPPPPPPP/4K3 w - - 0 1",
      "on purpose: KQkq without rooks is an error unless lenient_castling"}},
};
// clang-format on

} // namespace

TEST_CASE("fen: every case of kokopu's fens.tsv", "[fen]") {
    std::ifstream in(corpus("fen/kokopu-fens.tsv"));
    REQUIRE(in);
    std::string line;
    std::getline(in, line);
    auto header = split_tabs(line);
    REQUIRE(header.size() >= 11);
    CHECK(header[1] == "FEN_IN");
    CHECK(header[8] == "FEN_OUT_DEFAULT");
    CHECK(header[10] == "FEN_OUT_WITHOUT_XFEN");
    int rows = 0;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        auto cols = split_tabs(line);
        REQUIRE(cols.size() >= 9);
        const std::string& label = cols[0];
        const std::string& fen = cols[1];
        const std::string& kokopu_out = cols[8];
        const std::string without_xfen = cols.size() > 10 ? cols[10] : "";
        INFO(label << ": " << fen);
        auto it = kokopu_expect.find(label);
        REQUIRE(it != kokopu_expect.end());
        const Expect& e = it->second;
        INFO("why: " << e.why);
        ++rows;

        // The variant is the table's (a FEN alone never makes a position Chess960).
        FenParseOptions variant;
        variant.chess960 = cols[2] == "chess960";
        auto r = parse_fen(fen, variant);
        REQUIRE(r.ok() == e.accepted);
        if (e.accepted) {
            const Position& pos = r->position;
            CHECK(format_fen(pos) == e.out);
            CHECK(pos.chess960() == (cols[2] == "chess960"));
            // Board, side and ep as kokopu writes them; castling as kokopu's Shredder letters
            // (as a set) and, where kokopu gives one, its KQkq form equals our X-FEN.
            CHECK(fields(format_fen(pos), 2) == fields(kokopu_out, 2));
            CHECK(fields(format_fen(pos), 4).substr(fields(format_fen(pos), 3).size()) ==
                  fields(kokopu_out, 4).substr(fields(kokopu_out, 3).size()));
            std::string shredder =
                castling_field(format_fen(pos, {EpMode::Legal, CastlingStyle::Shredder, true}));
            if (pos.chess960()) CHECK(sorted(shredder) == sorted(castling_field(kokopu_out)));
            if (!without_xfen.empty())
                CHECK(castling_field(format_fen(pos)) == castling_field(without_xfen));
            else if (!pos.chess960())
                CHECK(castling_field(format_fen(pos)) == castling_field(kokopu_out));
            // The clocks as read (kokopu's expected output resets them; we keep them).
            CHECK(pos.halfmove_clock() == std::stoi(cols[6]));
            CHECK(pos.fullmove_number() == std::max(1, std::stoi(cols[7])));
        } else {
            FenParseOptions lenient = variant;
            lenient.lenient_castling = true;
            auto l = parse_fen(fen, lenient);
            CHECK(l.ok() == !e.lenient_out.empty());
            if (l.ok()) {
                CHECK(format_fen(l->position) == e.lenient_out);
                // Dropping rights gives what kokopu gives (castling letters as a set).
                const Position& pos = l->position;
                CHECK(fields(format_fen(pos), 2) == fields(kokopu_out, 2));
                CHECK(sorted(castling_field(
                          format_fen(pos, {EpMode::Legal, CastlingStyle::Shredder, true}))) ==
                      sorted(castling_field(kokopu_out)));
            }
        }
    }
    CHECK(rows == int(kokopu_expect.size()));
}

TEST_CASE("fen: lenient castling drops rights whose king is off its first rank",
          "[fen][regression]") {
    // Regression: with the king off its first rank both 'C' and 'G' were taken as king-side
    // rights, and lenient mode failed with "two white castling rights on the king side"
    // instead of dropping them.
    FenParseOptions lenient;
    lenient.lenient_castling = true;
    lenient.chess960 = true;
    auto r = parse_fen("bnrknqrb/pppppppp/8/8/8/K7/PPPPPPPP/BNR1NQRB w CGcg - 0 1", lenient);
    REQUIRE(r.ok());
    CHECK(format_fen(r->position) == "bnrknqrb/pppppppp/8/8/8/K7/PPPPPPPP/BNR1NQRB w kq - 0 1");
    CHECK(has_note(*r, "castling right 'C' dropped: the white king is not on its first rank"));
    CHECK(has_note(*r, "castling right 'G' dropped"));
    // Strict mode names the real reason.
    FenParseOptions c960;
    c960.chess960 = true;
    CHECK(error_of("bnrknqrb/pppppppp/8/8/8/K7/PPPPPPPP/BNR1NQRB w CGcg - 0 1", c960) ==
          "castling: castling right 'C' but the white king is not on its first rank");
    // A duplicate right is still an error when both are valid.
    CHECK(error_of("r3k2r/8/8/8/8/8/8/R3K2R w KHkq - 0 1", lenient).find("two white") !=
          std::string::npos);
}

TEST_CASE("fen: Disservin's fuzz seeds parse or fail cleanly", "[fen]") {
    std::ifstream in(corpus("fen/disservin-fuzz-seeds.fen"));
    REQUIRE(in);
    // 1 = accepted, 0 = refused: the EPD lines with hmvc/fmvn opcodes have 8 fields, which
    // parse_fen refuses (EPD operations belong to an EPD reader, not to FEN).
    const std::vector<int> expected = {1, 1, 1, 0, 0, 1, 1, 1};
    std::vector<int> got;
    for (std::string line; std::getline(in, line);) {
        INFO(line);
        // A seed whose castling is Chess960's (the last one, 'E') is read as Chess960.
        FenParseOptions variant;
        auto r = parse_fen(line, variant);
        if (!r.ok() && r.error().field == "castling") {
            variant.chess960 = true;
            r = parse_fen(line, variant);
        }
        got.push_back(r.ok());
        if (r.ok()) {
            CHECK(r->position.is_consistent());
            (void)perft(r->position, 2);
            // Our own output parses back to the same position.
            auto back = parse_fen(format_fen(r->position, {EpMode::Always}), variant);
            REQUIRE(back.ok());
            CHECK(back->position == r->position);
        } else {
            CHECK(r.error().field == "fields");
        }
        // Lenient parsing neither crashes.
        FenParseOptions o;
        o.lenient_castling = true;
        o.chess960 = true;
        (void)parse_fen(line, o);
    }
    CHECK(got == expected);
    // The seed with 'E' (an inner rook as castling rook) is Chess960's, read so when asked for.
    FenParseOptions c960;
    c960.chess960 = true;
    CHECK(parse_fen("rr6/2kpp3/1ppn2p1/p2b1q1p/P4P1P/1PNN2P1/2PP4/1K2R2R b E - 0 1", c960)
              ->position.chess960());
    CHECK(error_of("rr6/2kpp3/1ppn2p1/p2b1q1p/P4P1P/1PNN2P1/2PP4/1K2R2R b E - 0 1") ==
          "castling: castling right 'E' but standard chess castles only with the rooks on the a- "
          "and h-files");
}

TEST_CASE("fen: chessops' 'too many empty ranks' seed is refused", "[fen]") {
    std::ifstream in(corpus("fen/chessops-too-many-empty-ranks.fen"), std::ios::binary);
    REQUIRE(in);
    std::string s((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(s.size() > 100);
    auto r = parse_fen(s);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().field == "fields");
    // With the missing fields added, the board itself is refused.
    auto b = parse_fen(s + " w - - 0 1");
    REQUIRE_FALSE(b.ok());
    CHECK(b.error().field == "board");
}

TEST_CASE("fen: field count", "[fen]") {
    CHECK(error_of("") == "fields: 0 fields, expected 6 (or the 4 EPD fields)");
    CHECK(error_of("8/8/8/8/8/8/8/8") == "fields: 1 fields, expected 6 (or the 4 EPD fields)");
    CHECK(error_of("4k3/8/8/8/8/8/8/4K3 w -").find("3 fields") != std::string::npos);
    CHECK(error_of("4k3/8/8/8/8/8/8/4K3 w - - 0").find("5 fields") != std::string::npos);
    CHECK(error_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1 x").find("7 fields") != std::string::npos);
    // The 4 EPD fields are accepted, with clocks 0 and 1 and a note.
    auto r = parse_fen("4k3/8/8/8/8/8/8/4K3 b - -");
    REQUIRE(r.ok());
    CHECK(format_fen(r->position) == "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    CHECK(has_note(*r, "4 fields"));
    // Runs of spaces and tabs separate fields.
    CHECK(error_of("4k3/8/8/8/8/8/8/4K3  w\t- -  0 1") == "");
}

TEST_CASE("fen: board field errors", "[fen]") {
    CHECK(error_of("4k3/8/8/8/8/8/8/4K4 w - - 0 1").find("board:") == 0); // 9 squares
    CHECK(error_of("4k3/8/8/8/8/8/8/4K2 w - - 0 1") == "board: rank 1 has 7 squares, expected 8");
    CHECK(error_of("4k3/9/8/8/8/8/8/4K3 w - - 0 1").find("board: unknown piece letter '9'") == 0);
    CHECK(error_of("4k3/44/8/8/8/8/8/4K3 w - - 0 1") == "board: two digits in a row in rank 7");
    CHECK(error_of("4k3/8/8/8/8/8/4K3 w - - 0 1") == "board: 7 ranks, expected 8");
    CHECK(error_of("4k3/8/8/8/8/8/8/8/4K3 w - - 0 1") == "board: more than 8 ranks");
    CHECK(error_of("4k3/8/8/8/8/8/8/4K3/ w - - 0 1") == "board: more than 8 ranks");
    CHECK(error_of("4k3/8/8/8/8/8/8/4K2X w - - 0 1") ==
          "board: unknown piece letter 'X' in rank 1");
    CHECK(error_of("4k3/8/8/8/8/8/8/4K20 w - - 0 1").find("board:") == 0);
    CHECK(error_of("4k3/8//8/8/8/8/4K3 w - - 0 1") == "board: rank 6 has 0 squares, expected 8");
    CHECK(error_of("4k3/8/8/8/8/8/8/8 w - - 0 1") == "board: white has no king");
    CHECK(error_of("8/8/8/8/8/8/8/4K3 w - - 0 1") == "board: black has no king");
    CHECK(error_of("4k3/8/8/8/8/8/8/3KK3 w - - 0 1") == "board: white has 2 kings");
    CHECK(error_of("3kk3/8/8/8/8/8/8/4K3 w - - 0 1") == "board: black has 2 kings");
    CHECK(error_of("4k3/8/8/8/8/8/8/P3K3 w - - 0 1") == "board: pawn on a1");
    CHECK(error_of("4k2p/8/8/8/8/8/8/4K3 w - - 0 1") == "board: pawn on h8");
    CHECK(error_of("4k3/8/8/8/8/8/8/4K2p w - - 0 1") == "board: pawn on h1");
}

TEST_CASE("fen: side to move and the side not to move in check", "[fen]") {
    CHECK(error_of("4k3/8/8/8/8/8/8/4K3 x - - 0 1") == "side: 'x' is neither w nor b");
    CHECK(error_of("4k3/8/8/8/8/8/8/4K3 W - - 0 1") == "side: 'W' is neither w nor b");
    // White to move while the black king is attacked by the rook.
    CHECK(error_of("4k3/8/8/8/8/8/8/4K2R b - - 0 1") == "");
    CHECK(error_of("4k3/8/8/8/8/8/8/R3K3 w - - 0 1") == "");
    CHECK(error_of("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1") ==
          "board: the side not to move (black) is in check");
    CHECK(error_of("4k3/8/8/8/8/8/3p4/4K3 b - - 0 1") ==
          "board: the side not to move (white) is in check");
    // The side to move may be in check, even double check.
    CHECK(error_of("4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1") == "");
}

TEST_CASE("fen: castling field errors", "[fen]") {
    CHECK(error_of("r3k2r/8/8/8/8/8/8/R3K2R w KX - 0 1") ==
          "castling: unknown castling letter 'X'");
    CHECK(error_of("r3k2r/8/8/8/8/8/8/R3K2R w K- - 0 1").find("unknown castling letter") !=
          std::string::npos);
    CHECK(error_of("r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1") ==
          "castling: two white castling rights on the king side");
    CHECK(error_of("r3k2r/8/8/8/8/8/8/R3K3 w K - 0 1") ==
          "castling: castling right 'K' but no white rook on h1");
    CHECK(error_of("r3k3/8/8/8/8/8/8/R3K2R w k - 0 1") ==
          "castling: castling right 'k' but no black rook on h8");
    CHECK(error_of("r3k2r/8/8/8/8/8/4K3/R6R w Q - 0 1") ==
          "castling: castling right 'Q' but the white king is not on e1");
    CHECK(error_of("r3k2r/8/8/8/8/8/8/R3K2R w B - 0 1") ==
          "castling: castling right 'B' but standard chess castles only with the rooks on the "
          "a- and h-files");
    // Chess960 (when asked for): the outermost rook, any king square on the first rank.
    FenParseOptions c960;
    c960.chess960 = true;
    CHECK(error_of("r3k2r/8/8/8/8/8/8/R3K3 w K - 0 1", c960) ==
          "castling: castling right 'K' but no white rook for it");
    CHECK(error_of("r3k2r/8/8/8/8/8/4K3/R6R w Q - 0 1", c960) ==
          "castling: castling right 'Q' but the white king is not on its first rank");
    CHECK(error_of("r3k2r/8/8/8/8/8/8/R3K2R w B - 0 1", c960) ==
          "castling: castling right 'B' but no white rook for it");
    // Lenient: dropped with a note each.
    FenParseOptions lenient;
    lenient.lenient_castling = true;
    auto r = parse_fen("r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", lenient);
    REQUIRE(r.ok());
    CHECK(format_fen(r->position) == "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
    CHECK(r->notes.size() == 2);
    CHECK(has_note(*r, "castling right 'Q' dropped"));
    CHECK(has_note(*r, "castling right 'k' dropped"));
}

TEST_CASE(
    "fen: a castling right needs the king on e1/e8 and the rook in its corner unless Chess960",
    "[fen][regression]") {
    // Regression (issue 41): such a right silently made the position Chess960, and the king
    // on g8 could castle with the rook on a8 in a standard game.
    CHECK(error_of("r5k1/8/8/8/8/8/8/4K3 b q - 0 1") ==
          "castling: castling right 'q' but the black king is not on e8");
    CHECK(error_of("r5k1/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQq - 0 1") ==
          "castling: castling right 'q' but the black king is not on e8");
    CHECK(error_of("r3k3/8/8/8/8/8/8/4K3 b kq - 0 1") ==
          "castling: castling right 'k' but no black rook on h8");
    // Lenient: the right is dropped, and the position stays standard.
    FenParseOptions lenient;
    lenient.lenient_castling = true;
    auto r = parse_fen("r5k1/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQq - 0 1", lenient);
    REQUIRE(r.ok());
    CHECK_FALSE(r->position.chess960());
    CHECK(format_fen(r->position) == "r5k1/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1");
    CHECK(has_note(*r, "castling right 'q' dropped: the black king is not on e8"));
    // Shredder-FEN letters of the corner rooks are standard castling.
    auto h = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    REQUIRE(h.ok());
    CHECK_FALSE(h->position.chess960());
    CHECK(format_fen(h->position) == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // Chess960, when asked for: castling with the king on g8 and the rook on a8.
    FenParseOptions c960;
    c960.chess960 = true;
    auto c = parse_fen("r5k1/8/8/8/8/8/8/4K3 b q - 0 1", c960);
    REQUIRE(c.ok());
    CHECK(c->position.chess960());
    CHECK(c->position.can_castle(Color::Black, CastleSide::Queen));
}

TEST_CASE("fen: fullmove 0 is read as 1 with a note, or refused with strict_fullmove", "[fen]") {
    auto r = parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 0");
    REQUIRE(r.ok());
    CHECK(r->position.fullmove_number() == 1);
    FenParseOptions strict;
    strict.strict_fullmove = true;
    CHECK(error_of("4k3/8/8/8/8/8/8/4K3 w - - 0 0", strict) ==
          "fullmove: 0, but the fullmove number starts at 1");
    CHECK(error_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1", strict) == "");
}

TEST_CASE("fen: en-passant field errors", "[fen]") {
    CHECK(error_of("4k3/8/8/3pP3/8/8/8/4K3 w - e9 0 1") == "en-passant: 'e9' is not a square");
    CHECK(error_of("4k3/8/8/3pP3/8/8/8/4K3 w - d66 0 1") == "en-passant: 'd66' is not a square");
    CHECK(error_of("4k3/8/8/3pP3/8/8/8/4K3 w - D6 0 1") == "en-passant: 'D6' is not a square");
    CHECK(error_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1") == ""); // d7-d5 just played
    // Wrong rank for the side to move.
    CHECK(error_of("4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1") ==
          "en-passant: d3 cannot follow a double pawn push by black");
    // No pawn on d5.
    CHECK(error_of("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1") ==
          "en-passant: d6 cannot follow a double pawn push by black");
    // The pawn could not have come from d7 (occupied) or crossed d6 (occupied).
    CHECK(error_of("4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 1").find("cannot follow") !=
          std::string::npos);
    CHECK(error_of("4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1").find("cannot follow") !=
          std::string::npos);
    // A white pawn is not a black double push.
    CHECK(error_of("4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 1").find("cannot follow") != std::string::npos);
}

TEST_CASE("fen: clock field errors", "[fen]") {
    const std::string b = "4k3/8/8/8/8/8/8/4K3 w - - ";
    CHECK(error_of(b + "-1 1") == "halfmove: '-1' is not a non-negative number");
    CHECK(error_of(b + "x 1") == "halfmove: 'x' is not a non-negative number");
    CHECK(error_of(b + "1.5 1") == "halfmove: '1.5' is not a non-negative number");
    CHECK(error_of(b + "+3 1") == "halfmove: '+3' is not a non-negative number");
    CHECK(error_of(b + "65536 1") == "halfmove: 65536 is too large");
    CHECK(error_of(b + "9999999999 1").find("halfmove:") == 0);
    CHECK(error_of(b + "0 -1") == "fullmove: '-1' is not a non-negative number");
    CHECK(error_of(b + "0 one") == "fullmove: 'one' is not a non-negative number");
    CHECK(error_of(b + "65535 999") == "");
    auto r = parse_fen(b + "007 0");
    REQUIRE(r.ok());
    CHECK(r->position.halfmove_clock() == 7);
    CHECK(r->position.fullmove_number() == 1);
    CHECK(has_note(*r, "leading zeros"));
    CHECK(has_note(*r, "fullmove number 0 read as 1"));
}

TEST_CASE("fen: en-passant output modes legal, pseudo, always", "[fen]") {
    // After 1.e4: no black pawn can take.
    const std::string e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    CHECK(format(e4, {EpMode::Legal}) ==
          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(format(e4, {EpMode::Pseudo}) ==
          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(format(e4, {EpMode::Always}) == e4);
    // A pseudo-legal but illegal capture (horizontal pin).
    const std::string pin = "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1";
    CHECK(format(pin, {EpMode::Legal}) == "8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1");
    CHECK(format(pin, {EpMode::Pseudo}) == pin);
    CHECK(format(pin, {EpMode::Always}) == pin);
    // A legal capture: shown in every mode.
    const std::string legal = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1";
    for (EpMode m : {EpMode::Legal, EpMode::Pseudo, EpMode::Always})
        CHECK(format(legal, {m}) == legal);
    // Without clocks: the 4 EPD fields.
    CHECK(format(legal, {EpMode::Legal, CastlingStyle::XFen, false}) ==
          "4k3/8/8/8/3pP3/8/8/4K3 b - e3");
    // Names of the modes.
    EpMode m = EpMode::Legal;
    CHECK(parse_ep_mode("always", m));
    CHECK(m == EpMode::Always);
    CHECK(parse_ep_mode("pseudo", m));
    CHECK(m == EpMode::Pseudo);
    CHECK(parse_ep_mode("legal", m));
    CHECK(m == EpMode::Legal);
    CHECK_FALSE(parse_ep_mode("Legal", m));
}

TEST_CASE("fen: X-FEN and Shredder-FEN castling output", "[fen][chess960]") {
    const FenFormat xfen{EpMode::Legal, CastlingStyle::XFen, true};
    const FenFormat shredder{EpMode::Legal, CastlingStyle::Shredder, true};
    CHECK(format(std::string(StartFen), shredder) ==
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    CHECK(format(std::string(StartFen), xfen) == std::string(StartFen));
    // Shredder input, standard position: X-FEN writes KQkq.
    CHECK(format("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", xfen) ==
          std::string(StartFen));
    // Two rooks on the king side: the inner one needs its file letter in X-FEN.
    const std::string inner = "4k3/8/8/8/8/8/8/R3KR1R w Fa - 0 1";
    FenParseOptions c960;
    c960.chess960 = true;
    auto r = parse_fen("4k3/8/8/8/8/8/8/R3KR1R w F - 0 1", c960);
    REQUIRE(r.ok());
    CHECK(format_fen(r->position, xfen) == "4k3/8/8/8/8/8/8/R3KR1R w F - 0 1");
    CHECK(format("4k3/8/8/8/8/8/8/R3KR1R w K - 0 1", xfen) == "4k3/8/8/8/8/8/8/R3KR1R w K - 0 1");
    CHECK(format("4k3/8/8/8/8/8/8/R3KR1R w K - 0 1", shredder) ==
          "4k3/8/8/8/8/8/8/R3KR1R w H - 0 1");
    (void)inner;
    // Chess960 start position 518 vs another: KQkq letters refer to the outermost rooks.
    auto p518 = parse_fen("nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w KQkq - 0 1", c960);
    REQUIRE(p518.ok());
    CHECK(format_fen(p518->position, shredder) ==
          "nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w FBfb - 0 1");
}

TEST_CASE("fen: format(parse(x)) == x for canonical FENs", "[fen]") {
    int n = 0;
    for (const char* suite : {"perft/ethereal/standard.epd", "perft/ethereal/fischer.epd"}) {
        std::ifstream in(corpus(suite));
        REQUIRE(in);
        const bool chess960 = std::string(suite).find("fischer") != std::string::npos;
        for (std::string line; std::getline(in, line);) {
            if (line.empty()) continue;
            std::string fen = line.substr(0, line.find(" ;"));
            INFO(fen);
            FenParseOptions variant;
            variant.chess960 = chess960;
            auto r = parse_fen(fen, variant);
            REQUIRE(r.ok());
            // fischer.epd writes Shredder-FEN, standard.epd plain FEN.
            FenFormat f{EpMode::Legal, chess960 ? CastlingStyle::Shredder : CastlingStyle::XFen,
                        true};
            CHECK(format_fen(r->position, f) == fen);
            ++n;
        }
    }
    CHECK(n > 1000);
    for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                            "8/8/8/8/8/8/8/K1k5 b - - 99 150"}) {
        CHECK(format(fen) == fen);
    }
    FenParseOptions c960;
    c960.chess960 = true;
    const std::string fen960 = "1r1k1r2/1p1p4/8/8/8/8/1P1P1P2/RK1R4 w Kkq - 0 1";
    CHECK(format(fen960, {}, c960) == fen960);
}

TEST_CASE("fen: write_fen writes into a caller buffer", "[fen]") {
    auto r = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 65535 999999999");
    REQUIRE(r.ok());
    char buf[128];
    char* end = write_fen(r->position, buf);
    CHECK(std::string(buf, end) ==
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 65535 999999999");
    CHECK(end - buf <= 100);
}
