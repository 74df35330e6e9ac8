#pragma once
/// `validate --eco-check`: a game's ECO tag against the opening its main line reaches in an
/// opening table (openings/: the bundled one or --eco-file's), the comparison `pgnkit eco --check`
/// makes. The game is read a second time, by its own reader, only when the option is given.

#include "pgnkit/diagnostics/diagnostic.hpp"
#include "pgnkit/openings/opening_table.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <cstdint>
#include <memory>
#include <optional>

namespace pgnkit::app {

class EcoTagCheck {
  public:
    explicit EcoTagCheck(const openings::OpeningTable& table);
    ~EcoTagCheck();
    EcoTagCheck(const EcoTagCheck&) = delete;
    EcoTagCheck& operator=(const EcoTagCheck&) = delete;

    /// An eco-mismatch diagnostic of severity `severity` (at the ECO tag) when the game has an
    /// ECO tag (not "" or "?"), its moves reach a table entry and the two codes differ;
    /// nothing otherwise. `game`: the game's number in the run.
    std::optional<Diagnostic> check(const GameSpan& span, Severity severity, std::uint64_t game);

  private:
    struct Visitor;
    PgnReader reader_;
    std::unique_ptr<Visitor> visitor_;
};

} // namespace pgnkit::app
