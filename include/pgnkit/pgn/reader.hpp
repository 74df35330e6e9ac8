#pragma once
/// PgnReader: tokenizes one GameSpan and drives a visitor. It knows nothing about chess:
/// move tokens are handed over as text (xiangqi reuses the reader).
///
/// A visitor is any class with the callbacks of `VisitorBase` (derive from it and hide
/// the ones you need; calls are resolved at compile time, no virtual dispatch). Tokens
/// are `std::string_view`s into the span; only tag values with escapes are unescaped
/// into a reusable buffer. Valid until the callback returns.

#include "pgnkit/check/diagnostic.hpp"
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

/// No-op callbacks; derive and hide what you need.
struct VisitorBase {
    /// A game starts.
    void begin_game(const GameSpan&) {}
    /// A tag pair; `value` is unescaped (`\"` and `\\`).
    void tag(std::string_view /*name*/, std::string_view /*value*/, const SourceLocation&) {}
    /// The tag section is over; return true to skip the movetext (fast path).
    bool end_tags() { return false; }
    /// A move number (`12.` → 12, false; `12...` → 12, true).
    void move_number(int /*n*/, bool /*black_dots*/, const SourceLocation&) {}
    /// A move as written, with check/mate suffix, without annotation glyphs.
    void move(std::string_view /*san*/, const SourceLocation&) {}
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
/// Appends `s` read as Windows-1252 to `out` as UTF-8: Latin-1 (ISO-8859-1) as browsers read
/// it (the WHATWG Encoding Standard), where 80 to 9F are the typographic characters of
/// Windows text (’ “ ” – — … € Š Ž œ …), not C1 controls; its five unassigned bytes (81 8D 8F
/// 90 9D) stay the C1 controls of those numbers.
void cp1252_to_utf8(std::string_view s, std::string& out);
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
    std::string_view value;
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

template <class V>
struct PgnReader::Run {
    PgnReader& rd;
    const GameSpan& sp;
    V& v;
    const char* s;
    std::size_t n;
    std::size_t i = 0;
    std::uint64_t line;
    std::size_t line_start = 0;
    /// The line_start that sync() moved back by `line_shift` elided bytes (else none is).
    std::size_t shifted_start = ~std::size_t{0};
    std::size_t line_shift = 0;
    std::uint64_t elided = 0;
    std::uint64_t offset_base; // sp.offset + elided
    std::size_t ek = 0;
    std::size_t mk = 0;     // the next of the splitter's tag marks
    std::size_t nmarks = 0; // how many are used (none in a span with elisions)
    unsigned kind;          // simd::scan_text of the text
    bool has_cr;            // then line breaks are CR, LF and CR LF, else LF only
    std::uint64_t depth = 0;
    SourceLocation outer{};
    bool have_result = false;
    bool open_comment = false; // the text ends inside a `{` comment
    bool oversized_reported = false;
    int diags = 0;
    int suppressed = 0;

    Run(PgnReader& r, const GameSpan& span, V& vis)
        : rd(r), sp(span), v(vis), s(span.text.data()),
          n(span.cut_mid_line ? read_part(span) : span.text.size()), line(span.first_line),
          offset_base(span.offset), nmarks(span.elisions.empty() ? span.tags.size() : 0),
          kind(simd::scan_text(s, n)), has_cr((kind & simd::HasCr) != 0) {
        // Bytes the splitter skipped before text[0] on its line take columns: as elided
        // bytes there would (sync()), line_start is moved back by as many.
        if (span.first_column > 1) {
            line_shift = static_cast<std::size_t>(span.first_column - 1);
            line_start = shifted_start = 0 - line_shift;
        }
    }

    /// The bytes read of a game an input error cut inside a line: its whole lines, and of the
    /// cut line, if it is movetext, the tokens before its last blank (the one the cut ends may
    /// be part of a longer one: `Nx` of `Nxf3`). A cut tag or escape line is dropped whole.
    /// Out of line, as report_cut(): run() is inlined into its callers, and the rare paths
    /// must not make it too big for that.
    [[gnu::cold, gnu::noinline]] static std::size_t read_part(const GameSpan& span) {
        const std::string_view t = span.text;
        std::size_t k = t.size();
        while (k > 0 && t[k - 1] != '\n' && t[k - 1] != '\r') --k;
        const std::size_t first = t.find_first_not_of(" \t", k);
        if (first == std::string_view::npos || t[first] == '[' || t[first] == '%') return k;
        const std::size_t blank = t.find_last_of(" \t");
        return blank != std::string_view::npos && blank > first ? blank : k;
    }
    [[gnu::cold, gnu::noinline]] void report_cut(SourceLocation end) {
        report(Code::Truncated, end,
               "the input breaks off in this game (a read or decompression error, reported after "
               "the games): the rest of the game is lost");
    }
    SourceLocation loc(std::size_t at) const {
        return {line, static_cast<std::uint64_t>(at - line_start + 1), offset_base + at};
    }
    /// A move's or move number's place, made a SourceLocation only when the visitor converts
    /// it: a visitor whose move() and move_number() take any location type (GameValidator)
    /// converts it for a diagnostic or a listener, and the usual move needs none (a location
    /// costs about ten instructions). Valid during the visitor's call, while the line state
    /// holds.
    struct Place {
        const Run* run;
        std::size_t at;
        operator SourceLocation() const { return run->loc(at); }
    };
    void sync(std::size_t at) {
        while (ek < sp.elisions.size() && sp.elisions[ek].pos <= at) {
            const Elision& e = sp.elisions[ek];
            elided += e.bytes;
            offset_base += e.bytes;
            // A kept CR before the elided bytes and a kept LF after them are two line breaks
            // of the input, which the kept text, where they meet, makes one.
            line += e.lines + (e.pos > 0 && e.pos < n && s[e.pos - 1] == '\r' && s[e.pos] == '\n');
            // The columns of the line the kept text after the elision goes on with count its
            // elided bytes there (Elision::tail): line_start moves back by as many (modulo
            // 2^64, as loc() computes), and `shifted_start` remembers that it did. Kept line
            // breaks after the elision may already have moved the line start past it.
            const bool shifted = line_start == shifted_start;
            const std::size_t real = shifted ? line_start + line_shift : line_start;
            if (e.pos >= real) {
                // A line break ends inside the elided bytes (the LF of a kept CR too): the
                // line the kept text goes on with begins there.
                const bool breaks = e.tail != e.bytes;
                line_shift = e.tail + (!breaks && shifted ? line_shift : 0);
                line_start = shifted_start =
                    (breaks ? static_cast<std::size_t>(e.pos) : real) - line_shift;
            }
            ++ek;
        }
    }
    void report(Code code, SourceLocation l, std::string message, std::string_view token = {}) {
        if (diags >= rd.limits_.max_diagnostics) {
            ++suppressed;
            return;
        }
        ++diags;
        Diagnostic d;
        d.code = code;
        d.severity = code_info(code).default_severity;
        d.message = std::move(message);
        d.loc = l;
        d.game = sp.index + 1;
        d.token = std::string(token.substr(0, 80));
        v.diagnostic(d);
    }
    /// Advances over [a, b) counting line breaks.
    void lines_in(std::size_t a, std::size_t b) {
        std::size_t after = std::string_view::npos;
        std::uint64_t k = detail::count_breaks(s, a, b, has_cr, after);
        if (k != 0) {
            line += k;
            line_start = after;
        }
    }
    std::size_t eol_from(std::size_t at) const {
        const void* p = std::memchr(s + at, '\n', n - at);
        std::size_t e = p ? static_cast<std::size_t>(static_cast<const char*>(p) - s) : n;
        if (has_cr) {
            const void* q = std::memchr(s + at, '\r', e - at);
            if (q) e = static_cast<std::size_t>(static_cast<const char*>(q) - s);
        }
        return e;
    }
    static bool is_delim(char c) {
        return (detail::syntax_classes[static_cast<unsigned char>(c)] & detail::tok_delim) != 0;
    }
    void skip_blanks() {
        // The usual separator first: one space before a token.
        if (i + 1 < n && s[i] == ' ' && static_cast<unsigned char>(s[i + 1]) > ' ') {
            ++i;
            return;
        }
        while (i < n) {
            char c = s[i];
            if (detail::syntax_classes[static_cast<unsigned char>(c)] & detail::tok_blank) {
                ++i;
            } else if (c == '\n') {
                ++i, ++line, line_start = i;
            } else if (c == '\r') {
                ++i;
                if (i < n && s[i] == '\n') ++i;
                ++line, line_start = i;
            } else {
                break;
            }
        }
    }
    /// The game is not valid UTF-8 from text[bad] on (out of line: rare).
    [[gnu::cold, gnu::noinline]] void report_encoding(std::size_t bad) {
        Run probe(rd, sp, v);
        probe.lines_in(0, bad);
        probe.sync(bad); // the elisions before it
        report(Code::Encoding, probe.loc(bad),
               "text is not valid UTF-8; read as Latin-1 (Windows-1252)");
    }
    void oversized(SourceLocation l, std::string_view what) {
        report(Code::Oversized, l, std::string(what));
    }

    // run() and read() are always inlined: each command's loop over its games is then one
    // function with the reader's. GCC's inliner kept it so only while run() stayed under its
    // size limits (a few more lines of run() cost validate 2%).
    [[gnu::always_inline]] void run() {
        v.begin_game(sp);
        std::size_t bad = 0;
        rd.utf8_ = !(kind & simd::NonAscii) || is_valid_utf8(sp.text, &bad);
        if (n >= 3 && std::memcmp(s, "\xEF\xBB\xBF", 3) == 0) i = 3;
        if (!rd.utf8_) report_encoding(bad);
        bool in_tags = true;
        bool skip = false;
        for (;;) { // the tag section
            skip_blanks();
            if (i >= n) break;
            if (ek < sp.elisions.size()) sync(i);
            char c = s[i];
            if (c == '%' && (i == line_start || i == 0)) { // escape line (PGN §6)
                i = eol_from(i);
                continue;
            }
            if (c == '[') {
                if (mk == nmarks || !marked_tags()) tag_line();
                continue;
            }
            in_tags = false;
            skip = v.end_tags();
            if (!skip) movetext();
            break;
        }
        if (in_tags && !skip) skip = v.end_tags();
        if (!skip) finish();
        if (suppressed != 0) {
            Diagnostic d;
            d.code = Code::UnexpectedText;
            d.severity = Severity::Info;
            d.message = fmt::format("{} further problems in this game not reported", suppressed);
            d.game = sp.index + 1;
            d.loc = loc(n);
            v.diagnostic(d);
        }
        v.end_game();
    }

    /// Where the next elision lies (npos: none left).
    std::size_t next_cut() const {
        return ek < sp.elisions.size() ? static_cast<std::size_t>(sp.elisions[ek].pos)
                                       : std::string_view::npos;
    }
    /// detail::token_end(s, p, n): the delimiter mask of the 16 bytes from p, made again for
    /// every token. (Reusing one mask for the next tokens it covers saves a few instructions
    /// but adds a branch on the tokens' lengths, which the predictor cannot learn: 1-2% slower
    /// on OTB games.)
    [[gnu::always_inline]] std::size_t tok_end(std::size_t p) const {
#if defined(__SSE2__)
        if (p + 16 <= n) {
            const std::uint32_t mask = simd::sse2::delim_superset_mask(s + p);
            if (mask != 0) {
                const std::size_t j = p + static_cast<std::size_t>(__builtin_ctz(mask));
                if (is_delim(s[j])) return j;
                return detail::token_end(s, j + 1, n); // `e4!`, `Qh5Y`: exactly from there
            }
            return detail::token_end(s, p + 16, n);
        }
#endif
        return detail::token_end(s, p, n);
    }
    /// The movetext, from its first token: the common tokens here, the rest in
    /// movetext_token.
    void movetext() {
        // The hot state in locals (the visitor's calls cannot change them): the members are
        // brought up to date around the general paths.
        const char* const str = s;
        const std::size_t end = n;
        std::size_t p = i;
        std::size_t lim = std::min(end, next_cut()); // the fast path stays before both
        // The tokens with a fast path (moves, move numbers): none after the result.
        unsigned char fast = have_result ? 0 : detail::tok_move | detail::tok_digit;
        const bool short_ok = rd.limits_.comment_keep_limit >= 47;
        const unsigned char* const classes = rd.tokens_.classes.data();
        for (;;) {
            if (p + 1 < lim && ((str[p] == ' ') & (static_cast<unsigned char>(str[p + 1]) > ' '))) {
                // One space before a token (the usual separator): the token is not at a line
                // start (no escape line) and before the next elision. (Both bytes in one
                // branch.)
                ++p;
            } else {
                i = p;
                skip_blanks();
                p = i;
                if (p >= end) break;
                if (p >= lim) { // at or past the next elision
                    sync(p);
                    lim = std::min(end, next_cut());
                }
                if (str[p] == '%' && p == line_start) { // escape line (PGN §6)
                    p = eol_from(p);
                    continue;
                }
            }
        token: // (the move of `12.e4` comes here from its number)
            const char c = str[p];
            const unsigned char cls = classes[static_cast<unsigned char>(c)] & fast;
            if (cls & detail::tok_move) {
                std::size_t j = tok_end(p + 1);
                if (plain_move(str + p, j - p, classes)) {
                    v.move(std::string_view(str + p, j - p), Place{this, p});
                    p = j;
                    continue;
                }
            } else if (cls & detail::tok_digit) {
                bool glued = false;
                std::size_t j = move_number(p, glued);
                if (j != 0) {
                    p = j;
                    if (glued) goto token; // one copy of the move's path, inline
                    continue;
                }
            } else if (c == '{') {
#if defined(__SSE2__)
                // A comment closed within 48 bytes on its line (a lichess clock comment is 18,
                // one with an evaluation up to 40): before the next elision and within every
                // keep limit but a tiny one.
                if (p + 33 <= lim && short_ok) {
                    const std::uint32_t mask = simd::sse2::brace_or_eol_mask(str + p + 1) |
                                               simd::sse2::brace_or_eol_mask(str + p + 17) << 16;
                    std::size_t e = 0;
                    if (mask != 0) {
                        e = p + 1 + static_cast<std::size_t>(__builtin_ctz(mask));
                    } else if (p + 49 <= lim) {
                        const std::uint32_t more = simd::sse2::brace_or_eol_mask(str + p + 33);
                        if (more != 0) e = p + 33 + static_cast<std::size_t>(__builtin_ctz(more));
                    }
                    if (e != 0 && str[e] == '}') {
                        v.comment(std::string_view(str + p + 1, e - p - 1), loc(p));
                        p = e + 1;
                        continue;
                    }
                }
#endif
                if (std::size_t q = short_comment(p); q != 0) {
                    p = q;
                    continue;
                }
            }
            i = p;
            movetext_token(c);
            lim = std::min(end, next_cut());
            fast = have_result ? 0 : detail::tok_move | detail::tok_digit;
            p = i;
        }
        i = p;
    }

    void finish() {
        if (ek < sp.elisions.size()) sync(n); // the last elisions (one may end the text)
        SourceLocation end = loc(n);
        if (sp.truncated) {
            report(Code::Oversized, end,
                   fmt::format("game longer than the kept limit; its end was not read ({} bytes)",
                               sp.length));
        }
        // The input failed inside this game (before its termination marker, or in a comment
        // or variation after it): what is missing was lost, not left out, and the unclosed
        // comment or variation is the damage's too.
        const bool cut =
            sp.before_input_error && !sp.truncated && (!have_result || depth != 0 || open_comment);
        // Located at the first byte not read: the token read_part() dropped, if any.
        if (cut) report_cut(n < sp.text.size() && (s[n] == ' ' || s[n] == '\t') ? loc(n + 1) : end);
        if (depth != 0) {
            if (!sp.truncated && !cut)
                report(Code::UnterminatedVariation, outer,
                       fmt::format("{} variation(s) not closed before the game ends", depth));
            close_variations(end);
        }
        if (!have_result && !sp.truncated && !cut)
            report(Code::MissingResult, end, "the movetext has no termination marker");
    }

    void close_variations(SourceLocation l) {
        while (depth != 0) {
            --depth;
            v.end_variation(l);
        }
    }

    /// The tag lines the splitter marked (TagMark) from the `[` at i, if one is marked: what
    /// tag_line and the tag section's loop do with them (the span has no elisions), without
    /// parsing them again. False if the line at i is not marked.
    bool marked_tags() {
        const TagMark* const marks = sp.tags.data();
        while (mk < nmarks && marks[mk].open < i) ++mk; // lines the general path read
        if (mk == nmarks || marks[mk].open != i) return false;
        for (;;) {
            const TagMark& m = marks[mk++];
            SourceLocation at = loc(m.open);
            v.tag(std::string_view(s + m.open + 1, m.name_end - m.open - 1),
                  std::string_view(s + m.value_begin, m.value_end - m.value_begin), at);
            if (m.eol - m.open > (std::size_t{1} << 20)) oversized(at, tag_line_oversized);
            if (!m.next_line || mk == nmarks) {
                i = m.eol; // blanks and the line break are the loop's
                return true;
            }
            // The next mark begins the next line: one line break before it.
            i = line_start = marks[mk].open;
            ++line;
        }
    }
    static constexpr const char* tag_line_oversized =
        "tag line longer than the kept limit; the rest was skipped";

    void tag_line() {
        SourceLocation at = loc(i);
        detail::PlainTag pt;
        if (detail::scan_plain_tag(s, i + 1, n, pt)) {
            // parse_plain_tag inline (the usual tag: nothing to report or unescape). No line
            // break inside it: the line ends at the first one after it.
            std::size_t vb = s[pt.name_end] == '"' ? pt.name_end + 1
                                                   : detail::skip_blanks(s, pt.name_end, n) + 1;
            std::size_t end = pt.close + 1;
            std::size_t eol = end < n && (s[end] == '\n' || s[end] == '\r') ? end : eol_from(end);
            v.tag(std::string_view(s + i + 1, pt.name_end - i - 1),
                  std::string_view(s + vb, pt.value_end - vb), at);
            if (eol - i > (std::size_t{1} << 20) ||
                (ek < sp.elisions.size() && sp.elisions[ek].pos <= eol))
                oversized(at, tag_line_oversized);
            i = end;
            return;
        }
        detail::TagParse t;
        std::size_t eol = eol_from(i);
        detail::parse_tag(std::string_view(s, n), i, eol, rd.tag_buf_, t);
        if (t.deliver) v.tag(t.name, t.value, at);
        // A line read in part (an elision in it) is only reported as such: what is wrong with
        // it (a value not closed …) may be the cut's doing.
        const bool cut = ek < sp.elisions.size() && sp.elisions[ek].pos <= eol;
        if (t.problem != nullptr && !cut) {
            SourceLocation pl = loc(t.problem_pos);
            report(Code::BadTag, pl, t.problem, std::string_view(s + i, eol - i));
        }
        if (eol - i > (std::size_t{1} << 20) || cut) oversized(at, tag_line_oversized);
        i = t.end;
    }

    void movetext_token(char c) {
        SourceLocation at = loc(i);
        switch (c) {
        case '{': {
            if (one_line_comment(at)) return;
            const void* p = std::memchr(s + i + 1, '}', n - i - 1);
            std::size_t e = p ? static_cast<std::size_t>(static_cast<const char*>(p) - s) : n;
            std::size_t b = i + 1;
            std::size_t keep = e;
            bool cut = false;
            if (ek < sp.elisions.size() && sp.elisions[ek].pos <= e) {
                keep = std::min<std::size_t>(keep, static_cast<std::size_t>(sp.elisions[ek].pos));
                cut = true;
            }
            if (keep - b > rd.limits_.comment_keep_limit) {
                // Between two characters of UTF-8 text (its comments are written out).
                keep = b + rd.limits_.comment_keep_limit;
                if (rd.utf8_) keep = utf8_cut(s, b, keep);
                cut = true;
            }
            if (cut) oversized(at, "comment longer than the kept limit; the rest was skipped");
            v.comment(std::string_view(s + b, keep - b), at);
            lines_in(b, e);
            sync(e);
            if (!p) {
                open_comment = true;
                if (!sp.truncated && !sp.before_input_error) // (else finish() tells why)
                    report(Code::UnterminatedComment, at,
                           "comment not closed before the game ends");
                i = n;
            } else {
                i = e + 1;
            }
            return;
        }
        case ';': {
            std::size_t e = eol_from(i);
            v.comment(std::string_view(s + i + 1, e - i - 1), at);
            i = e;
            return;
        }
        case '(':
            if (depth++ == 0) outer = at;
            v.begin_variation(at);
            ++i;
            return;
        case ')':
            if (depth == 0) {
                report(Code::UnmatchedParen, at, "')' without an open variation", ")");
            } else {
                --depth;
                v.end_variation(at);
            }
            ++i;
            return;
        case '$': {
            std::size_t j = i + 1;
            long long val = 0;
            while (j < n && s[j] >= '0' && s[j] <= '9') {
                if (val < 1000000000) val = val * 10 + (s[j] - '0');
                ++j;
            }
            if (j == i + 1) {
                report(Code::UnexpectedText, at, "'$' without a number", "$");
            } else if (have_result) {
                report(Code::UnexpectedText, at, "NAG after the termination marker",
                       std::string_view(s + i, j - i));
            } else {
                v.nag(static_cast<int>(val), at);
            }
            i = j;
            return;
        }
        case '[': {
            // A tag inside movetext (a tag section without a blank line before it, …).
            std::size_t e = eol_from(i);
            const void* p = std::memchr(s + i, ']', e - i);
            std::size_t j = p ? static_cast<std::size_t>(static_cast<const char*>(p) - s) + 1 : e;
            report(Code::UnexpectedText, at, "tag pair inside movetext",
                   std::string_view(s + i, j - i));
            i = j;
            return;
        }
        default: break;
        }
        std::size_t j = detail::token_end(s, i, n);
        // The common tokens first: a plain move (`e4`, `Nxf3+`, `O-O`) and a move number
        // (`12.`, `12...`); both cannot be a result, a glyph or text after the result.
        if (!have_result && j != i) {
            if (is_plain_move(std::string_view(s + i, j - i))) {
                v.move(std::string_view(s + i, j - i), at);
                i = j;
                return;
            }
            if (c >= '1' && c <= '9' && move_number_token(j, at)) return;
        }
        if (j == i) { // a delimiter that starts nothing: } ] " or control bytes
            while (j < n && is_delim(s[j]) && s[j] != ' ' && s[j] != '\n' && s[j] != '\r' &&
                   s[j] != '\t' && s[j] != '{' && s[j] != '(' && s[j] != ')' && s[j] != '[' &&
                   s[j] != ';' && s[j] != '$')
                ++j;
            if (j == i) ++j;
            report(Code::UnexpectedText, at, "unexpected character in movetext",
                   std::string_view(s + i, j - i));
            i = j;
            return;
        }
        word(std::string_view(s + i, j - i), at);
        i = j;
    }

    /// one_line_comment for the `{` at p: the index after the comment, or 0 (nothing done).
    /// Out of line: the movetext loop keeps its registers for moves.
    [[gnu::noinline]] std::size_t short_comment(std::size_t p) {
        std::size_t b = p + 1;
        std::size_t e = detail::find_brace_or_eol(s, b, n);
        if (e == n || s[e] != '}' || e - b > rd.limits_.comment_keep_limit ||
            (ek < sp.elisions.size() && sp.elisions[ek].pos <= e))
            return 0;
        v.comment(std::string_view(s + b, e - b), loc(p));
        return e + 1;
    }
    /// `{…}` closed on its own line and within the limits: no line breaks to count, no
    /// elisions to apply (else false: the general path handles it).
    bool one_line_comment(SourceLocation at) {
        std::size_t b = i + 1;
        std::size_t e = detail::find_brace_or_eol(s, b, n);
        if (e == n || s[e] != '}' || e - b > rd.limits_.comment_keep_limit ||
            (ek < sp.elisions.size() && sp.elisions[ek].pos <= e))
            return false;
        v.comment(std::string_view(s + b, e - b), at);
        i = e + 1;
        return true;
    }
    /// is_plain_move for the token t[0, len) that starts with a tok_move byte.
    [[gnu::always_inline]] static bool plain_move(const char* t, std::size_t len,
                                                  const unsigned char* classes) {
        if (len < 2) return t[0] != 'N';
        return !detail::ends_with_glyph(t, len, classes);
    }
    /// The move number at p (a token starting with a digit 1-9), as move_number_token does
    /// it, without looking for the token's end first: the index after its dots, or 0 (nothing
    /// done: `12`, `1-0`, `12.0-0` …, for word()). `glued`: a move follows the dots (`12.e4`),
    /// which the caller reads as a token of its own (word() would hand over the same calls).
    std::size_t move_number(std::size_t p, bool& glued) {
        const char* const str = s;
        const std::size_t end = n;
        std::size_t d = p + 1;
        int num = str[p] - '0';
        while (d < end && static_cast<unsigned char>(str[d] - '0') < 10 && d - p < 9)
            num = num * 10 + (str[d++] - '0');
        if (d == end || str[d] != '.') return 0; // `12`, a long number, `1-0`, `1/2`
        std::size_t dots = d + 1;
        while (dots < end && str[dots] == '.') ++dots;
        const unsigned char cls = dots == end
                                      ? static_cast<unsigned char>(detail::tok_delim)
                                      : rd.tokens_.classes[static_cast<unsigned char>(str[dots])];
        if (!(cls & (detail::tok_delim | detail::tok_move))) return 0;
        glued = !(cls & detail::tok_delim);
        v.move_number(num, dots - d >= 2, Place{this, p});
        return dots;
    }
    /// A move that word() would hand over unchanged: starts like a move, is no glyph (`N`)
    /// and has no glued glyph.
    bool is_plain_move(std::string_view t) const {
        char c = t[0];
        const unsigned char* const classes = rd.tokens_.classes.data();
        return (classes[static_cast<unsigned char>(c)] & detail::tok_move) &&
               (t.size() < 2 ? c != 'N' : !detail::ends_with_glyph(t.data(), t.size(), classes));
    }
    /// `12.`, `12...` or `12.e4` (a token [i, j) starting with 1-9): what word() does with
    /// it, without its result and glyph checks. False (nothing done) for anything else.
    bool move_number_token(std::size_t j, SourceLocation at) {
        std::size_t d = i;
        int num = 0;
        while (d < j && s[d] >= '0' && s[d] <= '9' && d - i < 9) num = num * 10 + (s[d++] - '0');
        if (d == j || s[d] != '.') return false; // `12`, a long number, `1-0`, `1/2`
        std::size_t dots = d;
        while (dots < j && s[dots] == '.') ++dots;
        std::string_view rest(s + dots, j - dots);
        if (!rest.empty() && !is_plain_move(rest)) return false;
        v.move_number(num, dots - d >= 2, at);
        if (!rest.empty()) {
            at.column += static_cast<std::uint64_t>(dots - i);
            at.offset += dots - i;
            v.move(rest, at);
        }
        i = j;
        return true;
    }

    void word(std::string_view t, SourceLocation at) {
        bool standard = false;
        std::string_view res = normalize_result(t, &standard);
        if (!res.empty()) {
            if (have_result) {
                report(Code::UnexpectedText, at, "second termination marker", t);
                return;
            }
            if (!standard)
                report(Code::NonstandardResult, at,
                       fmt::format("termination marker written as '{}' instead of '{}'", t, res),
                       t);
            if (depth != 0) {
                report(Code::UnterminatedVariation, outer,
                       fmt::format("{} variation(s) not closed before the result", depth));
                close_variations(at);
            }
            have_result = true;
            v.result(t, at);
            return;
        }
        if (have_result) {
            report(Code::UnexpectedText, at, "text after the termination marker", t);
            return;
        }
        // Move number: digits followed by dots (and maybe the move, `1.e4`).
        std::size_t d = 0;
        while (d < t.size() && t[d] >= '0' && t[d] <= '9') ++d;
        if (d > 0 && (d == t.size() || t[d] == '.')) {
            std::size_t dots = 0;
            while (d + dots < t.size() && t[d + dots] == '.') ++dots;
            long long num = 0;
            for (std::size_t k = 0; k < d; ++k)
                if (num < 1000000000) num = num * 10 + (t[k] - '0');
            v.move_number(static_cast<int>(num), dots >= 2, at);
            t.remove_prefix(d + dots);
            if (t.empty()) return;
            at.column += static_cast<std::uint64_t>(d + dots);
            at.offset += d + dots;
        }
        if (t.find_first_not_of('.') == std::string_view::npos) return; // a lone `...`
        if (t[0] == '.') { // `16. ..Kf8`: dots separated from their number
            std::size_t dots = t.find_first_not_of('.');
            t.remove_prefix(dots);
            at.column += static_cast<std::uint64_t>(dots);
            at.offset += dots;
        }
        if (int g = glyph_nag(t); g != 0) {
            v.nag(g, at);
            return;
        }
        int nags[8];
        std::size_t offs[8];
        std::size_t count = 0;
        std::size_t len = detail::split_glyph_suffix(t, nags, offs, 8, count);
        v.move(t.substr(0, len), at);
        for (std::size_t k = 0; k < count; ++k) {
            SourceLocation gl = at;
            gl.column += static_cast<std::uint64_t>(offs[k]);
            gl.offset += offs[k];
            v.nag(nags[k], gl);
        }
    }
};

template <class V>
[[gnu::always_inline]] inline void PgnReader::read(const GameSpan& span, V& v) {
    Run<V> run(*this, span, v);
    run.run();
}

} // namespace pgnkit
