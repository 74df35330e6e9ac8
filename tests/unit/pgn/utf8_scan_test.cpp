// is_valid_utf8 reads ASCII 64 bytes at a time and the last bytes of a text as its last 64 (an
// overlapping load): the answer and the first bad byte must be a byte-by-byte check's.
#include "pgnkit/pgn/reader.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace pgnkit;

namespace {
/// A plain UTF-8 check: true, or false with the index of the first byte of the first bad
/// sequence.
bool reference(const std::string& s, std::size_t& bad) {
    for (std::size_t i = 0; i < s.size();) {
        auto c = static_cast<unsigned char>(s[i]);
        std::size_t len = c < 0x80                 ? 1
                          : c >= 0xC2 && c <= 0xDF ? 2
                          : c >= 0xE0 && c <= 0xEF ? 3
                          : c >= 0xF0 && c <= 0xF4 ? 4
                                                   : 0;
        bool ok = len != 0 && i + len <= s.size();
        unsigned cp = len == 1 ? c : c & (0x7Fu >> len);
        for (std::size_t k = 1; ok && k < len; ++k) {
            auto cc = static_cast<unsigned char>(s[i + k]);
            ok = (cc & 0xC0) == 0x80;
            cp = (cp << 6) | (cc & 0x3Fu);
        }
        const unsigned min = len == 2 ? 0x80 : len == 3 ? 0x800 : len == 4 ? 0x10000 : 0;
        if (ok && len > 1) ok = cp >= min && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
        if (!ok) {
            bad = i;
            return false;
        }
        i += len;
    }
    return true;
}
} // namespace

TEST_CASE("utf8 scan: is_valid_utf8 agrees with a byte-by-byte check near the end", "[reader]") {
    const std::string pieces[] = {"\xC3\xA9", "\xE2\x80\xA6", "\xF0\x9F\x98\x80", "\xC3",
                                  "\xE2\x80", "\xFF",         "\xC0\xAF",         "\xED\xA0\x80"};
    for (std::size_t n = 0; n <= 140; ++n) {
        for (std::size_t at = 0; at <= n; ++at) {
            for (const std::string& piece : pieces) {
                std::string s(n, 'a');
                s.insert(at, piece);
                std::size_t expect_bad = 0, got_bad = 0;
                bool expect = reference(s, expect_bad);
                INFO("n " << n << " at " << at << " piece " << piece.size());
                REQUIRE(is_valid_utf8(s, &got_bad) == expect);
                if (!expect) CHECK(got_bad == expect_bad);
            }
        }
    }
}
