#pragma once
/// Internal to `pgnkit fen`: one worker's share of the export (src/cmd/fen/position_formats.cpp),
/// which the command (src/cmd/fen/fen_command.cpp) wires into the pipeline.

#include "pgnkit/check/validator.hpp"
#include "pgnkit/check/xiangqi_validator.hpp"
#include "pgnkit/cmd/fen/fen_command.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/run/error_tally.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace pgnkit::app::fen_detail {

/// The columns of position_columns(), in its order.
enum class Col {
    Game,
    Ply,
    Fen,
    MoveSan,
    MoveUci,
    Side,
    Result,
    White,
    Black,
    WhiteElo,
    BlackElo,
    Event,
    Date,
    Clock,
    Eval
};

/// One worker's counts.
struct FenStats {
    std::uint64_t games = 0, invalid = 0, positions = 0, errors = 0;
};

/// Replays the games of a batch and writes their positions (in `opts.format`, with the columns
/// `cols`) to the batch's output, their keys too with --unique.
class FenVisitor;
class FenProcessor final : public BatchProcessor {
  public:
    FenProcessor(const FenRunOptions& o, const std::vector<Col>& cols);
    ~FenProcessor() override;
    void process(const Batch& batch, BatchOutput& out) override;
    FenStats stats;
    ErrorTally errors; ///< games with an error, by the code of the first

  private:
    const FenRunOptions& o_;
    ValidateOptions vopts_;
    PgnReader reader_;
    std::unique_ptr<GameValidator> validator_;
    std::unique_ptr<XiangqiValidator> xiangqi_; ///< xiangqi games (check/game_kind.hpp)
    std::unique_ptr<FenVisitor> visitor_;
    std::uint64_t in_bytes_ = 0, out_bytes_ = 0; ///< batches so far
};

} // namespace pgnkit::app::fen_detail
