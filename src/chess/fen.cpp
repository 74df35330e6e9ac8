#include "pgnkit/chess/fen.hpp"

#include <fmt/format.h>

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
                rook = outermost_rook(pos, col, side);
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

} // namespace pgnkit::chess
