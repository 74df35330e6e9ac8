/// --shard K/N: the plan of a shard's inputs and its JSON record (run/shard.hpp).
#include "pgnkit/run/shard.hpp"

#include "pgnkit/format/json.hpp"
#include "pgnkit/io/input.hpp"
#include "pgnkit/pgn/shard_sync.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <fmt/format.h>
#include <sys/stat.h>

#include <charconv>

namespace pgnkit::app {

bool parse_shard(std::string_view text, ShardSpec& out) {
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos) return false;
    auto number = [](std::string_view s, std::uint32_t& v) {
        if (s.empty() || s.size() > 7) return false;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        return ec == std::errc() && p == s.data() + s.size();
    };
    ShardSpec s;
    if (!number(text.substr(0, slash), s.index) || !number(text.substr(slash + 1), s.count))
        return false;
    if (s.count == 0 || s.count > 1000000 || s.index == 0 || s.index > s.count) return false;
    out = s;
    return true;
}

std::string shard_json(const ShardSpec& spec, const std::vector<ShardInput>& inputs) {
    std::string out =
        fmt::format("\"shard\":{{\"index\":{},\"count\":{},\"inputs\":[", spec.index, spec.count);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const ShardInput& in = inputs[i];
        if (i != 0) out += ',';
        out += "{\"file\":";
        append_json_string(out, in.file);
        if (in.range)
            out += fmt::format(",\"mode\":\"range\",\"begin\":{},\"end\":{},\"games\":{},\"lines\":"
                               "{},\"read\":{}}}",
                               in.begin, in.end, in.games, in.lines, in.read);
        else
            out += fmt::format(",\"mode\":\"stride\",\"begin\":null,\"end\":null,\"games\":{},"
                               "\"lines\":null,\"read\":null}}",
                               in.games);
    }
    out += "]}";
    return out;
}

namespace {

/// The size of `path` if it is a range input (run/shard.hpp), else nothing.
std::optional<std::uint64_t> plain_file_size(const std::string& path) {
    struct stat st {};
    if (path == "-" || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return {};
    try {
        std::unique_ptr<InputMembers> members = open_input(path);
        std::string member;
        std::unique_ptr<ByteSource> text = members->next(member);
        if (!text || !member.empty() || !plain_sized(*text)) return {};
        char probe[512];
        (void)text->read(probe, sizeof probe); // binary data: BinaryDataError
        return text->size_hint();
    } catch (const IoError&) {
        return {};
    }
}

} // namespace

ShardPlan::ShardPlan(const ShardSpec& spec, const std::vector<std::string>& inputs)
    : spec_(spec), ranges_(inputs.size()) {
    std::vector<std::optional<std::uint64_t>> sizes(inputs.size());
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        sizes[i] = plain_file_size(inputs[i]);
        if (sizes[i]) total += *sizes[i];
    }
    // T*k/N rounded down without overflow: T = qN + r, with r*k < N*N <= 10^12.
    const auto at = [&](std::uint64_t k) {
        return total / spec.count * k + total % spec.count * k / spec.count;
    };
    const std::uint64_t lo = at(spec.index - 1), hi = at(spec.index);
    std::uint64_t f0 = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (!sizes[i]) continue;
        const std::uint64_t size = *sizes[i], f1 = f0 + size;
        ShardRange r;
        r.owns_start = lo <= f0 && f0 < hi;
        if (hi <= f0) {
            r.begin = r.end = r.read_end = 0; // the range ends before the file
        } else if (lo >= f1) {
            r.begin = r.end = r.read_end = size; // … begins after it
        } else {
            try {
                std::unique_ptr<ByteSource> file = open_raw(inputs[i]);
                if (lo > f0) {
                    const ShardSync s = find_shard_sync(*file, size, lo - f0);
                    r.begin = s.at;
                    r.searched += s.bytes_read;
                }
                r.end = r.read_end = size;
                if (hi < f1) {
                    const ShardSync s = find_shard_sync(*file, size, hi - f0);
                    r.end = s.at;
                    r.read_end = s.line_end;
                    r.searched += s.bytes_read;
                }
                r.align = GameSplitter::chunk_for(*file);
            } catch (const IoError&) {
                f0 = f1;
                continue; // read as a stride input: its error is reported then
            }
        }
        ranges_[i] = r;
        f0 = f1;
    }
}

} // namespace pgnkit::app
