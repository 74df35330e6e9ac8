#pragma once
/// Every xiangqi move notation, read and written: the coordinates (ICCS `h2e2`, UCI `h3e3`:
/// coordinates.hpp), WinBoard SAN (`Che2`, `Cxe6`, `Afe1`: winboard_san.hpp), and the two
/// spellings of the traditional file notation (descriptive.hpp): WXF (`C2.5`, `H8+7`, `+C-1`,
/// full-width `Ｃ２＝５` too: wxf.hpp) and Chinese (`炮二平五`, `馬８進７`, `前炮退一`:
/// chinese.hpp). Each is parsed, then resolved against the position to a legal move; every
/// refusal says why.

#include "pgnkit/result.hpp"
#include "pgnkit/xiangqi/move_rules.hpp"
#include "pgnkit/xiangqi/position.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace pgnkit::xiangqi {

/// The move notations.
enum class Notation : std::uint8_t {
    Iccs,        ///< `h2e2`, `H2-E2`: files a–i, ranks 0–9 from Red's side
    Uci,         ///< `h3e3`: ranks 1–10 (Fairy-Stockfish, UCCI engines' UCI mode)
    WinboardSan, ///< `Che2`, `Cxe6`, `Afe1`, `g5`, `axa3`: ranks 0–9
    Wxf,         ///< `C2.5`, `H8+7`, `+C-1`, `P3.4`; ASCII or full-width
    Chinese,     ///< `炮二平五`, `马８进７`, `前炮退一`; traditional or simplified
};

/// "iccs", "uci", "san", "wxf" or "chinese".
std::string_view notation_name(Notation n);

/// Why a move text was not played.
enum class MoveTextFault : std::uint8_t {
    Syntax,       ///< not a move in the notation
    UnknownPiece, ///< a piece letter or character the notation does not have
    NoSuchPiece,  ///< no piece of the side to move stands where the text says
    Ambiguous,    ///< more than one legal move fits the text
    Illegal,      ///< the move the text names breaks a rule (`verdict`)
    WrongSide,    ///< the text is a move of the side not to move
};

/// A refused move text: the fault, the rule broken (for Illegal) and one sentence.
struct MoveTextError {
    MoveTextFault fault = MoveTextFault::Syntax;
    MoveVerdict verdict;
    std::string message;
};

/// How moves are written where a notation has choices.
struct NotationStyle {
    bool wxf_fullwidth = false;        ///< WXF in full-width characters: `Ｃ２＝５`
    char wxf_traverse = '.';           ///< WXF's sideways sign: `.` (WXF) or `=` (`C2=5`)
    bool wxf_tandem_first = false;     ///< WXF tandem pieces as `+C-1` (else WXF's `C+-1`)
    bool chinese_traditional = false;  ///< 帥 將 傌 俥 進 後 (else 帅 将 马 车 进 后)
    bool chinese_ascii_digits = false; ///< Black's numbers as `8` (else full-width `８`)
    bool iccs_upper_dash = false;      ///< ICCS as `H2-E2` (else `h2e2`)
};

/// The legal move `text` means in `pos`, read in notation `n`. `text` may carry a check or
/// mate sign (`+`, `#`) after the move in ICCS, UCI and SAN.
Result<Move, MoveTextError> parse_move(const Position& pos, std::string_view text, Notation n);

/// The legal move `m` of `pos` written in notation `n`.
std::string format_move(const Position& pos, Move m, Notation n, const NotationStyle& style = {});

/// The notations whose syntax `text` has, as a bit set (bit = 1 << Notation): by its shape
/// alone, without a position (`h2e2` is both ICCS and UCI; `C2.5` only WXF). 0: none.
unsigned notations_of(std::string_view text);
/// The bit of one notation in notations_of()'s set.
constexpr unsigned notation_bit(Notation n) { return 1u << static_cast<unsigned>(n); }

} // namespace pgnkit::xiangqi
