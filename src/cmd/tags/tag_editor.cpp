#include "pgnkit/cmd/tags/tag_editor.hpp"

#include "pgnkit/cmd/tags/tag_dates.hpp"
#include "pgnkit/io/utf8.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/run/line_breaks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>

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

TagEditor::TagEditor(const TagEditOptions& o) : opts_(o) {
    const auto concern = [&](std::string_view name) {
        if (name.empty() ||
            std::find(concerned_.begin(), concerned_.end(), name) != concerned_.end())
            return;
        concerned_.push_back(name);
        const std::size_t k = name_key(name.data(), name.size());
        name_keys_[k / 64] |= std::uint64_t{1} << (k % 64);
    };
    for (const auto& [from, to] : o.rename) concern(from), concern(to);
    for (const std::string& name : o.remove) concern(name);
    for (const auto& [name, value] : o.set) concern(name);
    for (const auto& [name, value] : o.add) concern(name);
    if (o.names) {
        for (std::string_view name : {"Event", "Site", "Round"}) concern(name);
        for (const std::string& name : o.name_tags) concern(name);
    }
    if (o.normalize_dates)
        for (std::string_view name : {"Date", "EventDate", "UTCDate"}) concern(name);
    if (o.fill_roster)
        for (const auto& [name, unknown] : roster) concern(name);
    if (o.fix_result) concern("Result");
    if (o.add_plycount) concern("PlyCount");
    // Edits of a tag's first pair alone (set, add, and the replay's two) need no pair after
    // the concerned ones once each was seen: the usual `--set` of a tag every game has reads
    // one or two pairs, not the section (the other edits read every pair: all of a name, or
    // the whole roster's places).
    stop_when_found_ = o.rename.empty() && o.remove.empty() && o.names == nullptr &&
                       !o.normalize_dates && !o.fill_roster && concerned_.size() <= 64;
    all_concerned_ =
        concerned_.size() >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << concerned_.size()) - 1;
    lone_set_ = stop_when_found_ && o.set.size() == 1 && o.add.empty() && !o.needs_replay() &&
                !o.set[0].first.empty() && is_ascii(o.set[0].second);
    if (lone_set_) append_pair(o.set[0].first, o.set[0].second, lone_pair_);
}

bool TagEditOptions::any() const {
    return !rename.empty() || !remove.empty() || !set.empty() || !add.empty() || names != nullptr ||
           normalize_dates || fill_roster || fix_result || add_plycount;
}

TagEditor::Entry* TagEditor::find(std::string_view name) {
    for (Entry& e : live())
        if (!e.removed && e.name == name) return &e;
    return nullptr;
}

void TagEditor::set(std::string_view name, std::string_view value, int anchor) {
    if (Entry* e = find(name)) {
        e->value = value;
        e->touched = true;
        return;
    }
    Entry& e = next_entry();
    e.name = name;
    e.value = value;
    e.anchor = anchor;
}

bool TagEditor::utf8() {
    if (utf8_known_) return utf8_;
    if (stopped_early_) { // the section's end: read on to its last pair
        section_end_ = 0;
        read_span_tags(span_, tag_buffer_, [&](const SpanTag& t) {
            if (!t.well_formed) return false;
            section_end_ = t.close();
            return true;
        });
    }
    utf8_ = is_valid_utf8(text_.substr(0, section_end_));
    utf8_known_ = true;
    return utf8_;
}

bool TagEditor::encode(std::string_view utf8_value, std::string_view& out) {
    if (is_ascii(utf8_value) || utf8()) {
        out = utf8_value;
        return true;
    }
    std::string& s = scratch();
    if (!utf8_to_cp1252(utf8_value, s)) return false;
    out = s;
    return true;
}

bool TagEditor::edit(std::string_view text, const ReplayFacts& facts, std::string& out,
                     std::vector<TagChange>& changes, std::vector<std::string>& notes) {
    GameSpan span;
    span.text = text;
    if (!edit(span, facts, changes, notes)) return false;
    write(out);
    return true;
}

void TagEditor::keep(const SpanTag& t) {
    Entry& e = next_entry();
    e.name = t.name;
    e.value = t.value;
    if (!is_view_of(t.value, text_)) { // unescaped into tag_buffer_: kept for the game
        std::string& s = scratch();
        s.assign(t.value);
        e.value = s;
    }
    e.orig = static_cast<int>(pairs_.size());
    pairs_.push_back(t);
    pairs_.back().value = e.value;
}

bool TagEditor::edit(const GameSpan& span, const ReplayFacts& facts,
                     std::vector<TagChange>& changes, std::vector<std::string>& notes) {
    changes.clear();
    notes.clear();
    const std::string_view text = span.text;
    text_ = text;
    span_ = span;
    utf8_known_ = stopped_early_ = false;
    used_ = 0;
    store_used_ = 0;
    pairs_.clear();
    // The pairs up to the first one that is not well formed: a pair the reader reports ends
    // the section for the edits (its bytes, and all after it, are kept as they are). Of them,
    // only those an edit may concern are kept (names()), and where the first and the last
    // stand: the others are written as they are.
    std::size_t count = 0;
    // Of the last pair, the fields its close() and after_line() need, worked out once read
    // (not a copy of the pair per pair: that costs more than reading it).
    SpanTag last;
    last.text = text;
    last.end_ = last.eol = 0;
    last.marked_ = false;
    std::size_t first_eol = 0;
    std::uint64_t last_line = 0;
    std::uint64_t seen = 0; // the concerned names seen (stop_when_found_), a bit per name
    bool bad_first = false; // the section begins with a pair the reader reports
    // lone_set_: the pair to replace, when the game has one
    bool found = false;
    std::size_t found_open = 0, found_close = 0;
    std::uint64_t found_line = 0;
    // (unescaped: valid until the next read; pointer and size apart, see concerned())
    const char* found_value = nullptr;
    std::size_t found_size = 0;
    read_span_tags(span, tag_buffer_, [&](const SpanTag& t) {
        if (!t.well_formed) {
            bad_first = count == 0;
            return false;
        }
        if (count++ == 0) {
            first_ = {t.line_begin(), t.line};
            first_eol = t.line == 0 ? t.eol : text.size(); // (the first line's end, when it is)
        }
        last.end_ = t.end_; // (its close() when needed, not per pair)
        last.marked_ = t.marked_;
        last.eol = t.eol;
        last_line = t.line;
        const int k = concerned(t.name);
        if (k < 0) return true;
        if (lone_set_) { // (the one concerned name)
            found = stopped_early_ = true;
            found_open = t.open;
            found_close = t.close();
            found_line = t.line;
            found_value = t.value.data();
            found_size = t.value.size();
            return false;
        }
        keep(t);
        seen |= std::uint64_t{1} << k;
        if (stop_when_found_ && seen == all_concerned_) {
            stopped_early_ = true; // (last_ is then not needed: nothing is inserted)
            return false;
        }
        return true;
    });
    if (bad_first) {
        // Not a game without tags (that gets a tag section before its moves): nothing can be
        // placed in a section the edits cannot read, and the pair would be left as it is.
        notes.emplace_back("not edited: its first tag pair is not well formed (bad-tag: see "
                           "pgnkit validate); written unchanged");
        return false;
    }
    if (found) { // lone_set_, and the game has the tag: its first pair replaced
        if (std::string_view(found_value, found_size) == opts_.set[0].second) return false;
        changes.push_back(
            {found_line, text.substr(found_open, found_close - found_open), lone_pair_});
        ops_.assign(1, Op{found_open, found_close, 1, 0, false, false});
        new_text_ = lone_pair_;
        new_at_.assign({0, lone_pair_.size()});
        same_separator_ = found_close + 4 <= text.size();
        return true;
    }
    const bool no_pairs = count == 0;
    if (!no_pairs) {
        last.line = last_line;
        last_ = after_last(last);
    }
    if (lone_set_ && !no_pairs) { // and the game lacks the tag: the pair after the last
        const std::size_t at = last_.at;
        changes.push_back({last_.line + 1, {}, lone_pair_});
        ops_.assign(
            1, Op{at, at, 0, 0, text[at - 1] != '\n' && text[at - 1] != '\r', !last_.mid_line});
        new_text_ = lone_pair_;
        new_at_.assign({0, lone_pair_.size()});
        same_separator_ = at + 4 <= text.size();
        section_end_ = last.close();
        eol_ = line_break(text, first_eol);
        return true;
    }
    section_end_ = no_pairs ? 0 : last.close(); // (stopped early: utf8() reads on)
    std::string_view value;
    for (const auto& [from, to] : opts_.rename) {
        Entry* e = find(from);
        if (!e) continue;
        if (find(to)) {
            notes.push_back(fmt::format("{} not renamed: the game has a {} tag", from, to));
            continue;
        }
        e->name = to;
        e->touched = true;
    }
    for (const std::string& name : opts_.remove)
        for (Entry& e : live())
            if (e.name == name) e.removed = true;
    for (const auto& [name, v] : opts_.set) {
        if (!encode(v, value)) {
            notes.push_back(fmt::format("{} not set: a Latin-1 game cannot hold '{}'", name, v));
            continue;
        }
        set(name, value);
    }
    for (const auto& [name, v] : opts_.add) {
        if (find(name)) continue;
        if (!encode(v, value)) {
            notes.push_back(fmt::format("{} not added: a Latin-1 game cannot hold '{}'", name, v));
            continue;
        }
        set(name, value);
    }
    if (opts_.names) {
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
            lookup_.clear();
            if (utf8())
                lookup_.assign(e.value);
            else
                cp1252_to_utf8(e.value, lookup_);
            const std::string* canon = opts_.names->canonical(kind, lookup_);
            if (!canon) continue;
            if (!encode(*canon, value)) {
                notes.push_back(fmt::format("{} not respelled: a Latin-1 game cannot hold '{}'",
                                            e.name, *canon));
                continue;
            }
            e.value = value;
            e.touched = true;
        }
    }
    if (opts_.normalize_dates)
        for (Entry& e : live())
            if (!e.removed && (e.name == "Date" || e.name == "EventDate" || e.name == "UTCDate"))
                if (auto d = normalized_pgn_date(e.value)) {
                    std::string& s = scratch();
                    s = std::move(*d);
                    e.value = s;
                    e.touched = true;
                }
    if (opts_.fill_roster) {
        int anchor = -1; // the last roster tag present: a missing one goes after it
        for (const auto& [name, unknown] : roster) {
            if (const Entry* e = find(name)) {
                if (e->orig >= 0) anchor = std::max(anchor, e->orig);
                continue;
            }
            set(name, unknown, anchor);
        }
    }
    if (opts_.fix_result && facts.replayed && !facts.decided_result.empty()) {
        const Entry* r = find("Result");
        if (!r || r->value != facts.decided_result) {
            std::string& s = scratch(); // (the facts' view lasts as long as the replay's game)
            s.assign(facts.decided_result);
            set("Result", s);
        }
    }
    if (opts_.add_plycount && facts.replayed) {
        std::string& s = scratch();
        char digits[16];
        s.assign(digits, std::to_chars(digits, digits + sizeof digits, facts.plies).ptr);
        set("PlyCount", s);
    }
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
    new_pairs_.clear();
    new_at_.clear();
    const auto new_pair = [&](const Entry& e) {
        new_at_.push_back(new_pairs_.size());
        append_pair(e.name, e.value, new_pairs_);
    };
    for (const Entry& e : live()) {
        if (e.orig >= 0) {
            const SpanTag& p = pairs_[static_cast<std::size_t>(e.orig)];
            if (!e.removed && (!e.touched || (e.name == p.name && e.value == p.value))) continue;
            TagChange c;
            c.line = p.line;
            c.old_pair = text.substr(p.open, p.close() - p.open);
            if (e.removed) {
                ops.push_back({p.line_begin(), p.line_end(), 1, -1, false, false});
                new_at_.push_back(new_pairs_.size()); // (no new pair)
            } else {
                new_pair(e);
                ops.push_back(
                    {p.open, p.close(), 1, static_cast<int>(changes.size()), false, false});
            }
            changes.push_back(c);
            continue;
        }
        if (e.removed) continue;
        TagChange c;
        new_pair(e);
        Place place; // (no pairs: at the start)
        if (no_pairs) {
        } else if (e.anchor == -1) {
            place = first_;
            c.line = first_.line;
        } else {
            place = last_;
            if (e.anchor != -2) { // after a pair: past its line, unless that is the last's
                const SpanTag& p = pairs_[static_cast<std::size_t>(e.anchor)];
                if (p.line < last_.line) place = {p.after_line(), p.line, false};
            }
            c.line = place.line + 1;
        }
        const std::size_t at = place.at;
        // (a last tag line without a line break gets one first; a pair put mid-line is
        // followed by the rest of that line)
        ops.push_back({at, at, 0, static_cast<int>(changes.size()),
                       at > 0 && text[at - 1] != '\n' && text[at - 1] != '\r', !place.mid_line});
        changes.push_back(c);
    }
    if (changes.empty()) return false;
    new_text_ = new_pairs_;
    // The new pairs' views, now that new_pairs_ holds them all.
    new_at_.push_back(new_pairs_.size());
    for (std::size_t k = 0; k < changes.size(); ++k)
        changes[k].new_pair =
            std::string_view(new_pairs_).substr(new_at_[k], new_at_[k + 1] - new_at_[k]);
    if (no_pairs) ops.push_back({0, 0, 0, -1, false, true}); // a blank line before moves
    // In text order (inserts first at a place, in entry order): an insertion sort, stable and
    // without the buffer std::stable_sort allocates per call (a few ops per game).
    for (std::size_t i = 1; i < ops.size(); ++i) {
        const Op op = ops[i];
        std::size_t j = i;
        for (; j > 0 && (ops[j - 1].begin > op.begin ||
                         (ops[j - 1].begin == op.begin && ops[j - 1].order > op.order));
             --j)
            ops[j] = ops[j - 1];
        ops[j] = op;
    }
    same_separator_ =
        ops.back().end + 4 <= text.size() && std::none_of(ops.begin(), ops.end(), [](const Op& op) {
            return op.change < 0 && op.end > op.begin; // a removal
        });
    eol_ = line_break(text, first_eol);
    return true;
}

std::string_view TagEditor::line_break(std::string_view text, std::size_t first_eol) {
    using namespace std::string_view_literals; // (a literal's size known: no strlen per game)
    if (first_eol == 0 || first_eol == text.size()) return first_line_break(text);
    // a pair on the first line: where its line ends
    if (text[first_eol] == '\n') return "\n"sv;
    return first_eol + 1 < text.size() && text[first_eol + 1] == '\n' ? "\r\n"sv : "\r"sv;
}

template <class Buffer>
void TagEditor::write_to(Buffer& out, bool rest) const {
    const std::string_view text = text_;
    std::size_t at = 0;
    for (const Op& op : ops_) {
        out.append(text.substr(at, op.begin - at));
        if (op.lead_eol) out.append(eol_);
        if (op.change >= 0) {
            const auto k = static_cast<std::size_t>(op.change);
            out.append(new_text_.substr(new_at_[k], new_at_[k + 1] - new_at_[k]));
        }
        if (op.trail_eol) out.append(eol_);
        at = op.end;
    }
    if (rest) out.append(text.substr(at));
}

void TagEditor::write(OutBuffer& out) const { write_to(out); }
void TagEditor::write_head(OutBuffer& out) const { write_to(out, false); }
void TagEditor::write(std::string& out) const { write_to(out); }

} // namespace pgnkit::app
