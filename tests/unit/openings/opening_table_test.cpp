// The opening table and classifier: lines keyed by position (transpositions find them), the
// three table formats with their bad lines located, and the bundled lichess table.
#include "pgnkit/chess/san.hpp"
#include "pgnkit/openings/classifier.hpp"
#include "pgnkit/openings/table_formats.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <sstream>
#include <string>
#include <vector>

using namespace pgnkit;
using namespace pgnkit::openings;

namespace {

/// The classification of the moves `sans` (space-separated SAN) from the start position.
const Opening* classify(const OpeningTable& table, const std::string& sans, int* ply = nullptr) {
    OpeningClassifier c(table);
    chess::Position pos = chess::Position::startpos();
    c.begin(pos);
    std::istringstream in(sans);
    std::string san;
    while (in >> san) {
        REQUIRE(chess::play_san(pos, san, {}, false).ok);
        c.after_move(pos);
    }
    if (ply) *ply = c.ply();
    return c.opening();
}

OpeningTable load(std::string_view text, TableFormat format, std::vector<TableProblem>& problems) {
    OpeningTable t;
    load_table_text(text, "t", format, t, problems);
    return t;
}

} // namespace

TEST_CASE("openings: the deepest entry reached, by position (a transposition counts)",
          "[openings]") {
    std::vector<TableProblem> problems;
    const OpeningTable t =
        load("eco\tname\tpgn\n"
             "C20\tKing's Pawn Game\t1. e4 e5\n"
             "C40\tKing's Knight Opening\t1. e4 e5 2. Nf3\n"
             "C44\tKing's Knight Opening: Normal Variation\t1. e4 e5 2. Nf3 Nc6\n"
             "A04\tZukertort Opening\t1. Nf3\n",
             TableFormat::LichessTsv, problems);
    REQUIRE(problems.empty());
    REQUIRE(t.size() == 4);
    int ply = 0;
    const Opening* o = classify(t, "e4 e5 Nf3 Nc6 Bb5 a6", &ply);
    REQUIRE(o);
    CHECK(o->eco == "C44");
    CHECK(o->name == "King's Knight Opening");
    CHECK(o->variation == "Normal Variation");
    CHECK(o->depth == 4);
    CHECK(ply == 4);
    // 1. Nf3 Nc6 2. e4 e5 reaches the C44 position by another move order (A04 on the way).
    o = classify(t, "Nf3 Nc6 e4 e5", &ply);
    REQUIRE(o);
    CHECK(o->eco == "C44");
    CHECK(ply == 4);
    CHECK(classify(t, "d4") == nullptr);
    // Deeper wins over later: back to the C20 position (depth 2) at ply 6, C44 (4) stays.
    o = classify(t, "e4 e5 Nf3 Nc6 Ng1 Nb8", &ply);
    REQUIRE(o);
    CHECK(o->eco == "C44");
    CHECK(ply == 4);
}

TEST_CASE("openings: a capturable en-passant square makes a position of its own", "[openings]") {
    // FIDE 9.2.3: the en-passant square counts only when a capture is legal; repetition_key.
    std::vector<TableProblem> problems;
    const OpeningTable t =
        load("eco\tname\tpgn\nB00\tX\t1. e4 Nf6 2. e5 d5\n", TableFormat::LichessTsv, problems);
    REQUIRE(problems.empty());
    CHECK(classify(t, "e4 Nf6 e5 d5") != nullptr); // d5 beside e5: capturable, same line
    CHECK(classify(t, "e4 d5 e5 Nf6") == nullptr); // d5 played before e5: no e.p. square now
}

TEST_CASE("openings: bad table lines are located, illegal lines reported and not loaded",
          "[openings]") {
    std::vector<TableProblem> p;
    OpeningTable t = load("eco\tname\tpgn\n"
                          "C20\tKing's Pawn Game\t1. e4 e5\n"
                          "C2\tBad code\t1. e4\n"
                          "C21\tTwo fields only\n"
                          "C22\tIllegal\t1. e4 e5 2. Ke3\n",
                          TableFormat::LichessTsv, p);
    REQUIRE(p.size() == 3);
    CHECK(p[0].line == 3);
    CHECK(p[0].malformed);
    CHECK(p[1].line == 4);
    CHECK(p[2].line == 5);
    CHECK_FALSE(p[2].malformed);
    CHECK(p[2].message.find("illegal move 'Ke3' at ply 3") != std::string::npos);
    CHECK(t.size() == 1);

    p.clear();
    t = load("# comment\nA00a \"Start position\"  *\nB20 \"Sicilian\"  1.e4\n  c5 *\n"
             "B2x \"Bad\" 1.e4 *\nB21 \"Unclosed  1.e4 *\nB22 \"No end\" 1.e4 c5\n",
             TableFormat::ScidEco, p);
    REQUIRE(p.size() == 3);
    CHECK(p[0].line == 5);
    CHECK(p[1].line == 6);
    CHECK(p[2].line == 7);
    CHECK(t.size() == 2);
    CHECK(classify(t, "")->eco == "A00a");
    CHECK(classify(t, "e4 c5 Nf3")->name == "Sicilian");

    p.clear();
    t = load("{ a comment\n over lines }\n\n[ECO \"B20\"]\n[Opening \"Sicilian\"]\n"
             "[Variation \"main\"]\n\n1. e4 c5 *\n\n[Opening \"No code\"]\n\n1. d4 *\n",
             TableFormat::EcoPgn, p);
    REQUIRE(p.size() == 1);
    CHECK(p[0].line == 10);
    REQUIRE(t.size() == 1);
    const Opening* o = classify(t, "e4 c5");
    REQUIRE(o);
    CHECK(o->variation == "main");
}

TEST_CASE("openings: the formats are told by their text", "[openings]") {
    CHECK(detect_table_format("eco\tname\tpgn\n") == TableFormat::LichessTsv);
    CHECK(detect_table_format("{\nx\n}\n[ECO \"A00\"]") == TableFormat::EcoPgn);
    CHECK(detect_table_format("# scid\nA00a \"x\" *\n") == TableFormat::ScidEco);
}

TEST_CASE("openings: the bundled lichess table loads without a problem, fast", "[openings]") {
    std::size_t lines = 0;
    for (const BundledFile& f : bundled_table_files()) {
        std::vector<TableProblem> problems;
        OpeningTable t;
        load_table_text(f.text, f.name, TableFormat::LichessTsv, t, problems);
        CHECK(problems.empty());
        for (char c : f.text) lines += c == '\n';
    }
    REQUIRE(bundled_table_files().size() == 5);
    const auto start = std::chrono::steady_clock::now();
    const OpeningTable& t = bundled_table();
    const auto ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    // One entry per line but the five header lines; positions reached twice are duplicates.
    CHECK(t.size() + t.duplicates() == lines - 5);
    CHECK(ms < 200); // a few ms (docs/BENCHMARKS.md "`eco` against pgn-extract")
    const Opening* o = classify(t, "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6");
    REQUIRE(o);
    CHECK(o->eco == "B90");
    CHECK(o->name == "Sicilian Defense");
    CHECK(o->variation == "Najdorf Variation");
}
