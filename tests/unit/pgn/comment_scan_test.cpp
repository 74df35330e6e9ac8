// detail::find_brace_or_eol (the reader's search for the end of a one-line comment, 32 bytes
// at once first, then 16, then byte by byte) must find what a byte loop finds.
#include "pgnkit/pgn/reader.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace pgnkit;

TEST_CASE("comment scan: find_brace_or_eol finds the first brace or line break", "[reader]") {
    for (char stop : {'}', '\n', '\r'}) {
        for (std::size_t n = 0; n <= 70; ++n) {
            for (std::size_t at = 0; at <= n; ++at) { // at == n: none in the text
                std::string text(n, 'x');
                for (std::size_t k = 0; k < n; ++k) text[k] = "{ [%clk 0:03:00] ("[k % 18];
                if (at < n) text[at] = stop;
                for (std::size_t b = 0; b <= n; ++b) {
                    std::size_t expect = b;
                    while (expect < n && text[expect] != '}' && text[expect] != '\n' &&
                           text[expect] != '\r')
                        ++expect;
                    INFO("n " << n << " at " << at << " from " << b);
                    CHECK(detail::find_brace_or_eol(text.data(), b, n) == expect);
                }
            }
        }
    }
}
