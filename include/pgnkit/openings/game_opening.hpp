#pragma once
/// A PGN reader visitor (pgn/reader.hpp) that classifies a game's opening: it replays the main
/// line from the start position or the game's FEN and feeds each position to an
/// OpeningClassifier (classifier.hpp). Variations are not followed; the moves before an
/// illegal or unreadable move still classify the game; a game of another variant than
/// standard or Chess960 is not classified. Commands that name a game's opening (eco, split
/// --by eco) read the game with it; one that needs the tags too derives from it and hides
/// tag(), calling this one's.
#include "pgnkit/chess/detail/san_fast.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/openings/classifier.hpp"
#include "pgnkit/pgn/reader.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace pgnkit::openings {

class GameOpeningVisitor : public VisitorBase {
  public:
    explicit GameOpeningVisitor(const OpeningTable& table) : classifier_(table) {}

    void begin_game(const GameSpan&) {
        fen_.clear();
        standard_ = true;
        playing_ = true;
        depth_ = 0;
    }
    void tag(std::string_view name, std::string_view value, const SourceLocation&) {
        if (name == "FEN") fen_.assign(value);
        if (name == "Variant") standard_ = is_standard_variant(value);
    }
    bool end_tags() {
        std::optional<chess::Position> start;
        if (standard_ && fen_.empty())
            start = chess::Position::startpos();
        else if (standard_)
            if (auto parsed = chess::parse_fen(fen_)) start = parsed->position;
        if (!start) { // nothing to replay: an empty board reaches no entry
            playing_ = false;
            classifier_.begin(chess::Position{});
            return skip_movetext_when_unclassified_;
        }
        pos_ = *start;
        classifier_.begin(pos_);
        return false;
    }
    void move(std::string_view san, const TokenPlace&) {
        if (depth_ != 0 || !playing_) return;
        // The validator's fast pass (chess/detail/san_fast.hpp) plays the usual tokens; the
        // others go to the general code.
        chess::Position::NormalUndo undo;
        const chess::FastSan fast = chess::fast_play_san(pos_, nullptr, undo, san, {});
        if (fast.outcome == chess::FastSanOutcome::Resolved) {
            pos_.play(fast.move);
        } else if (fast.outcome == chess::FastSanOutcome::Declined &&
                   !chess::play_san(pos_, san, {}, false).ok) {
            playing_ = false; // the moves before it classify the game
            return;
        }
        classifier_.after_move(pos_);
        if (classifier_.done()) playing_ = false;
    }
    void begin_variation(const SourceLocation&) { ++depth_; }
    void end_variation(const SourceLocation&) {
        if (depth_ > 0) --depth_;
    }

    /// The game's opening, or nullptr.
    const Opening* opening() const { return classifier_.opening(); }
    /// The ply at which opening() was reached.
    int ply() const { return classifier_.ply(); }

    /// Whether a Variant tag's value names standard chess (or Chess960, whose games start
    /// from a FEN).
    static bool is_standard_variant(std::string_view v) {
        std::string lower(v);
        for (char& c : lower)
            if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        return lower.empty() || lower == "standard" || lower == "chess" || lower == "chess960" ||
               lower == "fischerandom";
    }

  protected:
    /// end_tags() returns this for a game that cannot be classified (a visitor that needs
    /// nothing from the movetext then sets it, to skip reading it).
    bool skip_movetext_when_unclassified_ = false;

  private:
    OpeningClassifier classifier_;
    chess::Position pos_;
    std::string fen_;
    bool standard_ = true, playing_ = true;
    int depth_ = 0;
};

} // namespace pgnkit::openings
