#pragma once
/// Small byte helpers shared by the in-place writers (fen_export.cpp, pgn_writer.cpp).

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

} // namespace pgnkit::app
