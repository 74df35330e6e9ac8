#include "pgnkit/cmd/dedup/key_file.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace pgnkit::app;

TEST_CASE("a key file's first line names its shard, key and keep rule", "[dedup][keys]") {
    const KeyFileHeader h{{3, 8}, DedupKey::Header, DedupKeep::MostAnnotated};
    const std::string line = key_file_header(h);
    CHECK(line == "# pgnkit dedup --format keys --shard 3/8 --key header --keep most-annotated\n");
    CHECK(is_key_file(line));
    const auto back = parse_key_file_header(std::string_view(line).substr(0, line.size() - 1));
    REQUIRE(back);
    CHECK(back->shard.index == 3);
    CHECK(back->shard.count == 8);
    CHECK(back->key == DedupKey::Header);
    CHECK(back->keep == DedupKeep::MostAnnotated);
}

TEST_CASE("what is not a key file's frame is refused", "[dedup][keys]") {
    for (const char* bad : {"# pgnkit dedup --format keys --shard 9/8 --key moves --keep first",
                            "# pgnkit dedup --format keys --shard 1/2 --key fast --keep first",
                            "# pgnkit dedup --format keys --shard 1/2 --key moves --keep best",
                            "# pgnkit dedup --format keys --shard 1/2 --key moves --keep first x",
                            "# pgnkit dedup --format keys --shard 1/2 --key moves",
                            "# pgnkit dedup --format keys", "{\"summary\":{}}"})
        CHECK_FALSE(parse_key_file_header(bad));
    CHECK_FALSE(is_key_file("{\"file\":\"a.pgn\""));
    CHECK(parse_key_file_end("# end 0 games") == 0u);
    CHECK(parse_key_file_end("# end 12345 games") == 12345u);
    CHECK(key_file_end(42) == "# end 42 games\n");
    for (const char* bad :
         {"# end games", "# end 12 game", "# end -1 games", "# end 1x games", "# end 12 games "})
        CHECK_FALSE(parse_key_file_end(bad));
}
