#pragma once
/// A xiangqi game's movetext replayed: the reader's tokens (pgn/reader.hpp, with
/// xiangqi_move_tokens) read as moves in whichever notation each is written, from the start
/// position or the game's FEN tag, the main line and every variation. The game's notation is
/// its first move's (of the notations of that text's shape, the first that reads it as a legal
/// move, in the order ICCS, UCI, SAN, WXF, Chinese); a later text is read in another notation
/// only if it does not have the shape of the game's (a text of its shape that it refuses is an
/// unplayed move). The first step of
/// `validate` for xiangqi: the moves, each unreadable move with its place and reason, the
/// notations the game is written in.

#include "pgnkit/diagnostics/diagnostic.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"
#include "pgnkit/xiangqi/notation.hpp"
#include "pgnkit/xiangqi/position.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pgnkit::xiangqi {

/// A move of the main line as read.
struct PlayedMove {
    Move move;
    Notation notation;     ///< the notation its text was read in
    SourceLocation at;     ///< where its text starts
    std::string_view text; ///< as written: a view into the game's text (GameSpan::text)
};

/// A move text that was not played: the rest of its line (the main line or a variation) is
/// not replayed.
struct UnplayedMove {
    SourceLocation at;
    std::string text;
    int ply = 0;   ///< its ply in its line, counted from the game's start (1 = Red's first)
    int depth = 0; ///< 0 on the main line, 1 in a variation, 2 in one inside it …
    /// Why, in the notation that came nearest: the game's notation when the text has its
    /// shape, else the first notation of the text's shape (a Syntax fault: none).
    MoveTextError error;
    Notation notation = Notation::Iccs;
    std::string fen_before; ///< the position it was read in
};

/// What replay() found in one game.
struct ReplayedGame {
    /// The start: the FEN tag's position, else the start position.
    Position start;
    /// The FEN tag's refusal ("board: …"), if it was refused (the game is then not replayed).
    std::string fen_error;
    std::vector<PlayedMove> moves;      ///< the main line, up to its first unplayed move
    std::vector<UnplayedMove> unplayed; ///< the first unplayed move of each line, in text order
    Position end;                       ///< the position after the main line's moves
    unsigned notations = 0; ///< the notations the moves were read in (notation_bit() set)
    Notation first_notation = Notation::Iccs; ///< that of the first move read
    /// Where the first move in another notation than the first move's is (mixed notations).
    std::optional<SourceLocation> mixed_at;
    std::string result; ///< the termination marker as written, "" if none
    /// The tags in their order, unescaped (name, value): for writers (convert).
    std::vector<std::pair<std::string, std::string>> tags;
    /// Where each of `tags` is (for the tag checks).
    std::vector<SourceLocation> tag_at;
    int comments = 0;   ///< comments in the movetext (not kept: MovetextListener has them)
    int variations = 0; ///< variations in the movetext (replayed, not kept)
    int nags = 0;       ///< NAGs and annotation glyphs (not kept)
    std::vector<Diagnostic> syntax; ///< the reader's reports (unterminated comment …)
};

/// The movetext as replay() reads it, token by token in text order, every line: for writers
/// (cmd/convert/xiangqi_writer.hpp). Each move comes with the position it is played from (a
/// variation's first move with the position before the move it replaces); the moves of a line
/// after its first unplayed move do not come.
class MovetextListener {
  public:
    virtual ~MovetextListener() = default;
    virtual void move(const Position& before, Move m) = 0;
    virtual void comment(std::string_view text) = 0;
    virtual void nag(int n) = 0;
    virtual void begin_variation() = 0;
    virtual void end_variation() = 0;
};

/// Replays xiangqi games: one per thread, reused for every game (its buffers are kept).
class GameReplayer {
  public:
    GameReplayer();
    ~GameReplayer();
    GameReplayer(const GameReplayer&) = delete;
    GameReplayer& operator=(const GameReplayer&) = delete;

    /// Reads and replays `span`. The result is valid until the next call, its move texts as
    /// long as the span's text.
    const ReplayedGame& replay(const GameSpan& span);
    /// replay(), telling `listener` the movetext as it is read.
    const ReplayedGame& replay(const GameSpan& span, MovetextListener& listener);

  private:
    struct Visitor;
    PgnReader reader_;
    ReplayedGame game_;
    std::unique_ptr<Visitor> visitor_; ///< its line stack kept from game to game
};

} // namespace pgnkit::xiangqi
