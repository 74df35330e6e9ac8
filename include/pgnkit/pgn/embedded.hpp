#pragma once
/// Commands embedded in PGN comments (the 2001 PGN supplement): `{ [%clk 0:03:00] [%eval 0.17] }`.

#include <string_view>

namespace pgnkit {

/// The value of an embedded command whose name ends at `b` in `comment`: trimmed, up to the
/// `]` and a comma (`[%eval 0.2,18]` → "0.2"); "" without a `]`.
inline std::string_view embedded_value(std::string_view comment, std::size_t b) {
    while (b < comment.size() && comment[b] == ' ') ++b;
    std::size_t e = comment.find(']', b);
    if (e == std::string_view::npos) return {};
    std::string_view v = comment.substr(b, e - b);
    while (!v.empty() && v.back() == ' ') v.remove_suffix(1);
    if (auto comma = v.find(','); comma != std::string_view::npos) v = v.substr(0, comma);
    return v;
}

/// The value of the embedded command `name` (written with its bracket and percent sign, e.g.
/// "[%clk") in a comment, trimmed, up to a comma (`[%eval 0.2,18]` → "0.2"); "" if absent.
inline std::string_view embedded_command(std::string_view comment, std::string_view name) {
    std::size_t at = comment.find(name);
    if (at == std::string_view::npos) return {};
    return embedded_value(comment, at + name.size());
}

} // namespace pgnkit
