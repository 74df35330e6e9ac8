#pragma once
/// The opening table: positions of named opening lines, keyed by their FIDE repetition
/// identity (chess::Position::repetition_key(): same pieces, side to move, castling rights and
/// a capturable en-passant square), so that a game reaching a line's position by another move
/// order (a transposition) finds it. Filled from the table files of table_formats.hpp.
#include "pgnkit/chess/position.hpp"
#include "pgnkit/openings/reachable_masks.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace pgnkit::openings {

/// One named line of a table: its ECO code, names and the number of plies of its moves.
struct Opening {
    std::string eco;        ///< "B90", or an extended code as the table writes it ("B90a")
    std::string name;       ///< the opening ("Sicilian Defense")
    std::string variation;  ///< what follows the name's first ": " ("Najdorf Variation"), or ""
    int depth = 0;          ///< plies from the start position to the line's last move
    std::uint32_t line = 0; ///< 1-based line of the table file where the entry begins
};

/// A problem with a table file: `file:line: message`. An entry with a problem is not loaded.
struct TableProblem {
    std::string file;
    std::uint64_t line = 0;
    std::string message;
    /// A line that is no entry of the format (an error); else an entry whose moves cannot be
    /// played from the start position (reported, the rest of the table used).
    bool malformed = true;
};

/// Positions → openings. Two entries of one position: the first one loaded is kept (the
/// second is counted in duplicates()).
class OpeningTable {
  public:
    /// Adds the entry reached by playing `moves` (SAN, move numbers allowed) from the start
    /// position; returns "" or why the line cannot be played ("illegal move 'Nf6' at ply 3").
    std::string add_line(Opening opening, std::string_view moves);
    /// The entry whose position has the repetition key `key`, or nullptr.
    const Opening* find(std::uint64_t key) const {
        const auto it = by_key_.find(key);
        return it == by_key_.end() ? nullptr : &entries_[it->second];
    }
    std::size_t size() const { return entries_.size(); }
    std::uint64_t duplicates() const { return duplicates_; }
    /// The fewest pieces on the board of any entry's position: a game with fewer pieces left
    /// can reach no entry any more (pieces are never added), so its classification is final.
    int min_pieces() const { return min_pieces_; }
    /// Whether a game at `pos` may still reach an entry: some entry keeps only unmoved pawns
    /// and castling rights that `pos` still has (reachable_masks.hpp).
    bool reachable_from(const chess::Position& pos) const {
        return masks_.reachable_from(irreversible_mask(pos));
    }

  private:
    std::vector<Opening> entries_;
    std::unordered_map<std::uint64_t, std::uint32_t> by_key_;
    std::uint64_t duplicates_ = 0;
    int min_pieces_ = 32;
    ReachableMasks masks_;
};

/// Splits a table's name "Opening: Variation, Subvariation" into the opening (before the
/// first ": ") and the variation (after it; "" if there is none).
void split_opening_name(std::string_view full, std::string& name, std::string& variation);

/// Whether the ECO tag `tag` says the same as the table's code `code`: the first three
/// characters (A00 to E99) compared, upper case, so that Scid's "B90a" is B90.
bool same_eco(std::string_view tag, std::string_view code);

} // namespace pgnkit::openings
