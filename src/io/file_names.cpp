#include "pgnkit/io/file_names.hpp"

#include "pgnkit/io/utf8.hpp"

#include <array>
#include <string>

namespace pgnkit::app {

namespace {

/// Bytes no file name may hold somewhere: control characters and what Windows refuses
/// (`< > : " / \ | ? *`, Microsoft's "Naming Files, Paths, and Namespaces").
constexpr std::array<bool, 256> refused = [] {
    std::array<bool, 256> t{};
    for (int c = 0; c < 0x20; ++c) t[std::size_t(c)] = true;
    t[0x7F] = true;
    for (char c : std::string_view("<>:\"/\\|?*")) t[static_cast<unsigned char>(c)] = true;
    return t;
}();

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

/// Whether `stem` (the name up to its first `.`, trailing blanks dropped, as Windows reads
/// it) is a reserved device name.
bool is_reserved_device(std::string_view name) {
    std::string_view stem = name.substr(0, name.find('.'));
    while (!stem.empty() && stem.back() == ' ') stem.remove_suffix(1);
    std::string lower;
    for (char c : stem) lower += ascii_lower(c);
    if (lower == "con" || lower == "prn" || lower == "aux" || lower == "nul") return true;
    if (lower.size() == 4 && (lower.compare(0, 3, "com") == 0 || lower.compare(0, 3, "lpt") == 0))
        return lower[3] >= '0' && lower[3] <= '9';
    // COM¹ COM² COM³ LPT¹ … (superscript digits are reserved too)
    if (lower.size() == 5 && (lower.compare(0, 3, "com") == 0 || lower.compare(0, 3, "lpt") == 0))
        return lower.compare(3, 2, "\xC2\xB9") == 0 || lower.compare(3, 2, "\xC2\xB2") == 0 ||
               lower.compare(3, 2, "\xC2\xB3") == 0;
    return false;
}

} // namespace

bool append_name_part(std::string& out, std::string_view text, std::size_t max_bytes) {
    while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
    if (text.empty() || max_bytes == 0) return false;
    const std::size_t keep = utf8_cut(text.data(), 0, std::min(text.size(), max_bytes));
    if (keep == 0) return false;
    for (std::size_t k = 0; k < keep; ++k) {
        const auto c = static_cast<unsigned char>(text[k]);
        if (refused[c]) {
            out += '_';
        } else if (c == 0xC2 && k + 1 < keep && static_cast<unsigned char>(text[k + 1]) >= 0x80 &&
                   static_cast<unsigned char>(text[k + 1]) < 0xA0) {
            out += '_'; // a C1 control (U+0080 to U+009F)
            ++k;
        } else {
            out += text[k];
        }
    }
    return true;
}

void make_portable_name(std::string& name, std::size_t extension) {
    if (extension > name.size()) extension = name.size();
    std::size_t stem = name.size() - extension;
    if (name.size() > max_file_name_bytes) {
        const std::size_t room =
            max_file_name_bytes > extension ? max_file_name_bytes - extension : 1;
        const std::size_t cut = utf8_cut(name.data(), 0, std::min(stem, room));
        name.erase(cut, stem - cut);
        stem = cut;
    }
    if (stem == 0) {
        name = "_" + name;
        ++stem;
    }
    if (name.front() == '.') name.front() = '_';
    if (name.back() == '.' || name.back() == ' ') name.back() = '_';
    if (is_reserved_device(name)) name = "_" + name;
}

std::string UniqueFileNames::claim(const std::string& name, std::size_t extension) {
    const auto folded = [](std::string_view s) {
        std::string f(s);
        for (char& c : f) c = ascii_lower(c);
        return f;
    };
    std::string key = folded(name);
    auto [it, fresh] = taken_.try_emplace(key, 2);
    if (fresh) return name;
    if (extension > name.size()) extension = name.size();
    const std::string_view stem(name.data(), name.size() - extension);
    const std::string_view ext(name.data() + stem.size(), extension);
    for (std::size_t n = it->second;; ++n) {
        std::string candidate = std::string(stem) + "~" + std::to_string(n) + std::string(ext);
        if (taken_.try_emplace(folded(candidate), 2).second) {
            taken_[key] = n + 1;
            return candidate;
        }
    }
}

} // namespace pgnkit::app
