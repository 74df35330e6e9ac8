#include "pgnkit/run/error_tally.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace pgnkit::app {

void ErrorTally::add(const std::vector<Diagnostic>& diagnostics) {
    for (const Diagnostic& d : diagnostics) {
        if (d.severity != Severity::Error) continue;
        ++games_[std::size_t(d.code)];
        ++total_;
        return;
    }
}

void ErrorTally::merge(const ErrorTally& o) {
    for (std::size_t i = 0; i < games_.size(); ++i) games_[i] += o.games_[i];
    total_ += o.total_;
}

namespace {
/// Code indices with a count, most frequent first (stable: codes.def order on ties).
std::vector<std::size_t> by_frequency(const std::array<std::uint64_t, code_count>& n) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < n.size(); ++i)
        if (n[i]) order.push_back(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return n[a] > n[b]; });
    return order;
}
} // namespace

std::string ErrorTally::by_code() const {
    std::string out;
    for (std::size_t i : by_frequency(games_))
        out += fmt::format("{}{} {}", out.empty() ? "" : ", ", code_name(Code(i)), games_[i]);
    return out;
}

std::string ErrorTally::remedy(bool fix_result_applies) const {
    auto order = by_frequency(games_);
    if (order.empty()) return {};
    const Code top = Code(order.front());
    const bool result_error = top == Code::ResultMismatch || top == Code::ResultContradictsPosition;
    if (fix_result_applies && result_error)
        return fmt::format("--fix-result sets the result from the final position; --warn {} "
                           "keeps the result as written",
                           code_name(top));
    return fmt::format("--warn {} makes that check a warning", code_name(top));
}

} // namespace pgnkit::app
