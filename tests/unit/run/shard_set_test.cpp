// run/shard_set.hpp: a set of --shard records checked, and the offsets that renumber them.
#include "pgnkit/run/shard_set.hpp"

#include <catch2/catch.hpp>

using namespace pgnkit::app;

namespace {
ShardRecord record(std::uint32_t k, std::uint32_t n, std::uint64_t games_a, std::uint64_t lines_a,
                   std::uint64_t games_z) {
    ShardRecord r;
    r.spec = {k, n};
    ShardInput a;
    a.file = "a.pgn";
    a.range = true;
    a.games = games_a;
    a.lines = lines_a;
    ShardInput z;
    z.file = "z.pgn.zst";
    z.games = games_z;
    r.inputs = {a, z};
    return r;
}
} // namespace

TEST_CASE("shard set: whole, missing, repeated, mixed N, other inputs") {
    const std::vector<std::string> names = {"1.json", "2.json", "3.json"};
    CHECK(check_shard_set({record(2, 3, 1, 1, 1), record(1, 3, 1, 1, 1), record(3, 3, 1, 1, 1)},
                          names, false)
              .empty());
    CHECK(check_shard_set({record(1, 3, 1, 1, 1), record(3, 3, 1, 1, 1)}, names, false) ==
          "shard 2/3 is missing (--partial merges the shards given)");
    CHECK(check_shard_set({record(1, 3, 1, 1, 1), record(3, 3, 1, 1, 1)}, names, true).empty());
    CHECK(check_shard_set({record(1, 3, 1, 1, 1), record(1, 3, 1, 1, 1)}, names, true) ==
          "1.json and 2.json are both shard 1/3");
    CHECK(check_shard_set({record(1, 3, 1, 1, 1), record(2, 4, 1, 1, 1)}, names, true) ==
          "1.json is shard 1/3, 2.json is shard 2/4: not one run's shards");
    ShardRecord other = record(2, 3, 1, 1, 1);
    other.inputs[0].file = "b.pgn";
    CHECK(check_shard_set({record(1, 3, 1, 1, 1), other}, names, true) ==
          "1.json and 2.json are shards of runs over other inputs");
    CHECK(check_shard_set({}, {}, false).empty());
}

TEST_CASE("shard set: offsets add the games and lines of the shards before") {
    // given out of order: shard 3, shard 1, shard 2
    const auto offsets =
        shard_offsets({record(3, 3, 4, 40, 9), record(1, 3, 2, 20, 9), record(2, 3, 3, 30, 9)});
    REQUIRE(offsets.size() == 3);
    CHECK(offsets[1].games[0] == 0); // shard 1
    CHECK(offsets[1].lines[0] == 0);
    CHECK(offsets[2].games[0] == 2); // shard 2: after shard 1's 2 games, 20 lines
    CHECK(offsets[2].lines[0] == 20);
    CHECK(offsets[0].games[0] == 5); // shard 3
    CHECK(offsets[0].lines[0] == 50);
    CHECK(offsets[0].games[1] == 0); // a stride input's numbers are exact already
}
