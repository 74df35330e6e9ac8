#include "pgnkit/io/utf8.hpp"

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
