/// check_shard_set() and shard_offsets() (run/shard_set.hpp).
#include "pgnkit/run/shard_set.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

namespace pgnkit::app {

std::string check_shard_set(const std::vector<ShardRecord>& records,
                            const std::vector<std::string>& names, bool partial) {
    if (records.empty()) return {};
    const std::uint32_t n = records.front().spec.count;
    std::vector<std::size_t> seen(n + 1, records.size());
    for (std::size_t r = 0; r < records.size(); ++r) {
        const ShardSpec& s = records[r].spec;
        if (s.count != n)
            return fmt::format("{} is shard {}/{}, {} is shard {}/{}: not one run's shards",
                               names[0], records[0].spec.index, n, names[r], s.index, s.count);
        if (s.index == 0 || s.index > n)
            return fmt::format("{}: shard {}/{} is no shard", names[r], s.index, s.count);
        if (seen[s.index] != records.size())
            return fmt::format("{} and {} are both shard {}/{}", names[seen[s.index]], names[r],
                               s.index, n);
        seen[s.index] = r;
        const auto& a = records[0].inputs;
        const auto& b = records[r].inputs;
        const bool same =
            a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](auto& x, auto& y) {
                return x.file == y.file && x.range == y.range;
            });
        if (!same)
            return fmt::format("{} and {} are shards of runs over other inputs", names[0],
                               names[r]);
    }
    if (!partial)
        for (std::uint32_t k = 1; k <= n; ++k)
            if (seen[k] == records.size())
                return fmt::format("shard {}/{} is missing (--partial merges the shards given)", k,
                                   n);
    return {};
}

std::vector<ShardOffsets> shard_offsets(const std::vector<ShardRecord>& records) {
    std::vector<std::size_t> order(records.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return records[a].spec.index < records[b].spec.index;
    });
    std::vector<ShardOffsets> out(records.size());
    std::vector<std::uint64_t> games, lines; // so far, per input
    for (std::size_t r : order) {
        const auto& inputs = records[r].inputs;
        games.resize(std::max(games.size(), inputs.size()));
        lines.resize(games.size());
        out[r].games.assign(inputs.size(), 0);
        out[r].lines.assign(inputs.size(), 0);
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            if (!inputs[i].range) continue;
            out[r].games[i] = games[i];
            out[r].lines[i] = lines[i];
            games[i] += inputs[i].games;
            lines[i] += inputs[i].lines;
        }
    }
    return out;
}

} // namespace pgnkit::app
