#include "pgnkit/xiangqi/coordinates.hpp"

#include <fmt/format.h>

namespace pgnkit::xiangqi {

namespace {

/// Reads a file letter (a–i, either case) and a rank (0–9 for ICCS, 1–10 for UCI) at `i`;
/// advances `i`.
std::optional<Square> read_point(std::string_view s, std::size_t& i, Coordinates style) {
    if (i >= s.size()) return std::nullopt;
    char f = s[i];
    if (f >= 'A' && f <= 'I') f = char(f - 'A' + 'a');
    if (f < 'a' || f > 'i') return std::nullopt;
    ++i;
    if (i >= s.size() || s[i] < '0' || s[i] > '9') return std::nullopt;
    int rank = s[i++] - '0';
    if (style == Coordinates::Uci) {
        if (rank == 1 && i < s.size() && s[i] == '0') {
            rank = 10;
            ++i;
        }
        if (rank == 0) return std::nullopt;
        --rank;
    }
    return make_square(f - 'a', rank);
}

} // namespace

std::optional<CoordinateMove> read_coordinates(std::string_view text, Coordinates style) {
    std::size_t i = 0;
    auto from = read_point(text, i, style);
    if (!from) return std::nullopt;
    if (style == Coordinates::Iccs && i < text.size() && text[i] == '-') ++i;
    auto to = read_point(text, i, style);
    if (!to || i != text.size()) return std::nullopt;
    return CoordinateMove{*from, *to};
}

Result<Move, CoordinateError> parse_coordinates(const Position& pos, std::string_view text,
                                                Coordinates style) {
    auto c = read_coordinates(text, style);
    if (!c) {
        CoordinateError e;
        e.syntax = true;
        e.message = fmt::format("'{}' is not an {} move", text,
                                style == Coordinates::Iccs ? "ICCS" : "UCI");
        return Err{std::move(e)};
    }
    const Move m(c->from, c->to);
    const MoveVerdict v = check_move(pos, m);
    if (!v.legal()) {
        CoordinateError e;
        e.verdict = v;
        e.message = describe(pos, m, v);
        return Err{std::move(e)};
    }
    return m;
}

std::string format_coordinates(Move m, Coordinates style, bool iccs_upper_dash) {
    const int base = style == Coordinates::Uci ? 1 : 0;
    const auto point = [&](Square s, bool upper) {
        return fmt::format("{}{}", char((upper ? 'A' : 'a') + file_of(s)), rank_of(s) + base);
    };
    const bool upper = style == Coordinates::Iccs && iccs_upper_dash;
    return point(m.from(), upper) + (upper ? "-" : "") + point(m.to(), upper);
}

} // namespace pgnkit::xiangqi
