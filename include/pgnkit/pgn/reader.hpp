#pragma once
/// PgnReader: tokenizes one GameSpan and drives a visitor. It knows nothing about chess:
/// move tokens are handed over as text (xiangqi reuses the reader).
///
/// A visitor is any class with the callbacks of `VisitorBase` (derive from it and hide
/// the ones you need; calls are resolved at compile time, no virtual dispatch). Tokens
/// are `std::string_view`s into the span; only tag values with escapes are unescaped
/// into a reusable buffer. Valid until the callback returns. A move and a move number
/// come with a TokenPlace (their location, computed when asked for); every other token
/// with its SourceLocation.

#include "pgnkit/diagnostics/diagnostic.hpp"
#include "pgnkit/io/utf8.hpp"
#include "pgnkit/pgn/detail/simd/kernels.hpp"
#include "pgnkit/pgn/scan.hpp"
#include "pgnkit/pgn/simd/dispatch.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace pgnkit {

/// The line of a game's text the reader is on, as far as a location needs it: a text index
/// `at` on it is the SourceLocation loc(at).
struct TextLine {
    std::uint64_t line;        ///< its number in the input (1-based)
    std::size_t line_start;    ///< the index where it starts (modulo 2^64: may precede text[0])
    std::uint64_t offset_base; ///< the input offset of text[0]
    SourceLocation loc(std::size_t at) const {
        return {line, static_cast<std::uint64_t>(at - line_start + 1), offset_base + at};
    }
    /// A line whose index 0 is at `l` (for a token whose location is already made).
    static TextLine from_location(const SourceLocation& l) {
        return {l.line, static_cast<std::size_t>(1 - l.column), l.offset};
    }
};

/// Where a move or move-number token starts: a SourceLocation made only when the visitor
/// asks for it (location(), or the conversion). The usual move needs none, and a location
/// costs about ten instructions per token. Valid during the visitor's call.
class TokenPlace {
  public:
    /// The text index `at` on `line` (which must outlive this place).
    TokenPlace(const TextLine& line, std::size_t at) : line_(&line), at_(at) {}
    SourceLocation location() const { return line_->loc(at_); }
    /// So that a visitor may take its move's place as a SourceLocation (computed per move).
    operator SourceLocation() const { return location(); }

  private:
    const TextLine* line_;
    std::size_t at_;
};

/// No-op callbacks; derive and hide what you need.
struct VisitorBase {
    /// A game starts.
    void begin_game(const GameSpan&) {}
    /// A tag pair; `value` is unescaped (`\"` and `\\`).
    void tag(std::string_view /*name*/, std::string_view /*value*/, const SourceLocation&) {}
    /// The tag section is over; return true to skip the movetext (fast path).
    bool end_tags() { return false; }
    /// A move number (`12.` → 12, false; `12...` → 12, true).
    void move_number(int /*n*/, bool /*black_dots*/, const TokenPlace&) {}
    /// A move as written, with check/mate suffix, without annotation glyphs.
    void move(std::string_view /*san*/, const TokenPlace&) {}
    /// A NAG: `$n` or an annotation glyph mapped to its number.
    void nag(int /*n*/, const SourceLocation&) {}
    /// A `{}` or `;` comment, without its delimiters.
    void comment(std::string_view /*text*/, const SourceLocation&) {}
    void begin_variation(const SourceLocation&) {}
    void end_variation(const SourceLocation&) {}
    /// The termination marker as written (`1-0`, `0-1`, `1/2-1/2`, `*`, or a non-standard form).
    void result(std::string_view /*text*/, const SourceLocation&) {}
    void end_game() {}
    /// A syntax problem in this game.
    void diagnostic(const Diagnostic&) {}
};

/// Limits on what a single token may hand out.
struct ReaderLimits {
    std::size_t comment_keep_limit = std::size_t{1} << 20; ///< longer comments are cut (Oversized)
    int max_diagnostics = 100; ///< per game; further problems are counted in one last diagnostic
};

/// Whether `s` is valid UTF-8; if not and `bad` is given, *bad = first invalid byte.
bool is_valid_utf8(std::string_view s, std::size_t* bad = nullptr);
/// The NAG number of an annotation glyph token (`!?` → 5, `±` → 16, `N` → 146), else 0.
int glyph_nag(std::string_view token);
/// The standard spelling of a termination marker: "1-0", "0-1", "1/2-1/2", "*", or ""
/// if `token` is not one. `*standard` tells whether it was written that way.
std::string_view normalize_result(std::string_view token, bool* standard = nullptr);
/// Whether `value`, a text a callback was given, lies inside `text` (the game's GameSpan::text):
/// then it stays valid until the next game. Tag values the reader unescaped live in its
/// buffer instead, valid only until the next tag.
inline bool is_view_of(std::string_view value, std::string_view text) {
    const auto at = reinterpret_cast<std::uintptr_t>(value.data()),
               begin = reinterpret_cast<std::uintptr_t>(text.data());
    return at - begin <= text.size() && value.size() <= text.size() - (at - begin);
}

namespace detail {
/// One parsed tag line piece (internal to the reader).
struct TagParse {
    std::string_view name;
    std::string_view value;        ///< unescaped (a view of the text, or of the buffer)
    std::string_view raw_value;    ///< the text `value` was read from, escapes included
    std::size_t end = 0;           ///< where parsing continues
    const char* problem = nullptr; ///< a BadTag message, if malformed
    std::size_t problem_pos = 0;
    bool deliver = false; ///< name and value are usable
};
/// Parses the tag starting with `[` at text[i]; the line ends at eol.
void parse_tag(std::string_view text, std::size_t i, std::size_t eol, std::string& buf,
               TagParse& out);
/// The usual tag, `[Name "value"]` without escapes or blanks after `[` (parse_tag's result
/// for it, without looking for the line end): true with name, value and end set (deliver,
/// no problem); false (out unchanged) for anything else.
bool parse_plain_tag(const char* s, std::size_t i, std::size_t n, TagParse& out);
/// Splits glued annotation glyphs off the end of a move token: returns the move's length
/// and stores up to `max` NAGs (in text order) in nags/offs.
std::size_t split_glyph_suffix(std::string_view token, int* nags, std::size_t* offs,
                               std::size_t max, std::size_t& count);
/// Byte classes of the movetext scanner: the PGN syntax (tok_delim, tok_blank, tok_digit),
/// the same for every game (syntax_classes), and the game's move notation (the others: a
/// MoveTokenTable).
enum : unsigned char {
    tok_delim = 1,      ///< ends a token: blanks, line ends, control bytes, `{ } ( ) [ ] ; $ "`
    tok_move = 2,       ///< may start a plain move (chess: a-h N B R Q K O; `N` alone is a glyph)
    tok_blank = 4,      ///< a blank inside a line
    tok_glyph_last = 8, ///< ends a glued glyph whatever comes before: ! ? = - and bytes >= 0x80
    tok_digit = 16,     ///< may start a move number: 1-9
    tok_plus = 64,      ///< `+`: ends a glued glyph after tok_plus_prefix (`-+`), else a check
    tok_plus_prefix = 128, ///< before a `+` that ends a glued glyph: - / and 0x92 (of `−+`)
};
/// The PGN syntax classes of every byte (tok_delim, tok_blank, tok_digit). The vector scans
/// (detail/simd/kernels.hpp: delim_mask) find the same delimiters.
inline constexpr std::array<unsigned char, 256> syntax_classes = [] {
    std::array<unsigned char, 256> t{};
    for (int k = 0; k < 256; ++k) {
        char c = static_cast<char>(k);
        unsigned char cls = 0;
        if (k < 0x20 || k == 0x7F || c == ' ' || c == '{' || c == '}' || c == '(' || c == ')' ||
            c == '[' || c == ']' || c == ';' || c == '$' || c == '"')
            cls |= tok_delim;
        if (c == ' ' || c == '\t' || c == '\v' || c == '\f') cls |= tok_blank;
        if (c >= '1' && c <= '9') cls |= tok_digit;
        t[static_cast<std::size_t>(k)] = cls;
    }
    return t;
}();
} // namespace detail

/// The bytes a game's move tokens are told by, which PgnReader is given for the game it
/// reads: per byte, the classes detail::syntax_classes gives it and those of the game's
/// notation (detail::tok_move: may start a move; tok_glyph_last, tok_plus, tok_plus_prefix: how
/// a glued annotation glyph ends). The reader's fast path hands over a token that starts with
/// a tok_move byte and ends with no glyph as a move; every other token takes the general path.
/// chess_move_tokens (SAN) is the default; another game's notation gives its own table.
struct MoveTokenTable {
    std::array<unsigned char, 256> classes{};
};

/// Chess (SAN): a move starts with a-h N B R Q K O; `! ? = -` and bytes from 0x80 end a glued
/// glyph, and `+` after `- /` or 0x92 (`-+`, `=/+`, `−+`), else it is a check.
inline constexpr MoveTokenTable chess_move_tokens = [] {
    MoveTokenTable t{detail::syntax_classes};
    for (int k = 0; k < 256; ++k) {
        char c = static_cast<char>(k);
        unsigned char cls = 0;
        if ((c >= 'a' && c <= 'h') || c == 'N' || c == 'B' || c == 'R' || c == 'Q' || c == 'K' ||
            c == 'O')
            cls |= detail::tok_move;
        if (c == '!' || c == '?' || c == '=' || c == '-' || k >= 0x80)
            cls |= detail::tok_glyph_last;
        if (c == '+') cls |= detail::tok_plus;
        if (c == '-' || c == '/' || k == 0x92) cls |= detail::tok_plus_prefix;
        t.classes[static_cast<std::size_t>(k)] |= cls;
    }
    return t;
}();

namespace detail {
/// Index of the first token delimiter (tok_delim) in s[i, n), or n.
inline std::size_t token_end(const char* s, std::size_t i, std::size_t n) {
#if defined(__SSE2__)
    // 16 bytes at a time, no branch per byte: tokens have unpredictable lengths.
    while (i + 16 <= n) {
        std::uint32_t mask = simd::sse2::delim_mask(s + i);
        if (mask != 0) return i + static_cast<std::size_t>(__builtin_ctz(mask));
        i += 16;
    }
#endif
    while (i < n && !(syntax_classes[static_cast<unsigned char>(s[i])] & tok_delim)) ++i;
    return i;
}
/// Whether a chess move token may end with a glued annotation glyph (`!`, `?`, `=`, `+-`, `±`
/// …); false for nearly every move (`e4`, `Nf3+`, `O-O`, `e8=Q#`). (What ends_with_glyph finds
/// with chess_move_tokens, spelled out: its reference in the tests.)
inline bool may_end_with_glyph(std::string_view t) {
    if (t.size() < 2) return false;
    auto last = static_cast<unsigned char>(t.back());
    if (last == '+') { // glued glyphs ending in `+`: `-+`, `=/+`, `-/+`, `−+`
        char prev = t[t.size() - 2];
        return prev == '-' || prev == '/' || prev == '\x92';
    }
    return last == '!' || last == '?' || last == '=' || last == '-' || last >= 0x80;
}
/// may_end_with_glyph for a token of at least 2 bytes, without a branch on its last byte: a
/// check (`Nf3+`) ends about one move in ten, at random, and a branch on it is mispredicted.
/// (`classes`: the game's MoveTokenTable.)
[[gnu::always_inline]] inline bool
ends_with_glyph(const char* t, std::size_t len,
                const unsigned char* classes = chess_move_tokens.classes.data()) {
    const unsigned last = classes[static_cast<unsigned char>(t[len - 1])];
    const unsigned prev = classes[static_cast<unsigned char>(t[len - 2])];
    // tok_plus shifted onto tok_plus_prefix: both set is a glyph that ends in `+` (`-+`).
    return ((last & tok_glyph_last) | ((last << 1) & prev & tok_plus_prefix)) != 0;
}
/// Index of the first `}`, LF or CR in s[b, n), or n. Inline: comments are short (a clock
/// command is 16 bytes), a call would cost as much as the search.
inline std::size_t find_brace_or_eol(const char* s, std::size_t b, std::size_t n) {
#if defined(__SSE2__)
    if (b + 32 <= n) { // the first 32 bytes at once: a clock comment is 18 bytes
        std::uint32_t mask =
            simd::sse2::brace_or_eol_mask(s + b) | simd::sse2::brace_or_eol_mask(s + b + 16) << 16;
        if (mask != 0) return b + static_cast<std::size_t>(__builtin_ctz(mask));
        b += 32;
    }
    while (b + 16 <= n) {
        std::uint32_t mask = simd::sse2::brace_or_eol_mask(s + b);
        if (mask != 0) return b + static_cast<std::size_t>(__builtin_ctz(mask));
        b += 16;
    }
#endif
    while (b < n && s[b] != '}' && s[b] != '\n' && s[b] != '\r') ++b;
    return b;
}
/// Line breaks in [b, e) and the index just after the last one (or npos).
std::uint64_t count_breaks(const char* s, std::size_t b, std::size_t e, bool has_cr,
                           std::size_t& after_last);
} // namespace detail

/// Tokenizes game spans. One reader per thread; reuse it for every game (its buffers are
/// kept, so reading allocates nothing per game or token).
class PgnReader {
  public:
    /// `tokens`: the move notation of the game read (chess_move_tokens: SAN).
    explicit PgnReader(ReaderLimits limits = {}, const MoveTokenTable& tokens = chess_move_tokens)
        : limits_(limits), tokens_(tokens) {}

    /// Reads one game, calling `v` for every token. Never throws on input.
    template <class V>
    void read(const GameSpan& span, V& v);

    /// Whether the last game read was valid UTF-8 (else it is read as Latin-1, that is as
    /// Windows-1252: cp1252_to_utf8()).
    bool last_game_utf8() const { return utf8_; }

  private:
    template <class V>
    struct Run;
    ReaderLimits limits_;
    std::string tag_buf_;
    bool utf8_ = true;
    MoveTokenTable tokens_;
};

// ------------------------------------------------------------------ implementation

/// The line state (TextLine: line, line_start, offset_base) is a base, so that a TokenPlace
/// of the run is a pointer to it and an index.
template <class V>
struct PgnReader::Run : TextLine {
    PgnReader& reader;     ///< its limits and buffers, and where the game's encoding is kept
    const GameSpan& span;  ///< the game being read
    V& visitor;            ///< what each token is handed to
    const char* text;      ///< span.text
    std::size_t text_size; ///< the bytes of `text` read: all, or read_part()'s
    std::size_t pos = 0;   ///< the next byte to read
    /// The line_start that sync() moved back by `line_shift` elided bytes (else none is).
    std::size_t shifted_start = ~std::size_t{0};
    std::size_t line_shift = 0;
    std::uint64_t elided = 0;
    std::size_t next_elision = 0;         // the next of span.elisions to apply (sync())
    std::size_t next_mark = 0;            // the next of the splitter's tag marks
    std::size_t marks_used = 0;           // how many are used (none in a span with elisions)
    unsigned text_kind;                   // simd::scan_text of the text
    bool has_cr;                          // then line breaks are CR, LF and CR LF, else LF only
    std::uint64_t depth = 0;              // variations open
    SourceLocation outermost_variation{}; // where the outermost open one began
    bool have_result = false;
    bool open_comment = false; // the text ends inside a `{` comment
    bool oversized_reported = false;
    int reported = 0;   // diagnostics reported, up to ReaderLimits::max_diagnostics
    int suppressed = 0; // and those beyond

    Run(PgnReader& owner, const GameSpan& game, V& game_visitor)
        : TextLine{game.first_line, 0, game.offset}, reader(owner), span(game),
          visitor(game_visitor), text(game.text.data()),
          text_size(game.cut_mid_line ? read_part(game) : game.text.size()),
          marks_used(game.elisions.empty() ? game.tags.size() : 0),
          text_kind(simd::scan_text(text, text_size)), has_cr((text_kind & simd::HasCr) != 0) {
        // Bytes the splitter skipped before text[0] on its line take columns: as elided
        // bytes there would (sync()), line_start is moved back by as many.
        if (game.first_column > 1) {
            line_shift = static_cast<std::size_t>(game.first_column - 1);
            line_start = shifted_start = 0 - line_shift;
        }
    }

    /// The bytes read of a game an input error cut inside a line: its whole lines, and of the
    /// cut line, if it is movetext, the tokens before its last blank (the one the cut ends may
    /// be part of a longer one: `Nx` of `Nxf3`). A cut tag or escape line is dropped whole.
    /// Out of line, as report_cut(): run() is inlined into its callers, and the rare paths
    /// must not make it too big for that.
    [[gnu::cold, gnu::noinline]] static std::size_t read_part(const GameSpan& cut) {
        const std::string_view whole = cut.text;
        std::size_t last_line = whole.size();
        while (last_line > 0 && whole[last_line - 1] != '\n' && whole[last_line - 1] != '\r')
            --last_line;
        const std::size_t first = whole.find_first_not_of(" \t", last_line);
        if (first == std::string_view::npos || whole[first] == '[' || whole[first] == '%')
            return last_line;
        const std::size_t blank = whole.find_last_of(" \t");
        return blank != std::string_view::npos && blank > first ? blank : last_line;
    }
    [[gnu::cold, gnu::noinline]] void report_cut(SourceLocation end) {
        report(Code::Truncated, end,
               "the input breaks off in this game (a read or decompression error, reported after "
               "the games): the rest of the game is lost");
    }
    void sync(std::size_t at) {
        while (next_elision < span.elisions.size() && span.elisions[next_elision].pos <= at) {
            const Elision& elision = span.elisions[next_elision];
            elided += elision.bytes;
            offset_base += elision.bytes;
            // A kept CR before the elided bytes and a kept LF after them are two line breaks
            // of the input, which the kept text, where they meet, makes one.
            line += elision.lines + (elision.pos > 0 && elision.pos < text_size &&
                                     text[elision.pos - 1] == '\r' && text[elision.pos] == '\n');
            // The columns of the line the kept text after the elision goes on with count its
            // elided bytes there (Elision::tail): line_start moves back by as many (modulo
            // 2^64, as loc() computes), and `shifted_start` remembers that it did. Kept line
            // breaks after the elision may already have moved the line start past it.
            const bool shifted = line_start == shifted_start;
            const std::size_t unshifted_start = shifted ? line_start + line_shift : line_start;
            if (elision.pos >= unshifted_start) {
                // A line break ends inside the elided bytes (the LF of a kept CR too): the
                // line the kept text goes on with begins there.
                const bool breaks = elision.tail != elision.bytes;
                line_shift = elision.tail + (!breaks && shifted ? line_shift : 0);
                line_start = shifted_start =
                    (breaks ? static_cast<std::size_t>(elision.pos) : unshifted_start) - line_shift;
            }
            ++next_elision;
        }
    }
    void report(Code code, SourceLocation where, std::string message, std::string_view token = {}) {
        if (reported >= reader.limits_.max_diagnostics) {
            ++suppressed;
            return;
        }
        ++reported;
        Diagnostic diagnostic;
        diagnostic.code = code;
        diagnostic.severity = code_info(code).default_severity;
        diagnostic.message = std::move(message);
        diagnostic.loc = where;
        diagnostic.game = span.index + 1;
        diagnostic.token = std::string(token.substr(0, 80));
        visitor.diagnostic(diagnostic);
    }
    /// Advances over [a, b) counting line breaks.
    void lines_in(std::size_t from, std::size_t to) {
        std::size_t after = std::string_view::npos;
        std::uint64_t breaks = detail::count_breaks(text, from, to, has_cr, after);
        if (breaks != 0) {
            line += breaks;
            line_start = after;
        }
    }
    std::size_t eol_from(std::size_t at) const {
        const void* lf = std::memchr(text + at, '\n', text_size - at);
        std::size_t eol =
            lf ? static_cast<std::size_t>(static_cast<const char*>(lf) - text) : text_size;
        if (has_cr) {
            const void* cr = std::memchr(text + at, '\r', eol - at);
            if (cr) eol = static_cast<std::size_t>(static_cast<const char*>(cr) - text);
        }
        return eol;
    }
    static bool is_delim(char byte) {
        return (detail::syntax_classes[static_cast<unsigned char>(byte)] & detail::tok_delim) != 0;
    }
    void skip_blanks() {
        // The usual separator first: one space before a token.
        if (pos + 1 < text_size && text[pos] == ' ' &&
            static_cast<unsigned char>(text[pos + 1]) > ' ') {
            ++pos;
            return;
        }
        while (pos < text_size) {
            char byte = text[pos];
            if (detail::syntax_classes[static_cast<unsigned char>(byte)] & detail::tok_blank) {
                ++pos;
            } else if (byte == '\n') {
                ++pos, ++line, line_start = pos;
            } else if (byte == '\r') {
                ++pos;
                if (pos < text_size && text[pos] == '\n') ++pos;
                ++line, line_start = pos;
            } else {
                break;
            }
        }
    }
    /// The game is not valid UTF-8 from text[bad] on, or (UTF-8 transcoded from a legacy
    /// encoding: GameSpan::transcoded_from) was not before it was transcoded, from its first
    /// character beyond ASCII on (out of line: rare).
    [[gnu::cold, gnu::noinline]] void report_encoding(std::size_t bad) {
        std::string_view read_as = latin1_name;
        if (reader.utf8_) {
            read_as = span.transcoded_from;
            bad = 0;
            while (bad < text_size && static_cast<unsigned char>(text[bad]) < 0x80) ++bad;
        }
        Run probe(reader, span, visitor);
        probe.lines_in(0, bad);
        probe.sync(bad); // the elisions before it
        report(Code::Encoding, probe.loc(bad),
               "text is not valid UTF-8; read as " + std::string(read_as));
    }
    void oversized(SourceLocation where, std::string_view what) {
        report(Code::Oversized, where, std::string(what));
    }

    // run() and read() are always inlined: each command's loop over its games is then one
    // function with the reader's. GCC's inliner kept it so only while run() stayed under its
    // size limits (a few more lines of run() cost validate 2%).
    [[gnu::always_inline]] void run() {
        visitor.begin_game(span);
        std::size_t bad = 0;
        reader.utf8_ = !(text_kind & simd::NonAscii) || is_valid_utf8(span.text, &bad);
        if (text_size >= 3 && std::memcmp(text, "\xEF\xBB\xBF", 3) == 0) pos = 3;
        if (!reader.utf8_ || ((text_kind & simd::NonAscii) && !span.transcoded_from.empty()))
            [[unlikely]]
            report_encoding(bad);
        bool in_tags = true;
        bool skip = false;
        for (;;) { // the tag section
            skip_blanks();
            if (pos >= text_size) break;
            if (next_elision < span.elisions.size()) sync(pos);
            char first_byte = text[pos];
            if (first_byte == '%' && (pos == line_start || pos == 0)) { // escape line (PGN §6)
                pos = eol_from(pos);
                continue;
            }
            if (first_byte == '[') {
                if (next_mark == marks_used || !marked_tags()) tag_line();
                continue;
            }
            in_tags = false;
            skip = visitor.end_tags();
            if (!skip) movetext();
            break;
        }
        if (in_tags && !skip) skip = visitor.end_tags();
        if (!skip) finish();
        if (suppressed != 0) {
            Diagnostic note;
            note.code = Code::UnexpectedText;
            note.severity = Severity::Info;
            note.message = fmt::format("{} further problems in this game not reported", suppressed);
            note.game = span.index + 1;
            note.loc = loc(text_size);
            visitor.diagnostic(note);
        }
        visitor.end_game();
    }

    /// Where the next elision lies (npos: none left).
    std::size_t next_cut() const {
        return next_elision < span.elisions.size()
                   ? static_cast<std::size_t>(span.elisions[next_elision].pos)
                   : std::string_view::npos;
    }
    /// detail::token_end(text, from, text_size): the delimiter mask of the 16 bytes from
    /// `from`, made again for every token. (Reusing one mask for the next tokens it covers
    /// saves a few instructions but adds a branch on the tokens' lengths, which the predictor
    /// cannot learn: 1-2% slower on OTB games.)
    [[gnu::always_inline]] std::size_t tok_end(std::size_t from) const {
#if defined(__SSE2__)
        if (from + 16 <= text_size) {
            const std::uint32_t mask = simd::sse2::delim_superset_mask(text + from);
            if (mask != 0) {
                const std::size_t candidate = from + static_cast<std::size_t>(__builtin_ctz(mask));
                if (is_delim(text[candidate])) return candidate;
                // `e4!`, `Qh5Y`: exactly from there.
                return detail::token_end(text, candidate + 1, text_size);
            }
            return detail::token_end(text, from + 16, text_size);
        }
#endif
        return detail::token_end(text, from, text_size);
    }
    /// The movetext, from its first token: the common tokens here, the rest in
    /// movetext_token.
    void movetext() {
        // The hot state in locals (the visitor's calls cannot change them): the members are
        // brought up to date around the general paths.
        const char* const str = text;
        const std::size_t end = text_size;
        std::size_t cursor = pos;
        std::size_t fast_limit = std::min(end, next_cut()); // the fast path stays before both
        // The tokens with a fast path (moves, move numbers): none after the result.
        unsigned char fast_classes = have_result ? 0 : detail::tok_move | detail::tok_digit;
        const bool short_ok = reader.limits_.comment_keep_limit >= 47;
        const unsigned char* const classes = reader.tokens_.classes.data();
        for (;;) {
            if (cursor + 1 < fast_limit &&
                ((str[cursor] == ' ') & (static_cast<unsigned char>(str[cursor + 1]) > ' '))) {
                // One space before a token (the usual separator): the token is not at a line
                // start (no escape line) and before the next elision. (Both bytes in one
                // branch.)
                ++cursor;
            } else {
                pos = cursor;
                skip_blanks();
                cursor = pos;
                if (cursor >= end) break;
                if (cursor >= fast_limit) { // at or past the next elision
                    sync(cursor);
                    fast_limit = std::min(end, next_cut());
                }
                if (str[cursor] == '%' && cursor == line_start) { // escape line (PGN §6)
                    cursor = eol_from(cursor);
                    continue;
                }
            }
        token: // (the move of `12.e4` comes here from its number)
            const char first_byte = str[cursor];
            const unsigned char token_class =
                classes[static_cast<unsigned char>(first_byte)] & fast_classes;
            if (token_class & detail::tok_move) {
                std::size_t after = tok_end(cursor + 1);
                if (plain_move(str + cursor, after - cursor, classes)) {
                    visitor.move(std::string_view(str + cursor, after - cursor),
                                 TokenPlace(*this, cursor));
                    cursor = after;
                    continue;
                }
            } else if (token_class & detail::tok_digit) {
                bool glued = false;
                std::size_t after = move_number(cursor, glued);
                if (after != 0) {
                    cursor = after;
                    if (glued) goto token; // one copy of the move's path, inline
                    continue;
                }
            } else if (first_byte == '{') {
#if defined(__SSE2__)
                // A comment closed within 48 bytes on its line (a lichess clock comment is 18,
                // one with an evaluation up to 40): before the next elision and within every
                // keep limit but a tiny one.
                if (cursor + 33 <= fast_limit && short_ok) {
                    const std::uint32_t mask = simd::sse2::brace_or_eol_mask(str + cursor + 1) |
                                               simd::sse2::brace_or_eol_mask(str + cursor + 17)
                                                   << 16;
                    std::size_t close = 0;
                    if (mask != 0) {
                        close = cursor + 1 + static_cast<std::size_t>(__builtin_ctz(mask));
                    } else if (cursor + 49 <= fast_limit) {
                        const std::uint32_t more_mask =
                            simd::sse2::brace_or_eol_mask(str + cursor + 33);
                        if (more_mask != 0)
                            close =
                                cursor + 33 + static_cast<std::size_t>(__builtin_ctz(more_mask));
                    }
                    if (close != 0 && str[close] == '}') {
                        visitor.comment(std::string_view(str + cursor + 1, close - cursor - 1),
                                        loc(cursor));
                        cursor = close + 1;
                        continue;
                    }
                }
#endif
                if (std::size_t after_comment = short_comment(cursor); after_comment != 0) {
                    cursor = after_comment;
                    continue;
                }
            }
            pos = cursor;
            movetext_token(first_byte);
            fast_limit = std::min(end, next_cut());
            fast_classes = have_result ? 0 : detail::tok_move | detail::tok_digit;
            cursor = pos;
        }
        pos = cursor;
    }

    void finish() {
        if (next_elision < span.elisions.size())
            sync(text_size); // the last elisions (one may end the text)
        SourceLocation end = loc(text_size);
        if (span.truncated) {
            report(Code::Oversized, end,
                   fmt::format("game longer than the kept limit; its end was not read ({} bytes)",
                               span.length));
        }
        // The input failed inside this game (before its termination marker, or in a comment
        // or variation after it): what is missing was lost, not left out, and the unclosed
        // comment or variation is the damage's too.
        const bool cut = span.before_input_error && !span.truncated &&
                         (!have_result || depth != 0 || open_comment);
        // Located at the first byte not read: the token read_part() dropped, if any.
        if (cut)
            report_cut(text_size < span.text.size() &&
                               (text[text_size] == ' ' || text[text_size] == '\t')
                           ? loc(text_size + 1)
                           : end);
        if (depth != 0) {
            if (!span.truncated && !cut)
                report(Code::UnterminatedVariation, outermost_variation,
                       fmt::format("{} variation(s) not closed before the game ends", depth));
            close_variations(end);
        }
        if (!have_result && !span.truncated && !cut)
            report(Code::MissingResult, end, "the movetext has no termination marker");
    }

    void close_variations(SourceLocation where) {
        while (depth != 0) {
            --depth;
            visitor.end_variation(where);
        }
    }

    /// The tag lines the splitter marked (TagMark) from the `[` at pos, if one is marked: what
    /// tag_line and the tag section's loop do with them (the span has no elisions), without
    /// parsing them again. False if the line at pos is not marked.
    bool marked_tags() {
        const TagMark* const marks = span.tags.data();
        while (next_mark < marks_used && marks[next_mark].open < pos)
            ++next_mark; // lines the general path read
        if (next_mark == marks_used || marks[next_mark].open != pos) return false;
        for (;;) {
            const TagMark& mark = marks[next_mark++];
            SourceLocation at = loc(mark.open);
            visitor.tag(
                std::string_view(text + mark.open + 1, mark.name_end - mark.open - 1),
                std::string_view(text + mark.value_begin, mark.value_end - mark.value_begin), at);
            if (mark.eol - mark.open > (std::size_t{1} << 20)) oversized(at, tag_line_oversized);
            if (!mark.next_line || next_mark == marks_used) {
                pos = mark.eol; // blanks and the line break are the loop's
                return true;
            }
            // The next mark begins the next line: one line break before it.
            pos = line_start = marks[next_mark].open;
            ++line;
        }
    }
    static constexpr const char* tag_line_oversized =
        "tag line longer than the kept limit; the rest was skipped";

    void tag_line() {
        SourceLocation at = loc(pos);
        detail::PlainTag plain;
        if (detail::scan_plain_tag(text, pos + 1, text_size, plain)) {
            // parse_plain_tag inline (the usual tag: nothing to report or unescape). No line
            // break inside it: the line ends at the first one after it.
            std::size_t value_begin =
                text[plain.name_end] == '"'
                    ? plain.name_end + 1
                    : detail::skip_blanks(text, plain.name_end, text_size) + 1;
            std::size_t end = plain.close + 1;
            std::size_t eol =
                end < text_size && (text[end] == '\n' || text[end] == '\r') ? end : eol_from(end);
            visitor.tag(std::string_view(text + pos + 1, plain.name_end - pos - 1),
                        std::string_view(text + value_begin, plain.value_end - value_begin), at);
            if (eol - pos > (std::size_t{1} << 20) ||
                (next_elision < span.elisions.size() && span.elisions[next_elision].pos <= eol))
                oversized(at, tag_line_oversized);
            pos = end;
            return;
        }
        detail::TagParse parsed;
        std::size_t eol = eol_from(pos);
        detail::parse_tag(std::string_view(text, text_size), pos, eol, reader.tag_buf_, parsed);
        if (parsed.deliver) visitor.tag(parsed.name, parsed.value, at);
        // A line read in part (an elision in it) is only reported as such: what is wrong with
        // it (a value not closed …) may be the cut's doing.
        const bool cut =
            next_elision < span.elisions.size() && span.elisions[next_elision].pos <= eol;
        if (parsed.problem != nullptr && !cut) {
            SourceLocation problem_at = loc(parsed.problem_pos);
            report(Code::BadTag, problem_at, parsed.problem,
                   std::string_view(text + pos, eol - pos));
        }
        if (eol - pos > (std::size_t{1} << 20) || cut) oversized(at, tag_line_oversized);
        pos = parsed.end;
    }

    void movetext_token(char first_byte) {
        SourceLocation at = loc(pos);
        switch (first_byte) {
        case '{': {
            if (one_line_comment(at)) return;
            const void* brace = std::memchr(text + pos + 1, '}', text_size - pos - 1);
            std::size_t close =
                brace ? static_cast<std::size_t>(static_cast<const char*>(brace) - text)
                      : text_size;
            std::size_t begin = pos + 1;
            std::size_t keep = close;
            bool cut = false;
            if (next_elision < span.elisions.size() && span.elisions[next_elision].pos <= close) {
                keep = std::min<std::size_t>(
                    keep, static_cast<std::size_t>(span.elisions[next_elision].pos));
                cut = true;
            }
            if (keep - begin > reader.limits_.comment_keep_limit) {
                // Between two characters of UTF-8 text (its comments are written out).
                keep = begin + reader.limits_.comment_keep_limit;
                if (reader.utf8_) keep = utf8_cut(text, begin, keep);
                cut = true;
            }
            if (cut) oversized(at, "comment longer than the kept limit; the rest was skipped");
            visitor.comment(std::string_view(text + begin, keep - begin), at);
            lines_in(begin, close);
            sync(close);
            if (!brace) {
                open_comment = true;
                if (!span.truncated && !span.before_input_error) // (else finish() tells why)
                    report(Code::UnterminatedComment, at,
                           "comment not closed before the game ends");
                pos = text_size;
            } else {
                pos = close + 1;
            }
            return;
        }
        case ';': {
            std::size_t eol = eol_from(pos);
            visitor.comment(std::string_view(text + pos + 1, eol - pos - 1), at);
            pos = eol;
            return;
        }
        case '(':
            if (depth++ == 0) outermost_variation = at;
            visitor.begin_variation(at);
            ++pos;
            return;
        case ')':
            if (depth == 0) {
                report(Code::UnmatchedParen, at, "')' without an open variation", ")");
            } else {
                --depth;
                visitor.end_variation(at);
            }
            ++pos;
            return;
        case '$': {
            std::size_t digits_end = pos + 1;
            long long number = 0;
            while (digits_end < text_size && text[digits_end] >= '0' && text[digits_end] <= '9') {
                if (number < 1000000000) number = number * 10 + (text[digits_end] - '0');
                ++digits_end;
            }
            if (digits_end == pos + 1) {
                report(Code::UnexpectedText, at, "'$' without a number", "$");
            } else if (have_result) {
                report(Code::UnexpectedText, at, "NAG after the termination marker",
                       std::string_view(text + pos, digits_end - pos));
            } else {
                visitor.nag(static_cast<int>(number), at);
            }
            pos = digits_end;
            return;
        }
        case '[': {
            // A tag inside movetext (a tag section without a blank line before it, …).
            std::size_t eol = eol_from(pos);
            const void* bracket = std::memchr(text + pos, ']', eol - pos);
            std::size_t tag_end =
                bracket ? static_cast<std::size_t>(static_cast<const char*>(bracket) - text) + 1
                        : eol;
            report(Code::UnexpectedText, at, "tag pair inside movetext",
                   std::string_view(text + pos, tag_end - pos));
            pos = tag_end;
            return;
        }
        default: break;
        }
        std::size_t after = detail::token_end(text, pos, text_size);
        // The common tokens first: a plain move (`e4`, `Nxf3+`, `O-O`) and a move number
        // (`12.`, `12...`); both cannot be a result, a glyph or text after the result.
        if (!have_result && after != pos) {
            if (is_plain_move(std::string_view(text + pos, after - pos))) {
                const TextLine here = TextLine::from_location(at);
                visitor.move(std::string_view(text + pos, after - pos), TokenPlace(here, 0));
                pos = after;
                return;
            }
            if (first_byte >= '1' && first_byte <= '9' && move_number_token(after, at)) return;
        }
        if (after == pos) { // a delimiter that starts nothing: } ] " or control bytes
            while (after < text_size && is_delim(text[after]) && text[after] != ' ' &&
                   text[after] != '\n' && text[after] != '\r' && text[after] != '\t' &&
                   text[after] != '{' && text[after] != '(' && text[after] != ')' &&
                   text[after] != '[' && text[after] != ';' && text[after] != '$')
                ++after;
            if (after == pos) ++after;
            report(Code::UnexpectedText, at, "unexpected character in movetext",
                   std::string_view(text + pos, after - pos));
            pos = after;
            return;
        }
        word(std::string_view(text + pos, after - pos), at);
        pos = after;
    }

    /// one_line_comment for the `{` at `brace`: the index after the comment, or 0 (nothing done).
    /// Out of line: the movetext loop keeps its registers for moves.
    [[gnu::noinline]] std::size_t short_comment(std::size_t brace) {
        std::size_t begin = brace + 1;
        std::size_t close = detail::find_brace_or_eol(text, begin, text_size);
        if (close == text_size || text[close] != '}' ||
            close - begin > reader.limits_.comment_keep_limit ||
            (next_elision < span.elisions.size() && span.elisions[next_elision].pos <= close))
            return 0;
        visitor.comment(std::string_view(text + begin, close - begin), loc(brace));
        return close + 1;
    }
    /// `{…}` closed on its own line and within the limits: no line breaks to count, no
    /// elisions to apply (else false: the general path handles it).
    bool one_line_comment(SourceLocation at) {
        std::size_t begin = pos + 1;
        std::size_t close = detail::find_brace_or_eol(text, begin, text_size);
        if (close == text_size || text[close] != '}' ||
            close - begin > reader.limits_.comment_keep_limit ||
            (next_elision < span.elisions.size() && span.elisions[next_elision].pos <= close))
            return false;
        visitor.comment(std::string_view(text + begin, close - begin), at);
        pos = close + 1;
        return true;
    }
    /// is_plain_move for the token t[0, len) that starts with a tok_move byte.
    [[gnu::always_inline]] static bool plain_move(const char* token, std::size_t length,
                                                  const unsigned char* classes) {
        if (length < 2) return token[0] != 'N';
        return !detail::ends_with_glyph(token, length, classes);
    }
    /// The move number at `from` (a token starting with a digit 1-9), as move_number_token does
    /// it, without looking for the token's end first: the index after its dots, or 0 (nothing
    /// done: `12`, `1-0`, `12.0-0` …, for word()). `glued`: a move follows the dots (`12.e4`),
    /// which the caller reads as a token of its own (word() would hand over the same calls).
    std::size_t move_number(std::size_t from, bool& glued) {
        const char* const str = text;
        const std::size_t end = text_size;
        std::size_t digits_end = from + 1;
        int number = str[from] - '0';
        while (digits_end < end && static_cast<unsigned char>(str[digits_end] - '0') < 10 &&
               digits_end - from < 9)
            number = number * 10 + (str[digits_end++] - '0');
        if (digits_end == end || str[digits_end] != '.')
            return 0; // `12`, a long number, `1-0`, `1/2`
        std::size_t after_dots = digits_end + 1;
        while (after_dots < end && str[after_dots] == '.') ++after_dots;
        const unsigned char token_class =
            after_dots == end ? static_cast<unsigned char>(detail::tok_delim)
                              : reader.tokens_.classes[static_cast<unsigned char>(str[after_dots])];
        if (!(token_class & (detail::tok_delim | detail::tok_move))) return 0;
        glued = !(token_class & detail::tok_delim);
        visitor.move_number(number, after_dots - digits_end >= 2, TokenPlace(*this, from));
        return after_dots;
    }
    /// A move that word() would hand over unchanged: starts like a move, is no glyph (`N`)
    /// and has no glued glyph.
    bool is_plain_move(std::string_view token) const {
        char first_byte = token[0];
        const unsigned char* const classes = reader.tokens_.classes.data();
        return (classes[static_cast<unsigned char>(first_byte)] & detail::tok_move) &&
               (token.size() < 2 ? first_byte != 'N'
                                 : !detail::ends_with_glyph(token.data(), token.size(), classes));
    }
    /// `12.`, `12...` or `12.e4` (a token [pos, after) starting with 1-9): what word() does with
    /// it, without its result and glyph checks. False (nothing done) for anything else.
    bool move_number_token(std::size_t after, SourceLocation at) {
        std::size_t digits_end = pos;
        int number = 0;
        while (digits_end < after && text[digits_end] >= '0' && text[digits_end] <= '9' &&
               digits_end - pos < 9)
            number = number * 10 + (text[digits_end++] - '0');
        if (digits_end == after || text[digits_end] != '.')
            return false; // `12`, a long number, `1-0`, `1/2`
        std::size_t after_dots = digits_end;
        while (after_dots < after && text[after_dots] == '.') ++after_dots;
        std::string_view rest(text + after_dots, after - after_dots);
        if (!rest.empty() && !is_plain_move(rest)) return false;
        const TextLine here = TextLine::from_location(at);
        visitor.move_number(number, after_dots - digits_end >= 2, TokenPlace(here, 0));
        if (!rest.empty()) visitor.move(rest, TokenPlace(here, after_dots - pos));
        pos = after;
        return true;
    }

    void word(std::string_view token, SourceLocation at) {
        bool standard = false;
        std::string_view normalized = normalize_result(token, &standard);
        if (!normalized.empty()) {
            if (have_result) {
                report(Code::UnexpectedText, at, "second termination marker", token);
                return;
            }
            if (!standard)
                report(Code::NonstandardResult, at,
                       fmt::format("termination marker written as '{}' instead of '{}'", token,
                                   normalized),
                       token);
            if (depth != 0) {
                report(Code::UnterminatedVariation, outermost_variation,
                       fmt::format("{} variation(s) not closed before the result", depth));
                close_variations(at);
            }
            have_result = true;
            visitor.result(token, at);
            return;
        }
        if (have_result) {
            report(Code::UnexpectedText, at, "text after the termination marker", token);
            return;
        }
        // Move number: digits followed by dots (and maybe the move, `1.e4`).
        std::size_t digits = 0;
        while (digits < token.size() && token[digits] >= '0' && token[digits] <= '9') ++digits;
        if (digits > 0 && (digits == token.size() || token[digits] == '.')) {
            std::size_t dots = 0;
            while (digits + dots < token.size() && token[digits + dots] == '.') ++dots;
            long long number = 0;
            for (std::size_t digit = 0; digit < digits; ++digit)
                if (number < 1000000000) number = number * 10 + (token[digit] - '0');
            const TextLine here = TextLine::from_location(at);
            visitor.move_number(static_cast<int>(number), dots >= 2, TokenPlace(here, 0));
            token.remove_prefix(digits + dots);
            if (token.empty()) return;
            at.column += static_cast<std::uint64_t>(digits + dots);
            at.offset += digits + dots;
        }
        if (token.find_first_not_of('.') == std::string_view::npos) return; // a lone `...`
        if (token[0] == '.') { // `16. ..Kf8`: dots separated from their number
            std::size_t dots = token.find_first_not_of('.');
            token.remove_prefix(dots);
            at.column += static_cast<std::uint64_t>(dots);
            at.offset += dots;
        }
        if (int glyph = glyph_nag(token); glyph != 0) {
            visitor.nag(glyph, at);
            return;
        }
        int nags[8];
        std::size_t nag_offsets[8];
        std::size_t nag_count = 0;
        std::size_t move_length =
            detail::split_glyph_suffix(token, nags, nag_offsets, 8, nag_count);
        const TextLine here = TextLine::from_location(at);
        visitor.move(token.substr(0, move_length), TokenPlace(here, 0));
        for (std::size_t digit = 0; digit < nag_count; ++digit) {
            SourceLocation nag_at = at;
            nag_at.column += static_cast<std::uint64_t>(nag_offsets[digit]);
            nag_at.offset += nag_offsets[digit];
            visitor.nag(nags[digit], nag_at);
        }
    }
};

template <class V>
[[gnu::always_inline]] inline void PgnReader::read(const GameSpan& span, V& v) {
    Run<V> run(*this, span, v);
    run.run();
}

} // namespace pgnkit
