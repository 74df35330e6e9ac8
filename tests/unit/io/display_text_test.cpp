// append_display: text read from a file, as the text reports show it on a terminal.
#include "pgnkit/io/output.hpp"

#include <catch2/catch.hpp>

#include <string>

using pgnkit::app::append_display;

namespace {
std::string shown(std::string_view s, bool utf8) {
    std::string out = "<";
    append_display(out, s, utf8);
    return out + ">";
}
} // namespace

TEST_CASE("append_display keeps printable text as it is") {
    CHECK(shown("Kasparov, Garry", true) == "<Kasparov, Garry>");
    CHECK(shown("Müller – Émile", true) == "<Müller – Émile>");
    CHECK(shown("", true) == "<>");
    // Latin-1 is transcoded.
    CHECK(shown("M\xfcller", false) == "<Müller>");
    CHECK(shown("\xc9mile \xa0x", false) == "<Émile \xc2\xa0x>");
}

TEST_CASE("append_display shows control characters as symbols one column wide") {
    // A title-setting and a colour escape sequence, a bell, a tab, NUL and DEL.
    CHECK(shown("\x1b]0;pwned\x07\x1b[31mRED", true) == "<␛]0;pwned␇␛[31mRED>");
    CHECK(shown("a\tb", true) == "<a b>");
    CHECK(shown(std::string_view("\0\x01\x1f\x7f", 4), true) == "<␀␁␟␡>");
    CHECK(shown("\r\n", false) == "<␍␊>");
    // C1 controls (CSI is 0x9B): two bytes in UTF-8, each shown as U+FFFD.
    CHECK(shown("a\xc2\x9b"
                "31m\xc2\x80",
                true) == "<a\xef\xbf\xbd"
                         "31m\xef\xbf\xbd>");
    // Latin-1 is read as Windows-1252: 9B is '›' and 80 '€', no control; its five unassigned
    // bytes (81 8D 8F 90 9D) are C1 controls, shown as U+FFFD.
    CHECK(shown("a\x9b"
                "31m\x80\xff",
                false) == "<a›31m€\xc3\xbf>");
    CHECK(shown("\x81\x8d\x8f\x90\x9d", false) ==
          "<\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd>");
    // C2 before a byte that cannot continue it is no C1 control (a name that is not UTF-8).
    CHECK(shown("\xc2x", true) == "<\xc2x>");
    CHECK(shown("\xc2", true) == "<\xc2>");
}

TEST_CASE("append_display_clipped cuts at a character count, with an ellipsis") {
    const auto clipped = [](std::string_view s, bool utf8, std::size_t max) {
        std::string out;
        pgnkit::app::append_display_clipped(out, s, utf8, max);
        return out;
    };
    CHECK(clipped("Kasparov", true, 8) == "Kasparov");
    CHECK(clipped("Kasparov", true, 3) == "Kas…");
    // UTF-8 sequences stay whole; a Latin-1 byte is one character.
    CHECK(clipped("ÉÉÉÉ", true, 2) == "ÉÉ…");
    CHECK(clipped("\xc9\xc9\xc9", false, 2) == "ÉÉ…");
    CHECK(clipped("\x1b[31m", true, 2) == "␛[…");
    CHECK(clipped("", true, 0).empty());
}
