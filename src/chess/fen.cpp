#include "pgnkit/chess/fen.hpp"

#include <fmt/format.h>

#include <array>
#include <bit>
#include <cstring>

namespace pgnkit::chess {

namespace {

PieceType piece_from_char(char c) {
    switch (c | 0x20) {
    case 'p': return PieceType::Pawn;
    case 'n': return PieceType::Knight;
    case 'b': return PieceType::Bishop;
    case 'r': return PieceType::Rook;
    case 'q': return PieceType::Queen;
    case 'k': return PieceType::King;
    default: return PieceType::None;
    }
}

std::vector<std::string_view> split_fields(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
        std::size_t j = i;
        while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

/// Non-negative decimal; false if not a number. Leading zeros reported through `padded`.
bool parse_counter(std::string_view s, long& out, bool& padded) {
    if (s.empty() || s.size() > 9) return false;
    out = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        out = out * 10 + (c - '0');
    }
    padded = s.size() > 1 && s[0] == '0';
    return true;
}

std::string_view color_name(Color c) { return c == Color::White ? "white" : "black"; }

Err<FenError> fail(std::string field, std::string message) {
    return Err<FenError>{FenError{std::move(field), std::move(message)}};
}

/// The outermost rook of colour c on the back rank on one side of the king, or NoSquare.
Square outer_rook(const Position& pos, Color c, CastleSide side) {
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

} // namespace

Result<ParsedFen, FenError> parse_fen(std::string_view fen, const FenParseOptions& opts) {
    ParsedFen out;
    Position& pos = out.position;
    auto fields = split_fields(fen);
    if (fields.size() == 4) {
        out.notes.push_back("4 fields (EPD form): halfmove clock 0 and fullmove number 1 assumed");
    } else if (fields.size() != 6) {
        return fail("fields",
                    fmt::format("{} fields, expected 6 (or the 4 EPD fields)", fields.size()));
    }

    // 1. Piece placement, from rank 8 down to rank 1.
    {
        std::string_view board = fields[0];
        int rank = 7, file = 0;
        for (std::size_t i = 0; i <= board.size(); ++i) {
            char c = i < board.size() ? board[i] : '/';
            if (c == '/') {
                if (file != 8)
                    return fail("board",
                                fmt::format("rank {} has {} squares, expected 8", rank + 1, file));
                if (i == board.size()) break;
                if (--rank < 0) return fail("board", "more than 8 ranks");
                file = 0;
            } else if (c >= '1' && c <= '8') {
                if (i + 1 < board.size() && board[i + 1] >= '0' && board[i + 1] <= '9')
                    return fail("board", fmt::format("two digits in a row in rank {}", rank + 1));
                file += c - '0';
                if (file > 8)
                    return fail("board", fmt::format("rank {} has more than 8 squares", rank + 1));
            } else {
                PieceType t = piece_from_char(c);
                if (t == PieceType::None)
                    return fail("board",
                                fmt::format("unknown piece letter '{}' in rank {}", c, rank + 1));
                if (file >= 8)
                    return fail("board", fmt::format("rank {} has more than 8 squares", rank + 1));
                Color col = (c >= 'a') ? Color::Black : Color::White;
                pos.put(make_piece(col, t), make_square(file, rank));
                ++file;
            }
        }
        if (rank != 0) return fail("board", fmt::format("{} ranks, expected 8", 8 - rank));
        for (Color c : {Color::White, Color::Black}) {
            int kings = popcount(pos.pieces(c, PieceType::King));
            if (kings == 0) return fail("board", fmt::format("{} has no king", color_name(c)));
            if (kings > 1)
                return fail("board", fmt::format("{} has {} kings", color_name(c), kings));
        }
        if (Bitboard p = pos.pieces(PieceType::Pawn) & (rank_bb(0) | rank_bb(7)))
            return fail("board", fmt::format("pawn on {}", square_name(lsb(p))));
    }

    // 2. Side to move.
    if (fields[1] == "w")
        pos.set_side_to_move(Color::White);
    else if (fields[1] == "b")
        pos.set_side_to_move(Color::Black);
    else
        return fail("side", fmt::format("'{}' is neither w nor b", fields[1]));
    pos.finish(); // king squares, needed below

    // 3. Castling. Standard chess: KQkq (or Shredder-FEN's HAha), each with the king on e1/e8
    // and the rook in its corner. Chess960 (only when asked for: the FEN alone does not say
    // which game it is): KQkq for the outermost rook (X-FEN), or rook files A-H/a-h.
    const bool chess960 = opts.chess960;
    if (fields[2] != "-") {
        std::string_view cs = fields[2];
        bool seen[4] = {};
        int last_rank = -1;
        bool order_noted = false;
        for (char c : cs) {
            Color col = (c >= 'a') ? Color::Black : Color::White;
            char u = char(c & ~0x20);
            Square k = pos.king_square(col);
            Square rook = NoSquare;
            CastleSide side = CastleSide::King;
            std::string why; // why the right cannot be, "" if it can
            if (u != 'K' && u != 'Q' && (u < 'A' || u > 'H'))
                return fail("castling", fmt::format("unknown castling letter '{}'", c));
            if (!chess960) {
                const int back = col == Color::White ? 0 : 7;
                const Square home = make_square(4, back);
                side = (u == 'K' || u == 'H') ? CastleSide::King : CastleSide::Queen;
                rook = make_square(side == CastleSide::King ? 7 : 0, back);
                if (u != 'K' && u != 'Q' && u != 'A' && u != 'H')
                    why = "standard chess castles only with the rooks on the a- and h-files";
                else if (k != home)
                    why =
                        fmt::format("the {} king is not on {}", color_name(col), square_name(home));
                else if (pos.piece_on(rook) != make_piece(col, PieceType::Rook))
                    why = fmt::format("no {} rook on {}", color_name(col), square_name(rook));
            } else if (u == 'K' || u == 'Q') {
                side = u == 'K' ? CastleSide::King : CastleSide::Queen;
                rook = outer_rook(pos, col, side);
            } else if (relative_rank(col, k) == 0) {
                rook = make_square(u - 'A', col == Color::White ? 0 : 7);
                side = file_of(rook) > file_of(k) ? CastleSide::King : CastleSide::Queen;
                if (pos.piece_on(rook) != make_piece(col, PieceType::Rook)) rook = NoSquare;
            } else {
                side = (u - 'A') > file_of(k) ? CastleSide::King : CastleSide::Queen;
            }
            if (chess960 && relative_rank(col, k) != 0)
                why = fmt::format("the {} king is not on its first rank", color_name(col));
            else if (chess960 && rook == NoSquare)
                why = fmt::format("no {} rook for it", color_name(col));
            // Test the pieces first: a right that lenient mode drops must not count as seen (with
            // the king off its first rank, "CG" would otherwise be two rights on one side).
            if (!why.empty()) {
                if (!opts.lenient_castling)
                    return fail("castling", fmt::format("castling right '{}' but {}", c, why));
                out.notes.push_back(fmt::format("castling right '{}' dropped: {}", c, why));
                continue;
            }
            int i = castle_index(col, side);
            if (seen[i])
                return fail("castling",
                            fmt::format("two {} castling rights on the {} side", color_name(col),
                                        side == CastleSide::King ? "king" : "queen"));
            seen[i] = true;
            if (i < last_rank && !order_noted) {
                out.notes.push_back(fmt::format("castling rights '{}' not in the order KQkq", cs));
                order_noted = true;
            }
            last_rank = i;
            pos.set_castling(col, side, rook);
        }
    }
    pos.set_chess960(chess960);

    // 4. En passant: the square a pawn of the side not to move just crossed.
    if (fields[3] != "-") {
        std::string_view e = fields[3];
        if (e.size() != 2 || e[0] < 'a' || e[0] > 'h' || e[1] < '1' || e[1] > '8')
            return fail("en-passant", fmt::format("'{}' is not a square", e));
        Square ep = make_square(e[0] - 'a', e[1] - '1');
        Color us = pos.side_to_move(), them = ~us;
        Square pushed = ep - pawn_push(us); // where the double-pushed pawn stands now
        Square origin = ep + pawn_push(us); // where it came from
        if (relative_rank(us, ep) != 5 ||
            pos.piece_on(pushed) != make_piece(them, PieceType::Pawn) || !pos.empty(ep) ||
            !pos.empty(origin))
            return fail("en-passant", fmt::format("{} cannot follow a double pawn push by {}", e,
                                                  color_name(them)));
        pos.set_ep_square(ep);
    }

    // 5-6. Clocks.
    if (fields.size() == 6) {
        long half = 0, full = 0;
        bool padded = false;
        if (!parse_counter(fields[4], half, padded))
            return fail("halfmove", fmt::format("'{}' is not a non-negative number", fields[4]));
        if (padded)
            out.notes.push_back(fmt::format("halfmove clock '{}' has leading zeros", fields[4]));
        if (!parse_counter(fields[5], full, padded))
            return fail("fullmove", fmt::format("'{}' is not a non-negative number", fields[5]));
        if (padded)
            out.notes.push_back(fmt::format("fullmove number '{}' has leading zeros", fields[5]));
        if (full == 0) {
            if (opts.strict_fullmove)
                return fail("fullmove", "0, but the fullmove number starts at 1");
            out.notes.push_back("fullmove number 0 read as 1");
            full = 1;
        }
        if (half > 65535) return fail("halfmove", fmt::format("{} is too large", half));
        pos.set_halfmove_clock(int(half));
        pos.set_fullmove_number(int(full));
    }

    pos.finish();
    Color them = ~pos.side_to_move();
    if (pos.attackers_to(pos.king_square(them)) & pos.pieces(pos.side_to_move()))
        return fail("board",
                    fmt::format("the side not to move ({}) is in check", color_name(them)));
    return out;
}

namespace {
/// For each occupancy byte of a rank: the rank's FEN text with its digits in place and 0
/// where the letters go (as the 8 bytes of a word, first square in the low byte), its
/// length, and each file's letter position times 16 (its row in shifted_letters; any row
/// for an empty file: an empty square's entry is 0).
/// A rank is then made in a register, without a branch, and stored with one 8-byte store.
struct RankPattern {
    std::uint64_t base;
    std::uint8_t at[8];
    std::uint8_t len;
};
constexpr std::array<RankPattern, 256> make_rank_patterns() {
    std::array<RankPattern, 256> t{};
    for (int m = 0; m < 256; ++m) {
        RankPattern& p = t[std::size_t(m)];
        int gap = 0, n = 0;
        auto put = [&p, &n](int byte) { p.base |= std::uint64_t(byte) << (8 * n++); };
        for (int f = 0; f < 8; ++f) {
            if (m & (1 << f)) {
                if (gap) put('0' + gap), gap = 0;
                p.at[f] = std::uint8_t(16 * n);
                put(0);
            } else
                ++gap;
        }
        if (gap) put('0' + gap);
        p.len = std::uint8_t(n);
    }
    return t;
}
constexpr std::array<RankPattern, 256> rank_patterns = make_rank_patterns();

/// Letters by Piece value (white 0-5, black 8-13); 0 for an empty square. All 256 byte
/// values, so that a square's byte indexes it without a mask.
constexpr std::array<std::uint8_t, 256> piece_letters = [] {
    std::array<std::uint8_t, 256> t{};
    constexpr char letters[] = "PNBRQK\0\0pnbrqk";
    for (int i = 0; i < 14; ++i) t[std::size_t(i)] = std::uint8_t(letters[i]);
    return t;
}();

/// Letter of Piece value v (below 16) at text byte b of a word, at index 16 * b + v; 0 for an
/// empty square (None, 6) and the unused values.
constexpr std::array<std::uint64_t, 128> shifted_letters = [] {
    std::array<std::uint64_t, 128> t{};
    for (int b = 0; b < 8; ++b)
        for (int v = 0; v < 16; ++v)
            t[std::size_t(16 * b + v)] = std::uint64_t(piece_letters[std::size_t(v)]) << (8 * b);
    return t;
}();

/// One rank's text in the bytes of a word, and its length (at most 8).
struct RankText {
    std::uint64_t text;
    int len;
};
inline RankText rank_text(const Piece* board, Bitboard occupied, int rank) {
    const RankPattern& p = rank_patterns[unsigned(occupied >> (8 * rank)) & 0xFF];
    const Piece* sq = board + 8 * rank;
    std::uint64_t w = p.base;
    // Board bytes are Piece values (below 16); p.at[f] is 16 × the file's text byte.
    for (int f = 0; f < 8; ++f)
        w |= shifted_letters[unsigned(p.at[f]) + static_cast<std::uint8_t>(sq[f])];
    return {w, p.len};
}

/// Stores a rank's text (8 bytes, of which the first len count) at out.
inline void store_text(char* out, std::uint64_t text) {
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(out, &text, 8);
    } else {
        for (int i = 0; i < 8; ++i) out[i] = char(text >> (8 * i));
    }
}

/// The fields after the placement: side, castling, en passant and (fmt.clocks) the clocks.
char* write_fen_tail(const Position& pos, char* out, const FenFormat& fmt);
/// " halfmove fullmove".
char* write_clocks(const Position& pos, char* out);

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
    const Piece* board = pos.board();
    const Bitboard occupied = pos.pieces();
    for (int rank = 7; rank >= 0; --rank) {
        const RankText r = rank_text(board, occupied, rank);
        store_text(out, r.text);
        out += r.len;
        if (rank) *out++ = '/';
    }
    return write_fen_tail(pos, out, fmt);
}

char* FenWriter::write(const Position& pos, char* out, const FenFormat& fmt) {
    // A rank's text depends only on its eight squares: redo the ranks whose squares changed
    // since the last call (a move touches one or two of them), found from the piece
    // bitboards. (Not from the mailbox: play() has just written single squares of it, and a
    // wide load over narrow stores stalls until they retire.) The texts are kept as words
    // and copied 8 bytes at a time.
    char* const start = out;
    const Bitboard diff = changed_squares(pos, pieces_);
    unsigned changed = valid_ ? nonzero_ranks(diff) : 0xFFu;
    valid_ = true;
    const Piece* board = pos.board();
    const Bitboard occupied = pos.pieces();
    for (; changed; changed &= changed - 1) {
        const int rank = std::countr_zero(changed);
        const RankText r = rank_text(board, occupied, rank);
        rank_text_[rank] = r.text;
        rank_len_[rank] = std::uint8_t(r.len);
    }
    for (int rank = 7; rank > 0; --rank) {
        store_text(out, rank_text_[rank]);
        out += rank_len_[rank];
        *out++ = '/';
    }
    store_text(out, rank_text_[0]);
    out += rank_len_[0];
    out = write_fen_tail(pos, out, FenFormat{fmt.ep, fmt.castling, false});
    fields4_length_ = std::size_t(out - start);
    return fmt.clocks ? write_clocks(pos, out) : out;
}

namespace {
/// Castling rights with rook files where needed (Chess960, Shredder-FEN).
[[gnu::noinline]] char* write_castling_general(const Position& pos, char* out,
                                               const FenFormat& fmt) {
    for (Color c : {Color::White, Color::Black})
        for (CastleSide side : {CastleSide::King, CastleSide::Queen}) {
            if (!pos.can_castle(c, side)) continue;
            Square rook = pos.castling_rook(c, side);
            char ch;
            // In standard chess the castling rook is always the outer one: K/Q.
            if (fmt.castling == CastlingStyle::XFen &&
                (!pos.chess960() || rook == outer_rook(pos, c, side)))
                ch = side == CastleSide::King ? 'K' : 'Q';
            else
                ch = char('A' + file_of(rook));
            *out++ = c == Color::White ? ch : char(ch | 0x20);
        }
    return out;
}

/// Whether the en-passant square (set: after a double push) is shown in this mode.
[[gnu::noinline]] bool show_ep(const Position& pos, EpMode mode) {
    // has_pseudo_ep() first: without a pawn beside the pushed one (the usual case) no legal
    // capture exists either.
    return mode == EpMode::Always ||
           (pos.has_pseudo_ep() && (mode == EpMode::Pseudo || pos.has_legal_ep()));
}

inline char* write_fen_tail(const Position& pos, char* out, const FenFormat& fmt) {
    out[0] = ' ';
    out[1] = pos.side_to_move() == Color::White ? 'w' : 'b';
    out[2] = ' ';
    out += 3;
    const unsigned rights = pos.castling_rights();
    if (!rights || (!pos.chess960() && fmt.castling == CastlingStyle::XFen)) {
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

char* write_clocks(const Position& pos, char* out) {
    {
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
    }
    return out;
}
} // namespace

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
