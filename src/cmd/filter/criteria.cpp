#include "pgnkit/cmd/filter/criteria.hpp"

#include <algorithm>

namespace pgnkit::app {

void Selection::add(CriterionPtr c) {
    most_ = std::max(most_, c->need());
    // Cheapest first, in the order given within one need (stable).
    const auto at = std::upper_bound(criteria_.begin(), criteria_.end(), c->need(),
                                     [](Need n, const auto& x) { return n < x->need(); });
    criteria_.insert(at, std::move(c));
}

int Selection::decide(const GameView& game, Need known) const {
    for (const auto& c : criteria_) {
        if (c->need() > known) return -1; // the rest needs more than is known
        // All must hold: one false decides; any may hold: one true decides.
        if (c->matches(game) == any_) return any_ ? 1 : 0;
    }
    return any_ && !criteria_.empty() ? 0 : 1;
}

} // namespace pgnkit::app
