#pragma once
/// Internal to `pgnkit fen`: the positions of a xiangqi game (issue 45) in the formats of
/// position_formats.hpp, from check/xiangqi_validator's replay of its main line. The columns
/// keep their chess names: `white`/`black` are Red and Black (the Red, RedTeam or White tag),
/// `move_san` is WinBoard SAN (`Che2`), `move_uci` Fairy-Stockfish's UCI (`h3e3`).

#include "pgnkit/check/xiangqi_validator.hpp"
#include "pgnkit/cmd/fen/detail/position_export.hpp"

#include <cstdint>
#include <vector>

namespace pgnkit::app::fen_detail {

/// Writes the selected positions of the game `v` last validated (its span `span`, run-wide
/// number `game`) to `out`, their keys to `keys` with --unique; returns how many.
std::uint64_t emit_xiangqi_positions(const FenRunOptions& o, const std::vector<Col>& cols,
                                     const XiangqiValidator& v, const GameSpan& span,
                                     std::uint64_t game, OutBuffer& out,
                                     std::vector<std::uint64_t>& keys);

} // namespace pgnkit::app::fen_detail
