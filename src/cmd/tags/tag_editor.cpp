#include "pgnkit/cmd/tags/tag_editor.hpp"

#include "pgnkit/cmd/tags/tag_dates.hpp"
#include "pgnkit/io/utf8.hpp"
#include "pgnkit/pgn/reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace pgnkit::app {

namespace {
/// The Seven Tag Roster in its order, with the values that say "unknown" (PGN standard §8.1.1).
constexpr std::array<std::pair<std::string_view, std::string_view>, 7> roster{{
    {"Event", "?"},
    {"Site", "?"},
    {"Date", "????.??.??"},
    {"Round", "?"},
    {"White", "?"},
    {"Black", "?"},
    {"Result", "*"},
}};

void append_pair(std::string_view name, std::string_view value, std::string& out) {
    out += '[';
    out += name;
    out += " \"";
    append_escaped_tag_value(value, out);
    out += "\"]";
}

} // namespace

bool TagEditOptions::any() const {
    return !rename.empty() || !remove.empty() || !set.empty() || !add.empty() || names != nullptr ||
           normalize_dates || fill_roster || fix_result || add_plycount;
}

TagEditor::Entry* TagEditor::find(std::string_view name) {
    for (Entry& e : live())
        if (!e.removed && e.name == name) return &e;
    return nullptr;
}

void TagEditor::set(std::string_view name, std::string value, int anchor) {
    if (Entry* e = find(name)) {
        e->value = std::move(value);
        return;
    }
    Entry& e = next_entry();
    e.name.assign(name);
    e.value = std::move(value);
    e.anchor = anchor;
}

bool TagEditor::encode(std::string_view utf8_value, bool utf8, std::string& out) const {
    out.clear();
    if (utf8) {
        out.assign(utf8_value);
        return true;
    }
    return utf8_to_cp1252(utf8_value, out);
}

bool TagEditor::edit(std::string_view text, const ReplayFacts& facts, std::string& out,
                     std::vector<TagChange>& changes, std::vector<std::string>& notes) {
    changes.clear();
    notes.clear();
    read_tag_pairs(text, pairs_);
    utf8_ = pairs_.empty() || is_valid_utf8(text.substr(0, pairs_.back().end));
    const bool utf8 = utf8_;
    used_ = 0;
    for (std::size_t i = 0; i < pairs_.size(); ++i) {
        Entry& e = next_entry();
        e.name.assign(pairs_[i].name);
        unescape_tag_value(pairs_[i].raw_value, e.value);
        e.orig = static_cast<int>(i);
    }
    std::string value;
    for (const auto& [from, to] : opts_.rename) {
        Entry* e = find(from);
        if (!e) continue;
        if (find(to)) {
            notes.push_back(fmt::format("{} not renamed: the game has a {} tag", from, to));
            continue;
        }
        e->name = to;
    }
    for (const std::string& name : opts_.remove)
        for (Entry& e : live())
            if (e.name == name) e.removed = true;
    for (const auto& [name, v] : opts_.set) {
        if (!encode(v, utf8, value)) {
            notes.push_back(fmt::format("{} not set: a Latin-1 game cannot hold '{}'", name, v));
            continue;
        }
        set(name, value);
    }
    for (const auto& [name, v] : opts_.add) {
        if (find(name)) continue;
        if (!encode(v, utf8, value)) {
            notes.push_back(fmt::format("{} not added: a Latin-1 game cannot hold '{}'", name, v));
            continue;
        }
        set(name, value);
    }
    if (opts_.names) {
        std::string lookup;
        for (Entry& e : live()) {
            if (e.removed) continue;
            NameKind kind = NameKind::Player;
            if (e.name == "Event")
                kind = NameKind::Event;
            else if (e.name == "Site")
                kind = NameKind::Site;
            else if (e.name == "Round")
                kind = NameKind::Round;
            else if (std::find(opts_.name_tags.begin(), opts_.name_tags.end(), e.name) ==
                     opts_.name_tags.end())
                continue;
            lookup.clear();
            if (utf8)
                lookup = e.value;
            else
                cp1252_to_utf8(e.value, lookup);
            const std::string* canon = opts_.names->canonical(kind, lookup);
            if (!canon) continue;
            if (!encode(*canon, utf8, value)) {
                notes.push_back(fmt::format("{} not respelled: a Latin-1 game cannot hold '{}'",
                                            e.name, *canon));
                continue;
            }
            e.value = value;
        }
    }
    if (opts_.normalize_dates)
        for (Entry& e : live())
            if (!e.removed && (e.name == "Date" || e.name == "EventDate" || e.name == "UTCDate"))
                if (auto d = normalized_pgn_date(e.value)) e.value = std::move(*d);
    if (opts_.fill_roster) {
        int anchor = -1; // the last roster tag present: a missing one goes after it
        for (const auto& [name, unknown] : roster) {
            if (const Entry* e = find(name)) {
                if (e->orig >= 0) anchor = std::max(anchor, e->orig);
                continue;
            }
            set(name, std::string(unknown), anchor);
        }
    }
    if (opts_.fix_result && facts.replayed && !facts.decided_result.empty()) {
        const Entry* r = find("Result");
        if (!r || r->value != facts.decided_result)
            set("Result", std::string(facts.decided_result));
    }
    if (opts_.add_plycount && facts.replayed) set("PlyCount", std::to_string(facts.plies));
    if (opts_.needs_replay() && !facts.replayed)
        notes.push_back(opts_.fix_result && opts_.add_plycount
                            ? "Result and PlyCount not checked: the moves were not replayed to "
                              "the end (see pgnkit validate)"
                        : opts_.fix_result
                            ? "Result not checked: the moves were not replayed to the end (see "
                              "pgnkit validate)"
                            : "PlyCount not added: the moves were not replayed to the end (see "
                              "pgnkit validate)");

    // The text: every pair that changed rewritten, removed or added; every other byte kept.
    std::vector<Op>& ops = ops_;
    ops.clear();
    const std::size_t first_break = text.find('\n');
    const std::string_view eol =
        first_break != std::string_view::npos && first_break > 0 && text[first_break - 1] == '\r'
            ? "\r\n"
            : "\n";
    for (const Entry& e : live()) {
        if (e.orig >= 0) {
            const TagLinePair& p = pairs_[static_cast<std::size_t>(e.orig)];
            bool same = e.name == p.name;
            if (same && p.raw_value.find('\\') == std::string_view::npos) {
                same = e.value == p.raw_value;
            } else if (same) {
                value.clear();
                unescape_tag_value(p.raw_value, value);
                same = e.value == value;
            }
            if (same && !e.removed) continue;
            TagChange c;
            c.line = p.line;
            c.old_pair.assign(text.substr(p.begin, p.end - p.begin));
            if (e.removed) {
                const bool line = p.line_end > p.line_begin;
                ops.push_back({line ? p.line_begin : p.begin, line ? p.line_end : p.end, 1, -1,
                               false, false});
            } else {
                append_pair(e.name, e.value, c.new_pair);
                ops.push_back({p.begin, p.end, 1, static_cast<int>(changes.size()), false, false});
            }
            changes.push_back(std::move(c));
            continue;
        }
        if (e.removed) continue;
        TagChange c;
        append_pair(e.name, e.value, c.new_pair);
        std::size_t at = 0;
        if (pairs_.empty()) {
            at = 0;
        } else if (e.anchor == -1) {
            const TagLinePair& p = pairs_.front();
            at = p.line_end > p.line_begin ? p.line_begin : p.begin;
            c.line = p.line;
        } else {
            const TagLinePair& p =
                e.anchor == -2 ? pairs_.back() : pairs_[static_cast<std::size_t>(e.anchor)];
            at = p.after_line;
            c.line = p.line + 1;
        }
        // (a last tag line without a line break gets one first)
        ops.push_back(
            {at, at, 0, static_cast<int>(changes.size()), at > 0 && text[at - 1] != '\n', true});
        changes.push_back(std::move(c));
    }
    if (changes.empty()) return false;
    if (pairs_.empty()) ops.push_back({0, 0, 0, -1, false, true}); // a blank line before moves
    std::stable_sort(ops.begin(), ops.end(), [](const Op& a, const Op& b) {
        return a.begin != b.begin ? a.begin < b.begin : a.order < b.order;
    });
    std::size_t at = 0;
    for (const Op& op : ops) {
        out.append(text.substr(at, op.begin - at));
        if (op.lead_eol) out += eol;
        if (op.change >= 0) out += changes[static_cast<std::size_t>(op.change)].new_pair;
        if (op.trail_eol) out += eol;
        at = op.end;
    }
    out.append(text.substr(at));
    return true;
}

} // namespace pgnkit::app
