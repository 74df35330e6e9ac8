#pragma once
/// `pgnkit convert` for xiangqi games (issue 45): the game check/xiangqi_validator replayed,
/// written in the export layout (tags in their order, a blank line, the movetext in lines of
/// at most PgnWriterOptions::line_width characters, the result) with its moves in the notation
/// asked for. A game without a tag that names it xiangqi gets `[Variant "xiangqi"]`, so that
/// what convert writes is read as xiangqi again. Comments, NAGs and variations are not written
/// yet: a game with them is passed through unchanged (ConvertProcessor).

#include "pgnkit/check/xiangqi_validator.hpp"
#include "pgnkit/cmd/convert/pgn_writer.hpp"

#include <string>
#include <string_view>

namespace pgnkit::app {

/// Whether `word` names a xiangqi move notation for --moves: iccs, uci, san, wxf, chinese,
/// chinese-simplified.
bool is_xiangqi_moves(std::string_view word);
/// Whether `word` names a notation only xiangqi has (iccs, wxf, chinese, chinese-simplified).
bool is_xiangqi_only_moves(std::string_view word);

/// Writes the game `v` last validated (valid, `why_not` empty) to `out`; or, when it cannot be
/// written without loss (comments, NAGs, variations not stripped), appends nothing and says
/// why in `why_not`.
void write_xiangqi_game(const XiangqiValidator& v, const PgnWriterOptions& o, std::string& out,
                        std::string& why_not);

} // namespace pgnkit::app
