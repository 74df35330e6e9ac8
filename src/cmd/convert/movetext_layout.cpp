/// The movetext of a game in the export format (cmd/convert/movetext_layout.hpp).
#include "pgnkit/cmd/convert/movetext_layout.hpp"

#include "pgnkit/cmd/convert/pgn_writer.hpp"
#include "pgnkit/io/utf8.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstring>

namespace pgnkit::app {

namespace {

/// ' ', '\t', '\n', '\r', '\v', '\f' by byte value (a comment is scanned byte by byte).
constexpr std::array<bool, 256> space_bytes = [] {
    std::array<bool, 256> t{};
    for (unsigned char c : {' ', '\t', '\n', '\r', '\v', '\f'}) t[c] = true;
    return t;
}();
bool is_space(char c) { return space_bytes[static_cast<unsigned char>(c)]; }

/// The end of the word at i in text: the first space byte at or after i (or the end). Eight
/// bytes at a time while they last: a byte below 0x21 is a candidate (every space byte is),
/// the first one checked against the table.
std::size_t word_end(std::string_view text, std::size_t i) {
    constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    const char* s = text.data();
    const std::size_t n = text.size();
    while (std::endian::native == std::endian::little && i + 8 <= n) {
        std::uint64_t w;
        std::memcpy(&w, s + i, 8);
        // Bytes below 0x21; exact for the lowest flagged byte (borrows only run upwards).
        const std::uint64_t low = (w - ones * 0x21) & ~w & highs;
        if (!low) {
            i += 8;
            continue;
        }
        const std::size_t at = i + std::size_t(std::countr_zero(low) / 8);
        if (is_space(s[at])) return at;
        i = at + 1; // a control byte inside the word
    }
    while (i < n && !is_space(s[i])) ++i;
    return i;
}

/// `12.` or `12...` into `out` (≥ 16 bytes); returns the end.
char* write_move_number(char* out, int n, bool black) {
    out = std::to_chars(out, out + 12, n).ptr;
    *out++ = '.';
    if (black) *out++ = '.', *out++ = '.';
    return out;
}

} // namespace

MovetextLayout::MovetextLayout(const PgnWriterOptions& opts)
    : opts_(opts), width_(std::size_t(opts.line_width)) {}

void MovetextLayout::clear() {
    movetext_len_ = 0;
    column_ = 0;
    pending_opens_ = 0;
    hidden_depth_ = 0;
    need_number_ = true;
    latin1_ = false;
}

void MovetextLayout::grow_movetext(std::size_t n) {
    const std::size_t cap = std::max(2 * movetext_cap_, movetext_len_ + n + 4096);
    std::unique_ptr<char[]> bigger(new char[cap]);
    if (movetext_len_) std::memcpy(bigger.get(), movetext_.get(), movetext_len_);
    movetext_ = std::move(bigger);
    movetext_cap_ = cap;
}

void MovetextLayout::put_bytes(std::string_view s) {
    if (s.empty()) return;
    copy_bytes(movetext_room(s.size()), s.data(), s.size());
    movetext_len_ += s.size();
}

/// `12.` or `12...`, written in place.
void MovetextLayout::put_move_number(int n, bool black) {
    if (pending_opens_ != 0) {
        char buf[24];
        char* end = write_move_number(buf, n, black);
        put_token(std::string_view(buf, std::size_t(end - buf)));
        return;
    }
    const std::size_t lead = column_ > 0;
    char* const p = movetext_room(24);
    const char* end = write_move_number(p + lead, n, black);
    const auto len = std::size_t(end - (p + lead));
    place_token(p, lead, len, len, true);
}

/// put_token() of a long token or one with '(' to glue to its front.
void MovetextLayout::put_token_slow(std::string_view tok, bool may_wrap) {
    const std::size_t opens = std::size_t(pending_opens_);
    const std::size_t w = display_width(tok) + opens;
    if (column_ > 0) {
        if (may_wrap && column_ + 1 + w > width_) {
            put_char('\n');
            column_ = 0;
        } else {
            put_char(' ');
            ++column_;
        }
    }
    pending_opens_ = 0;
    column_ += w;
    char* const p = movetext_room(opens);
    if (opens) std::memset(p, '(', opens);
    movetext_len_ += opens;
    put_bytes(tok);
}

void MovetextLayout::put_comment(std::string_view text) {
    if (text.find('}') != std::string_view::npos) {
        // Only a `;` comment can hold a '}': keep it one, to the end of its line (§5).
        put_text_words(text, false);
        return;
    }
    put_text_words(text, true);
}

/// Writes comment text word by word (a comment may wrap at spaces, §8.2.1). In brace form
/// the first word carries the `{` and the last the `}`; in `;` form the words stay on one
/// line that the comment ends.
void MovetextLayout::put_text_words(std::string_view text, bool braces) {
    if (!braces) {
        scratch_.assign(1, ';');
        std::size_t i = 0;
        bool first = true;
        while (i < text.size()) {
            while (i < text.size() && is_space(text[i])) ++i;
            std::size_t j = i;
            while (j < text.size() && !is_space(text[j])) ++j;
            if (j == i) break;
            if (!first) scratch_ += ' ';
            first = false;
            if (latin1_)
                cp1252_to_utf8(text.substr(i, j - i), scratch_);
            else
                scratch_.append(text.substr(i, j - i));
            i = j;
        }
        put_token(scratch_);
        put_char('\n');
        column_ = 0;
        return;
    }
    std::size_t i = 0;
    bool first = true;
    for (;;) {
        while (i < text.size() && is_space(text[i])) ++i;
        const std::size_t j = word_end(text, i);
        std::size_t k = j;
        while (k < text.size() && is_space(text[k])) ++k;
        bool last = k >= text.size();
        // A line that starts with '%' is an escape line (§6): such a word stays on the line.
        const bool may_wrap = first || text[i] != '%';
        if (!latin1_ && j - i <= 14 && pending_opens_ == 0) {
            // The usual word (`[%clk`, `0:03:00]`): put together in its place, as put_token()
            // would (the separator's place first, known once the width is).
            const std::size_t lead = column_ > 0;
            char* const p = movetext_room(17);
            char* q = p + lead;
            if (first) *q++ = '{';
            const bool ascii = copy_short(q, text.data() + i, j - i);
            q += j - i;
            if (last) *q++ = '}';
            const auto n = std::size_t(q - (p + lead));
            place_token(p, lead, n, ascii ? n : display_width(std::string_view(p + lead, n)),
                        may_wrap);
        } else if (!latin1_ && j - i <= 14) {
            char tok[16];
            std::size_t n = 0;
            if (first) tok[n++] = '{';
            copy_short(tok + n, text.data() + i, j - i);
            n += j - i;
            if (last) tok[n++] = '}';
            put_token(std::string_view(tok, n), may_wrap);
        } else {
            scratch_.clear();
            if (first) scratch_ += '{';
            if (latin1_)
                cp1252_to_utf8(text.substr(i, j - i), scratch_);
            else
                scratch_.append(text.substr(i, j - i));
            if (last) scratch_ += '}';
            put_token(scratch_, may_wrap);
        }
        if (last) break;
        first = false;
        i = k;
    }
}

void MovetextLayout::nag(int n) {
    if (!visible() || opts_.strip_nags) return;
    char buf[16];
    buf[0] = '$';
    char* end = std::to_chars(buf + 1, buf + sizeof buf, n).ptr;
    put_token(std::string_view(buf, std::size_t(end - buf)));
}

void MovetextLayout::comment(std::string_view text) {
    if (!visible() || opts_.strip_comments) return;
    if (opts_.strip_clocks || opts_.strip_evals) {
        strip_comment_commands(text, opts_.strip_clocks, opts_.strip_evals, scratch2_);
        bool had_words = std::any_of(text.begin(), text.end(), [](char c) { return !is_space(c); });
        bool has_words =
            std::any_of(scratch2_.begin(), scratch2_.end(), [](char c) { return !is_space(c); });
        if (had_words && !has_words) return; // only commands were in it: it disappears
        put_comment(scratch2_);
    } else {
        put_comment(text);
    }
    need_number_ = true;
}

void MovetextLayout::begin_variation() {
    if (hidden_depth_ > 0 || opts_.strip_variations) {
        ++hidden_depth_;
        return;
    }
    if (pending_opens_++ == 0) number_before_opens_ = need_number_;
    need_number_ = true;
}

void MovetextLayout::end_variation() {
    if (hidden_depth_ > 0) {
        --hidden_depth_;
        return;
    }
    if (pending_opens_ > 0) {
        // A variation without moves or comments says nothing (and readers such as
        // pgn-extract reject `()`): it is left out.
        --pending_opens_;
        need_number_ = pending_opens_ > 0 || number_before_opens_;
        return;
    }
    if (column_ + 1 > width_) {
        put_char('\n');
        column_ = 0;
    }
    put_char(')');
    ++column_;
    need_number_ = true;
}

void MovetextLayout::end(std::string_view result) {
    pending_opens_ = 0; // every variation is closed by now
    put_token(result);
    put_char('\n');
}

} // namespace pgnkit::app
