#pragma once
/// The comparison operators of `--where` and `--tag NAME<op>VALUE`, read and applied to
/// numbers and text (dates: pgn_date.hpp's compare_dates).

#include <cstddef>
#include <optional>
#include <string_view>

namespace pgnkit::app::filter {

/// = != < <= > >= and ~ (a regular expression search).
enum class Comparison { Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual, Matches };

/// The operator at the start of `text` (the longest that fits: "<=" before "<") and its
/// length, or nullopt. "==" is read as "=".
std::optional<Comparison> read_comparison(std::string_view text, std::size_t& length);

/// The operator as written ("<=", "~" …).
std::string_view comparison_text(Comparison c);

/// a <op> b for numbers; Matches is false (regular expressions apply to text only).
bool compare_numbers(double a, Comparison op, double b);

/// a <op> b for text, byte by byte (= is byte equality, < is lexicographic order of the
/// bytes); Matches is false (the caller runs the regular expression).
bool compare_text(std::string_view a, Comparison op, std::string_view b);

/// A whole decimal number in `text` ("2600", "-35", "0.5", "+3"); nullopt for anything else,
/// surrounding spaces included.
std::optional<double> parse_number(std::string_view text);

} // namespace pgnkit::app::filter
