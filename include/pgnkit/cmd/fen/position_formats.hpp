#pragma once
/// The position formats of `pgnkit fen` (FEN, EPD, NDJSON, CSV, TSV lines), which plies of a
/// game they take, and the columns CSV/TSV know.

#include <string>
#include <vector>

namespace pgnkit::app {

enum class PositionFormat { Fen, Epd, Ndjson, Csv, Tsv };

/// Which plies of a line to emit. Ply 0 is the start position, ply N the position after
/// the N-th half-move of the game.
struct PlySelection {
    enum class Kind { All, End, Range } kind = Kind::All;
    int from = 1, to = 1 << 30; ///< Range: inclusive bounds
    int every = 1;              ///< keep plies divisible by this
    int min_ply = 0;
    bool start = false; ///< with All: also the start position (ply 0)
};

/// Parses "all", "end", "N" or "N-M"; false if malformed.
bool parse_ply_selection(const std::string& text, PlySelection& out);

/// The column names CSV/TSV know (also the NDJSON keys).
const std::vector<std::string>& position_columns();

} // namespace pgnkit::app
