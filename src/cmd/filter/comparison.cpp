#include "pgnkit/cmd/filter/comparison.hpp"

#include <charconv>

namespace pgnkit::app::filter {

std::optional<Comparison> read_comparison(std::string_view text, std::size_t& length) {
    auto two = [&](std::string_view op) { return text.substr(0, 2) == op; };
    length = 2;
    if (two("<=")) return Comparison::LessEqual;
    if (two(">=")) return Comparison::GreaterEqual;
    if (two("!=") || two("<>")) return Comparison::NotEqual;
    if (two("==")) return Comparison::Equal;
    length = 1;
    if (text.empty()) return std::nullopt;
    switch (text[0]) {
    case '=': return Comparison::Equal;
    case '<': return Comparison::Less;
    case '>': return Comparison::Greater;
    case '~': return Comparison::Matches;
    default: return std::nullopt;
    }
}

std::string_view comparison_text(Comparison c) {
    switch (c) {
    case Comparison::Equal: return "=";
    case Comparison::NotEqual: return "!=";
    case Comparison::Less: return "<";
    case Comparison::LessEqual: return "<=";
    case Comparison::Greater: return ">";
    case Comparison::GreaterEqual: return ">=";
    case Comparison::Matches: return "~";
    }
    return "?";
}

namespace {

template <class T>
bool ordered(const T& a, Comparison op, const T& b) {
    switch (op) {
    case Comparison::Equal: return a == b;
    case Comparison::NotEqual: return a != b;
    case Comparison::Less: return a < b;
    case Comparison::LessEqual: return a <= b;
    case Comparison::Greater: return a > b;
    case Comparison::GreaterEqual: return a >= b;
    case Comparison::Matches: return false;
    }
    return false;
}

} // namespace

bool compare_numbers(double a, Comparison op, double b) { return ordered(a, op, b); }

bool compare_text(std::string_view a, Comparison op, std::string_view b) {
    return ordered(a, op, b);
}

std::optional<double> parse_number(std::string_view text) {
    if (!text.empty() && text[0] == '+') text.remove_prefix(1);
    if (text.empty() || text[0] == '+' || text.back() == '.') return std::nullopt;
    // from_chars accepts neither a leading '+' nor (in the general format) hex; "inf" and
    // "nan" are refused by the digit check below.
    for (char c : text)
        if (!((c >= '0' && c <= '9') || c == '.' || c == '-')) return std::nullopt;
    double v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return v;
}

} // namespace pgnkit::app::filter
