#pragma once
/// Games with an error, counted by the code of their first error: what fen, convert and
/// stats say when they pass such games through or skip them, so that the reader knows which
/// check did it and which option changes that ("nothing lost, nothing silent").

#include "pgnkit/diagnostics/diagnostic.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace pgnkit::app {

class ErrorTally {
  public:
    /// Counts one game with an error under the code of its first error-level diagnostic.
    void add(const std::vector<Diagnostic>& diagnostics);
    void merge(const ErrorTally& o);
    std::uint64_t total() const { return total_; }
    /// "illegal-move 3, result-mismatch 1": most frequent first, ties in codes.def order.
    std::string by_code() const;
    /// What lets these games through: "--fix-result" when every game is a result error
    /// that the fix repairs (`fix_result_applies`: the command has that option), else
    /// "--warn CODE" naming the most frequent code.
    std::string remedy(bool fix_result_applies) const;

  private:
    std::array<std::uint64_t, code_count> games_{};
    std::uint64_t total_ = 0;
};

} // namespace pgnkit::app
