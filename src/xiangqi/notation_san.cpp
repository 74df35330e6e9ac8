/// WinBoard SAN for xiangqi read and written (xiangqi/winboard_san.hpp).
#include "pgnkit/xiangqi/winboard_san.hpp"

#include "pgnkit/xiangqi/move_rules.hpp"
#include "pgnkit/xiangqi/movegen.hpp"

#include <fmt/format.h>

namespace pgnkit::xiangqi {

namespace {

PieceType san_piece(char c) {
    switch (c) {
    case 'K': return PieceType::General;
    case 'A': return PieceType::Advisor;
    case 'E':
    case 'B': return PieceType::Elephant;
    case 'H':
    case 'N': return PieceType::Horse;
    case 'R': return PieceType::Chariot;
    case 'C': return PieceType::Cannon;
    case 'P': return PieceType::Soldier;
    default: return PieceType::None;
    }
}

char san_letter(PieceType t) {
    switch (t) {
    case PieceType::General: return 'K';
    case PieceType::Advisor: return 'A';
    case PieceType::Elephant: return 'E';
    case PieceType::Horse: return 'H';
    case PieceType::Chariot: return 'R';
    case PieceType::Cannon: return 'C';
    default: return 0;
    }
}

bool is_file(char c) { return c >= 'a' && c <= 'i'; }
bool is_rank(char c) { return c >= '0' && c <= '9'; }

bool matches(const SanMove& s, Square from) {
    return (s.from_file < 0 || file_of(from) == s.from_file) &&
           (s.from_rank < 0 || rank_of(from) == s.from_rank);
}

} // namespace

std::optional<SanMove> read_winboard_san(std::string_view t) {
    while (!t.empty() && (t.back() == '+' || t.back() == '#')) t.remove_suffix(1);
    if (t.size() < 2 || t.size() > 7) return std::nullopt;
    SanMove s;
    std::size_t i = 0;
    if (san_piece(t[0]) != PieceType::None) {
        s.piece = san_piece(t[0]);
        ++i;
    }
    const std::size_t n = t.size();
    if (!is_file(t[n - 2]) || !is_rank(t[n - 1])) return std::nullopt;
    s.to = make_square(t[n - 2] - 'a', t[n - 1] - '0');
    std::size_t end = n - 2;
    if (end > i && (t[end - 1] == 'x' || t[end - 1] == '-')) {
        s.capture = t[end - 1] == 'x';
        --end;
    }
    if (i < end && is_file(t[i])) s.from_file = t[i++] - 'a';
    if (i < end && is_rank(t[i])) s.from_rank = t[i++] - '0';
    if (i != end) return std::nullopt;
    // A soldier is told by its file only (`axa3`): `h2e2` is a coordinate move, not SAN.
    if (t[0] != 'P' && s.piece == PieceType::Soldier && s.from_rank >= 0) return std::nullopt;
    return s;
}

Result<Move, MoveTextError> parse_winboard_san(const Position& pos, std::string_view text) {
    const auto s = read_winboard_san(text);
    if (!s) {
        if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z' &&
            san_piece(text[0]) == PieceType::None)
            return Err{MoveTextError{
                MoveTextFault::UnknownPiece,
                {},
                fmt::format("'{}' is no xiangqi piece letter (K A E H R C)", text[0])}};
        return Err{MoveTextError{MoveTextFault::Syntax, {}, "not a WinBoard SAN move"}};
    }
    const Color c = pos.side_to_move();
    const Piece p = make_piece(c, s->piece);
    // The pieces of the kind that may stand where the text says, each asked whether it can
    // go to the target (at most five, rather than generating every legal move).
    Move found{};
    int legal = 0;
    for (Square from = 0; from < Points; ++from) {
        if (pos.piece_on(from) != p || !matches(*s, from) || from == s->to) continue;
        // A soldier without a file moves forward (`g5`); with one, from that file.
        if (s->piece == PieceType::Soldier && s->from_file < 0 && file_of(from) != file_of(s->to))
            continue;
        const Move m(from, s->to);
        if (!pos.is_legal(m)) continue;
        found = m;
        ++legal;
    }
    if (legal == 1) return found;
    if (legal > 1)
        return Err{MoveTextError{
            MoveTextFault::Ambiguous,
            {},
            fmt::format("{} {}s can move to {}: add the file or rank of the one meant", legal,
                        piece_name(s->piece), square_name(s->to))}};
    // Why not: the rule broken by the piece that comes nearest (the latest fault in
    // check_move()'s order), or no such piece at all.
    MoveVerdict best;
    Move best_move{};
    bool any = false;
    for (Square from = 0; from < Points; ++from) {
        if (pos.piece_on(from) != p || !matches(*s, from) || from == s->to) continue;
        const Move m(from, s->to);
        const MoveVerdict v = check_move(pos, m);
        if (!any || static_cast<int>(v.fault) > static_cast<int>(best.fault)) {
            best = v;
            best_move = m;
        }
        any = true;
    }
    if (!any)
        return Err{
            MoveTextError{MoveTextFault::NoSuchPiece,
                          {},
                          fmt::format("no {} {} can move to {}", c == Color::Red ? "Red" : "Black",
                                      piece_name(s->piece), square_name(s->to))}};
    return Err{MoveTextError{MoveTextFault::Illegal, best, describe(pos, best_move, best)}};
}

std::string format_winboard_san(const Position& pos, Move m) {
    const Piece p = pos.piece_on(m.from());
    const PieceType t = type_of(p);
    std::string s;
    if (t == PieceType::Soldier) {
        if (pos.is_capture(m) || file_of(m.from()) != file_of(m.to()))
            s += static_cast<char>('a' + file_of(m.from()));
    } else {
        s += san_letter(t);
        bool other = false, same_file = false, same_rank = false;
        for (Move o : legal_moves(pos)) {
            if (o == m || o.to() != m.to() || pos.piece_on(o.from()) != p) continue;
            other = true;
            same_file |= file_of(o.from()) == file_of(m.from());
            same_rank |= rank_of(o.from()) == rank_of(m.from());
        }
        if (other) {
            if (!same_file)
                s += static_cast<char>('a' + file_of(m.from()));
            else if (!same_rank)
                s += static_cast<char>('0' + rank_of(m.from()));
            else
                s += square_name(m.from());
        }
    }
    if (pos.is_capture(m)) s += 'x';
    s += square_name(m.to());
    const Position after = pos.after(m);
    if (!has_legal_move(after))
        s += '#';
    else if (after.in_check())
        s += '+';
    return s;
}

} // namespace pgnkit::xiangqi
