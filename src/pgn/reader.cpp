/// Non-template parts of the PGN reader: tag-pair parsing with recovery, annotation
/// glyphs, termination markers and encoding helpers.
#include "pgnkit/pgn/reader.hpp"

#include "pgnkit/io/utf8.hpp"
#include "pgnkit/pgn/detail/simd/kernels.hpp"
#include "pgnkit/pgn/scan.hpp"

#include <array>
#include <cstring>

namespace pgnkit {

// ------------------------------------------------------------------ encoding

bool is_valid_utf8(std::string_view s, std::size_t* bad) {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    std::size_t n = s.size();
    std::size_t i = 0;
    while (i < n) {
        // Fast path: runs of ASCII, 64, 32 and then 8 bytes at a time.
#if defined(__SSE2__)
        const char* t = reinterpret_cast<const char*>(p);
        while (i + 64 <= n && !simd::sse2::has_non_ascii<64>(t + i)) i += 64;
        if (i + 64 > n && n >= 64) {
            // The last bytes: the last 64 of the text at once (they overlap bytes already
            // seen to be ASCII), instead of 32, 8 and 1 at a time.
            if (!simd::sse2::has_non_ascii<64>(t + n - 64)) break; // all ASCII: valid
        }
        while (i + 32 <= n && !simd::sse2::has_non_ascii<32>(t + i)) i += 32;
#endif
        while (i + 8 <= n) {
            std::uint64_t w;
            std::memcpy(&w, p + i, 8);
            if ((w & 0x8080808080808080ull) != 0) break;
            i += 8;
        }
        if (i >= n) break;
        unsigned c = p[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t len;
        unsigned min;
        if (c >= 0xC2 && c <= 0xDF)
            len = 2, min = 0x80;
        else if (c >= 0xE0 && c <= 0xEF)
            len = 3, min = 0x800;
        else if (c >= 0xF0 && c <= 0xF4)
            len = 4, min = 0x10000;
        else {
            if (bad) *bad = i;
            return false;
        }
        if (i + len > n) {
            if (bad) *bad = i;
            return false;
        }
        unsigned cp = c & (0x7F >> len);
        for (std::size_t k = 1; k < len; ++k) {
            unsigned cc = p[i + k];
            if ((cc & 0xC0) != 0x80) {
                if (bad) *bad = i;
                return false;
            }
            cp = (cp << 6) | (cc & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            if (bad) *bad = i;
            return false;
        }
        i += len;
    }
    return true;
}

// ------------------------------------------------------------------ glyphs

namespace {
struct Glyph {
    std::string_view text;
    int nag;
};
// PGN standard §10 numbering; Unicode forms as ChessBase, lichess and Scid write them.
constexpr std::array<Glyph, 43> glyphs{{
    {"!!", 3},       {"??", 4},       {"!?", 5},   {"?!", 6},      {"!", 1},
    {"?", 2},        {"\u203C", 3},  // ‼
    {"\u2047", 4},                   // ⁇
    {"\u2049", 5},                   // ⁉
    {"\u2048", 6},                   // ⁈
    {"\u25A1", 7},                   // □ only move
    {"=", 10},       {"\u221E", 13}, // ∞
    {"\u2A72", 14},                  // ⩲
    {"\u2A71", 15},                  // ⩱
    {"\u00B1", 16},                  // ±
    {"\u2213", 17},                  // ∓
    {"+\u2212", 18},                 // +−
    {"\u2212+", 19},                 // −+
    {"+/=", 14},     {"=/+", 15},     {"+/-", 16}, {"-/+", 17},    {"+-", 18},
    {"-+", 19},      {"+=", 14},      {"=+", 15},  {"\u2A00", 22}, // ⨀ zugzwang
    {"\u2299", 22},                                                // ⊙ zugzwang
    {"\u27F3", 32},                                                // ⟳ development
    {"\u2191", 36},                                                // ↑ initiative
    {"\u2192", 40},                                                // → attack
    {"=\u221E", 44},                                               // =∞ compensation
    {"\u221E=", 44}, {"\u21C6", 132},                              // ⇆ counterplay
    {"\u2A01", 138},                                               // ⨁ time trouble
    {"\u2295", 138},                                               // ⊕ time trouble
    {"\u2206", 140},                                               // ∆ with the idea
    {"\u25B3", 140},                                               // △ with the idea
    {"\u2313", 142},                                               // ⌓ better is
    {"\u2264", 142},                                               // ≤ better is
    {"N", 146},                                                    // novelty
    {"\u2BF9", 22},                                                // ⯹ zugzwang (lichess)
}};

// Glyphs that may be glued to the end of a move (`e4!?`, `Nf3‼`, `Bc5=`, `Qh4+−`).
constexpr std::array<std::string_view, 28> glued{
    "!!",     "??",     "!?",      "?!",      "!",      "?",       "\u203C",
    "\u2047", "\u2049", "\u2048",  "\u25A1",  "\u221E", "\u2A72",  "\u2A71",
    "\u00B1", "\u2213", "+\u2212", "\u2212+", "+/=",    "=/+",     "+/-",
    "-/+",    "+-",     "-+",      "\u2A00",  "\u2BF9", "=\u221E", "="};
} // namespace

int glyph_nag(std::string_view token) {
    if (token.empty()) return 0;
    char c = token[0];
    // Fast reject: every glyph starts with one of these bytes.
    if (c != '!' && c != '?' && c != '=' && c != '+' && c != '-' && c != 'N' &&
        static_cast<unsigned char>(c) < 0x80)
        return 0;
    if (c == 'N' && token.size() != 1) return 0;
    for (const Glyph& g : glyphs)
        if (g.text == token) return g.nag;
    return 0;
}

namespace detail {

std::size_t split_glyph_suffix(std::string_view token, int* nags, std::size_t* offs,
                               std::size_t max, std::size_t& count) {
    count = 0;
    std::size_t len = token.size();
    // Collect from the end, then reverse into text order.
    int rn[16];
    std::size_t ro[16];
    std::size_t k = 0;
    while (k < max && k < 16 && len > 1) {
        char last = token[len - 1];
        // Only look for glyphs when the last byte can end one (fast reject of `e4`, `Nf3+`).
        if (last != '!' && last != '?' && last != '=' && last != '+' && last != '-' &&
            static_cast<unsigned char>(last) < 0x80)
            break;
        bool found = false;
        for (std::string_view g : glued) {
            if (g.size() < len && token.substr(0, len).ends_with(g)) {
                // `=` and `+`/`-` forms only after something that ends a move.
                if (g == "=" && len >= 2 && token[len - 2] == '=') continue;
                rn[k] = glyph_nag(g);
                ro[k] = len - g.size();
                ++k;
                len -= g.size();
                found = true;
                break;
            }
        }
        if (!found) break;
    }
    for (std::size_t j = 0; j < k; ++j) {
        nags[j] = rn[k - 1 - j];
        offs[j] = ro[k - 1 - j];
    }
    count = k;
    return len;
}

std::uint64_t count_breaks(const char* s, std::size_t b, std::size_t e, bool has_cr,
                           std::size_t& after_last) {
    std::uint64_t k = 0;
    if (!has_cr) {
        std::size_t i = b;
        while (i < e) {
            const void* p = std::memchr(s + i, '\n', e - i);
            if (!p) break;
            i = static_cast<std::size_t>(static_cast<const char*>(p) - s) + 1;
            ++k;
            after_last = i;
        }
        return k;
    }
    for (std::size_t i = b; i < e; ++i) {
        if (s[i] == '\r') {
            ++k;
            after_last = i + 1;
            if (i + 1 < e && s[i + 1] == '\n') after_last = ++i + 1;
        } else if (s[i] == '\n') {
            ++k;
            after_last = i + 1;
        }
    }
    return k;
}

// ------------------------------------------------------------------ tags

namespace {
/// `raw` unescaped, kept as the pair's raw value too.
std::string_view unescape(TagParse& t, std::string_view raw, std::string& buf) {
    t.raw_value = raw;
    if (raw.find('\\') == std::string_view::npos) return raw;
    buf.clear();
    for (std::size_t k = 0; k < raw.size(); ++k) {
        if (raw[k] == '\\' && k + 1 < raw.size() && (raw[k + 1] == '"' || raw[k + 1] == '\\')) ++k;
        buf.push_back(raw[k]);
    }
    return buf;
}
std::size_t skip_blanks(std::string_view s, std::size_t i, std::size_t eol) {
    while (i < eol && is_blank(s[i])) ++i;
    return i;
}
} // namespace

bool parse_plain_tag(const char* s, std::size_t i, std::size_t n, TagParse& t) {
    // What parse_tag does for `[Name "value"]` (no problem to report, nothing to unescape).
    PlainTag pt;
    if (!scan_plain_tag(s, i + 1, n, pt)) return false;
    std::size_t vb =
        s[pt.name_end] == '"' ? pt.name_end + 1 : detail::skip_blanks(s, pt.name_end, n) + 1;
    t.name = std::string_view(s + i + 1, pt.name_end - i - 1);
    t.value = t.raw_value = std::string_view(s + vb, pt.value_end - vb);
    t.end = pt.close + 1;
    t.problem = nullptr;
    t.problem_pos = 0;
    t.deliver = true;
    return true;
}

void parse_tag(std::string_view s, std::size_t i, std::size_t eol, std::string& buf, TagParse& t) {
    t = TagParse{};
    std::size_t j = skip_blanks(s, i + 1, eol);
    std::size_t name_start = j;
    while (j < eol && has_class(s[j], cls_tag_name)) ++j;
    t.name = s.substr(name_start, j - name_start);
    j = skip_blanks(s, j, eol);
    if (j < eol && s[j] == ']') { // [Site]
        t.value = {};
        t.deliver = !t.name.empty();
        t.problem = "tag without a value";
        t.problem_pos = j;
        t.end = j + 1;
        return;
    }
    if (j >= eol || s[j] != '"') {
        t.problem =
            t.name.empty() ? "malformed tag pair: no tag name" : "malformed tag pair: no value";
        t.problem_pos = j < eol ? j : i;
        t.end = eol;
        return;
    }
    if (t.name.empty()) {
        t.problem = "tag pair without a name";
        t.problem_pos = name_start;
    }
    std::size_t vb = j + 1;
    // Find the closing quote (a backslash escapes the next byte).
    std::size_t k = vb;
    bool escaped = false; // a backslash seen: the value needs unescape()
    while (k < eol && s[k] != '"') {
        if (s[k] == '\\') {
            escaped = true;
            k += 2;
        } else {
            ++k;
        }
    }
    if (k >= eol) {
        // Unterminated: `[Event "Tournament \"]` (a trailing backslash) or a value
        // broken across lines. Take the value up to a final `"]` if there is one.
        std::size_t e = eol;
        while (e > vb && is_blank(s[e - 1])) --e;
        if (e >= vb + 2 && s[e - 1] == ']' && s[e - 2] == '"') {
            t.value = unescape(t, s.substr(vb, e - 2 - vb), buf);
            if (!t.problem) t.problem = "tag value ends with a backslash before its closing quote";
        } else {
            t.value = unescape(t, s.substr(vb, eol - vb), buf);
            if (!t.problem) t.problem = "tag value not closed on its line";
        }
        if (!t.problem_pos) t.problem_pos = j;
        t.deliver = !t.name.empty();
        t.end = eol;
        return;
    }
    std::size_t m = skip_blanks(s, k + 1, eol);
    if (m < eol && s[m] == ']') {
        t.value = escaped ? unescape(t, s.substr(vb, k - vb), buf) : s.substr(vb, k - vb);
        if (!escaped) t.raw_value = t.value;
        t.deliver = !t.name.empty();
        t.end = m + 1;
        return;
    }
    if (m >= eol) {
        t.value = unescape(t, s.substr(vb, k - vb), buf);
        t.deliver = !t.name.empty();
        if (!t.problem) {
            t.problem = "tag pair without a closing ']'";
            t.problem_pos = m;
        }
        t.end = eol;
        return;
    }
    // Text after the closing quote: unescaped quotes inside the value (`"A "B" C"]`) if a
    // later quote is followed by `]`; else junk before the `]`.
    std::size_t q = std::string_view::npos;
    for (std::size_t r = eol; r > k + 1; --r) {
        if (s[r - 1] == '"') {
            std::size_t after = skip_blanks(s, r, eol);
            if (after < eol && s[after] == ']') {
                q = r - 1;
                break;
            }
        }
    }
    if (q != std::string_view::npos) {
        t.value = unescape(t, s.substr(vb, q - vb), buf);
        if (!t.problem) t.problem = "unescaped '\"' inside a tag value";
    } else {
        t.value = unescape(t, s.substr(vb, k - vb), buf);
        if (!t.problem) t.problem = "unexpected text after a tag value";
    }
    if (!t.problem_pos) t.problem_pos = m;
    t.deliver = !t.name.empty();
    t.end = eol;
}

} // namespace detail

// ------------------------------------------------------------------ results

std::string_view normalize_result(std::string_view t, bool* standard) {
    if (standard) *standard = true;
    std::string_view r;
    switch (t.size()) { // by length: most tokens are rejected without a comparison
    case 1:
        if (t == "*") return t;
        break;
    case 3:
        if (t == "1-0" || t == "0-1") return t;
        if (t == "1:0")
            r = "1-0";
        else if (t == "0:1")
            r = "0-1";
        else if (t == "1/2")
            r = "1/2-1/2";
        break;
    case 5:
        if (t == "\xC2\xBD-\xC2\xBD" || t == "\xC2\xBD:\xC2\xBD") r = "1/2-1/2";
        break;
    case 7:
        if (t == "1/2-1/2") return t;
        if (t == "0.5-0.5" || t == "1/2:1/2") r = "1/2-1/2";
        break;
    default: break;
    }
    if (!r.empty() && standard) *standard = false;
    return r;
}

} // namespace pgnkit
