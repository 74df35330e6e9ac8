#pragma once
/// `pgnkit tags --suggest-names`: the players' names spelled several ways, grouped as one
/// player's, printed as a spelling table (`variant<TAB>canonical`) to check and edit into a
/// `--names` file.

#include <cstdint>
#include <string>
#include <unordered_map>

namespace pgnkit::app {

/// Games per spelling of a name (UTF-8).
using NameCounts = std::unordered_map<std::string, std::uint64_t>;

/// The table: spellings that are one player's by their folded form (pgn/name_match.hpp:
/// case, accents and punctuation do not count) and by surname and given names, where
/// initials match the names they begin ("Carlsen, M" and "Carlsen,Magnus" are
/// "Carlsen, Magnus"; "Carlsen, M" stays alone when both a Magnus and a Martin Carlsen
/// played; "Xu, Yi" is not "Xu, Yinglun"). Each group of two spellings or more: a `#` line
/// with the games per spelling, then a line per variant, the most played spelling canonical.
std::string name_suggestions(const NameCounts& counts);

} // namespace pgnkit::app
