#pragma once
/// FEN, X-FEN and Shredder-FEN: parse (validating everything a user can get wrong) and format.

#include "pgnkit/chess/position.hpp"
#include "pgnkit/result.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::chess {

/// Why a FEN was refused: the field (board, side, castling, en-passant, halfmove, fullmove,
/// fields) and the reason, e.g. {"board", "rank 3 has 9 squares"}.
struct FenError {
    std::string field;
    std::string message;
    std::string to_string() const { return field + ": " + message; }
};

struct FenParseOptions {
    /// Drop castling rights whose king or rook is not in place (with a note) instead of
    /// refusing the FEN.
    bool lenient_castling = false;
    /// Read the position as Chess960: castling rights for the outermost rook (X-FEN KQkq) or
    /// for a rook file (Shredder-FEN A-H/a-h), the king anywhere on its first rank. Otherwise
    /// a right needs the king on e1/e8 and the rook in its corner: the FEN alone never makes a
    /// game Chess960 (a right that does not fit standard chess is an error, or dropped).
    bool chess960 = false;
    /// Refuse a fullmove number of 0 (FEN counts from 1) instead of reading it as 1 with a
    /// note.
    bool strict_fullmove = false;
};

/// A parsed FEN, and the liberties the parser took (4-field EPD form, castling letter order,
/// leading zeros, fullmove 0, dropped rights …), each a short sentence.
struct ParsedFen {
    Position position;
    std::vector<std::string> notes;
};

Result<ParsedFen, FenError> parse_fen(std::string_view fen, const FenParseOptions& opts = {});

inline constexpr std::string_view StartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

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

/// write_fen for a sequence of related positions (a game): remembers the text of each rank
/// and rebuilds only the ranks whose squares changed since the previous call. Same output as
/// write_fen for any position, related or not.
class FenWriter {
  public:
    /// Writes the FEN into `out` (at least 100 bytes) and returns the end.
    char* write(const Position& pos, char* out, const FenFormat& fmt = {});
    /// Length of the first four fields (placement, side, castling, en passant: the EPD
    /// position) of the last write().
    std::size_t fields4_length() const { return fields4_length_; }

  private:
    Bitboard pieces_[8] = {};         ///< by type, then by colour, at the last write
    std::uint64_t rank_text_[8] = {}; ///< each rank's text as the bytes of a word
    std::uint8_t rank_len_[8] = {};
    bool valid_ = false;
    std::size_t fields4_length_ = 0;
};
/// Parses an ep mode name: legal, pseudo, always.
bool parse_ep_mode(std::string_view s, EpMode& out);

} // namespace pgnkit::chess
