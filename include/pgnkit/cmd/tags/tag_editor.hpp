#pragma once
/// The tag edits of `pgnkit tags` applied to one game: which tag pairs change, and the game's
/// text with only those pairs rewritten (every other byte as it was).

#include "pgnkit/cmd/tags/name_table.hpp"
#include "pgnkit/cmd/tags/tag_lines.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pgnkit::app {

/// The edits asked for, applied in this order to each game.
struct TagEditOptions {
    std::vector<std::pair<std::string, std::string>> rename; ///< --rename OLD=NEW
    std::vector<std::string> remove;                         ///< --remove NAME
    std::vector<std::pair<std::string, std::string>> set;    ///< --set NAME=VALUE
    std::vector<std::pair<std::string, std::string>> add;    ///< --add NAME=VALUE
    const NameTable* names = nullptr;                        ///< --names FILE
    /// The tags whose values are players' names (White, Black and --names-tags).
    std::vector<std::string> name_tags{"White", "Black"};
    bool normalize_dates = false; ///< Date, EventDate, UTCDate as YYYY.MM.DD
    bool fill_roster = false;     ///< the missing Seven Tag Roster tags, unknown values
    bool fix_result = false;      ///< Result as the rules decide the final position
    bool add_plycount = false;    ///< PlyCount, the main line's plies
    /// Whether an edit needs the moves replayed (fix_result, add_plycount).
    bool needs_replay() const { return fix_result || add_plycount; }
    /// Whether any edit is asked for.
    bool any() const;
};

/// What the replay of a game found, for the edits that need it.
struct ReplayFacts {
    bool replayed = false; ///< replayed to its end without an error
    int plies = 0;
    std::string_view decided_result; ///< GameInfo::decided_result
};

/// One change to one tag pair (`old_pair` empty: added; `new_pair` empty: removed), both as
/// written in the game (`[Name "value"]`).
struct TagChange {
    std::uint64_t line = 0; ///< 0-based line in the game's text
    std::string old_pair, new_pair;
};

/// Applies the edits to games one after another, reusing its buffers.
class TagEditor {
  public:
    explicit TagEditor(const TagEditOptions& o) : opts_(o) {}
    /// Edits the game `text`. Returns whether a tag changed; then `out` holds the game's new
    /// text (appended) and `changes` what changed. `notes` gets edits that could not be made.
    /// A tag section that is not UTF-8 is Latin-1: values given in UTF-8 are written in
    /// Latin-1 there, and utf8() is false until the next game.
    bool edit(std::string_view text, const ReplayFacts& facts, std::string& out,
              std::vector<TagChange>& changes, std::vector<std::string>& notes);
    /// Whether the last game's tag section was UTF-8 (else Latin-1).
    bool utf8() const { return utf8_; }

  private:
    struct Entry {
        std::string name, value;
        int orig = -1;   ///< index in pairs_, -1 for an added pair
        int anchor = -2; ///< an added pair: after pairs_[anchor]'s line; -1 at the start, -2 end
        bool removed = false;
    };
    /// One edit of the game's text: bytes [begin, end) replaced by a line break (lead_eol),
    /// changes[change].new_pair (change >= 0) and a line break (trail_eol).
    struct Op {
        std::size_t begin, end;
        int order; ///< at the same `begin`: inserts (0) first, in entry order
        int change;
        bool lead_eol, trail_eol;
    };
    /// The entries of this game (entries_ is reused from game to game: no allocation per tag).
    std::span<Entry> live() { return {entries_.data(), used_}; }
    Entry& next_entry() {
        if (used_ == entries_.size()) entries_.emplace_back();
        Entry& e = entries_[used_++];
        e.name.clear();
        e.value.clear();
        e.orig = -1;
        e.anchor = -2;
        e.removed = false;
        return e;
    }
    Entry* find(std::string_view name);
    void set(std::string_view name, std::string value, int anchor = -2);
    /// `utf8_value` in the game's encoding: false when a Latin-1 game cannot hold it.
    bool encode(std::string_view utf8_value, bool utf8, std::string& out) const;

    const TagEditOptions& opts_;
    std::vector<TagLinePair> pairs_;
    std::vector<Entry> entries_;
    std::size_t used_ = 0;
    std::vector<Op> ops_;
    bool utf8_ = true;
};

} // namespace pgnkit::app
