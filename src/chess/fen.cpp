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

    // 3. Castling: KQkq (X-FEN: the outermost rook), or rook files A-H/a-h (Shredder/X-FEN).
    bool chess960 = opts.chess960;
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
            CastleSide side;
            if (u == 'K' || u == 'Q') {
                side = u == 'K' ? CastleSide::King : CastleSide::Queen;
                rook = outer_rook(pos, col, side);
            } else if (u >= 'A' && u <= 'H') {
                if (relative_rank(col, k) == 0) {
                    rook = make_square(u - 'A', col == Color::White ? 0 : 7);
                    side = file_of(rook) > file_of(k) ? CastleSide::King : CastleSide::Queen;
                    if (pos.piece_on(rook) != make_piece(col, PieceType::Rook)) rook = NoSquare;
                } else {
                    side = (u - 'A') > file_of(k) ? CastleSide::King : CastleSide::Queen;
                }
                chess960 = true;
            } else {
                return fail("castling", fmt::format("unknown castling letter '{}'", c));
            }
            // Test the pieces first: a right that lenient mode drops must not count as seen (with
            // the king off its first rank, "CG" would otherwise be two rights on one side).
            if (rook == NoSquare || relative_rank(col, k) != 0) {
                std::string why =
                    relative_rank(col, k) != 0
                        ? fmt::format("the {} king is not on its first rank", color_name(col))
                        : fmt::format("no {} rook for '{}'", color_name(col), c);
                if (!opts.lenient_castling)
                    return fail("castling", fmt::format("'{}' but {}", c, why));
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
            if (file_of(k) != 4 || (file_of(rook) != 0 && file_of(rook) != 7)) chess960 = true;
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
/// For each occupancy byte of a rank: the rank's FEN text with '?' where pieces go, its
/// length, and where each piece's letter goes. The board is then written a rank at a time
/// (an 8-byte copy and one store per piece) instead of a square at a time.
struct RankPattern {
    char text[8];
    std::uint8_t len;
    std::uint8_t slot[8];
};
const std::array<RankPattern, 256>& rank_patterns() {
    static const std::array<RankPattern, 256> table = [] {
        std::array<RankPattern, 256> t{};
        for (int m = 0; m < 256; ++m) {
            RankPattern& p = t[std::size_t(m)];
            int gap = 0, n = 0, k = 0;
            for (int f = 0; f < 8; ++f) {
                if (m & (1 << f)) {
                    if (gap) p.text[n++] = char('0' + gap), gap = 0;
                    p.slot[k++] = std::uint8_t(n);
                    p.text[n++] = '?';
                } else
                    ++gap;
            }
            if (gap) p.text[n++] = char('0' + gap);
            p.len = std::uint8_t(n);
        }
        return t;
    }();
    return table;
}
} // namespace

namespace {
constexpr char piece_letters[] = "PNBRQK??pnbrqk";

/// Writes one rank of the placement field; returns its length (at most 8).
int write_rank(const Position& pos, int rank, char* out) {
    unsigned m = unsigned(pos.pieces() >> (8 * rank)) & 0xFF;
    const RankPattern& p = rank_patterns()[m];
    std::memcpy(out, p.text, 8);
    int k = 0;
    for (unsigned b = m; b; b &= b - 1) {
        int f = std::countr_zero(b);
        out[p.slot[k++]] = piece_letters[static_cast<int>(pos.piece_on(make_square(f, rank)))];
    }
    return p.len;
}

/// The fields after the placement: side, castling, en passant and (fmt.clocks) the clocks.
char* write_fen_tail(const Position& pos, char* out, const FenFormat& fmt);
/// " halfmove fullmove".
char* write_clocks(const Position& pos, char* out);
} // namespace

char* write_fen(const Position& pos, char* out, const FenFormat& fmt) {
    for (int rank = 7; rank >= 0; --rank) {
        out += write_rank(pos, rank, out);
        if (rank) *out++ = '/';
    }
    return write_fen_tail(pos, out, fmt);
}

char* FenWriter::write(const Position& pos, char* out, const FenFormat& fmt) {
    // A rank's text depends only on its eight squares: redo the ranks whose squares changed
    // since the last call (a move touches one or two of them), found without a branch per
    // rank; then the eight texts are copied 8 bytes at a time.
    char* const start = out;
    std::uint64_t now[8];
    std::memcpy(now, pos.board(), sizeof now);
    unsigned changed = valid_ ? 0u : 0xFFu;
    for (int rank = 0; rank < 8; ++rank)
        changed |= unsigned(now[rank] != rank_bytes_[rank]) << rank;
    for (; changed; changed &= changed - 1) {
        const int rank = std::countr_zero(changed);
        rank_bytes_[rank] = now[rank];
        rank_len_[rank] = std::uint8_t(write_rank(pos, rank, rank_text_[rank]));
    }
    valid_ = true;
    for (int rank = 7; rank > 0; --rank) {
        std::memcpy(out, rank_text_[rank], 8);
        out += rank_len_[rank];
        *out++ = '/';
    }
    std::memcpy(out, rank_text_[0], 8);
    out += rank_len_[0];
    FenFormat four = fmt;
    four.clocks = false;
    char* end = write_fen_tail(pos, out, four);
    fields4_length_ = std::size_t(end - start);
    return fmt.clocks ? write_clocks(pos, end) : end;
}

namespace {
char* write_fen_tail(const Position& pos, char* out, const FenFormat& fmt) {
    *out++ = ' ';
    *out++ = pos.side_to_move() == Color::White ? 'w' : 'b';
    *out++ = ' ';
    if (!pos.castling_rights()) {
        *out++ = '-';
    } else if (!pos.chess960() && fmt.castling == CastlingStyle::XFen) {
        // Standard chess: the rights are a subset of KQkq, in that order.
        static constexpr char letters[4] = {'K', 'Q', 'k', 'q'};
        for (int i = 0; i < 4; ++i)
            if (pos.castling_rights() & (1u << i)) *out++ = letters[i];
    } else {
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
    }
    *out++ = ' ';
    bool show_ep = pos.ep_square() != NoSquare && (fmt.ep == EpMode::Always   ? true
                                                   : fmt.ep == EpMode::Pseudo ? pos.has_pseudo_ep()
                                                                              : pos.has_legal_ep());
    if (show_ep) {
        *out++ = char('a' + file_of(pos.ep_square()));
        *out++ = char('1' + rank_of(pos.ep_square()));
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
