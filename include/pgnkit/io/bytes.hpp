#pragma once
/// Small byte helpers of the in-place writers (src/cmd/fen/position_formats.cpp,
/// src/cmd/convert/pgn_writer.cpp, src/cmd/convert/movetext_layout.cpp): copies without a call
/// to memcpy, number text, scans.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace pgnkit::app {

/// memcpy that accepts an empty range with null pointers (memcpy itself must not be
/// given a null pointer, even for zero bytes; UBSan checks it).
inline void copy_bytes(void* dst, const void* src, std::size_t n) {
    if (n) std::memcpy(dst, src, n);
}

/// Whether n bytes at s hold a '"' or a '\\' (a text to escape), 8 bytes at a time.
inline bool has_quote_or_backslash(const char* s, std::size_t n) {
    auto test = [](std::uint64_t w) {
        constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
        const std::uint64_t q = w ^ (ones * '"'), b = w ^ (ones * '\\');
        return (((q - ones) & ~q) | ((b - ones) & ~b)) & highs;
    };
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t w;
        std::memcpy(&w, s + i, 8);
        if (test(w)) return true;
    }
    for (; i < n; ++i)
        if (s[i] == '"' || s[i] == '\\') return true;
    return false;
}

/// "00" to "99".
inline constexpr std::array<char, 200> two_digits = [] {
    std::array<char, 200> t{};
    for (int i = 0; i < 100; ++i)
        t[std::size_t(2 * i)] = char('0' + i / 10), t[std::size_t(2 * i + 1)] = char('0' + i % 10);
    return t;
}();

/// Decimal text of v at p; returns the end. Clocks and move numbers are short: no fmt here.
[[gnu::always_inline]] inline char* put_uint(char* p, unsigned v) {
    if (v < 10) {
        *p = char('0' + v);
        return p + 1;
    }
    if (v < 100) {
        std::memcpy(p, &two_digits[2 * v], 2);
        return p + 2;
    }
    char tmp[12];
    int n = 0;
    do tmp[n++] = char('0' + v % 10), v /= 10;
    while (v);
    while (n) *p++ = tmp[--n];
    return p;
}

/// Copies n bytes in 32-byte blocks (no call, no length dispatch): both sides must have 32
/// bytes of slack past n (their contents are copied along, never shown).
inline char* copy_padded(char* dst, const char* src, std::size_t n) {
    // The first block unconditionally (an id or a tail is rarely longer).
    std::memcpy(dst, src, 16);
    std::memcpy(dst + 16, src + 16, 16);
    for (std::size_t i = 32; i < n; i += 32) {
        std::memcpy(dst + i, src + i, 16);
        std::memcpy(dst + i + 16, src + i + 16, 16);
    }
    return dst + n;
}

/// copy_padded for a text of about 64 bytes (an EPD line's tail): the first 64 bytes
/// unconditionally; both sides must have 64 bytes of slack past n.
inline char* copy_tail(char* dst, const char* src, std::size_t n) {
    for (std::size_t i = 0; i < 64; i += 16) std::memcpy(dst + i, src + i, 16);
    for (std::size_t i = 64; i < n; i += 32) {
        std::memcpy(dst + i, src + i, 16);
        std::memcpy(dst + i + 16, src + i + 16, 16);
    }
    return dst + n;
}

/// Copies a short text (a SAN move) exactly, with overlapping fixed-size moves instead of a
/// call to memcpy (the source has no slack: it is the input text).
inline char* copy_short_text(char* dst, const char* src, std::size_t n) {
    if (n >= 8) {
        if (n > 16) {
            std::memcpy(dst, src, n);
            return dst + n;
        }
        std::uint64_t a, b;
        std::memcpy(&a, src, 8);
        std::memcpy(&b, src + n - 8, 8);
        std::memcpy(dst, &a, 8);
        std::memcpy(dst + n - 8, &b, 8);
    } else if (n >= 4) {
        std::uint32_t a, b;
        std::memcpy(&a, src, 4);
        std::memcpy(&b, src + n - 4, 4);
        std::memcpy(dst, &a, 4);
        std::memcpy(dst + n - 4, &b, 4);
    } else if (n) {
        const char a = src[0], b = src[n / 2], c = src[n - 1];
        dst[0] = a;
        dst[n / 2] = b;
        dst[n - 1] = c;
    }
    return dst + n;
}

/// Copies n ≤ 16 bytes exactly with overlapping fixed-size moves (no memcpy call; the source
/// has no slack past n); returns whether they are all ASCII.
inline bool copy_short(char* dst, const char* src, std::size_t n) {
    if (n >= 8) {
        std::uint64_t a, b;
        std::memcpy(&a, src, 8);
        std::memcpy(&b, src + n - 8, 8);
        std::memcpy(dst, &a, 8);
        std::memcpy(dst + n - 8, &b, 8);
        return ((a | b) & 0x8080808080808080ULL) == 0;
    }
    if (n >= 4) {
        std::uint32_t a, b;
        std::memcpy(&a, src, 4);
        std::memcpy(&b, src + n - 4, 4);
        std::memcpy(dst, &a, 4);
        std::memcpy(dst + n - 4, &b, 4);
        return ((a | b) & 0x80808080U) == 0;
    }
    if (n) {
        const char a = src[0], b = src[n / 2], c = src[n - 1];
        dst[0] = a;
        dst[n / 2] = b;
        dst[n - 1] = c;
        return ((a | b | c) & 0x80) == 0;
    }
    return true;
}

/// Whether n bytes at s are ASCII without '"' or '\\' (nothing to quote or transcode), 8
/// bytes at a time.
inline bool plain_ascii(const char* s, std::size_t n) {
    constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    auto bad = [](std::uint64_t w) {
        const std::uint64_t q = w ^ (ones * '"'), b = w ^ (ones * '\\');
        return ((((q - ones) & ~q) | ((b - ones) & ~b)) & highs) | (w & highs);
    };
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t w;
        std::memcpy(&w, s + i, 8);
        if (bad(w)) return false;
    }
    for (; i < n; ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80 || c == '"' || c == '\\') return false;
    }
    return true;
}

} // namespace pgnkit::app
