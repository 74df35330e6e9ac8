// Every perft suite of the corpus through read_perft_suite + run_perft_suite, with a node cap
// so the default test run stays fast. The uncapped runs are CTest tests labelled perft-full
// (tests/perft.cmake).

#include "pgnkit/cmd/perft/perft_suite.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using pgnkit::app::PerftCase;

namespace {

#ifdef NDEBUG
constexpr std::uint64_t MaxNodes = 1'000'000;
/// The TSV suites have one (deep) depth per case; perft counts the last ply in bulk, so a few
/// cases of up to 20 M nodes cost well under a second.
constexpr std::uint64_t SingleDepthMaxNodes = 20'000'000;
#else
constexpr std::uint64_t MaxNodes = 100'000; // Debug / sanitizer builds are ~20x slower
constexpr std::uint64_t SingleDepthMaxNodes = 5'000'000;
#endif

// Every suite file under tests/data/perft; a new file must be added here (checked below).
const std::vector<std::string> suites = {
    "ethereal/fischer.epd",
    "ethereal/standard.epd",
    "fairy-stockfish/chess-perft.tsv",
    "python-chess/tricky.perft",
    "scalachess/tricky.perft",
    "shakmaty/chess960.perft",
    "shakmaty/random.perft",
    "shakmaty/tricky.perft",
    "stockfish/stockfish-perft.tsv",
    "xiangqi/fairy-stockfish-xiangqi.tsv",
    "xiangqi/wukong-xiangqi.epd",
};

std::vector<PerftCase> read(const std::string& rel) {
    std::ifstream in(std::string(PGNKIT_CORPUS_DIR) + "/perft/" + rel);
    REQUIRE(in);
    return pgnkit::app::read_perft_suite(in);
}

/// Runs `rel` with depths above the cap removed (run_perft_suite always runs a case's first
/// depth, and some TSV cases have only one, billions of nodes deep).
void run_suite(const std::string& rel, std::uint64_t max_nodes = MaxNodes) {
    INFO(rel);
    auto cases = read(rel);
    REQUIRE(!cases.empty());
    std::size_t depths = 0, kept = 0;
    std::vector<PerftCase> capped;
    for (auto c : cases) {
        REQUIRE(!c.fen.empty());
        REQUIRE(!c.expected.empty());
        depths += c.expected.size();
        std::erase_if(c.expected, [&](const auto& e) { return e.second > max_nodes; });
        kept += c.expected.size();
        if (!c.expected.empty()) capped.push_back(std::move(c));
    }
    std::vector<std::string> failures;
    auto r = pgnkit::app::run_perft_suite(capped, max_nodes,
                                          [&](const std::string& f) { failures.push_back(f); });
    INFO("first failure: " << (failures.empty() ? "" : failures.front()));
    CHECK(r.failed == 0);
    CHECK(std::size_t(r.passed) == kept);
    CHECK(r.skipped == 0);
    CHECK(kept > 0);
    CHECK(kept <= depths);
}

} // namespace

TEST_CASE("perft suites: every file under tests/data/perft is listed", "[perft][suite]") {
    namespace fs = std::filesystem;
    const fs::path root = fs::path(PGNKIT_CORPUS_DIR) / "perft";
    std::vector<std::string> found;
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.is_regular_file()) found.push_back(fs::relative(e.path(), root).generic_string());
    std::sort(found.begin(), found.end());
    auto listed = suites;
    std::sort(listed.begin(), listed.end());
    CHECK(found == listed);
}

TEST_CASE("perft suite: ethereal/standard.epd", "[perft][suite]") {
    run_suite("ethereal/standard.epd");
}
TEST_CASE("perft suite: ethereal/fischer.epd (Chess960)", "[perft][suite][chess960]") {
    run_suite("ethereal/fischer.epd");
}
TEST_CASE("perft suite: fairy-stockfish/chess-perft.tsv", "[perft][suite]") {
    run_suite("fairy-stockfish/chess-perft.tsv", SingleDepthMaxNodes);
}
TEST_CASE("perft suite: python-chess/tricky.perft", "[perft][suite]") {
    run_suite("python-chess/tricky.perft");
}
TEST_CASE("perft suite: scalachess/tricky.perft", "[perft][suite]") {
    run_suite("scalachess/tricky.perft");
}
TEST_CASE("perft suite: shakmaty/chess960.perft", "[perft][suite][chess960]") {
    run_suite("shakmaty/chess960.perft");
}
TEST_CASE("perft suite: shakmaty/random.perft", "[perft][suite]") {
    run_suite("shakmaty/random.perft");
}
TEST_CASE("perft suite: shakmaty/tricky.perft", "[perft][suite]") {
    run_suite("shakmaty/tricky.perft");
}
TEST_CASE("perft suite: stockfish/stockfish-perft.tsv", "[perft][suite]") {
    // One depth per case; the cases above the cap run under the perft-full label.
    auto cases = read("stockfish/stockfish-perft.tsv");
    CHECK(cases.size() >= 10);
    CHECK(std::count_if(cases.begin(), cases.end(), [](const PerftCase& c) { return c.chess960; }) >
          0);
    run_suite("stockfish/stockfish-perft.tsv", SingleDepthMaxNodes);
}

TEST_CASE("perft suite: xiangqi/fairy-stockfish-xiangqi.tsv (xiangqi FENs)", "[perft][suite]") {
    auto cases = read("xiangqi/fairy-stockfish-xiangqi.tsv");
    REQUIRE(cases.size() == 3);
    for (const PerftCase& c : cases) CHECK(c.xiangqi);
    run_suite("xiangqi/fairy-stockfish-xiangqi.tsv", SingleDepthMaxNodes);
}
TEST_CASE("perft suite: xiangqi/wukong-xiangqi.epd (xiangqi FENs)", "[perft][suite]") {
    run_suite("xiangqi/wukong-xiangqi.epd");
}
TEST_CASE("perft suite reader: startpos is the xiangqi start when told the game",
          "[perft][suite]") {
    std::istringstream tsv("fen\tdepth\tnodes\nstartpos\t2\t1920\n");
    auto c = pgnkit::app::read_perft_suite(tsv, true);
    REQUIRE(c.size() == 1);
    CHECK(c[0].xiangqi);
    CHECK(c[0].fen == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    auto r = pgnkit::app::run_perft_suite(c, 0, [](const std::string&) {});
    CHECK(r.passed == 1);
}

TEST_CASE("perft suite reader: the three shapes", "[perft][suite]") {
    std::istringstream epd("# comment\n"
                           "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n");
    auto a = pgnkit::app::read_perft_suite(epd);
    REQUIRE(a.size() == 1);
    CHECK(a[0].expected == std::vector<std::pair<int, std::uint64_t>>{{1, 15}, {2, 66}});
    CHECK(a[0].line == 2);

    std::istringstream blocks("id kiwi\nepd r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/"
                              "R3K2R w KQkq -\nperft 1 48\nperft 2 2039\n\nid next\n"
                              "epd 8/8/8/8/8/8/8/K1k5 w - -\nperft 1 3\n");
    auto b = pgnkit::app::read_perft_suite(blocks);
    REQUIRE(b.size() == 2);
    CHECK(b[0].id == "kiwi");
    CHECK(b[0].expected.size() == 2);
    CHECK(b[1].expected.front().second == 3);

    std::istringstream tsv("fen\tdepth\tnodes\tchess960\nstartpos\t3\t8902\tfalse\n"
                           "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\t"
                           "1\t21\ttrue\n");
    auto c = pgnkit::app::read_perft_suite(tsv);
    REQUIRE(c.size() == 2);
    CHECK(c[0].fen.substr(0, 8) == "rnbqkbnr");
    CHECK(c[1].chess960);
    auto r = pgnkit::app::run_perft_suite(c, 0, [](const std::string&) {});
    CHECK(r.passed == 2);
    CHECK(r.failed == 0);
}

TEST_CASE("perft suite runner: reports wrong counts and bad FENs", "[perft][suite]") {
    std::istringstream in("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 67\n"
                          "4k3/8/8/8/8/8/8/4K2X w - - 0 1 ;D1 1\n");
    auto cases = pgnkit::app::read_perft_suite(in);
    std::vector<std::string> failures;
    auto r = pgnkit::app::run_perft_suite(cases, 0,
                                          [&](const std::string& f) { failures.push_back(f); });
    CHECK(r.passed == 1);
    CHECK(r.failed == 2);
    REQUIRE(failures.size() == 2);
    CHECK(failures[0].find("expected 67, got 66") != std::string::npos);
    CHECK(failures[1].find("bad FEN") != std::string::npos);
    // The cap skips deeper depths but always runs the first one.
    auto capped = pgnkit::app::run_perft_suite(cases, 10, [](const std::string&) {});
    CHECK(capped.skipped == 1);
    std::istringstream junk("this is not a suite\n");
    CHECK_THROWS_AS(pgnkit::app::read_perft_suite(junk), std::runtime_error);
}
