#pragma once
/// A tag's value read from a game span without tokenizing its movetext (split's routing, a
/// tags-only selection): from the splitter's tag marks (GameSpan::tags) when they hold the
/// tag's first line, else by reading the tag section as PgnReader does (detail::parse_tag).

#include "pgnkit/pgn/splitter.hpp"

#include <string>
#include <string_view>

namespace pgnkit {

/// Finds the first tag named `name` (case-sensitive, as PGN tag names are) in the tag section
/// of `span` and returns its value, unescaped (`\"`, `\\`) as the reader hands it over: a view
/// into the span's text or into `buffer`, valid until the next call with either. Returns false
/// when the game has no such tag (`value` is then empty).
bool find_span_tag(const GameSpan& span, std::string_view name, std::string& buffer,
                   std::string_view& value);

} // namespace pgnkit
