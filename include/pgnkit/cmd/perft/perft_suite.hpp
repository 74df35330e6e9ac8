#pragma once
/// Perft suites: files of positions with expected leaf counts per depth.

#include <cstdint>
#include <functional>
#include <istream>
#include <string>
#include <vector>

namespace pgnkit::app {

struct PerftCase {
    std::string id;  ///< "line N" or the file's id
    std::string fen; ///< FEN (4 or 6 fields)
    bool chess960 = false;
    bool xiangqi = false; ///< a xiangqi FEN (its shape: 10 ranks of 9 points), run by xiangqi rules
    std::vector<std::pair<int, std::uint64_t>> expected; ///< (depth, nodes)
    int line = 0;
};

/// Reads a suite in any of the shapes of the corpus: `FEN ;D1 20 ;D2 400 …` (EPD style),
/// `id/epd/perft depth nodes` blocks (shakmaty .perft), or TSV `fen<TAB>depth<TAB>nodes[…]`.
/// `#` lines are comments. A FEN of xiangqi's shape is a xiangqi case; `xiangqi` makes every
/// case one (and `startpos` the xiangqi start position). Throws std::runtime_error on a line
/// it cannot read.
std::vector<PerftCase> read_perft_suite(std::istream& in, bool xiangqi = false);

struct PerftSuiteResult {
    int passed = 0, failed = 0, skipped = 0;
};

/// Runs every case up to the depths whose expected count is ≤ max_nodes (0 = no cap; the
/// first depth always runs). `on_failure` gets one line per failure.
PerftSuiteResult run_perft_suite(const std::vector<PerftCase>& cases, std::uint64_t max_nodes,
                                 const std::function<void(const std::string&)>& on_failure);

} // namespace pgnkit::app
