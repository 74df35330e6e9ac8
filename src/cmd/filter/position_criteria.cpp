#include "pgnkit/cmd/filter/position_criteria.hpp"

#include "pgnkit/cmd/filter/criterion_error.hpp"

#include <algorithm>

namespace pgnkit::app {

namespace {

template <class Test>
class Lambda final : public Criterion {
  public:
    explicit Lambda(Test test) : test_(std::move(test)) {}
    Need need() const override { return Need::Replay; }
    bool matches(const GameView& game) const override { return test_(game); }

  private:
    Test test_;
};

} // namespace

PositionIndices build_watch(const PositionSpecs& specs, filter::PositionWatch& watch,
                            std::string* failed_option, std::string* failed_value) {
    PositionIndices out;
    const auto each = [&](const char* option, const std::vector<std::string>& values, auto make) {
        if (values.empty()) return;
        out.options.emplace_back(option);
        auto& indices = out.per_option.emplace_back();
        for (const std::string& v : values) {
            try {
                indices.push_back(
                    watch.add(make(v), specs.in_variations, specs.first_ply, specs.last_ply));
            } catch (const filter::CriterionError&) {
                if (failed_option) *failed_option = option;
                if (failed_value) *failed_value = v;
                throw;
            }
        }
    };
    each("--position", specs.fens,
         [](const std::string& v) { return filter::position_test_from_fen(v); });
    each("--opening", specs.openings, [](const std::string& v) {
        return filter::position_test_of(filter::parse_opening_line(v).final_position);
    });
    each("--pattern", specs.patterns,
         [&](const std::string& v) { return filter::pattern_test(v, specs.either_colour); });
    each("--material", specs.materials, [&](const std::string& v) {
        return filter::material_test(v, specs.material_exact, !specs.material_as_written);
    });
    each("--hash", specs.hashes,
         [](const std::string& v) { return filter::polyglot_hash_test(v); });
    return out;
}

CriterionPtr position_criterion(std::vector<int> indices) {
    auto test = [indices = std::move(indices)](const GameView& g) {
        if (!g.facts->watched) return false;
        return std::any_of(indices.begin(), indices.end(),
                           [&](int i) { return g.watch->first_match(i) >= 0; });
    };
    return std::make_shared<const Lambda<decltype(test)>>(std::move(test));
}

CriterionPtr moves_prefix_criterion(std::vector<std::vector<chess::Move>> lines) {
    auto test = [lines = std::move(lines)](const GameView& g) {
        if (!g.facts->standard_start) return false; // the lines start there
        for (const auto& line : lines) {
            if (int(line.size()) > g.facts->first_move_count) continue;
            if (std::equal(line.begin(), line.end(), g.facts->first_moves.begin())) return true;
        }
        return false;
    };
    return std::make_shared<const Lambda<decltype(test)>>(std::move(test));
}

} // namespace pgnkit::app
