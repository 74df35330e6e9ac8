#pragma once
/// XiangqiValidator: validate's checks for a xiangqi game (issue 45), on the replay of
/// xiangqi/game_replay.hpp: each unplayed move with the rule it breaks (xiangqi/move_rules.hpp),
/// the position before it and the moves that are legal there; moves in more than one notation;
/// the result against the Result tag and against the final position (checkmate and stalemate
/// both lose) and against a perpetual check; the repetition rules' findings
/// (xiangqi/repetition.hpp, docs/GUIDE.md "Xiangqi repetition"); the Result tag's value; the
/// reader's reports (a missing result marker among them: a warning, the databases often have
/// none). Its diagnostics and GameInfo are GameValidator's, so validate reports both games
/// alike.

#include "pgnkit/check/validator.hpp"
#include "pgnkit/xiangqi/game_replay.hpp"
#include "pgnkit/xiangqi/repetition.hpp"

#include <string>
#include <vector>

namespace pgnkit {

/// Validates xiangqi games. One per worker, reused for every game.
class XiangqiValidator {
  public:
    /// Keeps a reference to `opts`: they must outlive the validator.
    explicit XiangqiValidator(const ValidateOptions& opts) : opts_(opts) {}
    /// A temporary would dangle: refused at compile time.
    explicit XiangqiValidator(ValidateOptions&&) = delete;

    /// Reads, replays and checks `span`; the results below are valid until the next call.
    void validate(const GameSpan& span);

    const std::vector<Diagnostic>& diagnostics() const { return diags_; }
    const GameInfo& info() const { return info_; }
    bool has_error() const { return errors_ > 0; }
    int plies() const { return info_.plies; }
    /// The replay (moves, start and end positions), for commands built on it.
    const xiangqi::ReplayedGame& game() const { return *game_; }

  private:
    void add(Code code, const SourceLocation& loc, std::string message, std::string_view token = {},
             const std::string& fen = {}, int ply = 0, std::string suggestion = {});
    void read_tags(const GameSpan& span);
    /// The chess tag rules that hold for xiangqi (check/detail/tag_values.hpp): the Seven Tag
    /// Roster with Red for White, dates, PlyCount against the main line. `start`: the game's.
    void check_tags(const SourceLocation& start);
    void check_moves();
    void check_result(const SourceLocation& at_end);
    /// The repetition rules (xiangqi/repetition.hpp) on the main line: each cycle, the
    /// 50-move note, the result against a perpetual-check verdict.
    void check_repetitions(const SourceLocation& at_end);

    const ValidateOptions& opts_;
    xiangqi::GameReplayer replayer_;
    const xiangqi::ReplayedGame* game_ = nullptr;
    const GameSpan* span_ = nullptr;
    std::vector<Diagnostic> diags_;
    int errors_ = 0;
    GameInfo info_;
    std::string tag_buffer_;
    xiangqi::RepetitionJudge judge_;
    std::vector<xiangqi::Move> line_; ///< the main line's moves, for judge_
};

/// The legal moves of `pos` written in notation `n`, at most `limit` of them, joined by ", "
/// as chess's suggestions are (the JSON report makes a list of them): an illegal move's
/// suggestion.
std::string xiangqi_legal_moves_text(const xiangqi::Position& pos, xiangqi::Notation n,
                                     std::size_t limit);

} // namespace pgnkit
