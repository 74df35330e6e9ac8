#include "pgnkit/cmd/dedup/key_file.hpp"

#include <fmt/format.h>

#include <charconv>

namespace pgnkit::app {

namespace {
constexpr std::string_view header_start = "# pgnkit dedup --format keys ";

/// Removes `word` and one space after it from the front of `s`; false if `s` does not start so.
bool take(std::string_view& s, std::string_view word) {
    if (!s.starts_with(word)) return false;
    s.remove_prefix(word.size());
    if (s.starts_with(' ')) s.remove_prefix(1);
    return true;
}

/// The next space-separated word of `s`, removed from it.
std::string_view next_word(std::string_view& s) {
    const std::size_t space = s.find(' ');
    const std::string_view word = s.substr(0, space);
    s.remove_prefix(space == std::string_view::npos ? s.size() : space + 1);
    return word;
}
} // namespace

std::string key_file_header(const KeyFileHeader& h) {
    std::string line =
        fmt::format("{}--shard {}/{} --key {} --keep {}", header_start, h.shard.index,
                    h.shard.count, dedup_key_name(h.key), dedup_keep_name(h.keep));
    if (h.names != 0) line += fmt::format(" --names {:016x}", h.names);
    return line + '\n';
}

std::optional<KeyFileHeader> parse_key_file_header(std::string_view line) {
    KeyFileHeader h;
    if (!take(line, header_start) || !take(line, "--shard") ||
        !parse_shard(next_word(line), h.shard) || !take(line, "--key"))
        return std::nullopt;
    const std::string_view key = next_word(line);
    bool known = false;
    for (DedupKey k :
         {DedupKey::Moves, DedupKey::MovesPlayers, DedupKey::FinalPosition, DedupKey::Header})
        if (dedup_key_name(k) == key) {
            h.key = k;
            known = true;
        }
    if (!known || !take(line, "--keep")) return std::nullopt;
    const std::string_view keep = next_word(line);
    known = false;
    for (DedupKeep k : {DedupKeep::First, DedupKeep::Longest, DedupKeep::MostAnnotated})
        if (dedup_keep_name(k) == keep) {
            h.keep = k;
            known = true;
        }
    if (!known) return std::nullopt;
    if (take(line, "--names")) {
        const std::string_view hex = next_word(line);
        const auto r = std::from_chars(hex.data(), hex.data() + hex.size(), h.names, 16);
        if (hex.size() != 16 || r.ptr != hex.data() + hex.size() || h.names == 0)
            return std::nullopt;
    }
    if (!line.empty()) return std::nullopt;
    return h;
}

std::string key_file_end(std::uint64_t games) { return fmt::format("# end {} games\n", games); }

std::optional<std::uint64_t> parse_key_file_end(std::string_view line) {
    if (!take(line, "# end")) return std::nullopt;
    const std::string_view n = next_word(line);
    std::uint64_t games = 0;
    const auto r = std::from_chars(n.data(), n.data() + n.size(), games);
    if (n.empty() || r.ec != std::errc{} || r.ptr != n.data() + n.size() || line != "games")
        return std::nullopt;
    return games;
}

bool is_key_file(std::string_view head) { return head.starts_with(header_start); }

} // namespace pgnkit::app
