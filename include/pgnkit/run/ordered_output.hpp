#pragma once
// The outputs of batches, which the workers finish in any order, handed to the sink in input
// order (run_pipeline, src/run/pipeline.cpp).

#include "pgnkit/run/pipeline.hpp"

#include <cstdint>
#include <map>
#include <optional>

namespace pgnkit::app {

/// Batch outputs done but not yet written, and whose turn it is (BatchOutput::seq 0, 1, 2, …).
/// One worker at a time is "at the sink": it writes every output whose turn has come, the
/// others only add theirs. Not thread-safe: the caller holds its own lock around every call,
/// and releases it while it writes.
class OrderedOutputs {
  public:
    /// Outputs done that wait for an earlier one, or for the worker at the sink.
    std::size_t waiting() const { return done_.size(); }

    /// Keeps `output` until its turn. True when no worker is at the sink: the caller is now,
    /// and calls take_next() until it returns nothing.
    bool add(BatchOutput&& output);

    /// For the worker at the sink: the output whose turn it is, if it is done; nothing when
    /// it is not, and then the caller is no longer at the sink.
    std::optional<BatchOutput> take_next();

  private:
    std::map<std::uint64_t, BatchOutput> done_; ///< by BatchOutput::seq
    std::uint64_t next_to_write_ = 0;
    bool writer_at_sink_ = false;
};

} // namespace pgnkit::app
