#pragma once
/// `pgnkit fen`: positions out of games, as FEN, EPD, NDJSON, CSV or TSV lines
/// (position_formats.hpp).

#include "pgnkit/check/game_kind.hpp"
#include "pgnkit/chess/fen_writer.hpp"
#include "pgnkit/cmd/fen/position_formats.hpp"
#include "pgnkit/diagnostics/diagnostic.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/run/shard.hpp"

#include <string>
#include <vector>

namespace pgnkit::app {

struct FenRunOptions {
    std::vector<std::string> inputs;
    std::string output = "-";
    OutputOptions output_options;
    int jobs = 1;
    ShardSpec shard; ///< --shard K/N (run/shard.hpp)
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
    GameChoice game = GameChoice::Auto; ///< --variant xiangqi, chess, or by the tags
};

/// Runs the export. Returns the exit code (0 ok, 1 some game had an error, 2 I/O).
int run_fen(const FenRunOptions& opts);

} // namespace pgnkit::app
