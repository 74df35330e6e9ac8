#include "pgnkit/cmd/tags/tag_dates.hpp"

#include <vector>

namespace pgnkit::app {

namespace {
bool digit(char c) { return c >= '0' && c <= '9'; }

/// A part of `len_min`..`len_max` digits, or all `?`; normalized to `width` characters.
bool part(std::string_view s, std::size_t width, int hi, std::string& out) {
    if (s.empty() || s.size() > width) return false;
    bool unknown = true, digits = true;
    for (char c : s) {
        unknown &= c == '?';
        digits &= digit(c);
    }
    if (unknown) {
        out.append(width, '?');
        return true;
    }
    if (!digits) return false;
    int v = 0;
    for (char c : s) v = v * 10 + (c - '0');
    if (hi != 0 && (v < 1 || v > hi)) return false;
    out.append(width - s.size(), '0');
    out += s;
    return true;
}
} // namespace

std::optional<std::string> normalized_pgn_date(std::string_view date) {
    std::vector<std::string_view> parts;
    std::size_t from = 0;
    char sep = 0;
    for (std::size_t i = 0; i <= date.size(); ++i) {
        if (i < date.size() && date[i] != '.' && date[i] != '/' && date[i] != '-') continue;
        if (i < date.size()) {
            if (sep != 0 && date[i] != sep) return std::nullopt; // 2024.03/05: mixed
            sep = date[i];
        }
        parts.push_back(date.substr(from, i - from));
        from = i + 1;
    }
    if (parts.size() > 3 || parts[0].size() != 4) return std::nullopt;
    std::string out;
    if (!part(parts[0], 4, 0, out)) return std::nullopt;
    out += '.';
    if (parts.size() < 2)
        out += "??";
    else if (!part(parts[1], 2, 12, out))
        return std::nullopt;
    out += '.';
    if (parts.size() < 3)
        out += "??";
    else if (!part(parts[2], 2, 31, out))
        return std::nullopt;
    if (out == date) return std::nullopt;
    return out;
}

} // namespace pgnkit::app
