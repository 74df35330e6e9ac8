#pragma once
/// UTF-8 encoding of one code point (the decoders of Latin-1 and UTF-16 text, JSON escapes),
/// where a cut of UTF-8 text may fall, and Windows-1252 text transcoded to UTF-8.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace pgnkit {

/// Writes the code point `cp` (at most U+10FFFF) as UTF-8 at `o`, 1 to 4 bytes, and returns
/// the end of what it wrote.
inline char* put_utf8(char* o, std::uint32_t cp) {
    if (cp < 0x80) {
        *o++ = static_cast<char>(cp);
    } else if (cp < 0x800) {
        *o++ = static_cast<char>(0xC0 | (cp >> 6));
        *o++ = static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *o++ = static_cast<char>(0xE0 | (cp >> 12));
        *o++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        *o++ = static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        *o++ = static_cast<char>(0xF0 | (cp >> 18));
        *o++ = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        *o++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        *o++ = static_cast<char>(0x80 | (cp & 0x3F));
    }
    return o;
}

/// Whether `s` is ASCII alone (then UTF-8 and Latin-1 read it alike).
inline bool is_ascii(std::string_view s) {
    unsigned char any = 0;
    for (const char c : s) any |= static_cast<unsigned char>(c);
    return any < 0x80;
}

/// Where text kept as s[from, to) should end so that it splits no UTF-8 sequence: `to`, or
/// the start of the sequence (a lead byte at most 3 bytes before `to`, not before `from`)
/// that `to` would cut. Latin-1 text may lose up to 3 bytes this way, never more.
inline std::size_t utf8_cut(const char* s, std::size_t from, std::size_t to) {
    for (std::size_t k = to; k > from && k + 4 > to;) {
        const unsigned char c = static_cast<unsigned char>(s[--k]);
        if ((c & 0xC0) == 0x80) continue;
        const std::size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        return k + len > to ? k : to;
    }
    return to;
}

/// Appends `s` read as Windows-1252 to `out` as UTF-8: Latin-1 (ISO-8859-1) as browsers read
/// it (the WHATWG Encoding Standard), where 80 to 9F are the typographic characters of
/// Windows text (’ “ ” – — … € Š Ž œ …), not C1 controls; its five unassigned bytes (81 8D 8F
/// 90 9D) stay the C1 controls of those numbers.
void cp1252_to_utf8(std::string_view s, std::string& out);

/// The name reports give text that is not UTF-8 and read by cp1252_to_utf8().
inline constexpr std::string_view latin1_name = "Latin-1 (Windows-1252)";

/// Appends UTF-8 `s` to `out` in Windows-1252, as cp1252_to_utf8() reads it back: a value
/// written into a Latin-1 game (tags, eco). False, with `out` partly appended, when `s` has a
/// character Windows-1252 lacks (or is not UTF-8).
bool utf8_to_cp1252(std::string_view s, std::string& out);

} // namespace pgnkit
