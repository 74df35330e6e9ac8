#pragma once
/// Internal helpers shared by the splitter and the reader (in a public header because the
/// reader's template inlines the plain tag scan): byte classes, "find the first of these
/// bytes" (vectorised: detail/simd/kernels.hpp) and the usual tag line.

#include "pgnkit/pgn/detail/simd/kernels.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace pgnkit::detail {

/// Blanks inside a line (line ends are handled separately).
constexpr bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

/// Bytes of a tag name: PGN §8.1.1 allows letters, digits and underscore; we also accept
/// a few punctuation bytes seen in the wild.
constexpr bool is_tag_name_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-' || c == '+' || c == '#' || c == '=' || c == ':';
}

/// Byte classes of the splitter: one table lookup instead of a chain of comparisons.
enum : std::uint8_t {
    cls_blank = 1,        ///< is_blank
    cls_tag_name = 2,     ///< is_tag_name_char
    cls_trail = 4,        ///< blanks and line ends (trailing a line's text)
    cls_result_end = 8,   ///< may end a termination marker: 0 1 2 5 * and the last byte of ½
    cls_result_stop = 16, ///< ends the token before a termination marker: blanks, line ends, {}()
};

inline constexpr std::array<std::uint8_t, 256> char_classes = [] {
    std::array<std::uint8_t, 256> t{};
    for (int i = 0; i < 256; ++i) {
        char c = static_cast<char>(i);
        t[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(
            (is_blank(c) ? cls_blank : 0) | (is_tag_name_char(c) ? cls_tag_name : 0) |
            (is_blank(c) || c == '\r' || c == '\n' ? cls_trail : 0) |
            (c == '0' || c == '1' || c == '2' || c == '5' || c == '*' || c == '\xBD'
                 ? cls_result_end
                 : 0) |
            (is_blank(c) || c == '\r' || c == '\n' || c == '{' || c == '}' || c == '(' || c == ')'
                 ? cls_result_stop
                 : 0));
    }
    return t;
}();

inline bool has_class(char c, std::uint8_t k) {
    return (char_classes[static_cast<unsigned char>(c)] & k) != 0;
}

/// Index of the first byte in [i, n) equal to one of Cs, or n.
template <char... Cs>
inline std::size_t find_any(const char* p, std::size_t i, std::size_t n) {
#ifdef __SSE2__
    return simd::sse2::find_any<Cs...>(p, i, n);
#else
    for (; i < n; ++i) {
        char c = p[i];
        if (((c == Cs) || ...)) return i;
    }
    return n;
#endif
}

/// The usual tag after its `[`: `Name "value"]`, the name (1 to 15 tag name bytes) right
/// after the `[`, blanks, a value without a backslash or line break, blanks and `]`.
struct PlainTag {
    std::size_t name_end = 0;    ///< index just past the name
    std::size_t value_begin = 0; ///< index just past the opening quote
    std::size_t value_end = 0;   ///< index of the closing quote
    std::size_t close = 0;       ///< index of the `]`
    std::uint64_t name_lo = 0;   ///< the name's bytes 0-7 (zero padded)
    std::uint64_t name_hi = 0;   ///< the name's bytes 8-15 (zero padded)
};

/// A tag name's `len` (1 to 15) bytes at p as two words, zero padded (PlainTag::name_lo,
/// name_hi); 16 bytes readable at p.
inline void name_words(const char* p, std::size_t len, std::uint64_t& lo, std::uint64_t& hi) {
    static constexpr auto masks = [] {
        std::array<std::array<std::uint64_t, 2>, 16> w{};
        for (std::size_t b = 1; b < 16; ++b) {
            w[b][0] = b >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * b)) - 1;
            w[b][1] = b <= 8 ? 0 : (std::uint64_t{1} << (8 * (b - 8))) - 1;
        }
        return w;
    }();
    std::memcpy(&lo, p, 8);
    std::memcpy(&hi, p + 8, 8);
    lo &= masks[len][0];
    hi &= masks[len][1];
}

/// The rest of scan_plain_tag once the name's length is known: `len` (1 to 15) tag name bytes
/// from i, and 32 bytes readable from i.
inline bool scan_plain_tag_after_name(const char* p, std::size_t i, std::size_t len, std::size_t n,
                                      PlainTag& t) {
    std::size_t j = i + len;
    if (p[j] == ' ') ++j;
    if (p[j] != '"') {
        while (j < n && is_blank(p[j])) ++j;
        if (j == n || p[j] != '"') return false;
    }
    std::size_t k = find_any<'"', '\\', '\n', '\r'>(p, j + 1, n);
    if (k == n || p[k] != '"') return false;
    std::size_t c = k + 1;
    if (c < n && p[c] != ']') {
        while (c < n && is_blank(p[c])) ++c;
    }
    if (c == n || p[c] != ']') return false;
    name_words(p + i, len, t.name_lo, t.name_hi);
    t.name_end = i + len;
    t.value_begin = j + 1;
    t.value_end = k;
    t.close = c;
    return true;
}

/// Whether p[i, n) begins with a plain tag (see PlainTag; t set if so). Needs 32 bytes from
/// i (the name's 16 bytes are read at once): false near the end of the text (the caller's
/// general path handles it).
inline bool scan_plain_tag(const char* p, std::size_t i, std::size_t n, PlainTag& t) {
    if (i > n || n - i < 32) return false;
#ifdef __SSE2__
    // The name's length at once: the first byte that is not a tag name byte.
    std::size_t len = static_cast<std::size_t>(__builtin_ctz(~simd::sse2::tag_name_mask(p + i)));
#else
    std::size_t len = 0;
    while (len < 16 && has_class(p[i + len], cls_tag_name)) ++len;
#endif
    if (len == 0 || len == 16) return false;
    return scan_plain_tag_after_name(p, i, len, n, t);
}

/// Index of the first byte in [i, n) that is not blank, or n.
inline std::size_t skip_blanks(const char* p, std::size_t i, std::size_t n) {
    while (i < n && is_blank(p[i])) ++i;
    return i;
}

/// Line breaks in [b, e): LF, CR LF and lone CR each count once. `prev` is the byte
/// before b (or 0).
inline std::uint64_t count_line_breaks(const char* b, const char* e, char prev) {
    std::uint64_t n = 0;
    for (const char* p = b; p < e; ++p) {
        if (*p == '\r')
            ++n;
        else if (*p == '\n' && prev != '\r')
            ++n;
        prev = *p;
    }
    return n;
}

/// Whether a word holds a control byte (below 0x20, or DEL) among its 8 bytes.
inline bool word_has_control(std::uint64_t w) {
    constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    const std::uint64_t del = w ^ (ones * 0x7F);
    return (((w - ones * 0x20) & ~w) | ((del - ones) & ~del)) & highs;
}

/// Whether n bytes at s hold a control byte (below 0x20, or DEL): words of 8 bytes, the last
/// one overlapping, and a short text in one word (no loop over its bytes, no read outside it).
inline bool has_control(const char* s, std::size_t n) {
    std::uint64_t w;
    if (n >= 8) {
        for (std::size_t i = 0; i + 8 < n; i += 8) {
            std::memcpy(&w, s + i, 8);
            if (word_has_control(w)) return true;
        }
        std::memcpy(&w, s + n - 8, 8);
    } else if (n >= 4) {
        std::uint32_t lo, hi;
        std::memcpy(&lo, s, 4);
        std::memcpy(&hi, s + n - 4, 4);
        w = lo | std::uint64_t{hi} << 32;
    } else if (n > 0) { // the first, middle and last bytes cover 1 to 3 bytes
        w = 0x6161616161000000ULL | static_cast<unsigned char>(s[0]) |
            std::uint64_t{static_cast<unsigned char>(s[n / 2])} << 8 |
            std::uint64_t{static_cast<unsigned char>(s[n - 1])} << 16;
    } else {
        return false;
    }
    return word_has_control(w);
}

/// The first control byte (below 0x20, or DEL) among n bytes at s, or n.
inline std::size_t find_control(const char* s, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c == 0x7F) return i;
    }
    return n;
}

} // namespace pgnkit::detail
