#pragma once
/// `pgnkit convert` for xiangqi games (issue 45): the game check/xiangqi_validator replayed,
/// written in the export layout of chess convert (cmd/convert/movetext_layout.hpp: tags in
/// their order, a blank line, the movetext in lines of at most PgnWriterOptions::line_width
/// characters, the result) with its moves in the notation asked for, its comments, NAGs and
/// variations (each variation's moves replayed from the position before the move it replaces,
/// xiangqi/game_replay.hpp, and written in that notation too), less what --strip drops. A game
/// without a tag that names it xiangqi gets `[Variant "xiangqi"]`, so that what convert writes
/// is read as xiangqi again.

#include "pgnkit/check/xiangqi_validator.hpp"
#include "pgnkit/cmd/convert/movetext_layout.hpp"
#include "pgnkit/cmd/convert/pgn_writer.hpp"
#include "pgnkit/xiangqi/game_replay.hpp"

#include <string>
#include <string_view>

namespace pgnkit::app {

/// Whether `word` names a xiangqi move notation for --moves: iccs, uci, san, wxf, chinese,
/// chinese-simplified.
bool is_xiangqi_moves(std::string_view word);
/// Whether `word` names a notation only xiangqi has (iccs, wxf, chinese, chinese-simplified).
bool is_xiangqi_only_moves(std::string_view word);

/// Writes xiangqi games. One per worker; reused for every game.
class XiangqiWriter : private xiangqi::MovetextListener {
  public:
    /// Keeps a reference to `opts`: they must outlive the writer.
    explicit XiangqiWriter(const PgnWriterOptions& opts);

    /// Writes the game `v` last validated (valid, from `span`) to `out` (`why_not` empty); or,
    /// when it cannot be written without loss (a move not replayed, as with --warn
    /// illegal-move, or a variation before the first move), appends nothing and says why in
    /// `why_not`.
    void write(const XiangqiValidator& v, const GameSpan& span, std::string& out,
               std::string& why_not);

  private:
    void move(const xiangqi::Position& before, xiangqi::Move m) override;
    void comment(std::string_view text) override;
    void nag(int n) override;
    void begin_variation() override;
    void end_variation() override;

    const PgnWriterOptions& opts_;
    xiangqi::GameReplayer replayer_; ///< the game again, its movetext to layout_
    MovetextLayout layout_;
    xiangqi::Notation notation_ = xiangqi::Notation::Iccs; ///< of the moves written
    xiangqi::NotationStyle style_;
    /// Moves so far in each open line (the main line first): a variation opened in a line
    /// without a move has no move to replace.
    std::vector<int> line_moves_;
    bool variation_before_move_ = false;
};

} // namespace pgnkit::app
