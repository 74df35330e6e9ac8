#pragma once
/// Which game a PGN game is: western chess or xiangqi, by its tags (issue 45): a Variant tag
/// `xiangqi` (WinBoard, Fairy-Stockfish), a Game tag `Chinese Chess` (xqbase), or a FEN tag of
/// xiangqi's shape (xiangqi/fen.hpp has_xiangqi_shape). `--variant` forces one.

#include "pgnkit/pgn/splitter.hpp"

#include <optional>
#include <string_view>

namespace pgnkit {

/// What `--variant` of validate, fen, convert and stats chose.
enum class GameChoice {
    Auto,    ///< by the tags (the default)
    Chess,   ///< every game is chess (a Variant tag still says standard or Chess960)
    Xiangqi, ///< every game is xiangqi
};

/// "auto", "chess" (or "standard") or "xiangqi"; nullopt for another word.
std::optional<GameChoice> parse_game_choice(std::string_view word);

/// Whether a Variant or Game tag's value names xiangqi: "xiangqi", "Chinese Chess" (letters
/// and digits compared without case).
bool names_xiangqi(std::string_view tag_value);

/// Whether the game `span` is xiangqi by its tags (Variant, Game, FEN), read without
/// tokenizing its movetext (pgn/span_tags.hpp): for commands that decide before reading.
bool span_is_xiangqi(const GameSpan& span);

} // namespace pgnkit
