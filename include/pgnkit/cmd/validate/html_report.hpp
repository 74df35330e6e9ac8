#pragma once
/// `pgnkit validate --html`: the report page (summary by code with a chart, every invalid game
/// with a board of the position before its first error, the warnings of the valid games).
///
/// Workers render one HtmlBlock per game (render_validate_game()); the ordered sink hands
/// them to ValidateHtmlReport, which writes the page with the skeleton and charts of
/// format/html_page.hpp and format/charts.hpp. Text from the input (player names, events,
/// file names, messages) is escaped everywhere; a game that is not UTF-8 is read as Latin-1.

#include "pgnkit/chess/position.hpp"
#include "pgnkit/cmd/validate/validate.hpp"
#include "pgnkit/diagnostics/diagnostic.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit {
struct GameInfo;
}

namespace pgnkit::app {

/// The move a diagnostic's token attempted, located on the board before it.
struct AttemptedMove {
    chess::Square to = chess::NoSquare; ///< target square, NoSquare if the text names none
    std::vector<chess::Square> from;    ///< origin square(s) found (several when ambiguous)
};

/// Finds where `token` (SAN, LAN, UCI, castling; `piece_letters` as in SanParseOptions) wants
/// to move in `pos`: the legal move's origin, every candidate of an ambiguous move, the
/// written origin of a LAN/UCI move, else the side to move's pieces of the named type that
/// attack the target (pawns: that could push or capture there). `from` is empty when none
/// is found; `to` is NoSquare when the token is not a move at all.
AttemptedMove find_attempted_move(const chess::Position& pos, std::string_view token,
                                  std::string_view piece_letters = {});

/// What validate --html shows of one game with diagnostics (invalid, or valid with warnings).
struct HtmlGameInput {
    std::string_view file;
    std::uint64_t number = 0; ///< game number in its file (shown)
    std::uint64_t index = 0;  ///< game number in the run (the block's ids: unique)
    const GameInfo* info = nullptr;
    const std::vector<Diagnostic>* diagnostics = nullptr;
    bool utf8 = true;       ///< the game's text is UTF-8 (else Latin-1)
    bool show_info = false; ///< list info-level diagnostics too
    bool board = true;      ///< render the full block with a board (else brief only)
    std::string_view piece_letters;
    bool xiangqi = false; ///< a xiangqi game: its FENs and moves are xiangqi's
};

/// The full block (players, event, round, location, diagnostics, and a board of the position
/// before the first error that has one, with the attempted move as an arrow; a xiangqi game's
/// board is xiangqi's, its attempted move found when written in coordinates) and the brief
/// form (players, then every diagnostic with its location; no board) used past --html-max and
/// for valid games. A valid game (no error) gets the brief form only, marked `valid`; one
/// without a diagnostic to show gets an empty block.
HtmlBlock render_validate_game(const HtmlGameInput& game);
/// The brief form of a diagnostic about text between games (listed with the valid games).
HtmlBlock render_text_between_games(std::string_view file, const Diagnostic& d, bool utf8);

/// The validate report file: game blocks arrive from the ordered sink (input order) and are
/// spooled to temporary files; finish() writes the page: summary by code with a chart (sorted
/// by count, coloured by severity), the invalid games, then the valid games with warnings in a
/// collapsible section. At most `max_boards` invalid games get a full block with a board;
/// later ones the brief form.
class ValidateHtmlReport {
  public:
    ValidateHtmlReport(std::string path, std::size_t max_boards, std::vector<std::string> inputs);
    ~ValidateHtmlReport();
    ValidateHtmlReport(const ValidateHtmlReport&) = delete;
    ValidateHtmlReport& operator=(const ValidateHtmlReport&) = delete;

    /// Whether a full block could still be used: false once the sink has taken max_boards
    /// of them (then workers need not render boards). Thread-safe.
    bool wants_boards() const { return full_.load(std::memory_order_relaxed) < max_boards_; }
    /// Sink side, in input order.
    void add(const HtmlBlock& block);
    /// Writes the page to the path (temp name + rename), which the constructor created so
    /// that an unwritable path fails before the run; `severities` colours the codes.
    /// Returns "" or an error message.
    std::string finish(const ValidateStats& total, bool show_info,
                       const SeverityTable& severities = {});

  private:
    std::unique_ptr<OutputFile> file_;
    std::size_t max_boards_;
    std::vector<std::string> inputs_;
    std::FILE* spool_ = nullptr;
    std::FILE* valid_spool_ = nullptr; ///< valid games with warnings
    std::atomic<std::size_t> full_{0};
    std::uint64_t games_ = 0, brief_ = 0;
    std::uint64_t valid_games_ = 0, between_games_ = 0, valid_listed_ = 0;
    bool in_list_ = false;
    std::string error_;
};

} // namespace pgnkit::app
