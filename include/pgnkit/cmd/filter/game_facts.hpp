#pragma once
/// What `filter` learns of a game from its movetext: the replay's facts (plies, how the main
/// line ended, underpromotions, en-passant captures, castling, the diagnostics) and what the
/// tokens show (comments, variations, clock and evaluation commands).

#include "pgnkit/check/validator.hpp"
#include "pgnkit/cmd/filter/option_values.hpp"
#include "pgnkit/cmd/filter/position_tests.hpp"

#include <array>

#include <bitset>
#include <cstdint>

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
    /// The replay began from a start position and told the PositionWatch of it (else its
    /// first matches are not this game's).
    bool watched = false;
    /// The replay began from the standard starting position (--moves-prefix needs it).
    bool standard_start = false;
    /// The first main-line moves (up to FactsVisitor's prefix length), for --moves-prefix.
    std::array<chess::Move, 64> first_moves{};
    int first_move_count = 0;
    /// --mark: the index in the game's text where the comment goes (-1: none) and the ply
    /// whose position matched first.
    std::int64_t mark_at = -1;
    int mark_ply = -1;
    bool has(Ending e) const { return (endings >> static_cast<int>(e)) & 1; }
};

/// What FactsVisitor collects beyond the facts every replay gives.
struct FactsWanted {
    bool replay = false;  ///< replay the moves (else only the tokens are looked at)
    bool endings = false; ///< GameFacts::endings (a position copy per main-line move)
    int prefix = 0;       ///< main-line moves kept in GameFacts::first_moves (at most 64)
    bool mark = false;    ///< GameFacts::mark_at (--mark)
    /// Only the watch (and the first `prefix` moves) need the replay: it stops once
    /// neither can change any more (PositionWatch::wants_after), the tokens still read.
    bool stop_early = false;
};

/// The visitor that collects GameFacts: with `replay`, a ReplayVisitor over the worker's
/// GameValidator (validate's replay, without a listener: it reads each played move from the
/// validator); without, only the tokens are looked at (comments, variations, embedded
/// commands) and nothing is replayed.
class FactsVisitor final : public ReplayVisitor {
  public:
    /// `watch`: told of every position the replay reaches (nullptr: none).
    FactsVisitor(GameValidator& v, const FactsWanted& wanted, filter::PositionWatch* watch)
        : ReplayVisitor(v, false), wanted_(wanted), replay_(wanted.replay),
          endings_(wanted.endings), watch_(watch) {}

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
    FactsWanted wanted_;
    bool replay_, endings_;
    filter::PositionWatch* watch_;
    const GameSpan* span_ = nullptr;
    bool mark_next_ = false; ///< the start position matched: the mark goes before the first move
    GameFacts facts_;
    int depth_ = 0;
    chess::Position last_; ///< the main line's last position (endings_)
    bool have_last_ = false;
    /// Repetition keys of the main line since its last irreversible move (endings_).
    std::vector<std::uint64_t> keys_;
    void main_line_position(const chess::Position& p);
    /// --mark: after the watch saw a position, whether a test held first there.
    void note_mark(std::string_view text, const TokenPlace& l, int ply);
    bool any_matched() const;
    /// The rest of the game is only tokenized (FactsWanted::stop_early).
    void stop_replay();
    bool stopped_ = false;
};

} // namespace pgnkit::app
