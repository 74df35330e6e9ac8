#include "pgnkit/cmd/tags/tag_lines.hpp"

namespace pgnkit::app {

namespace {
bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
bool name_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '+' || c == '#' || c == '=' || c == ':' || c == '-';
}
} // namespace

void read_tag_pairs(std::string_view text, std::vector<TagPair>& out) {
    out.clear();
    std::size_t i = 0, line_start = 0;
    std::uint64_t line = 0;
    const std::size_t n = text.size();
    while (i < n) {
        const char c = text[i];
        if (c == '\n') {
            ++i;
            ++line;
            line_start = i;
            continue;
        }
        if (blank(c)) {
            ++i;
            continue;
        }
        if (c != '[') return;
        TagPair p;
        p.begin = i;
        p.line = line;
        std::size_t k = i + 1;
        while (k < n && blank(text[k])) ++k;
        const std::size_t name_begin = k;
        while (k < n && name_char(text[k])) ++k;
        if (k == name_begin) return;
        p.name = text.substr(name_begin, k - name_begin);
        while (k < n && blank(text[k])) ++k;
        if (k >= n || text[k] != '"') return;
        const std::size_t value_begin = ++k;
        bool closed = false;
        while (k < n && text[k] != '\n') {
            const char v = text[k];
            if (v == '\\' && k + 1 < n && (text[k + 1] == '"' || text[k + 1] == '\\')) {
                k += 2;
                continue;
            }
            if (v == '"') {
                closed = true;
                break;
            }
            ++k;
        }
        if (!closed) return;
        p.raw_value = text.substr(value_begin, k - value_begin);
        ++k;
        while (k < n && blank(text[k])) ++k;
        if (k >= n || text[k] != ']') return;
        p.end = ++k;
        // The line's end, and whether the pair is alone on its line.
        std::size_t e = k;
        while (e < n && blank(text[e])) ++e;
        bool alone_before = true;
        for (std::size_t b = line_start; b < p.begin; ++b)
            if (!blank(text[b])) alone_before = false;
        const bool alone_after = e >= n || text[e] == '\n';
        std::size_t eol = e;
        while (eol < n && text[eol] != '\n') ++eol;
        p.after_line = eol < n ? eol + 1 : n;
        if (alone_before && alone_after) {
            p.line_begin = line_start;
            p.line_end = p.after_line;
        } else {
            p.line_begin = p.line_end = p.begin;
        }
        out.push_back(std::move(p));
        i = k;
    }
}

void unescape_tag_value(std::string_view raw, std::string& out) {
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\')) ++i;
        out += raw[i];
    }
}

void append_escaped_tag_value(std::string_view value, std::string& out) {
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
}

} // namespace pgnkit::app
