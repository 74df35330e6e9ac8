#include "pgnkit/io/utf8.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace pgnkit {

namespace {
/// The code points of Windows-1252's bytes 80 to 9F (the WHATWG index; the unassigned five
/// as the C1 controls of their numbers).
constexpr std::array<std::uint16_t, 32> cp1252_high = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};
} // namespace

void cp1252_to_utf8(std::string_view s, std::string& out) {
    out.reserve(out.size() + s.size() + s.size() / 8);
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x80) {
            out.push_back(ch);
            continue;
        }
        char b[4];
        out.append(b, put_utf8(b, c < 0xA0 ? cp1252_high[c - 0x80] : c));
    }
}

} // namespace pgnkit

namespace pgnkit {

bool utf8_to_cp1252(std::string_view s, std::string& out) {
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            out.push_back(s[i++]);
            continue;
        }
        // One UTF-8 sequence of 2 or 3 bytes (Windows-1252 has no code point past U+FFFF).
        const std::size_t len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 0;
        if (len == 0 || i + len > s.size()) return false;
        std::uint32_t cp = c & (len == 2 ? 0x1F : 0x0F);
        for (std::size_t k = 1; k < len; ++k) {
            const auto d = static_cast<unsigned char>(s[i + k]);
            if ((d & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (d & 0x3F);
        }
        i += len;
        if (cp >= 0xA0 && cp <= 0xFF) {
            out.push_back(static_cast<char>(cp));
            continue;
        }
        // 80 to 9F: the byte that cp1252_to_utf8() reads as this code point, if any.
        const auto* at = std::find(cp1252_high.begin(), cp1252_high.end(), cp);
        if (at == cp1252_high.end() || cp < 0x80) return false;
        out.push_back(static_cast<char>(0x80 + (at - cp1252_high.begin())));
    }
    return true;
}

} // namespace pgnkit
