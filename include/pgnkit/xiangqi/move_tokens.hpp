#pragma once
/// The PGN reader's move-token table for xiangqi games (pgn/reader.hpp MoveTokenTable): which
/// bytes may start a move in any xiangqi notation, so that `h2e2`, `Che2`, `C2.5`, `+C-1`,
/// `Ｃ２＝５` and `炮二平五` are handed over as moves, not read as glyphs or text.

#include "pgnkit/pgn/reader.hpp"

namespace pgnkit::xiangqi {

/// Moves start with a file a–i (ICCS, UCI, SAN soldiers), a piece letter (K A E H R C P, and
/// G B N S as WXF and SAN also write them), `+` or `-` (WXF's tandem pieces: `+C-1`, `--.4`),
/// or a UTF-8 lead byte (full-width WXF, Chinese). A glued glyph ends with `! ? = -`, or `+`
/// after `- /` (as for chess); unlike chess, bytes from 0x80 on do not end one: Chinese and
/// full-width moves end with them. (WXF's `3+.4` and `33.4` start with a digit: the reader
/// takes `33.4` for move number 33 and the move `4`.)
inline constexpr MoveTokenTable xiangqi_move_tokens = [] {
    MoveTokenTable t{detail::syntax_classes};
    for (int k = 0; k < 256; ++k) {
        const char c = static_cast<char>(k);
        unsigned char cls = 0;
        if ((c >= 'a' && c <= 'i') || c == 'K' || c == 'A' || c == 'E' || c == 'H' || c == 'R' ||
            c == 'C' || c == 'P' || c == 'G' || c == 'B' || c == 'N' || c == 'S' || c == '+' ||
            c == '-' || (k >= 0xC2 && k <= 0xF4))
            cls |= detail::tok_move;
        if (c == '!' || c == '?' || c == '=' || c == '-') cls |= detail::tok_glyph_last;
        if (c == '+') cls |= detail::tok_plus;
        if (c == '-' || c == '/') cls |= detail::tok_plus_prefix;
        t.classes[static_cast<std::size_t>(k)] |= cls;
    }
    return t;
}();

} // namespace pgnkit::xiangqi
