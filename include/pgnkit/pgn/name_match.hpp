#pragma once
/// How a name or other tag text given by a user is matched (`filter --player`, `dedup`, …):
/// folded (the default: case, diacritics and punctuation do not count, and the query matches
/// at the start of any word of the value), exactly, or by a regular expression.

#include <memory>
#include <regex>
#include <string>
#include <string_view>

namespace pgnkit {

/// Appends `text` (UTF-8) folded for comparison: letters in lower case, the accented Latin
/// letters as their base letters (é → e, Ø → o, ß → ss, Ł → l, æ → ae), Cyrillic and Greek
/// capitals in lower case, and every run of characters that are not letters or digits
/// (blanks, punctuation, symbols) as one blank; no blank at either end. Other characters
/// are kept as they are. "Nepomniachtchi, Ian" and "nepomniachtchi ian" fold alike.
void fold_text(std::string_view text, std::string& out);

/// How a query is compared with a value.
enum class NameMatch {
    Folded, ///< both folded; the query matches at the start of a word of the value
    Exact,  ///< byte for byte, the whole value
    Regex   ///< ECMAScript regular expression, searched anywhere in the value
};

/// One query of `--player`, `--white`, … as the user gave it.
class NameQuery {
  public:
    /// Throws std::regex_error for a bad expression (Regex).
    NameQuery(std::string_view query, NameMatch how);
    /// Whether `value` matches; `utf8` false: the value is Latin-1 (Windows-1252) text.
    /// `scratch` is the caller's buffer, reused from game to game (no allocation per game).
    bool matches(std::string_view value, bool utf8, std::string& scratch) const;
    /// The folded query ("" when it has no letter or digit: it then matches every value).
    const std::string& folded() const { return folded_; }

  private:
    NameMatch how_;
    std::string query_, folded_;
    std::shared_ptr<const std::regex> regex_;
};

/// Whether the folded `query` matches the folded `value`: at the start of the value or just
/// after one of its blanks (word starts), as a prefix of the rest ("carlsen m" matches
/// "carlsen magnus"; "magnus" matches it too; "arlsen" does not).
bool folded_word_prefix(std::string_view value, std::string_view query);

} // namespace pgnkit
