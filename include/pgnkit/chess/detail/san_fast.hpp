#pragma once
/// The SAN fast pass: the replay's hot path (check/validator). For a token of the usual
/// shapes of English export-format SAN (e4, exd5, Nf3, Nbd2, R1e2, Qh4xe1, O-O, O-O-O, each
/// with an optional + or #, the token's last byte) it parses and resolves in one specialised
/// pass, and gives the same answer as parse_san() + resolve_san() (san.hpp); every other token,
/// and every token the general code must decide (illegal, ambiguous, en passant, promotion,
/// Ke1g1 …), is left to them. Only the validator, the opening replay (openings/game_opening.hpp)
/// and the tests use it.

#include "pgnkit/chess/position.hpp"
#include "pgnkit/chess/san.hpp"

#include <bit>
#include <cstdint>
#include <string_view>

namespace pgnkit::chess {

/// parse_san(text, san, opts), then, when it parses, resolve_san(pos, san, false) into `r`;
/// returns whether it parsed (`r` is SanResolution{} when not). `san` and `r` end exactly as
/// those two calls leave them; the usual shapes take the fast pass.
bool parse_resolve_san(const Position& pos, std::string_view text, const SanParseOptions& opts,
                       San& san, SanResolution& r);

/// What the fast pass made of a token.
enum class FastSanOutcome : std::uint16_t {
    Declined = 0, ///< not taken: parse_resolve_san() (the general code) answers
    Resolved = 1, ///< `move` is the legal move the token names, `liberties` its liberties
    Played = 2,   ///< as Resolved, without liberties, and played (fast_play_san() only)
};

/// The answer of fast_resolve_san() and fast_play_san(). Eight bytes of trivially copyable
/// fields without padding: the word the pass builds it as (san_fast.cpp), in one register
/// (x86-64 SysV), with no padding byte to mask.
struct FastSan {
    Move move;                                         ///< Move() when Declined
    FastSanOutcome outcome = FastSanOutcome::Declined; ///< what the pass did
    /// The semantic liberties parse_resolve_san() gives the move (a missing or spurious x,
    /// over-disambiguation …); the pass takes no token with syntactic ones.
    std::uint32_t liberties = 0;
    friend bool operator==(const FastSan&, const FastSan&) = default;
};

/// The word fast_resolve_san() and fast_play_san() make their answer of (san_fast.cpp): the
/// pass builds it in a register and tail-calls its resolvers, which a conversion to FastSan
/// inside the pass would prevent. Call fast_resolve_san() and fast_play_san() instead.
std::uint64_t fast_resolve_san_word(const Position& pos, std::string_view text,
                                    const SanParseOptions& opts);
std::uint64_t fast_play_san_word(Position& pos, Position* before, Position::NormalUndo& undo,
                                 std::string_view text, const SanParseOptions& opts);

/// The fast pass of parse_resolve_san() alone: the move and its semantic liberties when it
/// takes the token (Resolved), else Declined.
inline FastSan fast_resolve_san(const Position& pos, std::string_view text,
                                const SanParseOptions& opts) {
    return std::bit_cast<FastSan>(fast_resolve_san_word(pos, text, opts));
}

/// fast_resolve_san(), which for the usual move (a pawn or piece move, no castling, no
/// liberties) also plays it: `pos` becomes the position after the move, `undo` what
/// Position::undo_normal() needs to take it back, `*before` (if not null) the position
/// before it, and the outcome is Played. Otherwise all are left unchanged (the caller plays
/// a move it was given). The same answer as fast_resolve_san() but for that outcome.
inline FastSan fast_play_san(Position& pos, Position* before, Position::NormalUndo& undo,
                             std::string_view text, const SanParseOptions& opts) {
    return std::bit_cast<FastSan>(fast_play_san_word(pos, before, undo, text, opts));
}

} // namespace pgnkit::chess
