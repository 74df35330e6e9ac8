#include "pgnkit/pgn/name_table.hpp"

#include "pgnkit/io/utf8.hpp"
#include "pgnkit/pgn/reader.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace pgnkit {

namespace {
std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}
/// `s` up to a `#` comment, trimmed.
std::string_view before_comment(std::string_view s) {
    const std::size_t hash = s.find('#');
    return trim(hash == std::string_view::npos ? s : s.substr(0, hash));
}
bool ends_with(std::string_view s, std::string_view end) {
    return s.size() >= end.size() && s.substr(s.size() - end.size()) == end;
}
} // namespace

std::string NameTable::load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fmt::format("cannot open '{}': {}", path, std::strerror(errno));
    std::ostringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    bool scid = ends_with(path, ".ssp") || ends_with(path, ".SSP");
    // A table that is not named .ssp is Scid's when its first section header comes first.
    for (std::size_t i = 0; !scid && i < s.size();) {
        const std::size_t eol = std::min(s.find('\n', i), s.size());
        const std::string_view line = trim(std::string_view(s).substr(i, eol - i));
        if (!line.empty() && line[0] != '#') {
            scid = line[0] == '@';
            break;
        }
        i = eol + 1;
    }
    return parse(s, path, scid);
}

std::string NameTable::parse(std::string_view text, std::string_view where, bool scid) {
    NameKind kind = NameKind::Player;
    std::string canonical, line_utf8;
    std::uint64_t number = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t eol = std::min(text.find('\n', i), text.size());
        std::string_view line = text.substr(i, eol - i);
        i = eol + 1;
        ++number;
        if (!is_valid_utf8(line)) {
            line_utf8.clear();
            cp1252_to_utf8(line, line_utf8);
            line = line_utf8;
        }
        if (!scid) {
            const std::string_view t = trim(line);
            if (t.empty() || t[0] == '#') continue;
            const std::size_t tab = line.find('\t');
            if (tab == std::string_view::npos)
                return fmt::format("{}:{}: expected 'variant<TAB>canonical'", where, number);
            const std::string_view variant = trim(line.substr(0, tab));
            const std::string_view canon = trim(line.substr(tab + 1));
            if (variant.empty() || canon.empty())
                return fmt::format("{}:{}: an empty spelling", where, number);
            maps_[0].insert_or_assign(std::string(variant), std::string(canon));
            continue;
        }
        const std::string_view t = trim(line);
        if (t.empty() || t[0] == '#' || t[0] == '%') continue;
        if (t[0] == '@') {
            const std::string_view section = before_comment(t.substr(1));
            if (section == "PLAYER")
                kind = NameKind::Player;
            else if (section == "EVENT")
                kind = NameKind::Event;
            else if (section == "SITE")
                kind = NameKind::Site;
            else if (section == "ROUND")
                kind = NameKind::Round;
            else
                return fmt::format("{}:{}: unknown section '@{}' (PLAYER, EVENT, SITE, ROUND)",
                                   where, number, section);
            canonical.clear();
            continue;
        }
        if (t[0] == '=') {
            const std::string_view variant = before_comment(t.substr(1));
            if (canonical.empty())
                return fmt::format("{}:{}: a variant ('=') before any canonical name", where,
                                   number);
            if (!variant.empty())
                maps_[static_cast<std::size_t>(kind)].insert_or_assign(std::string(variant),
                                                                       canonical);
            continue;
        }
        canonical = std::string(before_comment(t));
    }
    return {};
}

const std::string* NameTable::canonical(NameKind kind, const std::string& value) const {
    const auto& m = maps_[static_cast<std::size_t>(kind)];
    if (m.empty()) return nullptr;
    auto it = m.find(value);
    return it == m.end() || it->second == value ? nullptr : &it->second;
}

std::size_t NameTable::size() const {
    std::size_t n = 0;
    for (const auto& m : maps_) n += m.size();
    return n;
}

} // namespace pgnkit
