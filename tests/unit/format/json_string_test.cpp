#include "pgnkit/format/json.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace pgnkit;
using namespace pgnkit::app;

namespace {
std::string json(std::string_view s) {
    std::string out;
    append_json_string(out, s);
    return out;
}
} // namespace

TEST_CASE("json string: quotes, backslashes and control characters are escaped", "[json]") {
    CHECK(json("") == "\"\"");
    CHECK(json("Nf3") == "\"Nf3\"");
    CHECK(json("say \"hi\"") == "\"say \\\"hi\\\"\"");
    CHECK(json("C:\\pgn") == "\"C:\\\\pgn\"");
    CHECK(json("a\nb\rc\td") == "\"a\\nb\\rc\\td\"");
    CHECK(json(std::string_view("\0\x01\x1f\x7f", 4)) == "\"\\u0000\\u0001\\u001f\\u007f\"");
    // '/' and markup characters need no escape; UTF-8 and other bytes are copied.
    CHECK(json("</b> & 'x'") == "\"</b> & 'x'\"");
    CHECK(json("K\xc3\xb6nig") == "\"K\xc3\xb6nig\"");
    CHECK(json("\xfc") == "\"\xfc\"");
}

TEST_CASE("json string: an output buffer gets the same bytes", "[json]") {
    const std::string_view text = "tab\there \"q\" \x02 \\";
    OutBuffer buf;
    buf += "[";
    append_json_string(buf, text);
    std::string want = "["; // (not "[" + …: GCC 12 -O3 -Wrestrict false alarm)
    want += json(text);
    CHECK(buf.view() == want);
}

TEST_CASE("json string: arrays of strings and number text", "[json]") {
    std::string out;
    append_json_strings(out, {});
    CHECK(out == "[]");
    out.clear();
    append_json_strings(out, {"1-0", "", "a\"b"});
    CHECK(out == "[\"1-0\",\"\",\"a\\\"b\"]");
    CHECK(json_number_text("+3.5") == "3.5");
    CHECK(json_number_text("-3.5") == "-3.5");
    CHECK(json_number_text("12") == "12");
    CHECK(json_number_text("") == "");
}
