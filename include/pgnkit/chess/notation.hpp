#pragma once
/// Move notation: SAN (lenient parse, canonical format), LAN and UCI.
///
/// Parsing is split in two (STYLE.md §3): parse_san() reads the syntax of a token without a
/// position; resolve_san() finds the one legal move it means, or says it is illegal or
/// ambiguous. Resolution never generates all legal moves: candidates come from the attack
/// tables of the target square, then pins and check are tested.

#include "pgnkit/chess/position.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace pgnkit::chess {

/// Liberties a SAN token took, as a bit set. Each maps to its own diagnostic code.
enum SanLiberty : std::uint16_t {
    LibNone = 0,
    LibCastlingZeros = 1 << 0,      ///< 0-0, 0-0-0, o-o
    LibPromotionForm = 1 << 1,      ///< e8Q, e8(Q), e8/Q, e8q (no '=')
    LibEnPassantSuffix = 1 << 2,    ///< exd6 e.p., exd6ep
    LibOverDisambiguated = 1 << 3,  ///< Ngf3 where Nf3 suffices, Rc1c4 (after resolution)
    LibUnderDisambiguated = 1 << 4, ///< reserved (ambiguous is an error, not a liberty)
    LibMissingCapture = 1 << 5,     ///< a capture written without x (after resolution)
    LibSpuriousCapture = 1 << 6,    ///< x on a non-capture (after resolution)
    LibCheckSuffix = 1 << 7,        ///< missing/superfluous/wrong + or # (after resolution)
    LibLongAlgebraic = 1 << 8,      ///< e2-e4, Ng1-f3, Ng1xf3 (LAN)
    LibUci = 1 << 9,                ///< e2e4, e7e8q
    LibFigurine = 1 << 10,          ///< ♘f3
    LibPieceLowercase = 1 << 11,    ///< nf3 (a piece letter in lower case, not b)
    LibPawnLetter = 1 << 12,        ///< Pe4
};

/// A SAN token's syntax, independent of any position.
struct San {
    enum class Kind : std::uint8_t { Normal, CastleKing, CastleQueen, Null };
    Kind kind = Kind::Normal;
    PieceType piece = PieceType::Pawn; ///< moving piece
    std::int8_t from_file = -1;        ///< disambiguation (0-7) or -1
    std::int8_t from_rank = -1;        ///< disambiguation (0-7) or -1
    Square to = NoSquare;
    PieceType promotion = PieceType::None;
    bool capture = false;              ///< 'x' or ':' written
    bool check = false;                ///< '+' written
    bool mate = false;                 ///< '#' (or '++') written
    std::uint16_t liberties = LibNone; ///< syntactic liberties taken
};

struct SanParseOptions {
    bool allow_null = false; ///< accept -- and Z0 as null moves
    /// Piece letters K Q R B N in the input language, e.g. "KDTLS" for German (K, D, T, L, S
    /// for king, queen, rook, bishop, knight). Empty = English.
    std::string_view piece_letters = {};
};

enum class SanError : std::uint8_t {
    Syntax,    ///< not a move token at all
    Illegal,   ///< no legal move matches
    Ambiguous, ///< more than one legal move matches
    NullNotAllowed,
};

/// Parses the syntax of a SAN (or LAN/UCI) token. Trailing annotation glyphs (!, ?, !?, …)
/// are ignored. Returns false if it is not a move token.
bool parse_san(std::string_view text, San& out, const SanParseOptions& opts = {});

/// The outcome of resolving a move text against a position.
struct SanResolution {
    Move move; ///< valid when ok
    bool ok = false;
    SanError error = SanError::Syntax;
    std::uint16_t liberties = LibNone; ///< syntactic + semantic liberties
    int candidates = 0;                ///< legal matches (2+ when ambiguous)
};

/// Finds the legal move `san` means in `pos`. Never picks one of two candidates.
/// Semantic liberties (over-disambiguation, missing/spurious x, wrong +/#) are added to
/// `liberties`; computing +/# correctness needs a move played, so it is done only when
/// `check_suffix` is true.
SanResolution resolve_san(const Position& pos, const San& san, bool check_suffix = true);
/// parse_san + resolve_san.
SanResolution parse_and_resolve(const Position& pos, std::string_view text,
                                const SanParseOptions& opts = {}, bool check_suffix = true);

/// Canonical SAN (PGN standard §8.2.3) with + or # as needed. Writes into `out` (≥ 16 bytes),
/// returns the end. `piece_letters` as in SanParseOptions; `figurine` uses ♔♕♖♗♘ glyphs.
char* write_san(const Position& pos, Move m, char* out, std::string_view piece_letters = {},
                bool figurine = false);
std::string format_san(const Position& pos, Move m);

/// Long algebraic: e2-e4, Ng1xf3, e7-e8=Q, O-O (with +/#).
std::string format_lan(const Position& pos, Move m);
/// UCI: e2e4, e7e8q; castling as king-to-target (e1g1) unless the position is Chess960,
/// where it is king-takes-rook (e1h1).
std::string format_uci(const Position& pos, Move m);
/// Reads a UCI move (either castling form) and returns it if legal, else Move::null().
Move parse_uci(const Position& pos, std::string_view text);
/// Reads a LAN move if legal, else Move::null().
Move parse_lan(const Position& pos, std::string_view text);

} // namespace pgnkit::chess
