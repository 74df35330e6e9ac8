/// Which game a PGN game is (check/game_kind.hpp).
#include "pgnkit/check/game_kind.hpp"

#include "pgnkit/check/detail/tag_values.hpp"
#include "pgnkit/pgn/span_tags.hpp"
#include "pgnkit/xiangqi/fen.hpp"

#include <string>

namespace pgnkit {

std::optional<GameChoice> parse_game_choice(std::string_view word) {
    if (word == "auto") return GameChoice::Auto;
    if (word == "chess" || word == "standard") return GameChoice::Chess;
    if (word == "xiangqi") return GameChoice::Xiangqi;
    return std::nullopt;
}

bool names_xiangqi(std::string_view tag_value) {
    if (tag_value.size() > 32) return false;
    const std::string v = detail::lower_alnum(tag_value);
    return v == "xiangqi" || v == "chinesechess";
}

bool span_is_xiangqi(const GameSpan& span) {
    std::string buffer;
    std::string_view value;
    if (find_span_tag(span, "Variant", buffer, value) && names_xiangqi(value)) return true;
    if (find_span_tag(span, "Game", buffer, value) && names_xiangqi(value)) return true;
    return find_span_tag(span, "FEN", buffer, value) && xiangqi::has_xiangqi_shape(value);
}

} // namespace pgnkit
