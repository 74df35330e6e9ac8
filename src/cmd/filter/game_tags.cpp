#include "pgnkit/cmd/filter/game_tags.hpp"

#include "pgnkit/io/utf8.hpp"
#include "pgnkit/pgn/span_tags.hpp"

namespace pgnkit::app {

void GameTags::read(const GameSpan& span) {
    tags_.clear();
    owned_used_ = 0;
    const std::string_view text = span.text;
    const std::size_t end =
        read_span_tags(span, buf_, [&](std::string_view name, std::string_view value) {
            if (!is_view_of(value, text)) { // unescaped into buf_: kept for the game
                if (owned_used_ == owned_.size()) owned_.emplace_back();
                owned_[owned_used_].assign(value);
                value = owned_[owned_used_++];
            }
            tags_.push_back({name, value});
            return true;
        });
    utf8_ = is_valid_utf8(text.substr(0, end));
}

} // namespace pgnkit::app
