/// Every xiangqi notation behind one call (xiangqi/notation.hpp): parse, write, tell.
#include "pgnkit/xiangqi/notation.hpp"

#include "pgnkit/xiangqi/chinese.hpp"
#include "pgnkit/xiangqi/coordinates.hpp"
#include "pgnkit/xiangqi/descriptive.hpp"
#include "pgnkit/xiangqi/winboard_san.hpp"
#include "pgnkit/xiangqi/wxf.hpp"

#include <fmt/format.h>

#include <optional>

namespace pgnkit::xiangqi {

namespace {

/// A coordinate move's text without a check or mate sign after it.
std::string_view without_check_sign(std::string_view t) {
    while (!t.empty() && (t.back() == '+' || t.back() == '#')) t.remove_suffix(1);
    return t;
}

Result<Move, MoveTextError> parse_coordinate_move(const Position& pos, std::string_view text,
                                                  Coordinates style) {
    // The usual legal move by the cheap test; parse_coordinates() explains a refusal (its
    // check_move() is the replay's slowest part when asked of every move).
    if (const auto c = read_coordinates(without_check_sign(text), style)) {
        const Move m(c->from, c->to);
        if (c->from != c->to && pos.is_legal(m)) return m;
    }
    auto r = parse_coordinates(pos, without_check_sign(text), style);
    if (r) return *r;
    const CoordinateError& e = r.error();
    MoveTextFault fault = MoveTextFault::Illegal;
    if (e.syntax)
        fault = MoveTextFault::Syntax;
    else if (e.verdict.fault == MoveFault::NoPiece)
        fault = MoveTextFault::NoSuchPiece;
    else if (e.verdict.fault == MoveFault::NotYourPiece)
        fault = MoveTextFault::WrongSide;
    return Err{MoveTextError{fault, e.verdict, e.message}};
}

Result<Move, MoveTextError> wrong_side(std::string_view text, Color to_move);

/// A Chinese move; one written as the other side's (`马８进７` when Red is to move) is theirs,
/// even where it would read as a move of the side to move too.
Result<Move, MoveTextError> parse_chinese(const Position& pos, std::string_view text) {
    ChineseSyntax why{};
    std::optional<Color> side;
    const auto d = read_chinese(text, &why, &side);
    if (!d)
        return Err{MoveTextError{why == ChineseSyntax::UnknownPiece ? MoveTextFault::UnknownPiece
                                                                    : MoveTextFault::Syntax,
                                 {},
                                 why == ChineseSyntax::UnknownPiece
                                     ? "no xiangqi piece is written so"
                                     : "not a Chinese move"}};
    const Color us = pos.side_to_move();
    if (side == ~us) {
        Position other = pos;
        other.set_side_to_move(~us);
        other.finish();
        if (resolve_descriptive(other, *d)) return wrong_side(text, us);
    }
    return resolve_descriptive(pos, *d);
}

Result<Move, MoveTextError> parse_in(const Position& pos, std::string_view text, Notation n) {
    switch (n) {
    case Notation::Iccs: return parse_coordinate_move(pos, text, Coordinates::Iccs);
    case Notation::Uci: return parse_coordinate_move(pos, text, Coordinates::Uci);
    case Notation::WinboardSan: return parse_winboard_san(pos, text);
    case Notation::Wxf: {
        const auto d = read_wxf(text);
        if (!d) {
            // `Q2.5`: a WXF move but for its letter.
            const std::string s = fold_fullwidth(text);
            if (s.size() == 4 && ((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z')) &&
                read_wxf(std::string("C") + s.substr(1)))
                return Err{MoveTextError{
                    MoveTextFault::UnknownPiece,
                    {},
                    fmt::format("'{}' is no WXF piece letter (K A E H R C P)", s[0])}};
            return Err{MoveTextError{MoveTextFault::Syntax, {}, "not a WXF move"}};
        }
        return resolve_descriptive(pos, *d);
    }
    case Notation::Chinese: return parse_chinese(pos, text);
    }
    return Err{MoveTextError{MoveTextFault::Syntax, {}, "unknown notation"}};
}

Result<Move, MoveTextError> wrong_side(std::string_view text, Color to_move) {
    const bool red = to_move == Color::Red;
    return Err{MoveTextError{MoveTextFault::WrongSide,
                             {},
                             fmt::format("{} is a move of {}, but {} is to move", text,
                                         red ? "Black" : "Red", red ? "Red" : "Black")}};
}

} // namespace

std::string_view notation_name(Notation n) {
    switch (n) {
    case Notation::Iccs: return "iccs";
    case Notation::Uci: return "uci";
    case Notation::WinboardSan: return "san";
    case Notation::Wxf: return "wxf";
    case Notation::Chinese: return "chinese";
    }
    return "?";
}

Result<Move, MoveTextError> parse_move(const Position& pos, std::string_view text, Notation n) {
    auto r = parse_in(pos, text, n);
    if (r || r.error().fault == MoveTextFault::Syntax ||
        r.error().fault == MoveTextFault::UnknownPiece ||
        r.error().fault == MoveTextFault::WrongSide)
        return r;
    // A move the other side could make: the text skipped a move, or is the other side's.
    Position other = pos;
    other.set_side_to_move(~pos.side_to_move());
    other.finish();
    if (parse_in(other, text, n)) return wrong_side(text, pos.side_to_move());
    return r;
}

std::string format_move(const Position& pos, Move m, Notation n, const NotationStyle& style) {
    switch (n) {
    case Notation::Iccs: return format_coordinates(m, Coordinates::Iccs, style.iccs_upper_dash);
    case Notation::Uci: return format_coordinates(m, Coordinates::Uci);
    case Notation::WinboardSan: return format_winboard_san(pos, m);
    case Notation::Wxf: return write_wxf(describe_move(pos, m), style);
    case Notation::Chinese: return write_chinese(describe_move(pos, m), pos.side_to_move(), style);
    }
    return {};
}

unsigned notations_of(std::string_view text) {
    unsigned set = 0;
    const std::string_view plain = without_check_sign(text);
    if (read_coordinates(plain, Coordinates::Iccs)) set |= notation_bit(Notation::Iccs);
    if (read_coordinates(plain, Coordinates::Uci)) set |= notation_bit(Notation::Uci);
    if (read_winboard_san(text)) set |= notation_bit(Notation::WinboardSan);
    if (read_wxf(text)) set |= notation_bit(Notation::Wxf);
    if (read_chinese(text)) set |= notation_bit(Notation::Chinese);
    return set;
}

} // namespace pgnkit::xiangqi
