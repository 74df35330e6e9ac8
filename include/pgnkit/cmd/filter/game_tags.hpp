#pragma once
/// A game's tag pairs for `filter`, read without tokenizing its movetext (read_span_tags(),
/// pgn/span_tags.hpp), so a tags-only query runs at the speed of reading.

#include "pgnkit/pgn/splitter.hpp"

#include <deque>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::app {

/// One tag pair; the value unescaped (`\"`, `\\`).
struct TagPair {
    std::string_view name, value;
};

/// The tag pairs of one game. Reused from game to game: reading allocates nothing once its
/// buffers have grown to the games' needs.
class GameTags {
  public:
    /// Reads the tag section of `span` (as PgnReader does: blanks, `%` escape lines and any
    /// number of tag pairs per line, up to the first byte of movetext). The views are valid
    /// until the next read() or the span's end.
    void read(const GameSpan& span);
    /// Every tag pair, in the order of the text (a repeated name twice).
    std::span<const TagPair> all() const { return tags_; }
    /// The value of the first tag named `name` (exactly), or nullopt.
    std::optional<std::string_view> get(std::string_view name) const {
        for (const TagPair& t : tags_)
            if (t.name == name) return t.value;
        return std::nullopt;
    }
    /// Whether the tag section is valid UTF-8 (else its values are Latin-1, Windows-1252).
    bool utf8() const { return utf8_; }

  private:
    std::vector<TagPair> tags_;
    std::string buf_;               ///< the reader's unescaping buffer
    std::deque<std::string> owned_; ///< unescaped values, kept for the game (stable: views of them)
    std::size_t owned_used_ = 0;
    bool utf8_ = true;
};

} // namespace pgnkit::app
