#pragma once
/// The tag edits of `pgnkit tags` applied to one game: which tag pairs change, and the game's
/// text with only those pairs rewritten (every other byte as it was).

#include "pgnkit/io/output.hpp"
#include "pgnkit/pgn/name_table.hpp"
#include "pgnkit/pgn/span_tags.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <deque>
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
    /// The tags whose values are players' names (White, Black, Red: xiangqi's first player in
    /// xqbase files, and --names-tags).
    std::vector<std::string> name_tags{"White", "Black", "Red"};
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
/// written in the game (`[Name "value"]`): views into the game's text and into the editor,
/// valid until its next edit.
struct TagChange {
    std::uint64_t line = 0; ///< 0-based line in the game's text
    std::string_view old_pair, new_pair;
};

/// Applies the edits to games one after another, reusing its buffers: editing a game allocates
/// nothing once they have grown to the games' needs (a pass over a database).
class TagEditor {
  public:
    explicit TagEditor(const TagEditOptions& o);
    /// Edits the game `span`, its tag pairs located by read_span_tags() (pgn/span_tags.hpp).
    /// Returns whether a tag changed; then write() writes the game's new text and `changes`
    /// says what changed. `notes` gets edits that could not be made. A tag section that is not
    /// UTF-8 is Latin-1: values given in UTF-8 are written in Latin-1 there, and utf8() is
    /// false until the next game.
    bool edit(const GameSpan& span, const ReplayFacts& facts, std::vector<TagChange>& changes,
              std::vector<std::string>& notes);
    /// The edited game's text (after edit() returned true): every byte of the game as it was
    /// but the pairs that changed.
    void write(OutBuffer& out) const;
    void write(std::string& out) const;
    /// write() up to unchanged_from(): the game's text from there is the caller's to write.
    void write_head(OutBuffer& out) const;
    /// edit() of a game's text alone (no splitter marks), its new text appended to `out` when a
    /// tag changed.
    bool edit(std::string_view text, const ReplayFacts& facts, std::string& out,
              std::vector<TagChange>& changes, std::vector<std::string>& notes);
    /// Where in the game's text the part that write() copies unchanged to its end begins
    /// (after edit() returned true): past the last pair changed, removed or added.
    std::size_t unchanged_from() const { return ops_.back().end; }
    /// Whether the edited game's raw_separator() is its text's: no edit in its last 4 bytes,
    /// and no line removed (that could change which line break comes first, which decides
    /// for a game without a final one).
    bool same_separator() const { return same_separator_; }
    /// Whether the last game's tag section is UTF-8 (else Latin-1); worked out when first
    /// asked (a value beyond ASCII, a report line of one).
    bool utf8();
    /// The one pair every changed game gets when the edits are a lone `--set` of an ASCII
    /// value (a change's new_pair is then a view of it), else empty.
    std::string_view lone_pair() const { return lone_pair_; }

  private:
    /// A tag pair as the edits leave it: views into the game's text, the options, or store_.
    struct Entry {
        std::string_view name, value;
        int orig = -1; ///< index in pairs_, -1 for an added pair
        /// an added pair: after pairs_[anchor]'s line; -1 before the first pair, -2 after the
        /// last (of the game, concerned or not)
        int anchor = -2;
        bool removed = false;
        bool touched = false; ///< an edit gave it a name or a value (perhaps the same)
    };
    /// One edit of the game's text: bytes [begin, end) replaced by a line break (lead_eol),
    /// the new pair of change `change` (change >= 0) and a line break (trail_eol).
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
        e = Entry{};
        return e;
    }
    /// A string for a value of this game (kept until the next game; stable: a deque).
    std::string& scratch() {
        if (store_used_ == store_.size()) store_.emplace_back();
        std::string& s = store_[store_used_++];
        s.clear();
        return s;
    }
    /// Where a pair stands: the start of its line, or past it (the first and last pair).
    struct Place {
        std::size_t at = 0;
        std::uint64_t line = 0;
        /// `at` is just past a pair that more text follows on its line (movetext, another
        /// pair): a pair put there begins a line, and that text follows it.
        bool mid_line = false;
    };
    /// Where a pair put after the last pair `p` of the tag section goes: past p's line, or,
    /// when more than blanks follow p on it (the moves, a pair the edits do not read), just
    /// past p (after the line of `[Result "1-0"] 1. e4 *` it would follow the moves). A pair
    /// on an earlier line has only pairs and blanks after it on its line.
    static Place after_last(const SpanTag& p) {
        if (p.last_on_line()) return {p.after_line(), p.line, false};
        return {p.close(), p.line, true};
    }
    /// Whether an edit asked for may concern a pair named `name` (else it stays as it is).
    /// Its index in concerned_, else -1.
    /// (Pointer and size apart: a string_view copied whole is one 16-byte load of the two
    /// 8-byte stores read_span_tags() just made, which the CPU cannot forward, a stall per pair
    /// that was a third of edit()'s time for a lone --set.)
    int concerned(std::string_view name) const {
        const char* const p = name.data();
        const std::size_t n = name.size();
        const std::size_t k = name_key(p, n);
        if ((name_keys_[k / 64] >> (k % 64) & 1) == 0) return -1; // most names: one test
        for (std::size_t i = 0; i < concerned_.size(); ++i)
            if (concerned_[i].size() == n && std::memcmp(concerned_[i].data(), p, n) == 0)
                return static_cast<int>(i);
        return -1;
    }
    /// Keeps pair `t` (concerned) as this game's next entry.
    void keep(const SpanTag& t);
    /// A bit of name_keys_ per name.
    static std::size_t name_key(const char* p, std::size_t n) {
        return (n * 31 + static_cast<unsigned char>(p[0]) + static_cast<unsigned char>(p[n - 1])) &
               255;
    }
    /// The game's line break, as its first line ends (CR LF, LF, or CR alone: old Mac files);
    /// `first_eol`: where the first pair's line ends when that is the text's first line, else
    /// 0 or text.size().
    static std::string_view line_break(std::string_view text, std::size_t first_eol);
    Entry* find(std::string_view name);
    void set(std::string_view name, std::string_view value, int anchor = -2);
    /// `utf8_value` in the game's encoding (a view of it, or of scratch()): false when a
    /// Latin-1 game cannot hold it.
    bool encode(std::string_view utf8_value, std::string_view& out);
    template <class Buffer>
    void write_to(Buffer& out, bool rest = true) const;

    const TagEditOptions& opts_;
    GameSpan span_;         ///< the game being edited
    std::string_view text_; ///< its text
    std::string_view eol_;  ///< its line break
    /// The names an edit may concern (views of the options), and a bit per name_key() of them:
    /// a pair of another name is not kept (editing a database, most pairs are of those).
    std::vector<std::string_view> concerned_;
    std::array<std::uint64_t, 4> name_keys_{};
    std::vector<SpanTag> pairs_; ///< its concerned tag pairs (values in Entry)
    Place first_, last_;     ///< the game's first pair's line; after its last pair (after_last())
    std::string tag_buffer_; ///< read_span_tags()' unescaping buffer
    std::vector<Entry> entries_;
    std::size_t used_ = 0;
    std::deque<std::string> store_; ///< values made for this game
    std::size_t store_used_ = 0;
    std::string lookup_;    ///< a name looked up in the spelling table
    std::string new_pairs_; ///< the changes' new pairs, one after another
    /// Per change, where its new pair begins in new_pairs_ (and a last one: where they end).
    std::vector<std::size_t> new_at_;
    std::vector<Op> ops_;
    /// Whether the edits stop reading pairs once each concerned name was seen.
    bool stop_when_found_ = false;
    /// The edits are one `--set` of an ASCII value (the usual chore on a database): a game
    /// that has the tag gets its first pair replaced by lone_pair_, one that lacks it gets
    /// lone_pair_ after its last pair, without the entries and their ordering (a third of
    /// edit()'s time); a game without pairs takes the general path.
    bool lone_set_ = false;
    std::string lone_pair_; ///< the `--set` pair as written
    /// The text write_to() takes the new pairs from: new_pairs_, or lone_pair_.
    std::string_view new_text_;
    std::uint64_t all_concerned_ = 0; ///< a bit per concerned_ name
    bool stopped_early_ = false;      ///< this game's pairs were read only up to the concerned ones
    std::size_t section_end_ = 0;     ///< past the last pair read (the whole section: utf8())
    bool utf8_known_ = false;
    bool same_separator_ = false;
    bool utf8_ = true;
};

} // namespace pgnkit::app
