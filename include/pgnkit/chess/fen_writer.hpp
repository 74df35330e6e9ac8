#pragma once
/// FEN, X-FEN and Shredder-FEN output: write_fen for one position, FenWriter for the positions
/// of a game (it rebuilds only the ranks that changed). One rank table
/// (detail/fen_ranks.hpp) and one tail writer serve both.

#include "pgnkit/chess/detail/fen_ranks.hpp"
#include "pgnkit/chess/position.hpp"

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace pgnkit::chess {

/// Which en-passant square FEN output shows.
enum class EpMode {
    Legal,  ///< only when a legal en-passant capture exists (default; FIDE identity)
    Pseudo, ///< when a pawn of the side to move stands beside the pushed pawn
    Always  ///< after every double push (the PGN standard's FEN)
};
enum class CastlingStyle {
    XFen,    ///< KQkq, file letters only where KQkq would be ambiguous (X-FEN)
    Shredder ///< always file letters (HAha)
};

struct FenFormat {
    EpMode ep = EpMode::Legal;
    CastlingStyle castling = CastlingStyle::XFen;
    bool clocks = true; ///< halfmove and fullmove fields (false: the 4 EPD fields)
};

/// Writes the FEN into `out` (at least 100 bytes) and returns the end; no allocation.
char* write_fen(const Position& pos, char* out, const FenFormat& fmt = {});
std::string format_fen(const Position& pos, const FenFormat& fmt = {});

/// The outermost rook of colour `c` on its king's rank on `side` of the king (the rook X-FEN's
/// K or Q names), or NoSquare (no such rook, or the king off its first rank).
Square outermost_rook(const Position& pos, Color c, CastleSide side);

/// Parses an ep mode name: legal, pseudo, always.
bool parse_ep_mode(std::string_view s, EpMode& out);

namespace detail {
/// KQkq subsets by castling_rights() bit set (castle_index order K, Q, k, q), padded to 4;
/// no rights is "-".
inline constexpr char castling_subsets[16][4] = {
    {'-', ' ', ' ', ' '}, {'K', ' ', ' ', ' '}, {'Q', ' ', ' ', ' '}, {'K', 'Q', ' ', ' '},
    {'k', ' ', ' ', ' '}, {'K', 'k', ' ', ' '}, {'Q', 'k', ' ', ' '}, {'K', 'Q', 'k', ' '},
    {'q', ' ', ' ', ' '}, {'K', 'q', ' ', ' '}, {'Q', 'q', ' ', ' '}, {'K', 'Q', 'q', ' '},
    {'k', 'q', ' ', ' '}, {'K', 'k', 'q', ' '}, {'Q', 'k', 'q', ' '}, {'K', 'Q', 'k', 'q'}};
inline constexpr std::uint8_t castling_subset_len[16] = {1, 1, 1, 2, 1, 2, 2, 3,
                                                         1, 2, 2, 3, 2, 3, 3, 4};
} // namespace detail

/// The castling field of standard chess (a subset of KQkq in that order, "-" for none) for
/// castling_rights() `rights`, in one 4-byte store (`out` needs room for 4); returns the end.
inline char* write_castling_kqkq(unsigned rights, char* out) {
    std::memcpy(out, detail::castling_subsets[rights], 4);
    return out + detail::castling_subset_len[rights];
}

namespace detail {
/// Castling rights with rook files where needed (Chess960, Shredder-FEN).
char* write_castling_general(const Position& pos, char* out, const FenFormat& fmt);
/// Whether the en-passant square (set: after a double push) is shown in mode `mode`.
[[gnu::always_inline]] inline bool show_ep(const Position& pos, EpMode mode) {
    // has_pseudo_ep() first: without a pawn beside the pushed one (the usual case) no legal
    // capture exists either.
    return mode == EpMode::Always ||
           (pos.has_pseudo_ep() && (mode == EpMode::Pseudo || pos.has_legal_ep()));
}
/// " halfmove fullmove".
char* write_clocks(const Position& pos, char* out);
/// The fields after the placement: side, castling, en passant and (fmt.clocks) the clocks.
[[gnu::always_inline]] inline char* write_fen_tail(const Position& pos, char* out,
                                                   const FenFormat& fmt) {
    out[0] = ' ';
    out[1] = pos.side_to_move() == Color::White ? 'w' : 'b';
    out[2] = ' ';
    out += 3;
    const unsigned rights = pos.castling_rights();
    if (!rights || (!pos.chess960() && fmt.castling == CastlingStyle::XFen)) [[likely]] {
        // None, or standard chess: the rights are a subset of KQkq, in that order.
        out = write_castling_kqkq(rights, out);
    } else {
        out = write_castling_general(pos, out, fmt);
    }
    *out++ = ' ';
    const Square ep = pos.ep_square();
    if (ep != NoSquare && show_ep(pos, fmt.ep)) {
        *out++ = char('a' + file_of(ep));
        *out++ = char('1' + rank_of(ep));
    } else
        *out++ = '-';
    return fmt.clocks ? write_clocks(pos, out) : out;
}
} // namespace detail

/// The FEN writer for a sequence of related positions (a game): it remembers the text of
/// each rank and rebuilds only the ranks that changed since its last write. Same output as
/// write_fen for any position, related or not. It learns which ranks changed in one of two
/// ways:
/// - write() compares the pieces with those of its last write (any positions, in any order);
/// - line mode: start_line() and moved() tell it each move of one line of play, and
///   write_line() then redoes the ranks of the moves' squares without comparing (the fastest:
///   fen's EPD export of a main line).
/// The two may be mixed on one writer (each resets the other's knowledge).
class FenWriter {
  public:
    /// Writes the FEN of any position into `out` (at least 100 bytes) and returns the end.
    char* write(const Position& pos, char* out, const FenFormat& fmt = {});
    /// Length of the first four fields (placement, side, castling, en passant: the EPD
    /// position) of the last write().
    std::size_t fields4_length() const { return fields4_length_; }

    /// Forgets the rank texts: the next write redoes every rank (a new game).
    void reset() {
        valid_ = false;
        dirty_ = 0xFF;
    }

    /// Line mode: `pos` starts a line of play (a game's start position).
    void start_line(const Position& pos) {
        dirty_ = 0xFF;
        line_key_ = pos.key();
    }
    /// Line mode: the move `m` of the line, from `before` to `after`. A move's squares (the
    /// castling rook's and an en-passant victim's included) lie on the ranks of its from and
    /// to squares. The chain is checked by the positions' keys: a `before` that is not the
    /// line's last position redoes every rank at the next write_line().
    void moved(const Position& before, Move m, const Position& after) {
        if (before.key() == line_key_)
            dirty_ |= (1u << rank_of(m.from())) | (1u << rank_of(m.to()));
        else
            dirty_ = 0xFF;
        line_key_ = after.key();
    }
    /// Line mode: writes the FEN of `pos`, the line's last position (after the last moved(),
    /// or the start), into `out` (at least 100 bytes) and returns the end.
    [[gnu::always_inline]] char* write_line(const Position& pos, char* out, const FenFormat& fmt) {
        valid_ = false; // the rank texts no longer match pieces_
        const unsigned dirty = dirty_;
        dirty_ = 0;
        return write_ranks(pos, dirty, out, fmt);
    }

  private:
    /// Redoes the ranks in `dirty` (bit r: rank r), then writes every rank and the tail.
    [[gnu::always_inline]] char* write_ranks(const Position& pos, unsigned dirty, char* out,
                                             const FenFormat& fmt) {
        const Piece* board = pos.board();
        const Bitboard occupied = pos.pieces();
        for (; dirty; dirty &= dirty - 1) {
            const int rank = std::countr_zero(dirty);
            const detail::RankText r = detail::rank_text(board, occupied, rank);
            rank_text_[rank] = r.text;
            rank_len_[rank] = std::uint8_t(r.len);
        }
        // The texts are kept as words and copied 8 bytes at a time.
        for (int rank = 7; rank > 0; --rank) {
            detail::store_text(out, rank_text_[rank]);
            out += rank_len_[rank];
            *out++ = '/';
        }
        detail::store_text(out, rank_text_[0]);
        out += rank_len_[0];
        return detail::write_fen_tail(pos, out, fmt);
    }

    std::uint64_t rank_text_[8] = {}; ///< each rank's text as the bytes of a word
    std::uint8_t rank_len_[8] = {};
    // write(): the pieces at its last write, by type, then by colour; valid_ when they match
    // the rank texts.
    Bitboard pieces_[8] = {};
    bool valid_ = false;
    std::size_t fields4_length_ = 0;
    // Line mode: the ranks to redo at the next write_line(), and the key of the line's last
    // position.
    unsigned dirty_ = 0xFF;
    std::uint64_t line_key_ = 0;
};

} // namespace pgnkit::chess
