#pragma once
/// What `filter` learns of a game from its movetext: the replay's facts (plies, how the main
/// line ended, underpromotions, en-passant captures, castling, the diagnostics) and what the
/// tokens show (comments, variations, clock and evaluation commands).

#include "pgnkit/check/validator.hpp"
#include "pgnkit/cmd/filter/option_values.hpp"

#include <bitset>
#include <cstdint>
#include <functional>

namespace pgnkit::app {

/// The facts of one game.
struct GameFacts {
    int plies = 0;            ///< main-line plies replayed (up to the first error)
    bool replayed = false;    ///< the game was replayed (a supported variant, a usable FEN)
    bool valid = true;        ///< no diagnostic of severity error
    std::uint8_t endings = 0; ///< a bit per Ending (1 << Ending) that the main line's end is
    bool underpromotion = false, en_passant = false; ///< in the main line
    /// How each side castled in the main line: 0 not, 1 kingside, 2 queenside.
    std::uint8_t white_castled = 0, black_castled = 0;
    bool comments = false, variations = false, clock = false, eval = false;
    std::bitset<code_count> codes; ///< the codes of the game's diagnostics (not Ignore)
    bool has(Ending e) const { return (endings >> static_cast<int>(e)) & 1; }
};

/// Called after each move the replay played: the position after it, its ply in the game and
/// its depth (0 = main line). For position criteria.
using MoveWatcher = std::function<void(const chess::Position& after, int ply, int depth)>;

/// The visitor that collects GameFacts: with `replay`, a ReplayVisitor over the worker's
/// GameValidator (validate's replay, without a listener: it reads each played move from the
/// validator); without, only the tokens are looked at (comments, variations, embedded
/// commands) and nothing is replayed.
class FactsVisitor final : public ReplayVisitor {
  public:
    /// `endings`: work out GameFacts::endings (costs a position copy per main-line move).
    FactsVisitor(GameValidator& v, bool replay, bool endings)
        : ReplayVisitor(v, false), replay_(replay), endings_(endings) {}

    /// Called for every move played (nullptr: none); set before read().
    void set_watcher(const MoveWatcher* w) { watcher_ = w; }
    const GameFacts& facts() const { return facts_; }
    /// Not called: the visitor does not listen (it reads each move from the validator).
    void on_move(const ReplayedMove&) override {}

    void begin_game(const GameSpan& s);
    void tag(std::string_view n, std::string_view value, const SourceLocation& l) {
        if (replay_) v_.tag(n, value, l);
    }
    bool end_tags();
    void move_number(int n, bool black, const TokenPlace& l) {
        if (replay_) v_.move_number(n, black, l);
    }
    void move(std::string_view t, const TokenPlace& l);
    void nag(int n, const SourceLocation& l) {
        if (replay_) v_.nag(n, l);
    }
    void comment(std::string_view t, const SourceLocation& l);
    void begin_variation(const SourceLocation& l) {
        facts_.variations = true;
        ++depth_;
        if (replay_) v_.begin_variation(l);
    }
    void end_variation(const SourceLocation& l) {
        if (depth_ > 0) --depth_;
        if (replay_) v_.end_variation(l);
    }
    void result(std::string_view t, const SourceLocation& l) {
        if (replay_) v_.result(t, l);
    }
    void end_game();
    void diagnostic(const Diagnostic& d) {
        if (replay_) v_.diagnostic(d);
    }

  private:
    bool replay_, endings_;
    const MoveWatcher* watcher_ = nullptr;
    GameFacts facts_;
    int depth_ = 0;
    chess::Position last_; ///< the main line's last position (endings_)
    bool have_last_ = false;
    /// Repetition keys of the main line since its last irreversible move (endings_).
    std::vector<std::uint64_t> keys_;
    void main_line_position(const chess::Position& p);
};

} // namespace pgnkit::app
