#include "pgnkit/format/html.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace pgnkit::app;

TEST_CASE("html escape: markup characters become references", "[html][escape]") {
    CHECK(html::escape("<script>alert('x')</script>") ==
          "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    CHECK(html::escape("a & \"b\"") == "a &amp; &quot;b&quot;");
    CHECK(html::escape("&amp;") == "&amp;amp;"); // no double-decoding: text, not markup
    CHECK(html::escape("") == "");
    CHECK(html::escape("plain text 1-0") == "plain text 1-0");
}

TEST_CASE("html escape: text that is not UTF-8 is read as Latin-1", "[html][escape]") {
    CHECK(html::escape("M\xfcller") == "M\xc3\xbcller");   // Latin-1 ü → UTF-8
    CHECK(html::escape("K\xc3\xb6nig") == "K\xc3\xb6nig"); // UTF-8 kept
    CHECK(html::escape("\x80") == "\xe2\x82\xac");         // Windows-1252: the euro sign
    CHECK(html::escape("<\xe9>") == "&lt;\xc3\xa9&gt;");   // transcoded, then escaped
}

TEST_CASE("html escape: control characters become U+FFFD, blanks stay", "[html][escape]") {
    CHECK(html::escape(std::string_view("a\0b\x07", 4)) == "a\xEF\xBF\xBD"
                                                           "b\xEF\xBF\xBD");
    CHECK(html::escape("del\x7f") == "del\xEF\xBF\xBD");
    CHECK(html::escape("tab\there\nline\r") == "tab\there\nline\r");
}

TEST_CASE("html escape: append_escaped appends to what is there", "[html][escape]") {
    std::string out = "<p>";
    html::append_escaped(out, "1 < 2");
    CHECK(out == "<p>1 &lt; 2");
}
