#pragma once
/// SAN (PGN standard §8.2.3): the lenient parser, the resolver, the canonical writer.
///
/// Parsing is split in two (parse syntax, then resolve meaning): parse_san() reads the syntax
/// of a token without a position; resolve_san() finds the one legal move it means, or says it
/// is illegal or ambiguous. Resolution never generates all legal moves: candidates come from
/// the attack tables of the target square, then pins and check are tested. The replay's
/// specialised pass for the usual tokens is in detail/san_fast.hpp; LAN and UCI in
/// uci_lan.hpp.
///
/// Changes to the first draft of this API: `liberties` is 32 bits wide and gained
/// LibDoublePlus, LibColonCapture, LibUnicodeAnnotation, LibDisambiguationForm; `San::piece`
/// is PieceType::None for coordinate tokens without a piece letter (e2e4, g1-f3); San carries
/// the move suffix annotation as `suffix_nag`; SanResolution gained gives_check, mate and
/// origins; is_ep_suffix_token() and play_san() are new.

#include "pgnkit/chess/position.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace pgnkit::chess {

/// Liberties a move token took, as a bit set. Each maps to its own diagnostic code. The
/// syntactic ones are set by parse_san(), the semantic ones ("after resolution") by
/// resolve_san(). Canonical SAN (PGN standard §8.2.3) takes none.
enum SanLiberty : std::uint32_t {
    LibNone = 0,
    LibCastlingZeros = 1u << 0,       ///< 0-0, 0-0-0, o-o, o-o-o (§8.2.3.3 wants the letter O)
    LibPromotionForm = 1u << 1,       ///< e8Q, e8(Q), e8/Q, e8=q (§8.2.3.3 wants e8=Q)
    LibEnPassantSuffix = 1u << 2,     ///< exd6e.p., exd6ep (§8.2.3.3: no special notation)
    LibOverDisambiguated = 1u << 3,   ///< Ngf3 where Nf3 suffices, Rc1c4, Ng1f3 (resolution)
    LibUnderDisambiguated = 1u << 4,  ///< reserved (ambiguous is an error, not a liberty)
    LibMissingCapture = 1u << 5,      ///< a capture written without x: Nf3, ed5 (resolution)
    LibSpuriousCapture = 1u << 6,     ///< x on a non-capture (resolution)
    LibCheckSuffix = 1u << 7,         ///< missing/superfluous/wrong + or # (resolution)
    LibLongAlgebraic = 1u << 8,       ///< e2-e4, Ng1-f3, Ng1xf3, e4xd5 (LAN)
    LibUci = 1u << 9,                 ///< e2e4, e7e8q, e1g1 (UCI coordinates)
    LibFigurine = 1u << 10,           ///< ♘f3, ♞f3 (FAN)
    LibPieceLowercase = 1u << 11,     ///< nf3 (a piece letter in lower case; never a–h)
    LibPawnLetter = 1u << 12,         ///< Pe4, ♙e4 (§8.2.3.2: no pawn letter in SAN)
    LibDoublePlus = 1u << 13,         ///< ++ written for # (checkmate)
    LibColonCapture = 1u << 14,       ///< e:d5, N:f3 (':' for x)
    LibUnicodeAnnotation = 1u << 15,  ///< ‼ ⁇ ⁉ ⁈ glued on (suffix_nag holds the meaning)
    LibDisambiguationForm = 1u << 16, ///< N1d2 where §8.2.3.4 says Nbd2 (resolution)
};

/// A SAN token's syntax, independent of any position.
struct San {
    enum class Kind : std::uint8_t { Normal, CastleKing, CastleQueen, Null };
    Kind kind = Kind::Normal;
    /// The moving piece; PieceType::None for coordinate tokens without a piece letter
    /// (e2e4, e2-e4, g1f3, e1g1): the piece is whatever stands on the origin square.
    PieceType piece = PieceType::Pawn;
    std::int8_t from_file = -1; ///< disambiguation (0-7) or -1
    std::int8_t from_rank = -1; ///< disambiguation (0-7) or -1
    Square to = NoSquare;
    PieceType promotion = PieceType::None; ///< may be King or Pawn (resolves as illegal)
    bool capture = false;                  ///< 'x' or ':' written
    bool check = false;                    ///< '+' written
    bool mate = false;                     ///< '#' (or '++') written
    /// Move suffix annotation glued on (PGN standard §8.2.3.8 import format), as the NAG it
    /// stands for: 1 !, 2 ?, 3 !!, 4 ??, 5 !?, 6 ?! (also ‼ ⁇ ⁉ ⁈); 0 for none.
    std::uint8_t suffix_nag = 0;
    std::uint32_t liberties = LibNone; ///< syntactic liberties taken
};

/// Longest token parse_san() looks at; longer text is rejected at once.
inline constexpr std::size_t MaxSanTokenLength = 40;

struct SanParseOptions {
    bool allow_null = false; ///< accept -- and Z0 as null moves
    /// Piece letters K Q R B N in the input language, e.g. "KDTLS" for German (K, D, T, L, S
    /// for king, queen, rook, bishop, knight); an optional sixth letter is the pawn's. Fewer
    /// than five letters = English ("KQRBNP"). Letters are single ASCII upper-case bytes.
    std::string_view piece_letters = {};
};

enum class SanError : std::uint8_t {
    Syntax,    ///< not a move token at all
    Illegal,   ///< no legal move matches (also: missing or impossible promotion piece)
    Ambiguous, ///< more than one legal move matches
    NullNotAllowed,
};

/// Parses the syntax of a SAN (or LAN/UCI/FAN) token. Trailing annotation glyphs (!, ?, !?,
/// ‼ …) are stripped into `suffix_nag`, a glued en-passant suffix (e.p., ep) is stripped and
/// flagged. Returns false if it is not a move token. A null move (-- or Z0) without
/// `opts.allow_null` returns false with `out.kind == San::Kind::Null`, so that callers can
/// tell "null move not allowed" from a syntax error. Total: any bytes, no UB, no allocation.
bool parse_san(std::string_view text, San& out, const SanParseOptions& opts = {});

/// Whether `token` is an en-passant marker written as a token of its own ("exd6 e.p."):
/// e.p., e.p, ep, ep. (any case). The PGN reader reports it as LibEnPassantSuffix on the
/// preceding move.
bool is_ep_suffix_token(std::string_view token);

/// The outcome of resolving a move text against a position.
struct SanResolution {
    Move move; ///< valid when ok (Move::null() for an accepted null move)
    bool ok = false;
    SanError error = SanError::Syntax;
    std::uint32_t liberties = LibNone; ///< syntactic + semantic liberties
    int candidates = 0;                ///< legal matches (2+ when ambiguous)
    /// Whether the move gives check, checkmate; computed only when check_suffix was asked.
    bool gives_check = false;
    bool mate = false;
    /// Origin squares of the legal moves the text matches: the move's when ok, every
    /// candidate's when ambiguous (for "did you mean" suggestions), else 0. This field also
    /// makes the struct large enough to be returned in memory, which measured faster than
    /// the two-register return of a 16-byte struct of small fields (a store-forwarding stall).
    std::uint64_t origins = 0;
};

/// Finds the legal move `san` means in `pos`. Never picks one of two candidates.
/// Semantic liberties (over-disambiguation, missing/spurious x, wrong +/#) are added to
/// `liberties`; computing +/# correctness needs a mate test, so it is done only when
/// `check_suffix` is true.
///
/// Castling: O-O / O-O-O is the side's castling with its stored rook (Chess960 too). A token
/// with the king's full origin square (e1g1, e1h1, Ke1-g1) means castling when it names the
/// castling rook (king takes own rook) or the king's castling destination — the latter only
/// when no ordinary king move to that square is legal (in Chess960 the king may simply step
/// there; the ordinary move wins, as king-takes-rook is the Chess960 castling form).
/// A null move is illegal when the side to move is in check.
SanResolution resolve_san(const Position& pos, const San& san, bool check_suffix = true);
/// parse_san + resolve_san (error Syntax or NullNotAllowed when parsing fails).
SanResolution parse_and_resolve(const Position& pos, std::string_view text,
                                const SanParseOptions& opts = {}, bool check_suffix = true);

/// parse_and_resolve, then plays the move on `pos` (left unchanged on failure). The replay
/// hot path: the check suffix is verified from the played position's checkers, so only a
/// checking move costs a mate test.
SanResolution play_san(Position& pos, std::string_view text, const SanParseOptions& opts = {},
                       bool check_suffix = true);

/// Canonical SAN (PGN standard §8.2.3) with + or # as needed. Writes into `out` (≥ 16 bytes),
/// returns the end; no heap allocation. `m` must be legal in `pos`. `piece_letters` as in
/// SanParseOptions; `figurine` writes ♔♕♖♗♘ glyphs instead of letters (FAN). A null move is
/// written "--".
char* write_san(const Position& pos, Move m, char* out, std::string_view piece_letters = {},
                bool figurine = false);
std::string format_san(const Position& pos, Move m);

} // namespace pgnkit::chess
