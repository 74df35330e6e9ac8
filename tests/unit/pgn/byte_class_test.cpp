// The splitter's byte classes (detail::char_classes) are the predicates they stand for.
#include "pgnkit/pgn/scan.hpp"

#include <catch2/catch.hpp>

using namespace pgnkit::detail;

TEST_CASE("byte classes: the class table is the predicates", "[splitter]") {
    for (int k = 0; k < 256; ++k) {
        const char c = static_cast<char>(k);
        INFO("byte " << k);
        CHECK(has_class(c, cls_blank) == is_blank(c));
        CHECK(has_class(c, cls_tag_name) == is_tag_name_char(c));
        CHECK(has_class(c, cls_trail) == (is_blank(c) || c == '\r' || c == '\n'));
        CHECK(has_class(c, cls_result_end) ==
              (c == '0' || c == '1' || c == '2' || c == '5' || c == '*' || k == 0xBD));
        CHECK(has_class(c, cls_result_stop) == (is_blank(c) || c == '\r' || c == '\n' || c == '{' ||
                                                c == '}' || c == '(' || c == ')'));
    }
}

#include "pgn_test_util.hpp"

TEST_CASE("byte classes: a movetext line ending with a termination marker ends the game",
          "[splitter]") {
    // Movetext-only games: standard and non-standard markers, with trailing blanks and CR LF;
    // a line ending with a move (`Kh1`, `e8=Q`) or a number goes on in the same game.
    const std::string text = "2. d4 1-0\n"
                             "2. d4 \xC2\xBD-\xC2\xBD  \r\n"
                             "3. c4 0.5-0.5\n"
                             "4. Nf3 *\t\n"
                             "5. g3 1/2\n"
                             "6. b3 Kh1\n"
                             "7. a3 e8=Q 2\n"
                             "8. h3 0-1\n"
                             "9. a4 {1-0}\n"
                             "10. a5 (1. e4 1-0)\n"
                             "11. a6 12345678 1:0\n";
    for (std::size_t max_read : {0, 1, 3, 7}) {
        INFO("max_read " << max_read);
        auto games = pgnkit::test::read_string(text, max_read);
        REQUIRE(games.size() == 7);
        CHECK(games[5].first_line == 6);
        CHECK(games[6].first_line == 9);
    }
}

TEST_CASE("byte classes: has_control and find_control: a byte below 0x20 or DEL", "[splitter]") {
    for (int b = 0; b < 256; ++b) {
        for (std::size_t len : {1u, 2u, 3u, 4u, 5u, 7u, 8u, 9u, 15u, 16u, 17u, 23u}) {
            for (std::size_t at = 0; at < len; ++at) {
                std::string s(len, 'a');
                for (std::size_t k = 0; k < len; ++k)
                    s[k] = static_cast<char>(0x80 + (k * 37) % 0x7F);
                s[at] = static_cast<char>(b);
                std::size_t expect = len;
                for (std::size_t k = 0; k < len; ++k) {
                    const auto c = static_cast<unsigned char>(s[k]);
                    if (c < 0x20 || c == 0x7F) {
                        expect = k;
                        break;
                    }
                }
                if (find_control(s.data(), s.size()) != expect ||
                    has_control(s.data(), s.size()) != (expect != len)) {
                    INFO("byte " << b << " at " << at << " of " << len);
                    CHECK(find_control(s.data(), s.size()) == expect);
                    CHECK(has_control(s.data(), s.size()) == (expect != len));
                }
            }
        }
    }
    CHECK(find_control("", 0) == 0);
    CHECK_FALSE(has_control("", 0));
    CHECK(find_control("Carlsen, Magnus", 15) == 15);
    CHECK(find_control("Carlsen,\tMagnus", 15) == 8);
}
