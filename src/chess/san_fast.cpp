// The SAN fast pass: the replay's hot path. See detail/san_fast.hpp for the contract; the
// general parser and resolver it defers to are in san.cpp.
#include "pgnkit/chess/detail/san_fast.hpp"

#include "pgnkit/chess/detail/san_rules.hpp"
#include "pgnkit/chess/movegen.hpp"

#include <array>
#include <cstddef>
#include <cstring>
#include <type_traits>

namespace pgnkit::chess {

using san_rules::byte;
using san_rules::needed_disambiguation;
using san_rules::pawn_push_origin;

namespace {

/// parse_resolve_san() for the tokens its fast pass does not take. Out of line, so that the
/// fast pass saves no registers for it.
[[gnu::noinline]] bool parse_resolve_general(const Position& pos, std::string_view text,
                                             const SanParseOptions& opts, San& san,
                                             SanResolution& r) {
    if (!parse_san(text, san, opts)) {
        r = SanResolution{};
        return false;
    }
    r = resolve_san(pos, san, false);
    return true;
}

// parse_resolve_san() stores San and SanResolution as whole words built in registers (a
// store per field costs more, and the caller reads the fields back with narrow loads).
static_assert(sizeof(San) == 16 && offsetof(San, kind) == 0 && offsetof(San, piece) == 1 &&
              offsetof(San, from_file) == 2 && offsetof(San, from_rank) == 3 &&
              offsetof(San, to) == 4 && offsetof(San, promotion) == 5 &&
              offsetof(San, capture) == 6 && offsetof(San, check) == 7 &&
              offsetof(San, mate) == 8 && offsetof(San, suffix_nag) == 9 &&
              offsetof(San, liberties) == 12);
static_assert(sizeof(SanResolution) == 24 && offsetof(SanResolution, move) == 0 &&
              offsetof(SanResolution, ok) == 2 && offsetof(SanResolution, error) == 3 &&
              offsetof(SanResolution, liberties) == 4 && offsetof(SanResolution, candidates) == 8 &&
              offsetof(SanResolution, gives_check) == 12 && offsetof(SanResolution, mate) == 13 &&
              offsetof(SanResolution, origins) == 16);
static_assert(sizeof(Move) == 2 && sizeof(Square) == 1 && sizeof(PieceType) == 1 &&
              sizeof(San::Kind) == 1 && sizeof(SanError) == 1);

// The fast pass keeps the token's San in a register as one word: San's first 8 bytes as
// parse_san() leaves them for the shapes the pass takes (no promotion, no annotation glyph,
// no syntactic liberty; mate, the ninth byte, is the token's last byte being '#'), but for
// the piece and the check flag, which no resolver reads: parse_resolve_san() adds them.

/// The San word (piece 0, check flag 0); `ff`, `fr` are -1 when not given, `to` a square
/// (0 to 63) or NoSquare.
constexpr std::uint64_t san_word(San::Kind kind, int ff, int fr, unsigned to, bool capture) {
    return std::uint64_t(kind) | std::uint64_t(std::uint8_t(ff)) << 16 |
           std::uint64_t(std::uint8_t(fr)) << 24 | std::uint64_t(to) << 32 |
           std::uint64_t(PieceType::None) << 40 | std::uint64_t(capture) << 48;
}
constexpr Square word_to(std::uint64_t w) { return Square(std::int8_t(w >> 32)); }
constexpr int word_file(std::uint64_t w) { return std::int8_t(w >> 16); }
constexpr int word_rank(std::uint64_t w) { return std::int8_t(w >> 24); }
constexpr bool word_capture(std::uint64_t w) { return (w >> 48) & 1; }
/// A from_file or a from_rank given.
constexpr bool word_disambiguated(std::uint64_t w) { return (w & 0xFFFF0000) != 0xFFFF0000; }
/// The piece (knight … king), for the piece moves only (resolve_piece() sets it; else 0).
constexpr PieceType word_piece(std::uint64_t w) { return PieceType(std::uint8_t(w >> 8)); }

// The resolvers of the fast pass answer with a FastSan built as one word in a register (a
// store per field costs more): the move in bits 0-15, the outcome in 16-31, the liberties in
// 32-63; 0 is Declined. The pass returns the word itself, so that it tail-calls its resolvers
// (a conversion on the way back costs it a frame); fast_play_san() makes it the struct.
static_assert(sizeof(FastSan) == 8 && offsetof(FastSan, move) == 0 &&
              std::has_unique_object_representations_v<FastSan> &&
              offsetof(FastSan, outcome) == 2 && offsetof(FastSan, liberties) == 4 &&
              std::is_trivially_copyable_v<FastSan>);

/// The word of a FastSan.
constexpr std::uint64_t fast_word(Move m, FastSanOutcome outcome, std::uint32_t lib) {
    return std::uint64_t(m.raw()) | std::uint64_t(outcome) << 16 | std::uint64_t(lib) << 32;
}
/// What a resolver of the fast pass returns for the legal move `m` it resolved.
constexpr std::uint64_t fast_result(Move m, std::uint32_t lib) {
    return fast_word(m, FastSanOutcome::Resolved, lib);
}

/// Whether the side to move, not in check or in check by `checkers`, may move its piece
/// (not the king) from `from` to `to`, a move that is not en passant; `ksq` is its king.
/// Exact, without Position::is_legal: in check, the move must take the single checker or
/// block its line; and the piece must not be pinned, or must stay on its pin line. The pin
/// is looked for only when `from` is on a line with the king (Stockfish's `legal()` idea).
inline bool piece_move_legal(const Position& pos, Square from, Square to, Square ksq) {
    if (const Bitboard checkers = pos.checkers();
        checkers && (more_than_one(checkers) || !(between_bb(ksq, lsb(checkers)) & bb(to))))
        return false;
    const Bitboard fb = bb(from), orth = orth_rays(ksq);
    if (!((orth | diag_rays(ksq)) & fb)) return true;
    const Bitboard line = line_bb(ksq, from);
    if (line & bb(to)) return true;
    const Color them = ~pos.side_to_move();
    Bitboard snipers = line & ((orth & fb) ? pos.pieces(them, PieceType::Rook, PieceType::Queen)
                                           : pos.pieces(them, PieceType::Bishop, PieceType::Queen));
    const Bitboard occ = pos.pieces();
    while (snipers) {
        const Square s = pop_lsb(snipers);
        // between_bb holds the squares strictly between and the sniper's own square.
        if ((between_bb(ksq, s) & occ) == (fb | bb(s))) return false;
    }
    return true;
}

/// Whether the king of the side to move may step to `to` (not an own piece's square).
inline bool king_step_legal(const Position& pos, Square ksq, Square to) {
    const Color us = pos.side_to_move(), them = ~us;
    const Bitboard theirs = pos.pieces(them);
    if ((pawn_attacks(us, to) & theirs & pos.pieces(PieceType::Pawn)) ||
        (knight_attacks(to) & theirs & pos.pieces(PieceType::Knight)) ||
        (king_attacks(to) & theirs & pos.pieces(PieceType::King)))
        return false;
    return !slider_attackers(to, pos.pieces(them, PieceType::Bishop, PieceType::Queen),
                             pos.pieces(them, PieceType::Rook, PieceType::Queen),
                             pos.pieces() ^ bb(ksq));
}

// The resolvers of the fast pass take the San word in a register, return their answer in
// one, and make no call but tail calls: they save no registers. 0 = the general code
// decides (illegal, ambiguous, a king missing …).

/// The fast pass for castling on `side`.
[[gnu::noinline]] std::uint64_t fast_castling(const Position& pos, CastleSide side) {
    const Color us = pos.side_to_move();
    const Square ksq = pos.king_square(us);
    if (ksq == NoSquare || !pos.can_castle(us, side)) return 0;
    const Move m(ksq, pos.castling_rook(us, side), Move::Castling);
    return pos.is_legal(m) ? fast_result(m, 0) : 0;
}

/// Whether the move of the piece (not the king) from `from` to `to` needs a closer look
/// (piece_move_legal): in check, or when `from` is on a line through the king and an enemy
/// slider, and `to` off it (the piece may be pinned). Else it is legal.
inline bool needs_legality_test(const Position& pos, Square from, Square to, Square ksq) {
    const Bitboard line = line_bb(ksq, from);
    const Bitboard sliders = pos.pieces(~pos.side_to_move()) & ~pos.pieces(PieceType::Pawn) &
                             ~pos.pieces(PieceType::Knight);
    // One branch on the three tests (the slider test is true often and at random).
    return (pos.checkers() | unsigned(((line & sliders) != 0) & ((line & bb(to)) == 0))) != 0;
}

/// The position a resolver of the fast pass is given: with Play, it plays the usual move
/// it resolves (fast_play_san()).
template <bool Play>
using FastPos = std::conditional_t<Play, Position&, const Position&>;

/// The answer for the legal move of the Pt from `from` to `to` that the fast pass resolved
/// without liberties; with Play, the move is played, `*undo` records how to take it back and
/// `*before` (if given) becomes the position before it.
template <PieceType Pt, bool Play>
inline std::uint64_t take(FastPos<Play> pos, Position* before, Position::NormalUndo* undo,
                          Square from, Square to, PieceType rt = Pt) {
    if constexpr (Play) {
        if (before != nullptr) *before = pos;
        pos.template play_normal<Pt>(from, to, *undo, rt);
        return fast_word(Move(from, to), FastSanOutcome::Played, 0);
    } else {
        (void)before, (void)undo;
        return fast_result(Move(from, to), 0);
    }
}

/// The end of the fast pass for a pawn move from `from` to `to` that is legal if its piece
/// may move (piece_move_legal).
template <bool Play>
[[gnu::noinline]] std::uint64_t finish_pawn(FastPos<Play> pos, Position* before,
                                            Position::NormalUndo* undo, Square from, Square to) {
    if (!piece_move_legal(pos, from, to, pos.king_square(pos.side_to_move()))) return 0;
    return take<PieceType::Pawn, Play>(pos, before, undo, from, to);
}

/// The fast pass for e4: the pawn that pushes there.
template <bool Play>
[[gnu::noinline]] std::uint64_t fast_push(FastPos<Play> pos, Position* before,
                                          Position::NormalUndo* undo, std::uint64_t w) {
    const Color us = pos.side_to_move();
    const Square ksq = pos.king_square(us), to = word_to(w);
    // Relative ranks 3 to 7 (no promotion): relative squares 16 to 55.
    const bool pawn_rank = unsigned(relative(us, to)) - 16 < 40;
    if (ksq == NoSquare || !pawn_rank || !pos.empty(to)) return 0;
    const Bitboard origin = pawn_push_origin(pos, us, to);
    if (!origin) return 0;
    if (needs_legality_test(pos, lsb(origin), to, ksq))
        return finish_pawn<Play>(pos, before, undo, lsb(origin), to);
    return take<PieceType::Pawn, Play>(pos, before, undo, lsb(origin), to);
}

/// The fast pass for exd5: a pawn capture (not en passant, not promoting).
template <bool Play>
[[gnu::noinline]] std::uint64_t fast_pawn_capture(FastPos<Play> pos, Position* before,
                                                  Position::NormalUndo* undo, std::uint64_t w) {
    const Color us = pos.side_to_move(), them = ~us;
    const Square ksq = pos.king_square(us), to = word_to(w);
    const bool pawn_rank = unsigned(relative(us, to)) - 16 < 40; // as in fast_push()
    const Bitboard origin =
        pawn_attacks(them, to) & pos.pieces(us, PieceType::Pawn) & file_bb(word_file(w));
    if (ksq == NoSquare || !pawn_rank || !(pos.pieces(them) & bb(to)) || !origin) return 0;
    if (needs_legality_test(pos, lsb(origin), to, ksq))
        return finish_pawn<Play>(pos, before, undo, lsb(origin), to);
    return take<PieceType::Pawn, Play>(pos, before, undo, lsb(origin), to);
}

/// The end of the fast pass for piece moves: `legal` holds the origins of every legal move
/// of the piece type to the San's square; the disambiguation must pick one.
template <PieceType Pt, bool Play>
[[gnu::noinline]] std::uint64_t finish_piece(FastPos<Play> pos, Position* before,
                                             Position::NormalUndo* undo, std::uint64_t w,
                                             Bitboard legal) {
    const int ff = word_file(w), fr = word_rank(w);
    const bool capture = word_capture(w);
    Bitboard match = legal;
    if (ff >= 0) match &= file_bb(ff);
    if (fr >= 0) match &= rank_bb(fr);
    if (!match || more_than_one(match)) return 0;
    const Square from = lsb(match), to = word_to(w);
    std::uint32_t lib = 0;
    if (ff >= 0 || fr >= 0) {
        // As resolve_impl: disambiguation beyond §8.2.3.4's.
        const bool given_file = ff >= 0, given_rank = fr >= 0;
        bool need_file = false, need_rank = false;
        needed_disambiguation(legal, from, need_file, need_rank);
        if (given_file && given_rank && !(need_file && need_rank))
            lib |= capture ? LibLongAlgebraic : LibOverDisambiguated;
        else if ((given_file && !need_file) || (given_rank && !need_rank))
            lib |= need_file || need_rank ? LibDisambiguationForm : LibOverDisambiguated;
    }
    const bool is_capture = (pos.pieces(~pos.side_to_move()) & bb(to)) != 0;
    if (is_capture != capture) lib |= capture ? LibSpuriousCapture : LibMissingCapture;
    if (Play && lib == 0) return take<Pt, Play>(pos, before, undo, from, to, word_piece(w));
    return fast_result(Move(from, to), lib);
}

/// The answer for the legal piece move from `from` to the San's square, written without
/// disambiguation.
inline std::uint64_t piece_move_result(const Position& pos, std::uint64_t w, Square from) {
    const Square to = word_to(w);
    const bool capture = word_capture(w);
    const bool is_capture = (pos.pieces(~pos.side_to_move()) & bb(to)) != 0;
    std::uint32_t lib = 0;
    if (is_capture != capture) lib = capture ? LibSpuriousCapture : LibMissingCapture;
    return fast_result(Move(from, to), lib);
}

/// piece_move_result(), played as take() plays when there is no liberty.
template <PieceType Pt, bool Play>
inline std::uint64_t take_piece(FastPos<Play> pos, Position* before, Position::NormalUndo* undo,
                                std::uint64_t w, Square from) {
    const std::uint64_t r = piece_move_result(pos, w, from);
    if (!Play || (r >> 32) != 0) return r;
    return take<Pt, Play>(pos, before, undo, from, word_to(w), word_piece(w));
}

/// finish_piece() for the pseudo-legal origins `origins` (pieces other than the king) that
/// need a legality test.
template <PieceType Pt, bool Play>
[[gnu::noinline]] std::uint64_t filter_piece(FastPos<Play> pos, Position* before,
                                             Position::NormalUndo* undo, std::uint64_t w,
                                             Bitboard origins) {
    const Square ksq = pos.king_square(pos.side_to_move()), to = word_to(w);
    Bitboard legal = origins;
    for (Bitboard b = origins; b;) {
        const Square s = pop_lsb(b);
        if (!piece_move_legal(pos, s, to, ksq)) legal ^= bb(s);
    }
    return finish_piece<Pt, Play>(pos, before, undo, w, legal);
}

/// fast_piece() when several pieces of the San's type (`mine`) reach its square on an empty
/// board (`origins`): a slider's line may be blocked.
template <bool Play>
[[gnu::noinline]] std::uint64_t fast_several(FastPos<Play> pos, Position* before,
                                             Position::NormalUndo* undo, std::uint64_t w,
                                             Bitboard mine, Bitboard origins) {
    const PieceType pt = word_piece(w);
    if (pt != PieceType::Knight)
        origins = slider_attackers(word_to(w), pt == PieceType::Rook ? 0 : mine,
                                   pt == PieceType::Bishop ? 0 : mine, pos.pieces());
    return filter_piece<PieceType::None, Play>(pos, before, undo, w, origins);
}

/// The fast pass for the moves of a knight, bishop, rook or queen (word_piece(w)): Nf3, Nbd2,
/// R1e2, Qh4xe1. One copy of the code for the four (play_normal<None>), so that which piece
/// moves is data, not an indirect jump a predictor must guess (3-4% of validate's time).
template <bool Play>
[[gnu::noinline]] std::uint64_t fast_piece(FastPos<Play> pos, Position* before,
                                           Position::NormalUndo* undo, std::uint64_t w) {
    const Color us = pos.side_to_move();
    const Square ksq = pos.king_square(us), to = word_to(w);
    const Bitboard tb = bb(to);
    if (ksq == NoSquare || (pos.pieces(us) & tb)) return 0;
    const Bitboard mine = pos.pieces(us, word_piece(w));
    const Bitboard origins = piece_reach(word_piece(w), to) & mine;
    if (!origins) return 0;
    if (more_than_one(origins)) return fast_several<Play>(pos, before, undo, w, mine, origins);
    // One piece that reaches `to` on an empty board is the rule: a slider's path is tested
    // without a loop (a knight's between_bb is `to` alone).
    const Square from = lsb(origins);
    if (between_bb(from, to) & pos.pieces() & ~tb) return 0;
    if (word_disambiguated(w) || needs_legality_test(pos, from, to, ksq))
        return filter_piece<PieceType::None, Play>(pos, before, undo, w, origins);
    // The usual case: one piece that may move, no disambiguation written.
    return take_piece<PieceType::None, Play>(pos, before, undo, w, from);
}

/// The fast pass for king moves: Kf1, Kxe2.
template <bool Play>
[[gnu::noinline]] std::uint64_t fast_king(FastPos<Play> pos, Position* before,
                                          Position::NormalUndo* undo, std::uint64_t w) {
    const Color us = pos.side_to_move();
    const Square ksq = pos.king_square(us), to = word_to(w);
    if (ksq == NoSquare || (pos.pieces(us) & bb(to))) return 0;
    // Ke1g1 may be castling: the general code decides.
    if ((word_file(w) >= 0 && word_rank(w) >= 0) || !(king_attacks(to) & bb(ksq)) ||
        !king_step_legal(pos, ksq, to))
        return 0;
    if (word_disambiguated(w))
        return finish_piece<PieceType::King, Play>(pos, before, undo, w, bb(ksq));
    return take_piece<PieceType::King, Play>(pos, before, undo, w, ksq);
}

/// The fast pass for the piece move of the San word `w` without its piece, the piece of
/// type `pt` (1 knight … 5 king).
template <bool Play>
inline std::uint64_t resolve_piece(FastPos<Play> pos, Position* before, Position::NormalUndo* undo,
                                   std::uint64_t w, unsigned pt) {
    w |= std::uint64_t(pt) << 8;
    if (pt == unsigned(PieceType::King)) return fast_king<Play>(pos, before, undo, w);
    return fast_piece<Play>(pos, before, undo, w);
}

/// What the first byte of a token says to the fast pass: 0 a pawn (a file letter), 1-5 the
/// piece of an English letter N B R Q K, 7 castling (O), 6 anything else.
constexpr std::array<std::uint8_t, 256> make_first_byte_table() {
    std::array<std::uint8_t, 256> t{};
    for (auto& x : t) x = 6;
    for (int c = 'a'; c <= 'h'; ++c) t[std::size_t(c)] = 0;
    t['N'] = 1;
    t['B'] = 2;
    t['R'] = 3;
    t['Q'] = 4;
    t['K'] = 5;
    t['O'] = 7;
    return t;
}
constexpr std::array<std::uint8_t, 256> FirstByte = make_first_byte_table();

// The fast pass reads the usual shapes of export-format SAN in English: e4, exd5, Nf3,
// Nbd2, R1e2, Qh4xe1, O-O, O-O-O, each with an optional + or #. It parses them as
// parse_san() does (into the San word `w`) and resolves a legal move as resolve_impl()
// does; every failure (illegal, ambiguous, en passant, a promotion square, Ke1g1 …) and
// every other shape gives 0, and the general code gives the answer, the same for the shapes
// taken here. Parsing makes no call but tail calls, so that it saves no registers.
template <bool Play>
inline std::uint64_t fast_pass(FastPos<Play> pos, Position* before, Position::NormalUndo* undo,
                               std::string_view text, const SanParseOptions& opts,
                               std::uint64_t& w) {
    const char* p = text.data();
    std::size_t e = text.size();
    if (opts.piece_letters.size() >= 5 || e - 2 > 5) return 0; // English letters, 2-7 bytes
    const unsigned last = byte(p[e - 1]);
    const unsigned b0 = byte(p[0]);
    // '+' (0x2B) and '#' (0x23) differ in bit 3 only.
    const bool suffix = (last & ~8u) == '#';
    e -= suffix;
    if (b0 == 'O') { // O-O, O-O-O
        San::Kind kind;
        if (e == 3 && p[1] == '-' && p[2] == 'O')
            kind = San::Kind::CastleKing;
        else if (e == 5 && p[1] == '-' && p[2] == 'O' && p[3] == '-' && p[4] == 'O')
            kind = San::Kind::CastleQueen;
        else
            return 0;
        w = san_word(kind, -1, -1, unsigned(NoSquare), false);
        return fast_castling(pos,
                             kind == San::Kind::CastleKing ? CastleSide::King : CastleSide::Queen);
    }
    // The shape is told from the leading bytes (loaded as soon as the token's start is
    // known), the length only checked: a mispredicted shape is then found out early.
    const std::uint64_t none = san_word(San::Kind::Normal, -1, -1, 0, false);
    const unsigned b1 = byte(p[1]);
    const unsigned file = b0 - 'a';
    if (file < 8) { // e4, exd5: the only pawn shapes taken here
        if (b1 - '1' < 8) {
            if (e != 2) return 0;
            const std::uint64_t lo = none | std::uint64_t((b1 - '1') * 8 + file) << 32;
            w = lo;
            return fast_push<Play>(pos, before, undo, lo);
        }
        if (b1 != 'x' || e != 4) return 0;
        const unsigned tf = byte(p[2]) - 'a', tr = byte(p[3]) - '1';
        if ((tf | tr) > 7) return 0;
        const std::uint64_t lo = (none | std::uint64_t(tr * 8 + tf) << 32) ^
                                 (std::uint64_t(0xFF ^ file) << 16 | std::uint64_t(1) << 48);
        w = lo;
        return fast_pawn_capture<Play>(pos, before, undo, lo);
    }
    const unsigned pt = FirstByte[b0]; // a piece letter: 1 to 5
    if (pt - 1 > 4 || e < 3) return 0;
    {
        const unsigned f1 = b1 - 'a', r2 = byte(p[2]) - '1';
        if ((f1 | r2) <= 7) { // Nf3
            if (e == 3) {
                const std::uint64_t lo = none | std::uint64_t(r2 * 8 + f1) << 32;
                w = lo;
                return resolve_piece<Play>(pos, before, undo, lo, pt);
            }
        } else if (b1 == 'x' && e == 4) { // Nxf3
            const unsigned tf = byte(p[2]) - 'a', tr = byte(p[3]) - '1';
            if ((tf | tr) > 7) return 0;
            const std::uint64_t lo =
                none | std::uint64_t(tr * 8 + tf) << 32 | std::uint64_t(1) << 48;
            w = lo;
            return resolve_piece<Play>(pos, before, undo, lo, pt);
        }
    }
    // The other piece shapes, from the end: Nbd2, R1e2, Qh4xe1 …
    const unsigned tf = byte(p[e - 2]) - 'a', tr = byte(p[e - 1]) - '1';
    if ((tf | tr) > 7) return 0;
    std::uint64_t lo = none | std::uint64_t(tr * 8 + tf) << 32;
    std::size_t k = e - 2;
    if (k > 1) {
        if (p[k - 1] == 'x') {
            lo |= std::uint64_t(1) << 48;
            --k;
        }
        if (k > 1 && unsigned(byte(p[k - 1]) - '1') < 8) {
            lo ^= std::uint64_t(0xFF ^ (byte(p[k - 1]) - '1')) << 24;
            --k;
        }
        if (k > 1 && unsigned(byte(p[k - 1]) - 'a') < 8) {
            lo ^= std::uint64_t(0xFF ^ (byte(p[k - 1]) - 'a')) << 16;
            --k;
        }
        if (k != 1) return 0;
    }
    w = lo;
    return resolve_piece<Play>(pos, before, undo, lo, pt);
}

} // namespace

std::uint64_t fast_resolve_san_word(const Position& pos, std::string_view text,
                                    const SanParseOptions& opts) {
    std::uint64_t w;
    return fast_pass<false>(pos, nullptr, nullptr, text, opts, w);
}

std::uint64_t fast_play_san_word(Position& pos, Position* before, Position::NormalUndo& undo,
                                 std::string_view text, const SanParseOptions& opts) {
    std::uint64_t w;
    return fast_pass<true>(pos, before, &undo, text, opts, w);
}

bool parse_resolve_san(const Position& pos, std::string_view text, const SanParseOptions& opts,
                       San& san, SanResolution& r) {
    std::uint64_t w = 0;
    const std::uint64_t x = fast_pass<false>(pos, nullptr, nullptr, text, opts, w);
    if (!x) return parse_resolve_general(pos, text, opts, san, r);
    // San and SanResolution as parse_san() and resolve_san(pos, san, false) leave them: mate
    // in San's second word; ok, error Syntax (unused), one candidate, no check fields.
    // The piece (castling's is PieceType::Pawn, 0) and the check flag.
    if (San::Kind(w & 0xFF) == San::Kind::Normal) w |= std::uint64_t(FirstByte[byte(text[0])]) << 8;
    w |= std::uint64_t(text.back() == '+') << 56;
    const std::uint64_t san_hi = text.back() == '#';
    std::memcpy(reinterpret_cast<char*>(&san), &w, 8);
    std::memcpy(reinterpret_cast<char*>(&san) + 8, &san_hi, 8);
    const Move m = Move::from_raw(std::uint16_t(x));
    const std::uint64_t r_lo = (x & 0xFFFFFFFF00000000u) | m.raw() | std::uint64_t(1) << 16 |
                               std::uint64_t(SanError::Syntax) << 24;
    const std::uint64_t r_mid = 1, origins = bb(m.from());
    std::memcpy(reinterpret_cast<char*>(&r), &r_lo, 8);
    std::memcpy(reinterpret_cast<char*>(&r) + 8, &r_mid, 8);
    std::memcpy(reinterpret_cast<char*>(&r) + 16, &origins, 8);
    return true;
}

} // namespace pgnkit::chess
