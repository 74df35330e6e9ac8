#include "pgnkit/pgn/name_match.hpp"

#include "pgnkit/io/utf8.hpp"

#include <array>
#include <cstdint>

namespace pgnkit {

namespace {

/// The base letters of U+00C0 … U+017F (Latin-1 Supplement letters and Latin Extended-A), in
/// lower case; "" for the two signs among them (× ÷), which separate words.
// clang-format off
constexpr std::array<const char*, 0x180 - 0xC0> latin_bases = {
    /* U+00C0 */ "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
    /* U+00D0 */ "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "ss",
    /* U+00E0 */ "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
    /* U+00F0 */ "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y",
    /* U+0100 */ "a", "a", "a", "a", "a", "a", "c", "c", "c", "c", "c", "c", "c", "c", "d", "d",
    /* U+0110 */ "d", "d", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g",
    /* U+0120 */ "g", "g", "g", "g", "h", "h", "h", "h", "i", "i", "i", "i", "i", "i", "i", "i",
    /* U+0130 */ "i", "i", "ij", "ij", "j", "j", "k", "k", "k", "l", "l", "l", "l", "l", "l", "l",
    /* U+0140 */ "l", "l", "l", "n", "n", "n", "n", "n", "n", "n", "n", "n", "o", "o", "o", "o",
    /* U+0150 */ "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s",
    /* U+0160 */ "s", "s", "t", "t", "t", "t", "t", "t", "u", "u", "u", "u", "u", "u", "u", "u",
    /* U+0170 */ "u", "u", "u", "u", "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s",
};
// clang-format on

/// The next code point of `s` from `i` (advanced past it); a byte that begins no valid UTF-8
/// sequence is its own code point (folded texts are compared, never shown).
std::uint32_t next_code_point(std::string_view s, std::size_t& i) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    const auto cont = [&](std::size_t k) {
        return i + k < s.size() && (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    };
    const auto at = [&](std::size_t k) {
        return std::uint32_t(static_cast<unsigned char>(s[i + k]) & 0x3F);
    };
    if (b0 >= 0xC2 && b0 < 0xE0 && cont(1)) {
        const std::uint32_t cp = (std::uint32_t(b0 & 0x1F) << 6) | at(1);
        i += 2;
        return cp;
    }
    if (b0 >= 0xE0 && b0 < 0xF0 && cont(1) && cont(2)) {
        const std::uint32_t cp = (std::uint32_t(b0 & 0x0F) << 12) | (at(1) << 6) | at(2);
        i += 3;
        return cp;
    }
    if (b0 >= 0xF0 && b0 < 0xF5 && cont(1) && cont(2) && cont(3)) {
        const std::uint32_t cp =
            (std::uint32_t(b0 & 0x07) << 18) | (at(1) << 12) | (at(2) << 6) | at(3);
        i += 4;
        return cp;
    }
    ++i;
    return b0;
}

/// Whether a code point above ASCII separates words: the Latin-1 signs and punctuation
/// (U+0080 … U+00BF, × and ÷), general punctuation (U+2000 … U+206F), the ideographic space
/// and the byte order mark. Everything else counts as a letter.
bool separates(std::uint32_t cp) {
    return cp < 0xC0 || cp == 0xD7 || cp == 0xF7 || (cp >= 0x2000 && cp <= 0x206F) ||
           cp == 0x3000 || cp == 0xFEFF;
}

} // namespace

void fold_text(std::string_view text, std::string& out) {
    bool blank = true; // at the start or after a separator (no blank written yet)
    const auto letters = [&](std::string_view s) {
        if (blank && !out.empty() && out.back() != ' ') out += ' ';
        blank = false;
        out += s;
    };
    std::size_t i = 0;
    const std::size_t begin = out.size();
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            ++i;
            if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z')) {
                const char ch = static_cast<char>(c);
                letters(std::string_view(&ch, 1));
            } else if (c >= 'A' && c <= 'Z') {
                const char ch = static_cast<char>(c - 'A' + 'a');
                letters(std::string_view(&ch, 1));
            } else {
                blank = true;
            }
            continue;
        }
        std::uint32_t cp = next_code_point(text, i);
        if (cp >= 0x300 && cp <= 0x36F) continue; // combining diacritics (decomposed text)
        if (separates(cp)) {
            blank = true;
            continue;
        }
        if (cp >= 0xC0 && cp < 0x180) {
            const char* base = latin_bases[cp - 0xC0];
            if (*base == '\0')
                blank = true;
            else
                letters(base);
            continue;
        }
        if (cp == 0x218 || cp == 0x219) { // Ș ș (Romanian, with a comma below)
            letters("s");
            continue;
        }
        if (cp == 0x21A || cp == 0x21B) { // Ț ț
            letters("t");
            continue;
        }
        if (cp >= 0x410 && cp <= 0x42F)
            cp += 0x20; // Cyrillic А … Я
        else if (cp >= 0x400 && cp <= 0x40F)
            cp += 0x50; // Ѐ … Џ
        else if (cp >= 0x391 && cp <= 0x3A9 && cp != 0x3A2)
            cp += 0x20; // Greek Α … Ω
        char buf[4];
        letters(std::string_view(buf, static_cast<std::size_t>(put_utf8(buf, cp) - buf)));
    }
    if (out.size() > begin && out.back() == ' ') out.pop_back();
}

bool folded_word_prefix(std::string_view value, std::string_view query) {
    if (query.empty()) return true;
    for (std::size_t at = 0; at + query.size() <= value.size();) {
        if (value.compare(at, query.size(), query) == 0) return true;
        const std::size_t blank = value.find(' ', at);
        if (blank == std::string_view::npos) return false;
        at = blank + 1;
    }
    return false;
}

NameQuery::NameQuery(std::string_view query, NameMatch how) : how_(how), query_(query) {
    fold_text(query, folded_);
    if (how == NameMatch::Regex)
        regex_ = std::make_shared<const std::regex>(query_, std::regex::ECMAScript);
}

bool NameQuery::matches(std::string_view value, bool utf8, std::string& scratch) const {
    if (!utf8) { // Latin-1: compared as the UTF-8 text it reads as
        std::string latin;
        cp1252_to_utf8(value, latin);
        return matches(latin, true, scratch);
    }
    switch (how_) {
    case NameMatch::Exact: return value == query_;
    case NameMatch::Regex: return std::regex_search(value.begin(), value.end(), *regex_);
    case NameMatch::Folded: break;
    }
    scratch.clear();
    fold_text(value, scratch);
    return folded_word_prefix(scratch, folded_);
}

} // namespace pgnkit
