#pragma once
/// What the repetition rules make of a xiangqi game's main line: each position that stood a
/// third time (with the same side to move), whether one side checked (長將) or chased (長捉)
/// throughout that cycle, and where 100 plies passed without a capture. The rule sets (Asian,
/// Chinese) differ in detail; what is decided here and what is not:
/// docs/GUIDE.md "Xiangqi repetition".

#include "pgnkit/xiangqi/position.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace pgnkit::xiangqi {

enum class RepetitionKind {
    Threefold,            ///< a position occurred a third time (same side to move)
    PerpetualCheck,       ///< one side checked on every one of its moves of the cycle: it loses
    MutualPerpetualCheck, ///< both sides checked throughout the cycle: a draw
    PerpetualChase,       ///< one side chased an unprotected piece throughout the cycle (warning)
};

/// The name of a kind, for messages: "threefold repetition", "perpetual check", "mutual
/// perpetual check", "perpetual chase".
const char* repetition_name(RepetitionKind k);

/// One repetition cycle: the moves from the position's first occurrence to its third.
struct RepetitionFinding {
    RepetitionKind kind;
    /// The checking/chasing side (Threefold: the side to move in the repeated position;
    /// MutualPerpetualCheck: the side whose move made the third occurrence).
    Color offender = Color::Red;
    int first_ply = 0;      ///< the ply after which the repeated position first stood
    int last_ply = 0;       ///< the ply after which it stood the third time
    std::vector<int> plies; ///< the plies at which the position stood (1 = after the first move)
    /// PerpetualChase: the chased piece's point at the cycle start (first_ply); else NoSquare.
    Square chased = NoSquare;
};

struct RepetitionReport {
    std::vector<RepetitionFinding> findings; ///< in ply order; at most one per cycle
    /// The first ply after which 100 plies had passed without a capture (the start position's
    /// halfmove clock counted; 0 when the start already had 100).
    std::optional<int> fifty_moves_ply;
    /// What the rules make of the game's end by repetition, when the game ends inside the last
    /// finding's cycle (its final position is one of the cycle's): the loser by perpetual
    /// check or chase (the offender), or a draw (nullopt inside: Threefold,
    /// MutualPerpetualCheck); nullopt when repetition decides nothing.
    std::optional<std::optional<Color>> verdict;
    /// The index in `findings` of the finding the verdict comes from (set with `verdict`).
    std::optional<std::size_t> verdict_finding;
};

/// Judges the main line `moves` (each legal) played from `start`. Plies count the moves from
/// `start`: ply k is the position after moves[k − 1], ply 0 the start itself.
RepetitionReport judge_repetitions(const Position& start, std::span<const Move> moves);

/// The same judge, keeping its buffers from game to game (one per thread): judging a game
/// allocates nothing once the buffers have grown to the longest game, save the findings.
class RepetitionJudge {
  public:
    RepetitionJudge();
    /// As judge_repetitions(); the report is valid until the next call.
    const RepetitionReport& judge(const Position& start, std::span<const Move> moves);

  private:
    /// A slot of the open-addressed table of the current capture-free stretch: a key and the
    /// last ply it stood at. A slot belongs to the stretch whose number is in `stretch`
    /// (starting a stretch clears the table by counting up, not by writing it).
    struct Slot {
        std::uint64_t key = 0;
        std::uint32_t stretch = 0;
        int ply = 0;
    };
    /// What is known of the position at one ply.
    struct PlyInfo {
        int previous = -1; ///< the last earlier ply where the same position stood, -1 none
        int count = 1;     ///< how many times it has stood up to this ply
        int first = 0;     ///< the ply where it first stood (in this stretch)
    };

    void start_stretch(int ply);
    Slot& slot_of(std::uint64_t key);
    void remember(int ply);
    void grow_table(int ply);
    void add_finding(int ply);
    RepetitionFinding classify(int first, int last) const;
    std::optional<Square> chased_throughout(Color chaser, int first, int last) const;
    bool chases(int ply, Square target) const;
    bool same_position(int a, int b) const;

    RepetitionReport report_;
    std::vector<Position> positions_; ///< positions_[k]: after k moves
    std::vector<PlyInfo> info_;
    std::vector<Slot> table_;
    std::uint32_t stretch_ = 0;
    int used_ = 0;            ///< slots of the current stretch in the table
    int stretch_start_ = 0;   ///< the first ply of the capture-free stretch
    int judged_through_ = -1; ///< positions first seen up to here belong to a reported cycle
    std::span<const Move> moves_;
};

} // namespace pgnkit::xiangqi
