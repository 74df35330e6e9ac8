#include "pgnkit/chess/fen_writer.hpp"

#include <bit>

namespace pgnkit::chess {

namespace {

/// The squares whose piece differs between the pieces of `pos` and `before` (by type, then
/// by colour), which then become those of `pos`.
inline Bitboard changed_squares(const Position& pos, Bitboard (&before)[8]) {
    Bitboard now[8];
    for (int t = 0; t < 6; ++t) now[t] = pos.pieces(PieceType(t));
    now[6] = pos.pieces(Color::White);
    now[7] = pos.pieces(Color::Black);
    Bitboard diff = 0;
    for (int i = 0; i < 8; ++i) {
        diff |= now[i] ^ before[i];
        before[i] = now[i];
    }
    return diff;
}

/// Bit r set when byte r (rank r) of `squares` is not zero.
inline unsigned nonzero_ranks(Bitboard squares) {
    // Each byte's bits or-ed into its low bit, then a multiply gathers the eight low bits
    // into the top byte (no carries: the partial products land on distinct bits).
    squares |= squares >> 4;
    squares |= squares >> 2;
    squares |= squares >> 1;
    return unsigned(((squares & 0x0101010101010101ULL) * 0x0102040810204080ULL) >> 56);
}

} // namespace

char* write_fen(const Position& pos, char* out, const FenFormat& fmt) {
    // One position: each rank's text straight to `out` (no rank kept).
    const Piece* board = pos.board();
    const Bitboard occupied = pos.pieces();
    for (int rank = 7; rank >= 0; --rank) {
        const detail::RankText r = detail::rank_text(board, occupied, rank);
        detail::store_text(out, r.text);
        out += r.len;
        if (rank) *out++ = '/';
    }
    return detail::write_fen_tail(pos, out, fmt);
}

char* FenWriter::write(const Position& pos, char* out, const FenFormat& fmt) {
    // A rank's text depends only on its eight squares: redo the ranks whose squares changed
    // since the last call (a move touches one or two of them), found from the piece
    // bitboards. (Not from the mailbox: play() has just written single squares of it, and a
    // wide load over narrow stores stalls until they retire.)
    char* const start = out;
    const Bitboard diff = changed_squares(pos, pieces_);
    const unsigned changed = valid_ ? nonzero_ranks(diff) : 0xFFu;
    valid_ = true;
    dirty_ = 0xFF; // the rank texts no longer match the line's last position
    out = write_ranks(pos, changed, out, FenFormat{fmt.ep, fmt.castling, false});
    fields4_length_ = std::size_t(out - start);
    return fmt.clocks ? detail::write_clocks(pos, out) : out;
}

Square outermost_rook(const Position& pos, Color c, CastleSide side) {
    Square k = pos.king_square(c);
    if (k == NoSquare || relative_rank(c, k) != 0) return NoSquare;
    Bitboard rooks = pos.pieces(c, PieceType::Rook) & rank_bb(rank_of(k));
    if (side == CastleSide::King) {
        rooks &= ~((bb(k) << 1) - 1); // files above the king
        return rooks ? msb(rooks) : NoSquare;
    }
    rooks &= bb(k) - 1;
    return rooks ? lsb(rooks) : NoSquare;
}

namespace detail {

[[gnu::noinline]] char* write_castling_general(const Position& pos, char* out,
                                               const FenFormat& fmt) {
    for (Color c : {Color::White, Color::Black})
        for (CastleSide side : {CastleSide::King, CastleSide::Queen}) {
            if (!pos.can_castle(c, side)) continue;
            Square rook = pos.castling_rook(c, side);
            char ch;
            // In standard chess the castling rook is always the outer one: K/Q.
            if (fmt.castling == CastlingStyle::XFen &&
                (!pos.chess960() || rook == outermost_rook(pos, c, side)))
                ch = side == CastleSide::King ? 'K' : 'Q';
            else
                ch = char('A' + file_of(rook));
            *out++ = c == Color::White ? ch : char(ch | 0x20);
        }
    return out;
}

char* write_clocks(const Position& pos, char* out) {
    auto put = [&](unsigned v) {
        if (v < 10) { // the usual clocks: one or two digits
            *out++ = char('0' + v);
            return;
        }
        if (v < 100) {
            *out++ = char('0' + v / 10);
            *out++ = char('0' + v % 10);
            return;
        }
        char tmp[12];
        int n = 0;
        do tmp[n++] = char('0' + v % 10), v /= 10;
        while (v);
        while (n) *out++ = tmp[--n];
    };
    *out++ = ' ';
    put(unsigned(pos.halfmove_clock()));
    *out++ = ' ';
    put(unsigned(pos.fullmove_number()));
    return out;
}

} // namespace detail

std::string format_fen(const Position& pos, const FenFormat& fmt) {
    char buf[128];
    char* end = write_fen(pos, buf, fmt);
    return std::string(buf, end);
}

bool parse_ep_mode(std::string_view s, EpMode& out) {
    if (s == "legal")
        out = EpMode::Legal;
    else if (s == "pseudo")
        out = EpMode::Pseudo;
    else if (s == "always")
        out = EpMode::Always;
    else
        return false;
    return true;
}

} // namespace pgnkit::chess
