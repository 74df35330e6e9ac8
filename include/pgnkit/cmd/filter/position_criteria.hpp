#pragma once
/// `filter`'s position criteria (--position, --opening, --pattern, --material, --hash, with
/// --in-variations and --ply-range; --moves-prefix): the option values, checked once by the
/// command line, and the PositionWatch each worker builds from them (its tests keep no state
/// between games but the watch does, so every worker has its own).

#include "pgnkit/cmd/filter/criteria.hpp"
#include "pgnkit/cmd/filter/position_tests.hpp"

#include <memory>
#include <string>
#include <vector>

namespace pgnkit::app {

/// The position options as given.
struct PositionSpecs {
    std::vector<std::string> fens, openings, patterns, materials, hashes;
    bool in_variations = false, either_colour = false, material_exact = false;
    /// --material-as-written: WHITE:BLACK as written (else either side may have either part)
    bool material_as_written = false;
    int first_ply = 0, last_ply = 1 << 30; ///< --ply-range
    bool empty() const {
        return fens.empty() && openings.empty() && patterns.empty() && materials.empty() &&
               hashes.empty();
    }
};

/// Each option's tests in a watch, by index, in the order build_watch() adds them.
struct PositionIndices {
    std::vector<std::vector<int>> per_option; ///< one list per option given
    std::vector<std::string> options;         ///< its name ("--position" …)
};

/// Adds the tests of `specs` to `watch` (throws filter::CriterionError for a bad value, with
/// `failed_option` set to the option's name and `failed_value` to the value). Every call with
/// the same specs gives the same indices.
PositionIndices build_watch(const PositionSpecs& specs, filter::PositionWatch& watch,
                            std::string* failed_option = nullptr,
                            std::string* failed_value = nullptr);

/// One position option: one of its tests held in the game (GameView::watch).
CriterionPtr position_criterion(std::vector<int> indices);

/// `--moves-prefix`: the main line begins with one of `lines` (their moves, in order).
CriterionPtr moves_prefix_criterion(std::vector<std::vector<chess::Move>> lines);

} // namespace pgnkit::app
