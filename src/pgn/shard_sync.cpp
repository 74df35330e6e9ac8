/// find_shard_sync(): a forward scan over the lines from shortly before `from`
/// (pgn/shard_sync.hpp gives the rule and why the splitter agrees).
#include "pgnkit/pgn/shard_sync.hpp"

#include "pgnkit/pgn/scan.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <string>

namespace pgnkit {

namespace {

/// What a line is to the rule.
enum class LineKind : std::uint8_t { Blank, Marker, Tag, Other };

LineKind classify(const char* b, std::size_t begin, std::size_t end) {
    std::size_t k = begin;
    while (k < end && detail::is_blank(b[k])) ++k;
    if (k == end) return LineKind::Blank;
    if (k == begin && b[k] == '[' && k + 1 < end && detail::is_tag_name_char(b[k + 1]))
        return LineKind::Tag;
    if (b[k] == '[' || b[k] == '%' || b[k] == '\xEF') return LineKind::Other;
    // The line read as movetext from outside comments and variations (splitter.cpp
    // scan_movetext_with: `{` opens a comment, `}` closes one, `(` `)` and `;` count outside).
    bool comment = false;
    std::uint64_t depth = 0;
    for (std::size_t i = k; i < end; ++i) {
        const char c = b[i];
        if (c == '\x1A') return LineKind::Other;
        if (comment) {
            comment = c != '}';
        } else if (c == '{') {
            comment = true;
        } else if (c == '(') {
            ++depth;
        } else if (c == ')') {
            depth -= depth != 0;
        } else if (c == ';') {
            return LineKind::Other;
        }
    }
    if (comment || depth != 0) return LineKind::Other;
    return ends_with_termination_marker(b, begin, end) ? LineKind::Marker : LineKind::Other;
}

} // namespace

ShardSync find_shard_sync(ByteSource& file, std::uint64_t size, std::uint64_t from) {
    ShardSync none{size, size, 0};
    if (from >= size) return none;
    const std::uint64_t base = from - std::min(from, shard_sync_lookback);
    if (!file.seek_to(base)) throw IoError(std::string(file.name()) + ": cannot seek");
    // A line longer than this is no marker line: its bytes are not kept (memory stays flat
    // however far the next start is).
    constexpr std::size_t max_line = std::size_t{1} << 20;
    std::string buf;
    std::uint64_t origin = base; // the file offset of buf[0]
    bool eof = false;
    auto more = [&] {
        if (eof) return false;
        constexpr std::size_t piece = std::size_t{64} << 10;
        const std::size_t at = buf.size();
        buf.resize(at + piece);
        const std::size_t n = file.read(buf.data() + at, piece);
        buf.resize(at + n);
        none.bytes_read += n;
        eof = n == 0;
        return n != 0;
    };
    std::size_t i = 0;      // the line's start in buf
    bool known = base == 0; // whether buf[i] is known to begin a line (not so at base > 0)
    int state = 0;          // 1: after a marker line, 2: and one or more blank lines
    for (;;) {
        if (i == buf.size()) {
            origin += i;
            buf.clear();
            i = 0;
            if (!more()) return none;
        }
        std::size_t j = i;
        bool whole = true;
        for (;;) {
            while (j < buf.size() && buf[j] != '\n' && buf[j] != '\r') ++j;
            if (j < buf.size()) break;
            if (j - i > max_line) {
                whole = false;
                origin += j;
                buf.clear();
                i = j = 0;
            }
            if (!more()) break;
        }
        std::size_t next = j; // the next line's start
        if (j < buf.size()) {
            if (buf[j] == '\r' && j + 1 == buf.size()) more();
            next = j + (buf[j] == '\r' && j + 1 < buf.size() && buf[j + 1] == '\n' ? 2 : 1);
        }
        const LineKind kind = known && whole ? classify(buf.data(), i, j) : LineKind::Other;
        if (kind == LineKind::Tag && state == 2 && origin + i >= from)
            return {origin + i, origin + next, none.bytes_read};
        state = kind == LineKind::Marker ? 1 : kind == LineKind::Blank && state != 0 ? 2 : 0;
        known = true;
        if (j == buf.size()) return none; // the last line, without a line break
        i = next;
        if (i > max_line) {
            buf.erase(0, i);
            origin += i;
            i = 0;
        }
    }
}

} // namespace pgnkit
