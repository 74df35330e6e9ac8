#pragma once
/// `pgnkit stats` and `pgnkit merge`: mergeable aggregates over games
/// (docs/ARCHITECTURE.md "Data flow", "Mergeable aggregates").
///
/// Each worker fills its own `StatsGroups`; they are merged at the end with the same
/// `merge()` that `pgnkit merge` applies to the raw counters of separate runs' JSON output.
/// Every counter is an integer (expected scores in millionths), so merging is exact and
/// independent of order while the bounded tables stay under their limits.
///
/// Tables keyed by a string (players, events, openings, …) are `BoundedMap`s: exact while
/// they hold at most `limit` distinct keys; on the next new key the map keeps its `limit/2`
/// heaviest entries and drops the rest (a Misra–Gries-style top-k summary with batched
/// eviction). Kept counts are then lower bounds, each at most `error()` below the true count,
/// and the output says so. Memory per map is O(limit) whatever the input size.

#include "pgnkit/check/game_kind.hpp"
#include "pgnkit/diagnostics/diagnostic.hpp"
#include "pgnkit/openings/opening_table.hpp"
#include "pgnkit/run/shard_set.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace pgnkit::app {

/// Transparent string hash: lookups by string_view allocate nothing.
struct StringHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

/// A string-keyed map with at most `limit` entries (see the file comment). `V` provides
/// `std::uint64_t weight() const` and `void merge(const V&)`.
template <class V>
class BoundedMap {
  public:
    BoundedMap() = default;
    BoundedMap(std::size_t limit, V proto)
        : limit_(limit < 2 ? 2 : limit), proto_(std::move(proto)) {}

    /// The entry for `key`, inserted (from the prototype) if absent; may evict light entries
    /// first (never the returned one).
    V& at(std::string_view key) {
        auto it = map_.find(key);
        if (it != map_.end()) return it->second;
        if (map_.size() >= limit_) prune(limit_ / 2);
        return map_.emplace(std::string(key), proto_).first->second;
    }
    /// Adds every entry of `o` (and its error); prunes if the union exceeds the limit.
    void merge(const BoundedMap& o) {
        for (const auto& [k, v] : o.map_) {
            auto it = map_.find(k);
            if (it == map_.end())
                map_.emplace(k, v);
            else
                it->second.merge(v);
        }
        error_ += o.error_;
        pruned_ += o.pruned_;
        if (map_.size() > limit_) prune(limit_ / 2);
    }
    /// Entries sorted by key (canonical order for serialization).
    std::vector<std::pair<const std::string*, const V*>> by_key() const;
    /// Entries by weight (heaviest first, ties by key); at most `n` (0 = all).
    std::vector<std::pair<const std::string*, const V*>> top(std::size_t n) const;

    std::size_t size() const { return map_.size(); }
    std::size_t limit() const { return limit_; }
    /// Upper bound of how much any kept weight is below the truth (0 = exact).
    std::uint64_t error() const { return error_; }
    /// How many times entries were dropped (0 = exact).
    std::uint64_t pruned() const { return pruned_; }
    bool exact() const { return pruned_ == 0; }
    /// For deserialization: a raw entry and the error state.
    V& raw_insert(std::string key) { return map_.emplace(std::move(key), proto_).first->second; }
    void set_error(std::uint64_t error, std::uint64_t pruned) { error_ = error, pruned_ = pruned; }
    const V& prototype() const { return proto_; }

  private:
    void prune(std::size_t keep);
    std::unordered_map<std::string, V, StringHash, std::equal_to<>> map_;
    std::size_t limit_ = 2;
    V proto_{};
    std::uint64_t error_ = 0, pruned_ = 0;
};

// ------------------------------------------------------------------ BoundedMap

template <class V>
std::vector<std::pair<const std::string*, const V*>> BoundedMap<V>::by_key() const {
    std::vector<std::pair<const std::string*, const V*>> out;
    out.reserve(map_.size());
    for (const auto& [k, v] : map_) out.emplace_back(&k, &v);
    std::sort(out.begin(), out.end(),
              [](const auto& a, const auto& b) { return *a.first < *b.first; });
    return out;
}

template <class V>
std::vector<std::pair<const std::string*, const V*>> BoundedMap<V>::top(std::size_t n) const {
    auto out = by_key();
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
        return a.second->weight() > b.second->weight();
    });
    if (n != 0 && out.size() > n) out.resize(n);
    return out;
}

template <class V>
void BoundedMap<V>::prune(std::size_t keep) {
    // Keep the `keep` heaviest (ties: smaller key), so that the result does not depend on
    // hash order; every dropped weight is at most the heaviest dropped one.
    auto order = top(0);
    if (order.size() <= keep) return;
    error_ += order[keep].second->weight();
    ++pruned_;
    std::vector<std::string> drop;
    drop.reserve(order.size() - keep);
    for (std::size_t i = keep; i < order.size(); ++i) drop.push_back(*order[i].first);
    for (const auto& k : drop) map_.erase(k);
}

/// A plain counter as a BoundedMap value.
struct Count {
    std::uint64_t n = 0;
    std::uint64_t weight() const { return n; }
    void merge(const Count& o) { n += o.n; }
};

/// One player's record. Performance uses the games against a rated opponent.
struct PlayerRecord {
    std::uint64_t games = 0, white = 0, wins = 0, draws = 0, losses = 0;
    std::uint64_t rated = 0, rated_wins = 0, rated_losses = 0, opp_elo_sum = 0;
    std::uint64_t weight() const { return games; }
    void merge(const PlayerRecord& o);
};

/// The games of one opening (the openings table: each game classified by the positions its
/// main line reaches, openings/classifier.hpp).
struct OpeningRecord {
    std::uint64_t games = 0, white_wins = 0, draws = 0, black_wins = 0, plies = 0;
    std::uint64_t weight() const { return games; }
    void merge(const OpeningRecord& o);
};

/// Limits of the bounded tables (see BoundedMap).
struct StatsLimits {
    std::size_t players = 100000; ///< distinct player names kept exactly
    std::size_t keys = 10000;     ///< distinct values of every other keyed table
    std::size_t groups = 1000;    ///< distinct --by groups
};

/// Histogram bin counts (fixed, so that the raw form is stable).
inline constexpr std::size_t length_bins = 31; ///< plies 0-9, 10-19, …, 290-299, 300+
inline constexpr std::size_t elo_bins = 36;    ///< Elo <100, 100-199, …, 3500+
inline constexpr std::size_t diff_bins =
    33; ///< White−Black Elo: ≤-776, …(50 wide, −25..+24 in the middle)…, ≥775
inline constexpr std::size_t spent_bins = 10; ///< seconds per move, see stats_tables.cpp
inline constexpr std::size_t swing_bins = 7;  ///< centipawns lost per move
inline constexpr std::size_t fact_count = 12; ///< MoveFact values

/// Move facts counted per colour over main lines.
enum class MoveFact : std::uint8_t {
    Moves,
    Captures,
    Checks,
    Mates,
    CastleKing,
    CastleQueen,
    EnPassant,
    PromoteQueen,
    PromoteRook,
    PromoteBishop,
    PromoteKnight,
    NullMoves
};

/// Result categories (from the Result tag, else the termination marker).
enum class ResultKind : std::uint8_t { WhiteWin, Draw, BlackWin, Unfinished, Missing };
inline constexpr std::size_t result_count = 5;
/// How the main line ended by rule: none, checkmate, stalemate, dead position, 75-move, fivefold.
inline constexpr std::size_t ending_count = 6;

/// Every counter of one group of games. Mergeable; all integers.
struct StatsAggregate {
    explicit StatsAggregate(const StatsLimits& l = {});

    std::array<std::uint64_t, 2> games{}, plies{}; ///< [0] valid, [1] invalid
    std::array<std::uint64_t, result_count> results{};
    std::array<std::uint64_t, ending_count> endings{};
    std::array<std::uint64_t, length_bins> lengths{};
    std::array<std::uint64_t, elo_bins> elo_white{}, elo_black{};
    std::array<std::uint64_t, 2> elo_sum{}, elo_games{}; ///< per colour
    std::array<std::uint64_t, diff_bins> diff_games{}, diff_points2{}, diff_expected{};
    std::array<std::uint64_t, fact_count> facts_white{}, facts_black{};
    std::uint64_t clock_games = 0, clock_moves = 0, clock_spent_cs = 0;
    std::array<std::uint64_t, spent_bins> spent{};
    std::uint64_t eval_games = 0, eval_moves = 0;
    std::array<std::uint64_t, swing_bins> swings{};
    BoundedMap<Count> termination, eco, first_move, first_two, time_control, dates, events, rounds;
    BoundedMap<PlayerRecord> players;
    /// The openings table, when the games were classified (stats -t openings): keyed by
    /// "ECO<TAB>Opening: Variation" of the table entry reached, "" for none.
    BoundedMap<OpeningRecord> openings;
    bool classified = false; ///< whether `openings` was filled (else it is not in the output)

    std::uint64_t total_games() const { return games[0] + games[1]; }
    std::uint64_t weight() const { return total_games(); }
    void merge(const StatsAggregate& o);
};

/// The aggregates of a run: one (no --by) or one per value of the --by tag.
struct StatsGroups {
    explicit StatsGroups(std::string by = {}, const StatsLimits& l = {});
    std::string by; ///< the grouping tag, "" = none
    StatsLimits limits;
    StatsAggregate all;                ///< used when by is empty
    BoundedMap<StatsAggregate> groups; ///< used otherwise
    void merge(const StatsGroups& o);
};

/// A rendered table: what text, JSON, CSV (and later HTML) print.
struct Table {
    struct Cell {
        std::string text;
        bool number = false;
    };
    std::string name, title;
    std::vector<std::string> columns;
    std::vector<std::vector<Cell>> rows;
    std::vector<std::string> notes; ///< e.g. "approximate above N players"
    bool histogram = false;         ///< rows are ordered bins; column 1 is the count to chart
};

/// Display options shared by stats and merge.
struct StatsView {
    enum class Format { Text, Json, Csv } format = Format::Text;
    std::vector<std::string> tables; ///< names to print ("" = all)
    std::size_t top = 20;            ///< rows of top-N tables (0 = all)
    bool by_month = false;           ///< dates per month (else per year)
    /// The dates table lists the periods without games between the first and the last as
    /// rows of 0 (the HTML chart's gaps); printed tables list only periods with games.
    bool fill_date_gaps = false;
    /// JSON: the `"shard":{…}` key and object of a --shard run (run/shard.hpp), after
    /// "version"; "" for none.
    std::string shard;
};

/// Names of every table, in output order.
const std::vector<std::string>& stats_table_names();
/// Builds the selected tables of one aggregate.
std::vector<Table> build_tables(const StatsAggregate& a, const StatsView& view);
/// Formats the whole output (tables per group, and for JSON the raw counters).
std::string render_stats(const StatsGroups& g, const StatsView& view);

/// Raw counters as JSON (the `raw` member of the JSON output), and back. from_json throws
/// std::runtime_error on a malformed document.
std::string raw_to_json(const StatsGroups& g);
/// `shard`: set to the document's `shard` record (a --shard run's: run/shard.hpp), if any.
StatsGroups raw_from_json(std::string_view document, const StatsLimits& limits,
                          std::optional<ShardRecord>* shard = nullptr);

/// Collects the stats of games in memory (tests; the CLI uses run_stats).
StatsGroups collect_stats(std::string_view pgn, const std::string& by = {},
                          const StatsLimits& limits = {}, bool valid_only = false);

struct StatsRunOptions {
    std::vector<std::string> inputs;
    int jobs = 1;
    ShardSpec shard;      ///< --shard K/N (run/shard.hpp)
    bool partial = false; ///< merge: shards of a run may be missing (--partial)
    std::string by;
    bool valid_only = false;
    bool progress = false;
    std::string output = "-";
    std::string html; ///< also write an HTML page (charts and tables) here ("" = none)
    StatsLimits limits;
    StatsView view;
    SeverityTable severities;           ///< which defects make a game invalid (--valid-only)
    std::string input_piece_letters;    ///< SAN letters read, "" = English
    GameChoice game = GameChoice::Auto; ///< --variant: xiangqi, chess, or by the tags
    /// -t openings: classify each game's opening in this table (null: no classification).
    const openings::OpeningTable* opening_table = nullptr;
};

/// Whether the tables `names` ("" = all) need the games classified by opening.
bool wants_openings(const std::vector<std::string>& names);

/// `pgnkit stats`: returns the exit code (0 ok, 2 I/O error).
int run_stats(const StatsRunOptions& opts);
/// `pgnkit merge`: inputs are JSON outputs of `pgnkit stats`/`merge`.
int run_merge(const StatsRunOptions& opts);

} // namespace pgnkit::app
