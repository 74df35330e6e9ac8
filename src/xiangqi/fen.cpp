#include "pgnkit/xiangqi/fen.hpp"

#include "pgnkit/xiangqi/detail/attacks.hpp"
#include "pgnkit/xiangqi/move_rules.hpp"

#include <fmt/format.h>

namespace pgnkit::xiangqi {

namespace {

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

/// Non-negative decimal of at most 9 digits; false if not one.
bool parse_counter(std::string_view s, long& out) {
    if (s.empty() || s.size() > 9) return false;
    out = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        out = out * 10 + (c - '0');
    }
    return true;
}

const char* side_name(Color c) { return c == Color::Red ? "Red" : "Black"; }

Err<FenError> fail(std::string field, std::string message) {
    return Err<FenError>{FenError{std::move(field), std::move(message)}};
}

/// The points a piece of this kind can ever stand on (from its own side: relative ranks).
bool on_own_points(PieceType t, Color c, Square s) {
    const int f = file_of(s), r = relative_rank(c, s);
    switch (t) {
    case PieceType::General: return in_palace(c, s);
    case PieceType::Advisor: return in_palace(c, s) && (f + r) % 2 == 1;
    case PieceType::Elephant:
        return (r == 0 && (f == 2 || f == 6)) || (r == 2 && (f == 0 || f == 4 || f == 8)) ||
               (r == 4 && (f == 2 || f == 6));
    default: return true;
    }
}

std::string ordinal(int n) {
    static constexpr const char* names[] = {"1st", "2nd", "3rd"};
    return n >= 1 && n <= 3 ? names[n - 1] : fmt::format("{}th", n);
}

} // namespace

Result<ParsedFen, FenError> parse_fen(std::string_view fen) {
    ParsedFen out;
    Position& pos = out.position;
    auto fields = split_fields(fen);
    if (fields.empty()) return fail("fields", "empty FEN");
    if (fields.size() > 6)
        return fail("fields", fmt::format("{} fields, at most 6", fields.size()));
    if (fields.size() == 1) return fail("side", "missing: the FEN needs the side to move");

    // 1. Placement, from rank 9 (Black's side) down to rank 0.
    {
        const std::string_view board = fields[0];
        int rank = Ranks - 1, file = 0, field_no = 1;
        bool noted_h = false, noted_e = false;
        for (std::size_t i = 0; i <= board.size(); ++i) {
            const char c = i < board.size() ? board[i] : '/';
            if (c == '/') {
                if (file != Files)
                    return fail("board", fmt::format("the {} rank (rank {}) has {} points, 9 "
                                                     "expected",
                                                     ordinal(field_no), rank, file));
                if (i == board.size()) break;
                if (--rank < 0) return fail("board", "more than 10 ranks");
                ++field_no;
                file = 0;
            } else if (c >= '1' && c <= '9') {
                file += c - '0';
                if (file > Files)
                    return fail("board", fmt::format("the {} rank (rank {}) has more than 9 "
                                                     "points",
                                                     ordinal(field_no), rank));
            } else {
                const Piece p = piece_from_letter(c);
                if (p == Piece::None)
                    return fail("board", fmt::format("'{}' is not a piece letter (K A B N R C P, "
                                                     "lower case for Black; E and H read too)",
                                                     c));
                if (file >= Files)
                    return fail("board", fmt::format("the {} rank (rank {}) has more than 9 "
                                                     "points",
                                                     ordinal(field_no), rank));
                if ((c == 'H' || c == 'h') && !noted_h) {
                    out.notes.push_back("'H' read as 'N' (horse)");
                    noted_h = true;
                }
                if ((c == 'E' || c == 'e') && !noted_e) {
                    out.notes.push_back("'E' read as 'B' (elephant)");
                    noted_e = true;
                }
                pos.put(p, make_square(file, rank));
                ++file;
            }
        }
        if (rank != 0) return fail("board", fmt::format("{} ranks, 10 expected", Ranks - rank));
    }

    // What the rules allow on the board: the piece counts, the points each kind can reach.
    static constexpr int most[8] = {0, 1, 2, 2, 2, 2, 2, 5};
    for (Color c : {Color::Red, Color::Black}) {
        for (int t = idx(PieceType::General); t <= idx(PieceType::Soldier); ++t) {
            const int n = pos.count(c, PieceType(t));
            if (n > most[t])
                return fail("board", fmt::format("{} has {} {}s (at most {})", side_name(c), n,
                                                 piece_name(PieceType(t)), most[t]));
        }
        if (pos.general_square(c) == NoSquare)
            return fail("board", fmt::format("{} has no general", side_name(c)));
    }
    for (int s = 0; s < Points; ++s) {
        const Piece p = pos.piece_on(Square(s));
        if (p == Piece::None) continue;
        const Color c = color_of(p);
        const PieceType t = type_of(p);
        const std::string where = square_name(Square(s));
        if (!on_own_points(t, c, Square(s))) {
            if (t == PieceType::General)
                return fail("board", fmt::format("the {} general on {} is outside its palace",
                                                 side_name(c), where));
            return fail("board",
                        fmt::format("the {} {} on {} is off its points ({})", side_name(c),
                                    piece_name(t), where,
                                    t == PieceType::Advisor
                                        ? (c == Color::Red ? "d0 f0 e1 d2 f2" : "d9 f9 e8 d7 f7")
                                        : (c == Color::Red ? "c0 g0 a2 e2 i2 c4 g4"
                                                           : "c9 g9 a7 e7 i7 c5 g5")));
        }
        if (t == PieceType::Soldier) {
            const int r = relative_rank(c, Square(s));
            if (r < 3)
                return fail("board", fmt::format("the {} soldier on {} is behind its start rank",
                                                 side_name(c), where));
            // Before the river a soldier only moves forward: it is still on its start file.
            if (r <= 4 && file_of(Square(s)) % 2 != 0)
                return fail("board", fmt::format("the {} soldier on {} cannot be there: before "
                                                 "the river soldiers stay on files a c e g i",
                                                 side_name(c), where));
            if (r == 4 && pos.piece_on(Square(s - (c == Color::Red ? Files : -Files))) == p)
                return fail("board", fmt::format("two {} soldiers on file {} before the river",
                                                 side_name(c), char('a' + file_of(Square(s)))));
        }
    }
    if (pos.generals_face())
        return fail("board", fmt::format("the generals face each other on file {}",
                                         char('a' + file_of(pos.general_square(Color::Red)))));

    // 2. Side to move.
    {
        const std::string_view side = fields[1];
        if (side == "w" || side == "W") {
            pos.set_side_to_move(Color::Red);
        } else if (side == "r" || side == "R") {
            pos.set_side_to_move(Color::Red);
            out.notes.push_back("side 'r' read as Red ('w')");
        } else if (side == "b" || side == "B") {
            pos.set_side_to_move(Color::Black);
        } else {
            return fail("side", fmt::format("'{}' is not w (or r) for Red or b for Black", side));
        }
    }

    // 3-4. The castling and en-passant fields of the chess form: always '-'.
    if (fields.size() >= 3 && fields[2] != "-")
        return fail("castling",
                    fmt::format("'{}': xiangqi has no castling, '-' expected", fields[2]));
    if (fields.size() >= 4 && fields[3] != "-")
        return fail("en-passant",
                    fmt::format("'{}': xiangqi has no en passant, '-' expected", fields[3]));

    // 5-6. Clocks.
    if (fields.size() >= 5) {
        long half = 0;
        if (!parse_counter(fields[4], half))
            return fail("halfmove", fmt::format("'{}' is not a non-negative number", fields[4]));
        if (half > 65535) return fail("halfmove", fmt::format("{} is too large", half));
        pos.set_halfmove_clock(int(half));
    }
    if (fields.size() >= 6) {
        long full = 0;
        if (!parse_counter(fields[5], full))
            return fail("fullmove", fmt::format("'{}' is not a non-negative number", fields[5]));
        if (full == 0) {
            out.notes.push_back("fullmove number 0 read as 1");
            full = 1;
        }
        pos.set_fullmove_number(int(full));
    }
    if (fields.size() < 6)
        out.notes.push_back(fmt::format("{} fields: the missing ones read as '{}'", fields.size(),
                                        &"- - 0 1"[2 * (fields.size() - 2)]));

    pos.finish();
    const Color them = ~pos.side_to_move();
    if (detail::general_attacked(pos.board(), them, pos.general_square(them)))
        return fail("side", fmt::format("{} to move could capture the {} general",
                                        side_name(pos.side_to_move()), side_name(them)));
    return out;
}

std::string write_fen(const Position& pos) {
    std::string s;
    s.reserve(64);
    for (int rank = Ranks - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < Files; ++file) {
            const Piece p = pos.piece_on(make_square(file, rank));
            if (p == Piece::None) {
                ++empty;
                continue;
            }
            if (empty) s += char('0' + empty);
            empty = 0;
            s += piece_letter(p);
        }
        if (empty) s += char('0' + empty);
        if (rank) s += '/';
    }
    s += pos.side_to_move() == Color::Red ? " w - - " : " b - - ";
    s += std::to_string(pos.halfmove_clock());
    s += ' ';
    s += std::to_string(pos.fullmove_number());
    return s;
}

bool has_xiangqi_shape(std::string_view fen) {
    std::size_t end = fen.find_first_of(" \t");
    const std::string_view board = fen.substr(0, end);
    int ranks = 1, points = 0;
    for (char c : board) {
        if (c == '/') {
            if (points != Files) return false;
            ++ranks;
            points = 0;
        } else if (c >= '1' && c <= '9') {
            points += c - '0';
        } else if (piece_from_letter(c) != Piece::None) {
            ++points;
        } else {
            return false;
        }
    }
    return ranks == Ranks && points == Files;
}

} // namespace pgnkit::xiangqi
