#pragma once
/// A spelling table (`pgnkit tags --names FILE`, `dedup --names`): variant spellings of names and
/// the canonical spelling that replaces each.

#include <array>
#include <string>
#include <string_view>
#include <unordered_map>

namespace pgnkit {

/// What a spelling is the spelling of (the sections of Scid's `.ssp` files).
enum class NameKind { Player, Event, Site, Round };

/// Variant → canonical spellings, by kind. Read from lines `variant<TAB>canonical` (players)
/// or from Scid's spelling-file format (`@PLAYER`, `@EVENT`, `@SITE`, `@ROUND` sections; a
/// canonical name on a line of its own, its variants on the lines after it that begin with
/// `=`; `#` begins a comment, `%` lines hold facts about the player, which are skipped).
/// Text that is not UTF-8 is read as Latin-1 (Windows-1252), as Scid's files are.
class NameTable {
  public:
    /// Reads `path` (FILE.ssp, or a file whose first section line is `@…`: Scid's format).
    /// Returns "" or the error, `path:line: what`.
    std::string load(const std::string& path);
    /// Reads the text of a table; `where` names it in errors.
    std::string parse(std::string_view text, std::string_view where, bool scid);
    /// The canonical spelling of `value` (UTF-8), or nullptr when it is not a variant.
    const std::string* canonical(NameKind kind, const std::string& value) const;
    std::size_t size() const;
    /// Every variant of `kind` and its canonical spelling.
    const std::unordered_map<std::string, std::string>& spellings(NameKind kind) const {
        return maps_[static_cast<std::size_t>(kind)];
    }

  private:
    std::array<std::unordered_map<std::string, std::string>, 4> maps_;
};

} // namespace pgnkit
