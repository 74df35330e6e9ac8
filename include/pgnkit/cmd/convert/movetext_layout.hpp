#pragma once
/// MovetextLayout: the movetext of a game in the PGN export format (PGN standard §8.2), for
/// any game: moves arrive as text with their move number and side, and the layout writes the
/// numbers (every first-player move, a second-player move only as the first of a line or after
/// a comment or a variation, `N...`), NAGs as `$n`, comments (`{…}`, or `;…` to the line's end
/// when the text holds a '}'), variations (an empty one left out), the result, in lines of at
/// most PgnWriterOptions::line_width characters, and drops what the --strip options drop.
/// Chess (cmd/convert/pgn_writer.hpp) and xiangqi (cmd/convert/xiangqi_writer.hpp) convert
/// write through it, so their layouts agree.
///
/// The text is built in one buffer reused from game to game, each token copied once straight
/// to its place: convert's hot path for chess.

#include "pgnkit/io/bytes.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace pgnkit::app {

struct PgnWriterOptions;

/// Display columns of UTF-8 text: one per code point (continuation bytes don't count).
inline std::size_t display_width(std::string_view s) {
    std::size_t w = 0;
    for (unsigned char c : s) w += (c & 0xC0) != 0x80;
    return w;
}

/// The movetext of one game at a time. One per writer; reused for every game.
class MovetextLayout {
  public:
    /// Keeps a reference to `opts` (line width, --strip): they must outlive the layout.
    explicit MovetextLayout(const PgnWriterOptions& opts);
    MovetextLayout(const MovetextLayout&) = delete;
    MovetextLayout& operator=(const MovetextLayout&) = delete;

    /// Starts a game: empty text, no variation open. `latin1`: comment text is Windows-1252,
    /// transcoded to UTF-8 as it is written.
    void clear();
    void set_latin1(bool latin1) { latin1_ = latin1; }

    /// Whether what arrives now is written (false inside a stripped variation).
    bool visible() const { return hidden_depth_ == 0; }

    /// The number before a move, when one is due: `number` is the move's full-move number,
    /// `second` whether the second player (Black) makes it.
    void number_before_move(int number, bool second) {
        if (!second || need_number_) put_move_number(number, second);
        need_number_ = false;
    }
    /// A move's text (after number_before_move()).
    void move_text(std::string_view text) { put_token(text); }
    void nag(int n);
    void comment(std::string_view text);
    void begin_variation();
    void end_variation();
    /// Ends the movetext with the result and a newline.
    void end(std::string_view result);

    /// The movetext written so far.
    std::string_view text() const { return {movetext_.get(), movetext_len_}; }

  private:
    /// Room for n more bytes at the movetext's end (its length does not change).
    char* movetext_room(std::size_t n) {
        if (movetext_cap_ - movetext_len_ < n) [[unlikely]]
            grow_movetext(n);
        return movetext_.get() + movetext_len_;
    }
    void grow_movetext(std::size_t n);
    void put_char(char c) { *movetext_room(1) = c, ++movetext_len_; }
    void put_bytes(std::string_view s);
    inline void place_token(char* p, std::size_t lead, std::size_t n, std::size_t w, bool may_wrap);
    inline void put_token(std::string_view tok, bool may_wrap = true);
    [[gnu::noinline]] void put_token_slow(std::string_view tok, bool may_wrap);
    void put_move_number(int n, bool black);
    void put_text_words(std::string_view text, bool braces);
    void put_comment(std::string_view text);

    const PgnWriterOptions& opts_;
    const std::size_t width_; ///< PgnWriterOptions::line_width
    /// The wrapped movetext: a buffer written in place (a token is copied once, straight to
    /// its place; no string append per token).
    std::unique_ptr<char[]> movetext_;
    std::size_t movetext_len_ = 0, movetext_cap_ = 0;
    std::string scratch_, scratch2_;
    std::size_t column_ = 0;           ///< display column in the current movetext line
    int pending_opens_ = 0;            ///< '(' waiting to be glued to the next token
    int hidden_depth_ = 0;             ///< depth inside stripped variations
    bool need_number_ = true;          ///< the next second-player move needs `N...`
    bool number_before_opens_ = false; ///< need_number_ before the pending (
    bool latin1_ = false;
};

/// The separator of a token of width w already written at p + lead (lead: 1 when the line
/// has text, the separator's place), and the token's n bytes counted. §8.2.1: the line
/// breaks before a token that would pass the line width (tokens are never split).
inline void MovetextLayout::place_token(char* p, std::size_t lead, std::size_t n, std::size_t w,
                                        bool may_wrap) {
    if (lead) {
        if (may_wrap && column_ + 1 + w > width_) {
            p[0] = '\n';
            column_ = 0;
        } else {
            p[0] = ' ';
            ++column_;
        }
    }
    column_ += w;
    movetext_len_ += lead + n;
}

/// Appends a token, breaking the line before it when it would pass the line width (§8.2.1:
/// tokens are never split). Pending '(' are glued to its front.
inline void MovetextLayout::put_token(std::string_view tok, bool may_wrap) {
    if (pending_opens_ == 0 && tok.size() <= 16) [[likely]] {
        // The usual token (a move, a NAG, a comment word) is short: copied once, straight to
        // its place after room for the separator; the separator is known once the width is.
        const std::size_t lead = column_ > 0;
        char* const p = movetext_room(17);
        const bool ascii = copy_short(p + lead, tok.data(), tok.size());
        place_token(p, lead, tok.size(), ascii ? tok.size() : display_width(tok), may_wrap);
        return;
    }
    put_token_slow(tok, may_wrap);
}

} // namespace pgnkit::app
