#pragma once
/// Text between games that is not PGN (a mail header, a sentence): how it is told from a game,
/// and how it is reported (validate's unexpected-text, one stderr line in fen and convert).

#include "pgnkit/diagnostics/diagnostic.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace pgnkit::app {

/// Whether a span the splitter cut is a game: it has a tag line, or a line whose first token
/// is PGN movetext (a move number, a move as parse_san() reads it, a result, a comment, a
/// variation or a NAG). False for text such as a mail header or a sentence between games.
bool looks_like_pgn(std::string_view text);
/// The rule for BatchGame::not_pgn: `span` follows a game of the same input (`after_game`),
/// has none of the splitter's tag marks and does not look like PGN.
bool is_text_between_games(const GameSpan& span, bool after_game);
/// Where the text of a span that is not PGN begins (its first non-blank byte) and its line
/// count, for the message that reports it.
struct NotPgnText {
    SourceLocation at;
    std::uint64_t lines = 0;
    std::string_view first_word;
};
NotPgnText describe_not_pgn(const GameSpan& span);
/// The message for such text (validate's unexpected-text), e.g. "text between games is not
/// PGN; skipped (2 lines)".
std::string not_pgn_message(const NotPgnText& what);
/// The one stderr line of fen and convert for such text, in validate's text format.
std::string not_pgn_report(const GameSpan& span);

} // namespace pgnkit::app
