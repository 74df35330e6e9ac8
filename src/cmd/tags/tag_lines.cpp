#include "pgnkit/cmd/tags/tag_lines.hpp"

#include <cstring>

namespace pgnkit::app {

namespace {
bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
bool name_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '+' || c == '#' || c == '=' || c == ':' || c == '-';
}
} // namespace

void read_tag_pairs(std::string_view text, std::vector<TagLinePair>& out) {
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
        TagLinePair p;
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
        // The closing quote: the first one after an even number of backslashes (memchr: the
        // values are most of a tag section's bytes), on the pair's line.
        for (;;) {
            const void* q = k < n ? std::memchr(text.data() + k, '"', n - k) : nullptr;
            if (!q) return;
            k = static_cast<std::size_t>(static_cast<const char*>(q) - text.data());
            std::size_t slashes = 0;
            while (k - slashes > value_begin && text[k - slashes - 1] == '\\') ++slashes;
            if (slashes % 2 == 0) break;
            ++k;
        }
        if (std::memchr(text.data() + value_begin, '\n', k - value_begin)) return;
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
        const void* nl = e < n ? std::memchr(text.data() + e, '\n', n - e) : nullptr;
        const std::size_t eol =
            nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) : n;
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
    if (raw.find('\\') == std::string_view::npos) { // the usual value: nothing escaped
        out.append(raw);
        return;
    }
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
