// utf8_to_cp1252 (io/utf8.hpp): what cp1252_to_utf8 reads, written back byte for byte; a
// character Windows-1252 lacks is refused.
#include "pgnkit/io/utf8.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace pgnkit;

TEST_CASE("utf8_to_cp1252: every byte round-trips through cp1252_to_utf8", "[io]") {
    for (int b = 0; b < 256; ++b) {
        const std::string byte(1, static_cast<char>(b));
        std::string utf8, back;
        cp1252_to_utf8(byte, utf8);
        INFO("byte " << b);
        REQUIRE(utf8_to_cp1252(utf8, back));
        CHECK(back == byte);
    }
}

TEST_CASE("utf8_to_cp1252: characters Windows-1252 lacks are refused", "[io]") {
    std::string out;
    CHECK(utf8_to_cp1252("R\xc3\xa9ti", out)); // é
    CHECK(out == "R\xe9ti");
    out.clear();
    CHECK(utf8_to_cp1252("\xe2\x82\xac", out)); // € is 80
    CHECK(out == "\x80");
    out.clear();
    CHECK_FALSE(utf8_to_cp1252("Kosti\xc4\x87", out));    // ć
    CHECK_FALSE(utf8_to_cp1252("\xc2\x80", out));         // U+0080: 80 is €
    CHECK_FALSE(utf8_to_cp1252("\xe6\x97\xa5", out));     // 日
    CHECK_FALSE(utf8_to_cp1252("\xf0\x9f\x98\x80", out)); // beyond U+FFFF
    CHECK_FALSE(utf8_to_cp1252("\xc3", out));             // cut short
}
