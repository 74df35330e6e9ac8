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

TEST_CASE("xml escape: every other byte is copied as is", "[xml][escape]") {
    // Unlike html::escape: no Latin-1 transcoding and no U+FFFD (the SVG board's bytes).
    CHECK(html::xml_escape("M\xfcller") == "M\xfcller");
    CHECK(html::xml_escape("K\xc3\xb6nig") == "K\xc3\xb6nig");
    CHECK(html::xml_escape(std::string_view("a\0b\x07", 4)) == std::string("a\0b\x07", 4));
    std::string out = "x";
    html::append_xml_escaped(out, "'");
    CHECK(out == "x&apos;");
}
