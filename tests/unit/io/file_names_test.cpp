// Portable file names (io/file_names.hpp): what no file system takes is replaced, names are
// capped in bytes without cutting a UTF-8 sequence, and names that one file system would take
// for the same file are numbered in the order they are claimed.
#include "pgnkit/io/file_names.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace pgnkit::app;

namespace {
std::string part(std::string_view text, std::size_t max = 100) {
    std::string out;
    if (!append_name_part(out, text, max)) return "<none>";
    return out;
}
std::string portable(std::string name, std::size_t extension = 4) {
    make_portable_name(name, extension);
    return name;
}
} // namespace

TEST_CASE("file names: separators, reserved and control characters become _", "[file_names]") {
    CHECK(part("a/b\\c:d*e?f\"g<h>i|j") == "a_b_c_d_e_f_g_h_i_j");
    CHECK(part(std::string("tab\there\x01\x7F", 10)) == "tab_here__");
    CHECK(part("x\xC2\x85y") == "x_y");                                    // U+0085, a C1 control
    CHECK(part("Caf\xC3\xA9 \xE2\x82\xAC") == "Caf\xC3\xA9 \xE2\x82\xAC"); // UTF-8 kept
    CHECK(part("  Tata Steel \t") == "Tata Steel");
    CHECK(part("   ") == "<none>");
}

TEST_CASE("file names: capped in bytes between UTF-8 sequences", "[file_names]") {
    CHECK(part("abcdef", 4) == "abcd");
    CHECK(part("ab\xC3\xA9", 3) == "ab"); // é would be cut
    CHECK(part("\xE2\x82\xAC\xE2\x82\xAC", 5) == "\xE2\x82\xAC");
    const std::string long_name = std::string(300, 'x') + ".pgn";
    const std::string capped = portable(long_name);
    CHECK(capped.size() == max_file_name_bytes);
    CHECK(capped.ends_with(".pgn"));
    std::string euros;
    for (int i = 0; i < 100; ++i) euros += "\xE2\x82\xAC";
    const std::string cut = portable(euros + ".pgn");
    CHECK(cut.size() <= max_file_name_bytes);
    CHECK((cut.size() - 4) % 3 == 0); // whole euro signs
}

TEST_CASE("file names: hidden, trailing dots and blanks, Windows devices", "[file_names]") {
    CHECK(portable(".hidden.pgn") == "_hidden.pgn");
    CHECK(portable("name.", 0) == "name_");
    CHECK(portable("name ", 0) == "name_");
    CHECK(portable("CON.pgn") == "_CON.pgn");
    CHECK(portable("con.pgn.zst", 8) == "_con.pgn.zst");
    CHECK(portable("LPT1.pgn") == "_LPT1.pgn");
    CHECK(portable("COM\xC2\xB9.pgn") == "_COM\xC2\xB9.pgn");
    CHECK(portable("CONSOLE.pgn") == "CONSOLE.pgn");
    CHECK(portable("COM10.pgn") == "COM10.pgn");
    CHECK(portable(".pgn") == "_.pgn");
}

TEST_CASE("file names: the same name, or one differing in case, numbered in claim order",
          "[file_names]") {
    UniqueFileNames names;
    CHECK(names.claim("a.pgn", 4) == "a.pgn");
    CHECK(names.claim("A.pgn", 4) == "A~2.pgn");
    CHECK(names.claim("a.pgn", 4) == "a~3.pgn");
    CHECK(names.claim("a~2.pgn", 4) == "a~2~2.pgn"); // A~2.pgn is taken
    CHECK(names.claim("b", 0) == "b");
    CHECK(names.claim("b", 0) == "b~2");
    CHECK(names.size() == 6);
}
