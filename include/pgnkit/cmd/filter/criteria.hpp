#pragma once
/// `filter`'s criteria: each option given is one Criterion (its values alternatives of each
/// other), and a Selection decides a game by all of them (or any, `--any`). Criteria are asked
/// in the order of what they need: the game's number first, then its tags, then its movetext,
/// so that a game the cheap ones decide is never tokenized or replayed.

#include "pgnkit/cmd/filter/game_facts.hpp"
#include "pgnkit/cmd/filter/game_tags.hpp"
#include "pgnkit/openings/opening_table.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace pgnkit::app {

namespace filter {
class PositionWatch;
}

/// What a criterion needs to know of a game, cheapest first.
enum class Need : std::uint8_t {
    Number, ///< where the game is (its file and numbers)
    Tags,   ///< its tag pairs (GameTags)
    Tokens, ///< its movetext tokenized, not replayed (comments, variations)
    Replay, ///< its replay (GameFacts)
};

/// One game as the criteria see it; `tags` and `facts` are filled as far as `known` says.
struct GameView {
    const std::string* file = nullptr; ///< the input's name
    std::uint64_t number = 0;          ///< in the whole run (1-based)
    std::uint64_t in_file = 0;         ///< in its input (1-based)
    const GameTags* tags = nullptr;
    const GameFacts* facts = nullptr;
    /// The worker's position tests, as far as the replay went (with `facts`; facts->watched
    /// says whether the game was replayed from a start position).
    const filter::PositionWatch* watch = nullptr;
    /// Per-worker scratch for folding names (no allocation per game).
    std::string* scratch = nullptr;
    /// The opening the main line reaches (--opening-name: FilterRunOptions::classify_openings,
    /// with `facts`), or nullptr.
    const openings::Opening* opening = nullptr;
};

/// One option's test of a game.
class Criterion {
  public:
    virtual ~Criterion() = default;
    virtual Need need() const = 0;
    virtual bool matches(const GameView& game) const = 0;
};

using CriterionPtr = std::shared_ptr<const Criterion>;

/// Every criterion of a run and how they combine.
class Selection {
  public:
    void add(CriterionPtr c);
    /// `--any`: a game matches when one criterion holds (else when all do).
    void set_any(bool any) { any_ = any; }
    bool empty() const { return criteria_.empty(); }
    /// The most any criterion needs (Need::Number without criteria).
    Need most() const { return most_; }
    /// The verdict from the criteria that need at most `known`: true or false when they
    /// decide it whatever the others say, else undecided (-1).
    int decide(const GameView& game, Need known) const;

  private:
    std::vector<CriterionPtr> criteria_; ///< cheapest first
    bool any_ = false;
    Need most_ = Need::Number;
};

} // namespace pgnkit::app
