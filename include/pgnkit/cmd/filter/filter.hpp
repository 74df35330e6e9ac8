#pragma once
/// `pgnkit filter`: select games by their number, tags, replay facts (and positions) and write
/// them byte for byte, the others to `--rejected`; or count them, or list them.

#include "pgnkit/check/validator.hpp"
#include "pgnkit/cmd/filter/criteria.hpp"
#include "pgnkit/cmd/filter/game_facts.hpp"
#include "pgnkit/cmd/filter/position_criteria.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/run/shard.hpp"

#include <string>
#include <vector>

namespace pgnkit::app {

/// What is written for each selected game.
enum class FilterFormat {
    Pgn,    ///< the game byte for byte, as the input holds it
    Ndjson, ///< one JSON object per line: file, game (number in its file), offset, tags
    Ids     ///< `FILE:GAME` per line (what `--games-from` reads back)
};

struct FilterRunOptions {
    std::vector<std::string> inputs; ///< paths, "-" = stdin
    Selection selection;
    bool invert = false; ///< select the games that do not match
    bool count = false;  ///< write only the number of selected games
    FilterFormat format = FilterFormat::Pgn;
    std::string output = "-"; ///< "-" = stdout
    OutputOptions output_options;
    std::string rejected; ///< the games not selected, byte for byte ("" = none)
    OutputOptions rejected_options;
    /// The replay's options (severities for --code and --valid-only, input piece letters).
    ValidateOptions validate;
    /// What the replay collects (FactsWanted::replay is set by the run from the selection).
    FactsWanted facts;
    /// The position tests; each worker builds its PositionWatch from them (the selection's
    /// position criteria read it by index).
    PositionSpecs positions;
    /// --opening-name: each game read again to classify its opening (GameView::opening).
    bool classify_openings = false;
    /// The opening table of --opening-name (--eco-file); null: the bundled lichess table.
    const openings::OpeningTable* opening_table = nullptr;
    int jobs = 1;
    /// When not 0, no game numbered past it can be selected (--first without --any): unless
    /// the others are written too (--invert, --rejected), reading stops after it.
    std::uint64_t last_game = 0;
    /// --shard K/N (run/shard.hpp); `shard_numbers`: the criteria or the format read game
    /// numbers, so a shard counts the games before its piece to have one run's numbers.
    ShardSpec shard;
    bool shard_numbers = false;
    bool progress = false;
    bool summary = false; ///< a summary line on stderr
    bool timing = true;   ///< with the time taken
};

/// Runs the filter. Returns 0 when a game was selected, 1 when none was, 2 on an I/O error.
int run_filter(const FilterRunOptions& opts);

} // namespace pgnkit::app
