#include "pgnkit/cmd/dedup/key_merge.hpp"

#include "pgnkit/cmd/dedup/dedup.hpp"
#include "pgnkit/cmd/dedup/key_file.hpp"
#include "pgnkit/run/messages.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <utility>

namespace pgnkit::app {

namespace {

/// One shard found in a key file: its frame and where its lines are.
struct FoundShard {
    KeyFileHeader header;
    KeyFilePart part; ///< (part.first_line: its first line's number in the file)
};

/// Prints `pgnkit merge: error: …`; returns false.
template <class... Args>
bool refuse(fmt::format_string<Args...> format, Args&&... args) {
    fmt::print(stderr, "{}: error: {}\n", message_prefix(),
               fmt::format(format, std::forward<Args>(args)...));
    return false;
}

/// The shards of one key file, each from its first line to its end line.
bool find_shards(const std::string& path, std::vector<FoundShard>& found) {
    std::ifstream in(path == "-" ? "/dev/stdin" : path);
    if (!in) return refuse("{}: cannot be read", path);
    std::optional<FoundShard> open;
    std::uint64_t at = 0, n = 0, keyed = 0;
    std::string l;
    while (std::getline(in, l)) {
        const std::uint64_t line_start = at;
        at += l.size() + 1;
        ++n;
        if (const auto h = parse_key_file_header(l)) {
            if (open)
                return refuse("{}:{}: shard {}/{} begins before shard {}/{} (line {}) ended: "
                              "cut short",
                              path, n, h->shard.index, h->shard.count, open->header.shard.index,
                              open->header.shard.count, open->part.first_line);
            open = FoundShard{*h, {path, line_start, 0, n}};
            keyed = 0;
        } else if (const auto games = parse_key_file_end(l)) {
            if (!open) return refuse("{}:{}: an end line without its shard's first line", path, n);
            if (*games != keyed)
                return refuse("{}:{}: shard {}/{} has {} key lines, its end line says {}", path, n,
                              open->header.shard.index, open->header.shard.count, keyed, *games);
            open->part.end = at;
            found.push_back(std::move(*open));
            open.reset();
        } else if (!open) {
            return refuse("{}:{}: not a shard of dedup --format keys (each begins with a line "
                          "'# pgnkit dedup --format keys --shard K/N …')",
                          path, n);
        } else {
            ++keyed;
        }
    }
    if (open)
        return refuse("{}: shard {}/{} (line {}) has no end line: cut short", path,
                      open->header.shard.index, open->header.shard.count, open->part.first_line);
    if (n == 0) return refuse("{}: empty: no shard of dedup --format keys", path);
    return true;
}

/// Whether `found` is every shard of one run once; sorts them in shard order.
bool one_whole_run(std::vector<FoundShard>& found) {
    const FoundShard& first = found.front();
    auto where = [](const FoundShard& s) {
        return fmt::format("{}:{}", s.part.path, s.part.first_line);
    };
    for (const FoundShard& s : found) {
        const KeyFileHeader &a = first.header, &b = s.header;
        if (b.shard.count != a.shard.count || b.key != a.key || b.keep != a.keep)
            return refuse("{} is shard {}/{} of a run with --key {} --keep {}, {} shard {}/{} of "
                          "one with --key {} --keep {}: shards of different runs",
                          where(s), b.shard.index, b.shard.count, dedup_key_name(b.key),
                          dedup_keep_name(b.keep), where(first), a.shard.index, a.shard.count,
                          dedup_key_name(a.key), dedup_keep_name(a.keep));
        if (b.names != a.names)
            return refuse("{} is shard {}/{} of a run keyed with another --names table than {} "
                          "shard {}/{}: shards of different runs",
                          where(s), b.shard.index, b.shard.count, where(first), a.shard.index,
                          a.shard.count);
    }
    std::stable_sort(found.begin(), found.end(), [](const FoundShard& a, const FoundShard& b) {
        return a.header.shard.index < b.header.shard.index;
    });
    const std::uint32_t count = first.header.shard.count;
    std::uint32_t expected = 1, missing = 0, first_missing = 0;
    for (std::size_t i = 0; i < found.size(); ++i) {
        const std::uint32_t k = found[i].header.shard.index;
        if (i > 0 && found[i - 1].header.shard.index == k)
            return refuse("shard {}/{} given twice: {} and {}", k, count, where(found[i - 1]),
                          where(found[i]));
        if (k > expected && first_missing == 0) first_missing = expected;
        missing += k > expected ? k - expected : 0;
        expected = k + 1;
    }
    if (expected <= count && first_missing == 0) first_missing = expected;
    missing += count + 1 - expected;
    if (missing != 0)
        return refuse("{} of {} shards missing (the first: {}/{}): the duplicates across "
                      "shards need every shard",
                      missing, count, first_missing, count);
    return true;
}

} // namespace

int run_dedup_key_merge(const DedupKeyMergeOptions& opts) {
    std::vector<FoundShard> found;
    for (const std::string& path : opts.inputs)
        if (!find_shards(path, found)) return 2;
    if (!one_whole_run(found)) return 2;
    DedupRunOptions d;
    d.from_keys = true;
    d.key = found.front().header.key;
    d.keep = found.front().header.keep;
    for (FoundShard& s : found) d.key_parts.push_back(std::move(s.part));
    d.report = opts.output.empty() ? std::string("-") : opts.output;
    d.timing = false;
    return run_dedup(d);
}

} // namespace pgnkit::app
