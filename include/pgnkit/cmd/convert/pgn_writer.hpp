#pragma once
/// PgnWriter: the visitor behind `pgnkit convert`. It wraps a GameValidator (every reader
/// callback is forwarded to it), learns from the replay which move each token was, and
/// writes the game in the PGN export format (PGN standard §8): the Seven Tag Roster first,
/// escaped tag values, canonical SAN (or LAN/UCI/figurine), move numbers (`N...` after
/// comments and variations), NAGs as `$n`, lines of at most 79 columns.
///
/// A game with an error (or one the replay could not follow completely) is not rewritten:
/// `converted()` is false and the caller writes the raw span instead. Nothing is allocated
/// per move: the output is built in buffers that are reused from game to game.

#include "pgnkit/check/game_kind.hpp"
#include "pgnkit/check/validator.hpp"
#include "pgnkit/cmd/convert/movetext_layout.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/pgn/reader.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::app {

/// How moves are written.
enum class MoveNotation : std::uint8_t {
    San,     ///< canonical SAN (PGN §8.2.3), with the output piece letters
    Lan,     ///< long algebraic: e2-e4, Ng1xf3
    Uci,     ///< e2e4, e7e8q
    Figurine ///< SAN with ♔♕♖♗♘ glyphs
};

/// Which tags are written (FEN, SetUp and Variant are always kept when present: without
/// them the movetext cannot be replayed).
enum class TagSelection : std::uint8_t {
    All,  ///< every tag (default)
    Str,  ///< only the Seven Tag Roster
    None, ///< no tags
    List  ///< the tags named in PgnWriterOptions::tag_list
};

struct PgnWriterOptions {
    MoveNotation moves = MoveNotation::San;
    std::string piece_letters;       ///< output SAN letters (KQRBN order), "" = English
    std::string input_piece_letters; ///< input SAN letters, "" = English
    TagSelection tags = TagSelection::All;
    std::vector<std::string> tag_list; ///< for TagSelection::List
    bool sort_tags = false;            ///< tags after the roster by name instead of input order
    bool strip_comments = false, strip_variations = false, strip_nags = false;
    bool strip_clocks = false; ///< remove [%clk …] commands from comments
    bool strip_evals = false;  ///< remove [%eval …] commands from comments
    bool fix_result = false;   ///< result from the final position when the rules decide it
    /// FEN tag repaired where its defect has one meaning (GameValidator::repaired_fen():
    /// castling rights the position cannot have dropped, fullmove 0 written as 1)
    bool fix_fen = false;
    bool add_plycount = false; ///< PlyCount tag (main-line plies)
    bool add_fen = false;      ///< FinalFEN tag (the position after the last main-line move)
    int line_width = 79;       ///< PGN §8.2.1: lines of at most 79 columns
    GameChoice game = GameChoice::Auto; ///< --variant: xiangqi, chess, or by the tags
    /// The notation of xiangqi games' moves (cmd/convert/xiangqi_writer.hpp): "iccs", "uci",
    /// "san", "wxf", "chinese", "chinese-simplified"; "" = each game's own.
    std::string xiangqi_moves;
    /// A notation chess has not (--moves iccs, wxf, chinese…): chess games are passed through.
    bool xiangqi_only_moves = false;
};

/// Resolves a piece-letter option: a preset name (en, de, fr, es, it, nl) or 5–6 distinct
/// upper-case ASCII letters in KQRBN(P) order. Returns false if `spec` is neither; `out`
/// is "" for English.
bool resolve_piece_letters(std::string_view spec, std::string& out);

/// Removes `[%name …]` commands from comment text (PGN comment commands as written by
/// lichess, ChessBase and others), keeping the rest. `out` is cleared first.
void strip_comment_commands(std::string_view text, bool clocks, bool evals, std::string& out);

/// What became of one game.
enum class GameVerdict : std::uint8_t {
    Converted,  ///< rewritten in export format
    Invalid,    ///< the validator found an error
    Unconverted ///< valid, but not rewritable without loss (see unconverted_reason())
};

/// A result the writer set from the final position (--fix-result).
struct ResultFix {
    std::string from; ///< the result the game had ("" if none)
    std::string to;
    LineEnd why = LineEnd::None;
};

/// Writes games in export format. One per worker; reused for every game.
class PgnWriter : public VisitorBase, private ReplayListener {
  public:
    PgnWriter(const PgnWriterOptions& opts, const SeverityTable& severities = {});
    PgnWriter(const PgnWriter&) = delete;
    PgnWriter& operator=(const PgnWriter&) = delete;

    // Visitor callbacks (see reader.hpp), each forwarded to the validator.
    void begin_game(const GameSpan& span);
    void tag(std::string_view name, std::string_view value, const SourceLocation& loc);
    bool end_tags();
    void move_number(int n, bool black_dots, const TokenPlace& loc);
    void move(std::string_view text, const TokenPlace& loc);
    void nag(int n, const SourceLocation& loc);
    void comment(std::string_view text, const SourceLocation& loc);
    void begin_variation(const SourceLocation& loc);
    void end_variation(const SourceLocation& loc);
    void result(std::string_view text, const SourceLocation& loc);
    void end_game();
    void diagnostic(const Diagnostic& d);

    /// After end_game: what to do with the game.
    GameVerdict verdict() const { return verdict_; }
    /// After end_game, when converted: appends the game (ending in a blank line) to `out`.
    void append_to(std::string& out) const;
    void append_to(OutBuffer& out) const;
    /// The replay (diagnostics, game info).
    const GameValidator& validator() const { return validator_; }
    /// Whether the game was read as Latin-1 and transcoded to UTF-8.
    bool transcoded() const { return latin1_; }
    /// The result fix made in the last game, if any (`to` empty: none).
    const ResultFix& result_fix() const { return fix_; }
    /// Whether the last game's FEN tag was written repaired (--fix-fen): then
    /// validator().repaired_fen() is what was written.
    bool fen_fixed() const { return fen_fixed_; }
    /// Why a valid game was not converted, and where.
    const std::string& unconverted_reason() const { return unconverted_reason_; }
    SourceLocation unconverted_loc() const { return unconverted_loc_; }

  private:
    struct TagEntry {
        std::uint32_t name_begin, name_size, value_begin, value_size;
        bool roster; ///< one of the Seven Tag Roster
    };

    void on_move(const ReplayedMove& m) override;

    void unconvertible(SourceLocation loc, std::string reason);
    [[gnu::noinline]] void not_replayed(std::string_view text, const SourceLocation& loc);
    void put_tag(std::string_view name, std::string_view value) const;
    [[gnu::noinline]] void put_tag_slow(std::string_view name, std::string_view value) const;
    char* header_room(std::size_t n) const;
    /// The tag section of the game into header_ (header_len_ bytes).
    void make_header() const;
    bool tag_selected(std::string_view name) const;
    std::string_view tag_name(const TagEntry& t) const;
    std::string_view tag_value(const TagEntry& t) const;
    void finish();

    const PgnWriterOptions& opts_;
    ValidateOptions vopts_;
    GameValidator validator_;
    const GameSpan* span_ = nullptr;

    // Per game, reused.
    std::string tag_text_;       ///< names and values of the tags, back to back
    std::vector<TagEntry> tags_; ///< in input order, duplicates dropped
    int roster_[7] = {};         ///< tags_ index of each roster tag, or -1
    /// The tag section being made by append_to(): written in place, appended once.
    mutable std::unique_ptr<char[]> header_;
    mutable std::size_t header_len_ = 0, header_cap_ = 0;
    mutable std::string tag_scratch_;
    mutable std::vector<std::uint32_t> order_; ///< scratch of append_to()
    MovetextLayout layout_;                    ///< the movetext, without the tags
    bool latin1_ = false;
    bool same_letters_ = false; ///< output piece letters are the input's
    bool unconvertible_ = false;
    std::string marker_;      ///< the termination marker, normalized ("" if none)
    std::string result_text_; ///< the result written
    std::string unconverted_reason_;
    SourceLocation unconverted_loc_{};
    GameVerdict verdict_ = GameVerdict::Invalid;
    ResultFix fix_;
    bool fen_fixed_ = false;
    std::string final_fen_;
};

} // namespace pgnkit::app
