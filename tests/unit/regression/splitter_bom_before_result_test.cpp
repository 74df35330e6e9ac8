// Regression (found by a chunk-size stress of the splitter): a UTF-8 BOM at the start of a line
// moved the line start past it but not the floor that line_ends_with_result scans back to, so
// the BOM was read as part of the line's last token: `<BOM>1-0` did not end the game when the
// whole line was in the buffer, and did when a read boundary had compacted the BOM away. The
// game boundaries depended on the read size (src/pgn/splitter.cpp, Mode::BomByte3).
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace pgnkit;

TEST_CASE("regression: a termination marker right after a BOM ends the game at every read size",
          "[regression][splitter]") {
    const std::string input = "\xEF\xBB\xBF"
                              "1-0\ne4 e5 *\n";
    for (std::size_t max_read = 0; max_read <= 8; ++max_read) {
        INFO("max_read " << max_read);
        MemorySource src(input);
        src.set_max_read(max_read);
        GameSplitter splitter(src);
        std::vector<std::string> games;
        GameSpan span;
        while (splitter.next(span)) games.emplace_back(span.text);
        CHECK(games == std::vector<std::string>{"1-0", "e4 e5 *"});
    }
}
