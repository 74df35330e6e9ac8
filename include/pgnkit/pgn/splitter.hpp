#pragma once
/// GameSplitter: cuts a byte stream into game spans without tokenizing the games.
///
/// Rules (what real files need):
/// * A game starts at the first non-blank line after the previous game; a line whose
///   first non-blank byte is `[` starts a tag section.
/// * After a game's termination marker (`1-0 0-1 1/2-1/2 *` ending a line at variation
///   depth 0) the next `[` line or movetext line starts a new game.
/// * A game without a termination marker ends where a tag section begins that cannot
///   belong to it: one whose tag name the game already has (`[Event` again), or any tag
///   section after a game without tags. Inside an open `{` comment or `(` variation this
///   needs a blank line before the tag line: an unterminated comment or variation is
///   closed there, the game keeps the error, and the next game is read normally.
/// * In a tag section, one blank line followed by a tag that is not yet present is still
///   the same tag section (ChessBase exports do that); a repeated name starts a new game
///   (tags-only broadcast files).
/// * Movetext-only files: a line starting with `1.` after a movetext line (not just a
///   comment) of a game without a termination marker starts a new game if the game has
///   no tags, or if a blank line precedes it and the game has a line starting with a digit.
/// * `%` escape lines (a `%` in column 1) stay in the span they occur in; before the
///   first game they are attributed to it. Text that is not PGN becomes a span of its
///   own, so nothing is lost silently: the pipeline decides whether it is a game
///   (app::looks_like_pgn; text between games that is not PGN is reported and skipped).
/// * A UTF-8 BOM or a DOS end-of-file byte (Ctrl-Z, 1A: at the end of a file, and between
///   files joined by `copy /b`) at the start of a line is skipped (a Ctrl-Z after blanks
///   too), as are Ctrl-Z that end the last line of text of the input (`1-0^Z`, and `1-0^Z⏎`
///   when only blank lines follow); CRLF, CR and LF line ends; NUL and other control bytes
///   are ordinary bytes.
/// * A tag line glued to a game's last line after its termination marker (`1-0[Event "b"]`:
///   files joined without a final line break; blanks, Ctrl-Z or a BOM may stand between; at
///   the end of the input a Ctrl-Z may follow) begins the next game there (split_glued),
///   unless the line's state at its end shows the marker in a comment or a variation.
///
/// Memory is bounded whatever the input: a comment or tag line longer than
/// `token_keep_limit` keeps only its first part (the rest is elided, see `Elision`), as do a
/// run of blanks on one line and a run of blank lines; a span keeps at most
/// `span_keep_limit` bytes (`truncated`); the splitter still scans to the game's true end.
/// A span's elisions lie inside it: kept bytes plus elided bytes are exactly `length`
/// unless the span is truncated, and the kept text between elisions is the input's.

#include "pgnkit/io/byte_source.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit {

/// Bytes of an overlong comment, tag line or run of blanks that were not kept.
struct Elision {
    std::uint64_t pos = 0;   ///< position in GameSpan::text where the bytes were removed
    std::uint64_t bytes = 0; ///< number of bytes removed
    std::uint64_t lines = 0; ///< line breaks among them
    /// Of them, the bytes after the last line break that ends among them (all of them if
    /// none does; a break ends there also when its CR was kept and its LF elided): columns
    /// of the line that the kept text after them goes on with.
    std::uint64_t tail = 0;
};

/// A tag line the splitter found in the usual form and hands to the reader, so that it is not
/// parsed twice: `[Name "value"]` with the name (1 to 15 tag name bytes) right after the `[`,
/// blanks, a value without a backslash or line break, blanks, `]`, blanks and a line break.
/// Positions are indices into GameSpan::text.
struct TagMark {
    std::uint32_t open = 0;        ///< the `[` (the name begins after it)
    std::uint32_t name_end = 0;    ///< just past the name
    std::uint32_t value_begin = 0; ///< just past the opening quote
    std::uint32_t value_end = 0;   ///< the closing quote
    std::uint32_t eol = 0;         ///< the line break after the `]` (only blanks between)
    bool next_line = false;        ///< the next mark's `[` begins the line after this one
};

/// One game's text, as found in the (decompressed) stream.
struct GameSpan {
    std::string_view text;        ///< the game's kept bytes; valid until the next call
    std::string_view file;        ///< the input's name
    std::uint64_t first_line = 1; ///< 1-based line of text[0]
    /// 1-based column of text[0]: 1 but after what the splitter skipped at the start of its
    /// line (a Ctrl-Z takes a column, as does a BOM that is not the line's first byte)
    std::uint64_t first_column = 1;
    std::uint64_t offset = 0; ///< byte offset of text[0] in the decompressed stream
    std::uint64_t index = 0;  ///< 0-based number of the game in this stream
    std::uint64_t length = 0; ///< the game's true length in bytes (≥ text.size())
    bool truncated = false;   ///< the span hit span_keep_limit: text ends early
    /// The last game before an input error (a damaged compressed stream, a failed read): its
    /// text ends where the readable data ends; `cut_mid_line`: inside its last line.
    bool before_input_error = false;
    bool cut_mid_line = false;
    std::span<const Elision> elisions; ///< bytes removed (overlong comments, tag lines, blanks)
    /// Tag lines found in the usual form, in text order (none if the span is truncated). May
    /// be empty or leave some out: the reader parses every other tag line itself.
    std::span<const TagMark> tags;
    /// The legacy encoding the input's text was transcoded from to UTF-8
    /// (ByteSource::transcoded_from(): "GBK (GB18030)", "Big5"), else empty: a game with
    /// text beyond ASCII then gets the reader's `encoding` diagnostic (pgn/reader.hpp).
    std::string_view transcoded_from;
};

/// Limits that bound memory; defaults suit 200 GB dumps.
struct SplitterLimits {
    std::size_t token_keep_limit = std::size_t{1} << 20; ///< per comment / tag line
    std::size_t span_keep_limit = std::size_t{32} << 20; ///< per game
};

/// Whether the line text [floor, eol) of `b` ends with a termination marker (`1-0 0-1 1/2-1/2 *`
/// or a common non-standard spelling) after trailing blanks, as the splitter decides that a
/// game ends there (outside comments and variations).
bool ends_with_termination_marker(const char* b, std::size_t floor, std::size_t eol);

/// Splits a ByteSource into games. Single-threaded; spans are handed to workers by copy.
class GameSplitter {
  public:
    explicit GameSplitter(ByteSource& source, SplitterLimits limits = {});
    ~GameSplitter();
    /// Bytes asked of the source per read: a piece that stays in the core's own cache
    /// between the source's writing it (a read(2), a decoder) and the scan. Reads of
    /// read_chunk_size (megabytes) were 7-23% slower (validate --jobs 1, plain and .zst).
    static constexpr std::size_t read_size = std::size_t{256} << 10;
    /// Bytes asked of `source` per read: read_size, a small plain file's size (at least 64 KiB).
    /// Each read of a regular file hands out that many: the reads end at its multiples.
    static std::size_t chunk_for(const ByteSource& source);
    GameSplitter(const GameSplitter&) = delete;
    GameSplitter& operator=(const GameSplitter&) = delete;

    /// Finds the next game; false at the end of the stream. Throws IoError from the
    /// source (after every game complete before the error has been returned).
    bool next(GameSpan& span);

    /// Calls `fn(context)` before the splitter moves, frees or overwrites any byte of its
    /// buffer (at most once per read from the source): until then the texts of every span it
    /// returned stay valid, not only the last one's. A caller that keeps views of them (to
    /// write them later without a copy) hands them on there. None by default.
    void on_buffer_reuse(void (*fn)(void* context), void* context) {
        reuse_ = fn;
        reuse_context_ = context;
    }

    /// Games returned so far.
    std::uint64_t games() const { return index_; }
    /// Lines seen so far.
    std::uint64_t lines() const { return line_ - 1; }
    /// The source (for bytes_in/bytes_out progress).
    const ByteSource& source() const { return src_; }

  private:
    enum class Mode : std::uint8_t {
        LineStart,    // leading blanks of a line
        BomByte2,     // saw EF at line start
        BomByte3,     // saw EF BB
        One,          // saw `1` at line start (movetext-only game boundary check)
        OneDot,       // saw `1.`
        Escape,       // `%` line, to its end
        TagOpen,      // after `[`
        TagName,      // in a tag name
        TagAfterName, // blanks after the name
        TagValue,     // inside "…"
        TagEscape,    // after a backslash in a value
        TagAfterValue,
        TagRest, // after `]`
        TagJunk, // malformed tag line: to its end
        Movetext,
        Comment,     // inside { }
        LineComment, // after ;
    };
    enum class Game : std::uint8_t { None, Tags, Movetext };

    bool fill();
    void compact();
    void grow();
    void end_line(std::size_t eol);
    void decide_tag_line(); // at the end of a tag name: does a new game start here?
    /// Whether a tag line beginning a line of the current game's movetext starts the next
    /// game (name hash `h`; `valid`: a name of 1 to max_tag_name bytes); else it is a stray
    /// tag, or text in an open comment.
    bool tag_line_starts_game(bool valid, std::uint64_t h) const;
    void content_line(char c); // first non-blank byte of a non-tag line
    /// Whether a movetext line starting with c may be the `1.` of a new movetext-only game.
    bool maybe_numbered_game(char c) const {
        return c == '1' && depth_ == 0 &&
               ((!has_tags_ && text_line_) || (blank_before_ && number_line_));
    }
    /// What content_line notes of a movetext line starting with c (not in a comment).
    void note_movetext_line(char c) {
        if (c != '{' && c != ';') text_line_ = true;
        if (c >= '0' && c <= '9') number_line_ = true;
    }
    /// n bytes skipped at the start of the current line (a Ctrl-Z and the blanks before it;
    /// a BOM: n = 3, `bom`); a BOM that is the line's first byte takes no column.
    void skipped(std::uint64_t n, bool bom = false) {
        if (lead_line_ != line_) {
            lead_line_ = line_;
            lead_ = bom ? 0 : n;
        } else {
            lead_ += n;
        }
    }
    std::uint64_t lead() const { return lead_line_ == line_ ? lead_ : 0; }
    /// At the line break eol of a movetext line (or the input's end): if the line ends in a
    /// termination marker and a tag line glued to it, ends the game there and leaves the scan
    /// at its `[`.
    [[gnu::cold, gnu::noinline]] bool split_glued(std::size_t eol);
    /// Whether the line being ended may be one for split_glued: a movetext line of a game
    /// (in movetext, a comment, after a `;`), not an escape line. (The movetext scan's own
    /// line ends are such lines.)
    bool glued_candidate() const {
        return (mode_ == Mode::Movetext || mode_ == Mode::Comment || mode_ == Mode::LineComment) &&
               game_ == Game::Movetext && line_content_ && !escape_line_;
    }
    /// The end of the text [floor, eol) without the DOS end-of-file bytes (Ctrl-Z) and blanks
    /// that close it (`1-0^Z`: the text ends there), if text is left before them; else eol.
    std::size_t before_dos_eof(std::size_t eol, std::size_t floor) const;
    /// At the end of the input: the last line of the game's movetext loses the Ctrl-Z bytes
    /// (and blanks among them) that end it, when only line breaks, blanks and Ctrl-Z follow
    /// (`1-0^Z⏎`) and text is left before them on the line.
    void drop_dos_eof();
    void finish_game();
    void drop(std::size_t from, std::size_t to);
    bool pending_decision() const;
    bool line_ends_with_result(std::size_t eol, std::size_t floor) const;
    void begin_game(Game kind);
    void emit(GameSpan& span);
    void elide(std::size_t from, std::size_t to);
    void elide_undecided_blanks();
    bool tag_line_decided() const;
    void handle_newline(char c);
    void scan_movetext();      // Movetext / Comment modes up to a line end or `;`
    void scan_movetext_avx2(); // scan_movetext_with() compiled for AVX2
    template <class Blocks>
    void scan_movetext_with(); // scan_movetext(), with Blocks::block() for movetext_block()
    void open_tag_line();      // at the `[` of a tag line
    /// At the line break eol of a tag line the general path read (not plain_tag_lines): marks
    /// it (TagMark) if it is one in the usual form, so that every such line of a game is
    /// marked wherever the buffer's reads end.
    void mark_tag_line(std::size_t eol);
    /// The last mark's next_line when the tag line whose `[` is at `open` begins the line after it.
    void chain_mark(std::size_t open);
    void scan_tag();        // a tag line after its `[`
    bool plain_tag_lines(); // the usual tag lines from after a `[`: true if one was taken
    /// plain_tag_lines' loop for the most usual lines after a marked one, from after the `[` at
    /// q: true if it stopped at a line it leaves to that loop (q after its `[`), false if the
    /// next line does not begin with `[` (last, ls, lines as that loop keeps them).
    bool usual_tag_lines(const char* b, std::size_t e, std::size_t gs, std::size_t& q,
                         std::size_t& last, std::size_t& ls, std::uint64_t& lines);
    bool scan_tag_rest(); // TagAfterName: the usual rest of a tag line, to the next line
    void scan_tag_name(); // TagName mode
    bool next_line(const char* b);
    std::uint64_t abs_offset(std::size_t i) const { return base_ + i; }
    bool name_seen(std::uint64_t h) const;
    std::uint64_t name_hash() const; // of the tag name read so far
    void add_name(std::uint64_t h);

    ByteSource& src_;
    SplitterLimits limits_;
    /// The bytes being scanned: owned_ (filled with read()) or, from a source that hands out
    /// views (text in memory), those views in place until bytes must be cut out of them
    /// (drop(): then they are copied into owned_).
    char* buf_ = nullptr;
    std::unique_ptr<char[]> owned_;
    bool view_ = false;   // buf_ is the source's views (read-only)
    std::size_t cap_ = 0; // of owned_
    /// Bytes asked of the source per read(): read_size, a small plain file whole.
    std::size_t chunk_ = read_size;
    void to_owned();
    void (*reuse_)(void*) = nullptr; // on_buffer_reuse()
    void* reuse_context_ = nullptr;
    std::size_t end_ = 0;    // valid bytes [0, end_)
    std::size_t pos_ = 0;    // scan position
    std::uint64_t base_ = 0; // stream offset of buffer index 0 (for the region being scanned)
    bool eof_ = false;

    // line state
    Mode mode_ = Mode::LineStart;
    std::uint64_t line_ = 1;
    std::size_t line_start_ = 0;
    std::size_t line_floor_ = 0; // bytes before this index of the current line are gone
    std::uint64_t line_start_offset_ = 0;
    bool line_content_ = false;
    bool cr_pending_ = false;
    bool blank_before_ = false;       // a blank line precedes the current line
    std::size_t semicolon_ = 0;       // where a `;` comment began on this line
    std::size_t semicolon_floor_ = 0; // line_floor_ when it began (a later cut is after it)
    std::uint64_t name_hash_ = 0;     // the tag name's hash over its complete 8-byte words
    std::uint64_t name_word_ = 0;     // and its last, incomplete word
    std::size_t name_len_ = 0;

    // game state
    Game game_ = Game::None;
    bool has_tags_ = false;
    bool terminated_ = false;
    std::uint64_t depth_ = 0;
    std::size_t game_start_ = 0;
    std::size_t content_end_ = 0;
    std::uint64_t content_end_abs_ = 0;
    bool escape_line_ = false;
    bool first_tag_on_line_ = true;
    bool in_comment_ = false;
    bool text_line_ = false;   // the game has a movetext line not starting with a comment
    bool number_line_ = false; // … and one starting with a digit (a move number)
    bool final_done_ = false;
    std::string error_; // deferred IoError from the source
    /// error_ as thrown (its type says what failed)
    std::exception_ptr failure_;
    std::uint64_t game_line_ = 1;
    std::uint64_t game_offset_ = 0;
    std::size_t token_start_ = 0; // start of the current comment body
    std::size_t tag_open_ = 0;    // the `[` of the current line's first tag (open_tag_line)
    bool truncated_ = false;
    std::size_t trunc_end_ = 0;
    // Bytes elided so far, in buffer order, each at the buffer index where they were removed
    // (Elision::pos is a buffer index here, kept up to date by drop() and compact()): the
    // current game's, those of blank lines after its last line of text (its own only if
    // more text follows) and the current line's (whose game is known once the line is
    // decided). finish_game() hands over those inside the game; begin_game() keeps those
    // on its first line.
    std::vector<Elision> cuts_;
    // The current game's plain tag lines (TagMark, positions from game_start_).
    std::vector<TagMark> marks_;
    std::array<std::uint64_t, 64> names_{};
    std::size_t name_count_ = 0;
    std::uint64_t name_bits_ = 0; // a bit per name in names_ (a quick "not seen")
    // `%` lines before the first game of a section
    bool pending_ = false;
    std::size_t pending_start_ = 0;
    std::uint64_t pending_line_ = 0;
    std::uint64_t pending_offset_ = 0;
    // Columns that bytes skipped at the start of line `lead_line_` take (Ctrl-Z, a BOM not
    // at the line's start): line_start_ is past them; a game beginning there is that many
    // columns in.
    std::uint64_t lead_ = 0, lead_line_ = 0;
    std::uint64_t pending_lead_ = 0, game_lead_ = 0;

    // hand-over of a finished game
    bool ready_ = false;
    std::size_t ready_begin_ = 0, ready_end_ = 0;
    std::uint64_t ready_line_ = 0, ready_offset_ = 0, ready_length_ = 0, ready_lead_ = 0;
    bool ready_truncated_ = false;
    bool ready_before_error_ = false;
    bool ready_cut_mid_line_ = false;
    std::vector<Elision> ready_elisions_;
    std::vector<TagMark> ready_marks_;
    std::uint64_t index_ = 0;
};

} // namespace pgnkit
