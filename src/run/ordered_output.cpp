#include "pgnkit/run/ordered_output.hpp"

#include <utility>

namespace pgnkit::app {

bool OrderedOutputs::add(BatchOutput&& output) {
    const std::uint64_t seq = output.seq;
    done_.emplace(seq, std::move(output));
    if (writer_at_sink_) return false; // the worker at the sink takes it
    writer_at_sink_ = true;
    return true;
}

std::optional<BatchOutput> OrderedOutputs::take_next() {
    const auto next = done_.find(next_to_write_);
    if (next == done_.end()) {
        writer_at_sink_ = false;
        return std::nullopt;
    }
    std::optional<BatchOutput> output(std::move(next->second));
    done_.erase(next);
    ++next_to_write_;
    return output;
}

} // namespace pgnkit::app
