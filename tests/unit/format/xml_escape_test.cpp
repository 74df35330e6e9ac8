#include "pgnkit/format/html.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace pgnkit::app;

TEST_CASE("xml escape: the five markup characters, the apostrophe by its XML name",
          "[xml][escape]") {
    CHECK(html::xml_escape("a <title> & more") == "a &lt;title&gt; &amp; more");
    CHECK(html::xml_escape("\"O'Neil\"") == "&quot;O&apos;Neil&quot;");
    CHECK(html::xml_escape("") == "");
    CHECK(html::xml_escape("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") ==
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

TEST_CASE("xml escape: the image stays valid UTF-8 and valid XML", "[xml][escape]") {
    // A move written in Latin-1 (a board's title in validate --html) is read as Latin-1, as
    // the reader reads the game; control characters, which XML 1.0 forbids, become U+FFFD.
    CHECK(html::xml_escape("M\xfcller") == "M\xc3\xbcller");
    CHECK(html::xml_escape("\xd1"
                           "f3'") == "\xc3\x91"
                                     "f3&apos;");
    CHECK(html::xml_escape("K\xc3\xb6nig") == "K\xc3\xb6nig");
    CHECK(html::xml_escape(std::string_view("a\0b\x07\tc", 6)) == "a\xef\xbf\xbd"
                                                                  "b\xef\xbf\xbd\tc");
    std::string out = "x";
    html::append_xml_escaped(out, "'");
    CHECK(out == "x&apos;");
}
