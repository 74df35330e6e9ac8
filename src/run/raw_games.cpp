#include "pgnkit/run/raw_games.hpp"

#include "pgnkit/run/messages.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace pgnkit::app {

std::uint64_t write_game_bytes(OutputFile& out, const Splice& splice, std::string_view kept,
                               std::string& error) {
    return write_game_bytes([&out](std::string_view bytes) { return out.write(bytes); }, splice,
                            kept, error);
}

std::uint64_t write_game_bytes(const WriteBytes& write, const Splice& splice, std::string_view kept,
                               std::string& error) {
    const int fd = ::open(splice.file->c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error = std::strerror(errno);
        return 0;
    }
    // In pieces (memory stays flat however long the game); the first must begin with the
    // kept text's first bytes, or the file is not the one read.
    std::vector<char> buffer(std::size_t{1} << 20);
    std::uint64_t copied = 0;
    bool ok = true;
    std::string tail; // the game's last bytes (raw_separator)
    while (ok && copied < splice.length) {
        const std::size_t want = static_cast<std::size_t>(
            std::min<std::uint64_t>(buffer.size(), splice.length - copied));
        const ssize_t got =
            ::pread(fd, buffer.data(), want, static_cast<off_t>(splice.offset + copied));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            error = got < 0 ? std::strerror(errno) : "the file is shorter than when it was read";
            ok = false;
        } else if (copied == 0 &&
                   std::string_view(buffer.data(), std::min(splice.same, std::size_t(got))) !=
                       kept.substr(0, std::min(splice.same, std::size_t(got)))) {
            error = "the file changed since it was read";
            ok = false;
        } else {
            const std::string_view piece(buffer.data(), std::size_t(got));
            if (!write(piece)) break; // (the caller's next write says so)
            tail.append(piece.substr(piece.size() - std::min<std::size_t>(piece.size(), 4)));
            if (tail.size() > 4) tail.erase(0, tail.size() - 4);
            copied += std::uint64_t(got);
        }
    }
    ::close(fd);
    if (ok) write(raw_separator(tail));
    return copied;
}

namespace {
/// write_game_bytes() of `splice`; when the input cannot be read again, a warning on stderr
/// and its `kept` text instead. False if a write failed.
bool write_splice(const WriteBytes& write, const Splice& splice, std::string_view kept) {
    std::string error;
    const std::uint64_t wrote = write_game_bytes(write, splice, kept, error);
    if (error.empty()) return true;
    std::fflush(stdout);
    fmt::print(stderr, "{}: warning: {}: game {} could not be read again ({}); {}\n",
               message_prefix(), *splice.file, splice.game, error,
               wrote != 0 ? "its copy in the output breaks off"
                          : "its copy in the output lacks the parts longer than the kept limits");
    return wrote != 0 || write(kept);
}
} // namespace

bool write_raw_games(OutputFile& out, std::string_view text, const std::vector<Splice>& splices,
                     bool accepted) {
    return write_raw_games([&out](std::string_view bytes) { return out.write(bytes); }, text, 0,
                           splices, accepted);
}

bool write_raw_games(OutputFile& out, std::string_view text, const std::vector<Splice>& splices,
                     std::span<const LentText> lent) {
    if (lent.empty()) return write_raw_games(out, text, splices, false);
    // The text between two splices (and before the first, after the last) goes out as pieces:
    // its own bytes and the lent ones in their places, without copying those.
    std::vector<std::string_view> pieces;
    pieces.reserve(2 * lent.size() + 1);
    std::size_t lent_next = 0;
    const auto write_text = [&](std::size_t from, std::size_t to) {
        pieces.clear();
        for (; lent_next < lent.size() && lent[lent_next].at <= to; ++lent_next) {
            const LentText& l = lent[lent_next];
            const std::size_t at = std::max(l.at, from); // (one inside a splice: after it)
            pieces.push_back(text.substr(from, at - from));
            pieces.push_back(l.text);
            from = at;
        }
        pieces.push_back(text.substr(from, to - from));
        return out.write_pieces(pieces);
    };
    bool ok = true;
    std::size_t from = 0;
    for (const Splice& splice : splices) {
        if (splice.accepted) continue;
        ok &= write_text(from, splice.at);
        ok &= write_splice([&out](std::string_view bytes) { return out.write(bytes); }, splice,
                           text.substr(splice.at, splice.size));
        from = splice.at + splice.size;
    }
    return write_text(from, text.size()) && ok;
}

bool write_raw_games(const WriteBytes& write, std::string_view text, std::size_t base,
                     std::span<const Splice> splices, bool accepted) {
    bool ok = true;
    std::size_t written_up_to = 0; // of `text`
    for (const Splice& splice : splices) {
        if (splice.accepted != accepted) continue;
        const std::size_t at = splice.at - base;
        ok &= write(text.substr(written_up_to, at - written_up_to));
        ok &= write_splice(write, splice, text.substr(at, splice.size));
        written_up_to = at + splice.size;
    }
    return write(text.substr(written_up_to)) && ok;
}

} // namespace pgnkit::app
