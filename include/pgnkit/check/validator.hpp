#pragma once
/// GameValidator: the visitor that replays a game (main line and every variation) and
/// reports every defect as a Diagnostic (docs/ARCHITECTURE.md "Data flow"; what is checked:
/// docs/GUIDE.md "What is checked").

#include "pgnkit/chess/detail/san_fast.hpp"
#include "pgnkit/chess/position.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/diagnostics/diagnostic.hpp"
#include "pgnkit/pgn/reader.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit {

struct ValidateOptions {
    SeverityTable severities;
    bool allow_null = true;        ///< null moves are played (reported as null-move)
    std::string piece_letters;     ///< SAN piece letters of the input language, "" = English
    int max_variation_depth = 512; ///< deeper variations are skipped (and reported)
    /// Diagnostics carry their message, token, FEN and suggestion; false keeps only the code,
    /// severity and location (for runs that only count them: validate -q, stats).
    bool details = true;
    /// Games without a Variant tag are Chess960 (--variant chess960); a Variant tag decides.
    bool chess960 = false;
    /// Games tagged as xiangqi (`[Variant "xiangqi"]`, `[Game "Chinese Chess"]`) or whose FEN
    /// tag has xiangqi's shape are not read as chess: their movetext is skipped, nothing is
    /// reported, and xiangqi() says so (the caller reads them with check/xiangqi_validator).
    bool detect_xiangqi = false;
};

/// How a replayed line ended by rule (automatic game end).
enum class LineEnd : std::uint8_t {
    None,
    Checkmate,
    Stalemate,
    DeadPosition,
    SeventyFive,
    Fivefold
};

/// Per-game facts the report prints next to each diagnostic.
struct GameInfo {
    std::string white, black, round, event, result_tag, termination;
    std::string result_marker; ///< as normalized ("1-0", …), "" if none
    int plies = 0;             ///< main-line plies replayed
    bool replayed = false;     ///< false for unsupported variants / bad FEN
    LineEnd end = LineEnd::None;
    /// The result the rules give the main line's end ("1-0", "0-1", "1/2-1/2"; "" when the
    /// game did not end by rule): what --fix-result writes, decided by the game's own rules.
    std::string_view decided_result;
};

/// A move the replay accepted, for commands built on the replay (fen, convert, stats).
struct ReplayedMove {
    const chess::Position& before;
    chess::Move move;
    const chess::Position& after;
    std::string_view text;     ///< as written
    const SourceLocation& loc; ///< (a reference: no copy of the reader's location per move)
    int ply;   ///< 1 = white's first move of the game (counted from the game's start position)
    int depth; ///< 0 = main line, 1 = a variation of it, …
    /// `text` is the move's SAN exactly as chess::write_san writes it in the replay's piece
    /// letters (ValidateOptions::piece_letters): no liberty taken, right check suffix, no glyph.
    bool canonical = false;
};

/// Receives the replay's events. All calls happen inside the reader's callbacks.
class ReplayListener {
  public:
    virtual ~ReplayListener() = default;
    /// The start position is known (after the tags); not called for games not replayed.
    virtual void on_start(const chess::Position&) {}
    virtual void on_move(const ReplayedMove&) = 0;
};

/// Replays games. One per worker; reused for every game (no allocation per move).
class GameValidator : public VisitorBase {
  public:
    /// Keeps a reference to `opts`: they must outlive the validator.
    explicit GameValidator(const ValidateOptions& opts);
    /// A temporary would dangle: refused at compile time.
    explicit GameValidator(ValidateOptions&&) = delete;

    // Visitor callbacks (see reader.hpp).
    void begin_game(const GameSpan& span);
    /// `name` must stay valid until end_game() (the reader's names are views of the game).
    void tag(std::string_view name, std::string_view value, const SourceLocation& loc);
    bool end_tags();
    /// `loc` as move()'s: made a SourceLocation only for a number that disagrees with the
    /// position.
    void move_number(int n, bool black_dots, const TokenPlace& loc);
    /// `loc` is made a SourceLocation only when needed (a diagnostic, a listener).
    void move(std::string_view text, const TokenPlace& loc);
    void nag(int, const SourceLocation&) {}
    void comment(std::string_view, const SourceLocation&) {}
    void begin_variation(const SourceLocation& loc);
    void end_variation(const SourceLocation& loc);
    void result(std::string_view text, const SourceLocation& loc);
    void end_game();
    void diagnostic(const Diagnostic& d);

    /// Events of the replay go to `l` (nullptr: none).
    void set_listener(ReplayListener* l) {
        listener_ = l;
        if (l) keep_before();
    }
    /// Keep the position before each move as it is played, for a visitor that reads
    /// last_before() after every move (a listener does); else it is made only when asked for.
    void keep_before() {
        keep_before_ = true;
        update_line();
    }
    /// Whether the last move() call was replayed (resolved and played).
    bool last_move_replayed() const { return last_replayed_; }
    /// After a move() call that was replayed (last_move_replayed()), until the next call: the
    /// move, the positions of its line before and after it, and its ply in the line (a
    /// ReplayedMove's fields, for a visitor that reads them without being a listener).
    chess::Move last_move() const { return last_move_; }
    const chess::Position& last_before() const { return line_->before_pos(); }
    const chess::Position& last_after() const { return line_->pos; }
    int last_ply() const { return line_->ply; }
    /// The current position of the line being read (valid while replaying).
    const chess::Position* current_position() const {
        return (!skip_ && depth_ > 0 && !frames_[depth_ - 1].stop.dead) ? &frames_[depth_ - 1].pos
                                                                        : nullptr;
    }

    const std::vector<Diagnostic>& diagnostics() const { return diags_; }
    /// The game's facts; its texts (names, round, event, Result and Termination tags) are
    /// copied here only when asked for.
    const GameInfo& info() const {
        if (!info_text_) fill_info_text();
        return info_;
    }
    /// info().plies, without the texts.
    int plies() const { return info_.plies; }
    bool has_error() const { return errors_ > 0; }
    /// After end_tags(): the game is xiangqi (ValidateOptions::detect_xiangqi), not read.
    bool xiangqi() const { return xiangqi_; }
    /// The FEN tag with the defects that have one meaning repaired (castling rights the
    /// position cannot have dropped, fullmove number 0 written as 1), when the game's FEN had
    /// such a defect: the bad-fen error was reported and the game replayed from this FEN.
    /// Empty otherwise.
    const std::string& repaired_fen() const { return repaired_fen_; }

  private:
    struct Frame {
        chess::Position pos;
        /// The position before the last move (a variation starts there): `before`, or, after a
        /// move the fast pass played, `pos` with that move taken back by `undo` (only when it
        /// is asked for: a copy per move cost validate 2-4% on OTB games; see keep_before()).
        const chess::Position& before_pos() const {
            if (before_stale) {
                before = pos;
                before.undo_normal(undo);
                before_stale = false;
            }
            return before;
        }
        mutable chess::Position before; ///< see before_pos()
        chess::Position::NormalUndo undo{};
        mutable bool before_stale = false; ///< `before` is not made yet (see before_pos())
        bool has_before = false;
        /// Where move() has the position before each move copied as it is played: `before`
        /// when keep_before(), else nullptr. Set for the line being replayed (update_line()):
        /// one load in move(), no branch on keep_before_ there.
        chess::Position* keep = nullptr;
        /// Why move() must look closer before it replays (move_blocked()); side by side in
        /// one word, so that one load tests them all.
        struct Stops {
            bool dead = false;  ///< an error stopped the replay of this line
            bool ended = false; ///< the rules ended the game in this line
            /// fivefold/75 reached in a game before July 2014
            LineEnd historic_draw = LineEnd::None;
            std::uint8_t zero = 0; ///< never set (fills the word)
            bool any() const {
                std::uint32_t w;
                std::memcpy(&w, this, sizeof w);
                return w != 0;
            }
        } stop;
        bool end_reported = false;
        LineEnd end = LineEnd::None;
        int ply = 0; ///< plies played in this line from the game start (`before`: ply - 1)
        std::size_t hist_begin = 0;   ///< history index where this line's own keys start
        std::uint64_t popped_key = 0; ///< parent's last key, hidden while the variation runs
        bool popped = false;
        bool historic_reported = false;
        /// The move number just read if it disagrees with the position (0 if none or right).
        int expect_number = 0;
        SourceLocation number_loc{};
        /// The position is in check and whether it is checkmate is not decided yet
        /// (decide_check): the next move of this line, if it is legal, says it is not.
        bool check_pending = false;
        std::string_view check_text; ///< the checking move, written with '+'
        SourceLocation check_loc{};

        /// Everything but the two positions back to its initial value (cheaper than
        /// `= Frame{}`, which builds and copies two empty positions).
        void reset_state() {
            has_before = before_stale = end_reported = popped = historic_reported = false;
            stop = Stops{};
            end = LineEnd::None;
            ply = expect_number = 0;
            hist_begin = 0;
            popped_key = 0;
            number_loc = {};
            check_pending = false;
        }
    };

    static_assert(sizeof(Frame::Stops) == 4);

    void add(Code code, SourceLocation loc, std::string message, std::string_view token = {},
             const chess::Position* before = nullptr, int ply = 0, std::string suggestion = {});
    void check_tags();
    /// What tag() reports, out of line (tag() stays small for the usual tag).
    enum class TagProblem : std::uint8_t { Duplicate, Result, Date, Elo, Eco, Control };
    [[gnu::cold, gnu::noinline]] void tag_problem(TagProblem p, std::string_view name,
                                                  std::string_view value,
                                                  const SourceLocation& loc);
    void check_result();
    void check_plycount();
    bool setup_start();
    /// The FEN tag parsed; a defect with one meaning (see repaired_fen()) is reported and
    /// repaired. False if the game cannot be replayed.
    bool parse_fen_tag();
    /// The history of the line `f` after a move (f.before_pos() the position before it).
    void advance(Frame& f);
    /// advance(), then the line's end if the rules end it.
    void played(Frame& f);
    /// What replay() is told of the move's text: + or # written (one of the two, # for
    /// both); not as write_san writes it (liberties, a glyph); a null move (no suffix check).
    enum : unsigned { WrittenCheck = 1, WrittenMate = 2, WrittenNotPlain = 4, WrittenNull = 8 };
    /// What a token's last byte writes: WrittenCheck for '+', WrittenMate for '#', else 0.
    static constexpr std::array<std::uint8_t, 256> WrittenSuffix = [] {
        std::array<std::uint8_t, 256> t{};
        t['+'] = WrittenCheck;
        t['#'] = WrittenMate;
        return t;
    }();
    /// Plays the resolved move `m` on the line `f` (the end of move()).
    void replay(Frame& f, chess::Move m, std::string_view text, const TokenPlace& loc,
                unsigned written) {
        f.before = f.pos;
        f.before_stale = false;
        f.pos.play(m);
        replayed(f, m, text, loc, written);
    }
    /// The rest of replay() once `m` is played (f.before_pos() the position before it); `loc` as
    /// move()'s.
    void replayed(Frame& f, chess::Move m, std::string_view text, const TokenPlace& loc,
                  unsigned written);
    /// replayed() of a move after which more than the history goes on (a check, a suffix, a
    /// wrong number, a quiet run, a listener …).
    void replayed_rare(Frame& f, chess::Move m, std::string_view text, const TokenPlace& loc,
                       unsigned written);
    /// move() for a token the fast pass of the SAN reader does not take.
    void move_general(Frame& f, std::string_view text, const TokenPlace& loc);
    // The slow paths of move() (out of line; move() and played() are inline below, so the
    // reader's loop can take the usual move without a call).
    void line_end(Frame& f);
    bool move_blocked(Frame& f, std::string_view text, const SourceLocation& loc);
    void move_not_played(Frame& f, std::string_view text, const SourceLocation& loc, bool parsed,
                         const chess::SanResolution& r);
    bool move_notes(Frame& f, std::string_view text, const SourceLocation& loc,
                    const chess::SanResolution& r);
    /// The move number read before the move just played on `f` (f.before_pos()) is wrong.
    void wrong_move_number(const Frame& f);
    void wrong_suffix(const Frame& f, std::string_view text, const SourceLocation& loc, bool mate,
                      bool check);
    /// Decides a pending check of `f` (Frame::check_pending): checkmate ends the line, and the
    /// move that gave it, written with '+', gets the diagnostic replay() would have given.
    void decide_check(Frame& f);
    /// Whether the pending check of `f` is mate (then the line ends); no diagnostic.
    bool decide_mate(Frame& f);
    /// The suffix (WrittenCheck or WrittenMate) the move just played on `f` needs, as it
    /// gave check (replay()).
    unsigned check_needs(Frame& f, std::string_view text, const SourceLocation& loc,
                         unsigned written);
    /// decide_check() on the line being replayed, if its check is pending (before anything
    /// that may add a diagnostic or read how the line ended).
    void decide_pending() {
        if (line_ != nullptr && line_->check_pending) decide_check(*line_);
    }
    int repetitions(const Frame& f) const;
    void report_illegal(const Frame& f, std::string_view text, SourceLocation loc, int kind,
                        int candidates);
    std::string suggest(const chess::Position& pos, std::string_view text) const;

    const ValidateOptions& opts_;
    chess::SanParseOptions san_opts_; ///< from opts_ (read for every move)
    ReplayListener* listener_ = nullptr;
    /// keep_before(): the position before each move is copied as it is played; else it is
    /// made only when asked for (Frame::before_pos()).
    bool keep_before_ = false;
    bool last_replayed_ = false;
    chess::Move last_move_{}; ///< the move the last replayed move() call played
    const GameSpan* span_ = nullptr;
    std::vector<Diagnostic> diags_;
    int errors_ = 0;
    mutable GameInfo info_;
    /// The tag values GameInfo has texts for, by TagText: views into the game's text, or
    /// into tag_owned_ for a value the reader rewrote (escapes). info_'s texts are copies of
    /// them once info_text_ is set.
    enum TagText { TextWhite, TextBlack, TextRound, TextEvent, TextResult, TextTermination };
    std::array<std::string_view, 6> tag_text_{};
    std::array<std::string, 6> tag_owned_;
    mutable bool info_text_ = false;
    void keep_text(TagText k, std::string_view value);
    void fill_info_text() const;
    // tags
    /// The first 256 tag names (the first min(tag_count_, 256) entries), for duplicates: views
    /// of the game's text (the reader's names stay valid until the game ends).
    std::array<std::string_view, 256> tag_names_{};
    /// A bit per name in tag_names_ (tag_filter_index): a quick "not seen".
    std::array<std::uint64_t, 2> tag_filter_{};
    std::size_t tag_count_ = 0; ///< tags read (also past the first 256)
    unsigned seven_seen_ = 0;   ///< a bit per Seven Tag Roster name present
    std::string fen_tag_, setup_tag_, variant_tag_, result_tag_, repaired_fen_;
    /// The PlyCount tag's value if it is a number (-1: no such tag or not a number).
    long plycount_tag_ = -1;
    SourceLocation plycount_loc_{};
    /// The game's first move-number diagnostic (its index in diags_; -1: none yet, -2: one
    /// was found but not kept, its severity Ignore) and how many wrong numbers followed it
    /// (reported once per game, in end_game()).
    int move_number_diag_ = -1;
    int more_move_numbers_ = 0;
    bool has_fen_ = false, has_setup_ = false, has_variant_ = false, has_result_tag_ = false;
    bool game_tag_xiangqi_ = false; ///< a Game tag naming xiangqi ("Chinese Chess")
    bool xiangqi_ = false;          ///< see xiangqi()
    /// Whether the tags say the game is xiangqi (ValidateOptions::detect_xiangqi).
    bool tagged_xiangqi() const;
    SourceLocation fen_loc_{}, variant_loc_{}, result_tag_loc_{};
    SourceLocation first_move_loc_{};
    int date_ = 0;      ///< YYYYMMDD from the Date (or UTCDate) tag, 0 if unknown
    bool skip_ = false; ///< not replayed (unsupported variant, bad FEN)
    bool chess960_ = false;
    chess::Position start_;
    // replay
    std::vector<Frame> frames_;
    std::size_t depth_ = 0;           ///< frames in use
    std::uint64_t skipped_depth_ = 0; ///< variation levels beyond max_variation_depth
    /// The line being replayed: frames_[depth_ - 1], or nullptr when none is (not replayed,
    /// before the movetext, in a variation too deep). Set by update_line().
    Frame* line_ = nullptr;
    void update_line() {
        line_ = !skip_ && skipped_depth_ == 0 && depth_ > 0 ? &frames_[depth_ - 1] : nullptr;
        if (line_) line_->keep = keep_before_ ? &line_->before : nullptr;
    }
    std::vector<std::uint64_t> history_;
    bool claim_reported_ = false;
    SourceLocation result_loc_{};
    std::string result_marker_;
};

inline void GameValidator::move_number(int n, bool black_dots, const TokenPlace& loc) {
    if (!line_) return;
    Frame& f = *line_;
    // Compared now with the position the line's next move is played from; reported when
    // that move is replayed (replayed()), so only a wrong number is kept, with its place.
    const bool wrong =
        n != f.pos.fullmove_number() || (black_dots && f.pos.side_to_move() != chess::Color::Black);
    f.expect_number = wrong ? n : 0;
    if (wrong) copy_location(f.number_loc, loc);
}

inline void GameValidator::advance(Frame& f) {
    f.has_before = true;
    ++f.ply;
    history_.push_back(f.pos.repetition_key());
}

inline void GameValidator::played(Frame& f) {
    advance(f);
    const chess::Position& p = f.pos;
    // The rare line ends, tested together: in check, only minor pieces left, a quiet run.
    if (p.in_check() || p.halfmove_clock() >= 8 ||
        !(p.pieces(chess::PieceType::Pawn) | p.pieces(chess::PieceType::Rook) |
          p.pieces(chess::PieceType::Queen)))
        line_end(f);
}

inline void GameValidator::replayed(Frame& f, chess::Move m, std::string_view text,
                                    const TokenPlace& loc, unsigned written) {
    // The usual move, tested with one branch (each of these is rare, and which one comes is
    // what a predictor cannot guess): no wrong number before it, no suffix written, no check
    // given, no quiet run (a repetition or a clock rule may end the line), not only minor
    // pieces left (a dead position may), no listener. Then only the history goes on.
    const chess::Position& p = f.pos;
    const chess::Bitboard heavy = p.pieces(chess::PieceType::Pawn) |
                                  p.pieces(chess::PieceType::Rook) |
                                  p.pieces(chess::PieceType::Queen);
    const unsigned rare = unsigned(f.expect_number != 0) | written | unsigned(p.in_check()) |
                          unsigned(p.halfmove_clock() >= 8) | unsigned(heavy == 0) |
                          unsigned(listener_ != nullptr);
    if (rare != 0) {
        replayed_rare(f, m, text, loc, written);
        return;
    }
    advance(f);
    last_replayed_ = true;
    last_move_ = m;
}

inline void GameValidator::move(std::string_view text, const TokenPlace& loc) {
    last_replayed_ = false;
    if (!line_) return;
    Frame& f = *line_;
    if (f.stop.any() && move_blocked(f, text, loc)) return;
    // The usual token: a move the fast pass resolves, without liberties (else declined, or
    // with liberties: move_general() decides), and plays when it can (Played: no castling).
    chess::Position* const before = f.keep;
    const chess::FastSan fast = chess::fast_play_san(f.pos, before, f.undo, text, san_opts_);
    if (fast.outcome == chess::FastSanOutcome::Declined || fast.liberties != 0) {
        move_general(f, text, loc);
        return;
    }
    f.check_pending = false; // a legal move: the check was not mate
    const chess::Move m = fast.move;
    const unsigned written = WrittenSuffix[static_cast<unsigned char>(text.back())];
    if (fast.outcome == chess::FastSanOutcome::Played) {
        f.before_stale = !keep_before_;
        replayed(f, m, text, loc, written);
    } else {
        replay(f, m, text, loc, written);
    }
}

/// A visitor built on the replay (fen, stats …): forwards every reader callback to a
/// GameValidator and receives its ReplayListener events. A derived visitor declares only the
/// callbacks it extends (the reader resolves them by name) and forwards through `v_`.
class ReplayVisitor : public VisitorBase, public ReplayListener {
  public:
    /// `listen`: receive the replay's events (on_start, on_move). A visitor that does not
    /// reads the replayed move from the validator after each move() (last_move() …); the
    /// replay is then validate's own (a check's mate is decided late, no event per move).
    explicit ReplayVisitor(GameValidator& v, bool listen = true) : v_(v) {
        if (listen) v_.set_listener(this);
    }
    ReplayVisitor(const ReplayVisitor&) = delete;
    ReplayVisitor& operator=(const ReplayVisitor&) = delete;

    void begin_game(const GameSpan& s) { v_.begin_game(s); }
    void tag(std::string_view n, std::string_view value, const SourceLocation& l) {
        v_.tag(n, value, l);
    }
    bool end_tags() { return v_.end_tags(); }
    void move_number(int n, bool black, const TokenPlace& l) { v_.move_number(n, black, l); }
    void move(std::string_view t, const TokenPlace& l) { v_.move(t, l); }
    void nag(int n, const SourceLocation& l) { v_.nag(n, l); }
    void comment(std::string_view t, const SourceLocation& l) { v_.comment(t, l); }
    void begin_variation(const SourceLocation& l) { v_.begin_variation(l); }
    void end_variation(const SourceLocation& l) { v_.end_variation(l); }
    void result(std::string_view t, const SourceLocation& l) { v_.result(t, l); }
    void end_game() { v_.end_game(); }
    void diagnostic(const Diagnostic& d) { v_.diagnostic(d); }

  protected:
    GameValidator& v_;
};

} // namespace pgnkit
