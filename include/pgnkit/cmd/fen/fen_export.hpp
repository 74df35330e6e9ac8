#pragma once
/// `pgnkit fen`: positions out of games, as FEN, EPD, NDJSON, CSV or TSV lines.

#include "pgnkit/io/output.hpp"
#include "pgnkit/check/diagnostic.hpp"
#include "pgnkit/chess/fen.hpp"

#include <cstdint>
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

struct FenRunOptions {
    std::vector<std::string> inputs;
    std::string output = "-";
    OutputOptions output_options;
    int jobs = 1;
    PositionFormat format = PositionFormat::Fen;
    chess::EpMode ep = chess::EpMode::Legal;
    PlySelection plies;
    bool variations = false;
    bool skip_check = false;
    bool quiet_only = false;
    bool unique = false;
    bool valid_only = false;
    bool summary = false;
    bool progress = false;
    std::string id_template;          ///< EPD id: "{White}-{Black} {Round}"; empty = game number
    std::vector<std::string> columns; ///< CSV/TSV columns; empty = the default set
    std::string piece_letters;        ///< SAN letters written (sm, move_san), "" = English
    std::string input_piece_letters;  ///< SAN letters read, "" = English
    SeverityTable severities;         ///< --error/--warn/--ignore/--strict
    bool chess960 = false; ///< games without a Variant tag are Chess960 (--variant chess960)
};

/// The column names CSV/TSV know (also the NDJSON keys).
const std::vector<std::string>& position_columns();

/// Runs the export. Returns the exit code (0 ok, 1 some game had an error, 2 I/O).
int run_fen(const FenRunOptions& opts);

} // namespace pgnkit::app
