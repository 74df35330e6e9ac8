// pgnkit eco: each game classified by the deepest opening-table position its main line
// reaches (openings/classifier.hpp), its ECO/Opening/Variation tag lines set; every other
// byte of the game written as read.

#include "pgnkit/cmd/eco/eco.hpp"

#include "pgnkit/diagnostics/diagnostic.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/io/utf8.hpp"
#include "pgnkit/openings/game_opening.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/span_tags.hpp"
#include "pgnkit/run/messages.hpp"
#include "pgnkit/run/not_pgn.hpp"
#include "pgnkit/run/pipeline.hpp"
#include "pgnkit/run/raw_games.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <memory>
#include <optional>

namespace pgnkit::app {

std::string escape_tag_value(std::string_view value) {
    std::string out;
    out.reserve(value.size());
    for (char c : value) {
        if (c == '\\' || c == '"') out += '\\';
        out += c;
    }
    return out;
}

namespace {

/// The tags eco writes, in the order it adds them.
constexpr std::array<std::string_view, 3> tag_names = {"ECO", "Opening", "Variation"};

/// What one game's tags tell (which of the three tags it has, where its last tag line is),
/// beside the classification of its main line (GameOpeningVisitor).
class EcoVisitor final : public openings::GameOpeningVisitor {
  public:
    using GameOpeningVisitor::GameOpeningVisitor;

    void begin_game(const GameSpan& span) {
        GameOpeningVisitor::begin_game(span);
        span_offset_ = span.offset;
        present_ = {};
        eco_value_.clear();
        last_tag_offset_.reset();
    }
    void tag(std::string_view name, std::string_view value, const SourceLocation& at) {
        GameOpeningVisitor::tag(name, value, at);
        last_tag_offset_ = at.offset - span_offset_;
        for (std::size_t k = 0; k < tag_names.size(); ++k)
            if (name == tag_names[k]) present_[k] = !value.empty() && value != "?";
        if (name == "ECO") eco_value_.assign(value);
    }

    bool present(std::size_t k) const { return present_[k]; }
    const std::string& eco_value() const { return eco_value_; }
    /// Where the last tag pair begins in the span's text, if the game has tags.
    std::optional<std::uint64_t> last_tag_offset() const { return last_tag_offset_; }

  private:
    std::uint64_t span_offset_ = 0;
    std::array<bool, 3> present_{};
    std::string eco_value_;
    std::optional<std::uint64_t> last_tag_offset_;
};

struct EcoCounts {
    std::uint64_t games = 0, classified = 0, changed = 0, unclassified = 0, oversized = 0,
                  unusual_tags = 0, kept = 0, agree = 0, disagree = 0, no_eco_tag = 0, not_pgn = 0,
                  as_kept = 0, latin1_notes = 0;
    void merge(const EcoCounts& o) {
        games += o.games;
        classified += o.classified;
        changed += o.changed;
        unclassified += o.unclassified;
        oversized += o.oversized;
        unusual_tags += o.unusual_tags;
        kept += o.kept;
        agree += o.agree;
        disagree += o.disagree;
        no_eco_tag += o.no_eco_tag;
        not_pgn += o.not_pgn;
        as_kept += o.as_kept;
        latin1_notes += o.latin1_notes;
    }
};

/// A change to a game's text: [begin, end) replaced by `text`.
struct Edit {
    std::size_t begin = 0, end = 0;
    std::string text;
};

class EcoProcessor final : public BatchProcessor {
  public:
    EcoProcessor(const EcoRunOptions& o, const openings::OpeningTable& table)
        : opts_(o), visitor_(table) {}

    void process(const Batch& batch, BatchOutput& out) override {
        for (const BatchGame& g : batch.games) {
            const GameSpan span = batch.span(g);
            if (g.not_pgn) { // text between games: no game, said on stderr
                out.err += not_pgn_report(span);
                ++counts.not_pgn;
                continue;
            }
            ++counts.games;
            if (span.truncated) {
                // Its end was not read (longer than the kept limits): written as the input
                // holds it, not classified. A game with a long comment is: every move is read.
                ++counts.oversized;
                if (!opts_.check)
                    counts.as_kept += append_raw_game(out.out, out, false, batch, g, span);
                continue;
            }
            reader_.read(span, visitor_);
            const openings::Opening* o = visitor_.opening();
            if (o)
                ++counts.classified;
            else
                ++counts.unclassified;
            if (opts_.check) {
                check(span, g, out, o);
                continue;
            }
            if (!o || (opts_.keep_existing && has_chosen_tag()) || !edits(span, g, out, *o)) {
                if (o && opts_.keep_existing && has_chosen_tag()) ++counts.kept;
                counts.as_kept += append_raw_game(out.out, out, false, batch, g, span);
                continue;
            }
            if (!span.elisions.empty() && edits_.back().end > first_cut(span)) {
                // An edit past the bytes kept (a tag line longer than the kept limits):
                // written as the input holds it.
                ++counts.oversized;
                counts.as_kept += append_raw_game(out.out, out, false, batch, g, span);
                continue;
            }
            write_edited(batch, g, span, out);
        }
    }

    EcoCounts counts;

  private:
    bool has_chosen_tag() const {
        const std::array<bool, 3> chosen = {opts_.tags.eco, opts_.tags.opening,
                                            opts_.tags.variation};
        for (std::size_t k = 0; k < 3; ++k)
            if (chosen[k] && visitor_.present(k)) return true;
        return false;
    }

    void check(const GameSpan& span, const BatchGame& g, BatchOutput& out,
               const openings::Opening* o) {
        if (visitor_.eco_value().empty() || visitor_.eco_value() == "?") {
            ++counts.no_eco_tag;
            return;
        }
        if (!o) return;
        if (openings::same_eco(visitor_.eco_value(), o->eco)) {
            ++counts.agree;
            return;
        }
        ++counts.disagree;
        append_display(out.err, span.file, true);
        std::string what = fmt::format("{} {}", o->eco, o->name);
        if (!o->variation.empty()) what += fmt::format(": {}", o->variation);
        out.err += fmt::format(":{}:{}: warning[{}]: game {}: ECO tag \"", span.first_line,
                               span.first_column, code_name(Code::EcoMismatch), g.in_file);
        append_display(out.err, visitor_.eco_value(), true);
        out.err += "\" but the moves reach ";
        append_display(out.err, what, true);
        out.err += fmt::format(" (ply {})\n", visitor_.ply());
    }

    /// The edits that set the chosen tags to `o`'s; false if there are none (the tags say it
    /// already) or the game's tags cannot be rewritten in place (counted).
    bool edits(const GameSpan& span, const BatchGame& g, BatchOutput& out,
               const openings::Opening& o) {
        edits_.clear();
        const bool utf8 = tag_section_utf8(span.text);
        const std::array<const std::string*, 3> values = {&o.eco, &o.name, &o.variation};
        const std::array<bool, 3> chosen = {opts_.tags.eco, opts_.tags.opening,
                                            opts_.tags.variation};
        const std::string_view text = span.text;
        std::string added;
        const std::string_view eol = first_line_break(text);
        // Each tag's pair in the usual form (`[Name "value"]` alone on its line, no backslash in
        // the value: rewritten in place), and whether the game has one in another form (left
        // as it is), from the one tag locator (pgn/span_tags.hpp).
        std::array<std::optional<TagMark>, 3> marks;
        std::array<std::pair<std::size_t, std::size_t>, 3> mark_lines{}; // each mark's whole line
        std::array<bool, 3> present{};
        SpanTag last{}; // the last pair the reader hands over: the new ones go after it
        bool any_pair = false;
        read_span_tags(span, tag_buffer_, [&](const SpanTag& t) {
            if (!t.name.empty()) last = t, any_pair = true;
            for (std::size_t k = 0; k < 3; ++k) {
                if (t.name != tag_names[k]) continue;
                present[k] = true;
                if (t.well_formed && t.alone() && t.raw_value.find('\\') == t.raw_value.npos) {
                    const auto at = [](std::size_t i) { return static_cast<std::uint32_t>(i); };
                    const std::size_t value =
                        static_cast<std::size_t>(t.raw_value.data() - text.data());
                    marks[k] = TagMark{at(t.open), at(t.open + 1 + t.name.size()),
                                       at(value),  at(value + t.raw_value.size()),
                                       at(t.eol),  false};
                    mark_lines[k] = {t.line_start, t.after_line()};
                }
            }
            return true;
        });
        for (std::size_t k = 0; k < 3; ++k) {
            if (!chosen[k]) continue;
            // A Latin-1 tag section (read as Windows-1252) gets the name in its encoding, as
            // tags --set writes it (io/utf8.hpp); a name it cannot hold is left out, said.
            encoded_.clear();
            if (!utf8 && !utf8_to_cp1252(*values[k], encoded_)) {
                latin1_note(span, g, out, tag_names[k], *values[k]);
                continue;
            }
            const std::string escaped = escape_tag_value(utf8 ? *values[k] : encoded_);
            const std::optional<TagMark>& mark = marks[k];
            if (!mark) {
                if (present[k]) { // a tag line in an unusual form
                    ++counts.unusual_tags;
                    edits_.clear();
                    return false;
                }
                if (!escaped.empty()) added += fmt::format("[{} \"{}\"]", tag_names[k], escaped);
                added += '\0'; // (each pair's end: line breaks put in below)
                if (escaped.empty()) added.pop_back();
                continue;
            }
            const std::string_view now =
                text.substr(mark->value_begin, mark->value_end - mark->value_begin);
            if (escaped.empty()) { // the table has no variation: the game's line goes
                edits_.push_back(
                    {mark_lines[k].first, mark_lines[k].second, {}}); // (a pair alone on it)
            } else if (now != escaped) {
                edits_.push_back({mark->value_begin, mark->value_end, escaped});
            }
        }
        if (!added.empty()) {
            // After the last pair's line; or, when more than blanks follow that pair on its
            // line (the moves), just past the pair, each new pair on a line of its own and the
            // rest of that line after them (else they would follow the moves).
            std::size_t at = 0;
            bool mid_line = false;
            if (any_pair) {
                mid_line = !last.last_on_line();
                at = mid_line ? last.close() : last.after_line();
            }
            std::string lines;
            if (at == text.size() && !text.empty() && text.back() != '\n' && text.back() != '\r')
                lines += eol; // a last tag line without a line break gets one first
            for (std::size_t from = 0; from < added.size();) {
                const std::size_t end = added.find('\0', from);
                if (mid_line) lines += eol;
                lines.append(added, from, end - from);
                if (!mid_line) lines += eol;
                from = end + 1;
            }
            if (!any_pair) lines += eol; // a game without tags: a blank line before its movetext
            edits_.push_back({at, at, std::move(lines)});
        }
        std::sort(edits_.begin(), edits_.end(),
                  [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
        return !edits_.empty();
    }

    /// Whether the game's tag section (up to the end of its last tag line) is UTF-8; else it
    /// is Latin-1, as tags reads it (cmd/tags/tag_editor.cpp).
    bool tag_section_utf8(std::string_view text) const {
        const auto last = visitor_.last_tag_offset();
        if (!last) return true;
        const std::size_t end = text.find('\n', *last);
        return is_valid_utf8(text.substr(0, end == text.npos ? text.size() : end));
    }

    void latin1_note(const GameSpan& span, const BatchGame& g, BatchOutput& out,
                     std::string_view tag, std::string_view value) {
        ++counts.latin1_notes;
        append_display(out.err, span.file, true);
        out.err += fmt::format(":{}: game {}: note: {} not set: a Latin-1 game cannot hold '",
                               span.first_line, g.in_file, tag);
        append_display(out.err, value, true);
        out.err += "'\n";
    }

    /// Writes the game with edits_ made; the part of a game longer than the kept limits after
    /// the last edit as the input holds it (read again).
    void write_edited(const Batch& batch, const BatchGame& g, const GameSpan& span,
                      BatchOutput& out) {
        ++counts.changed;
        const std::string_view text = span.text;
        std::size_t at = 0;
        for (const Edit& e : edits_) {
            out.out.append(text.substr(at, e.begin - at));
            out.out.append(e.text);
            at = e.end;
        }
        const std::size_t rest = out.out.size();
        out.out.append(text.substr(at));
        out.out.append(raw_separator(text));
        if (!span.elisions.empty())
            counts.as_kept += splice_rest(out.out, rest, out, false, batch, g, span, at);
    }

    const EcoRunOptions& opts_;
    PgnReader reader_;
    EcoVisitor visitor_;
    std::string tag_buffer_; ///< read_span_tags()' unescaping buffer
    std::vector<Edit> edits_;
    std::string encoded_; ///< a value in Windows-1252, for a Latin-1 game
};

void print_summary(const EcoRunOptions& opts, const EcoCounts& c) {
    std::string s = fmt::format("{}: {} game{}: {} classified, {} unclassified", message_prefix(),
                                c.games, c.games == 1 ? "" : "s", c.classified, c.unclassified);
    if (opts.check)
        s += fmt::format("; ECO tag agrees in {}, disagrees in {}, absent in {}", c.agree,
                         c.disagree, c.no_eco_tag);
    else {
        s += fmt::format("; {} rewritten", c.changed);
        if (opts.keep_existing) s += fmt::format(", {} kept (--keep-existing)", c.kept);
    }
    if (c.oversized)
        s +=
            fmt::format("; {} too long to edit (oversized), passed through unchanged", c.oversized);
    if (c.unusual_tags)
        s += fmt::format("; {} with an ECO, Opening or Variation tag line in an unusual form, "
                         "passed through unchanged",
                         c.unusual_tags);
    if (c.latin1_notes)
        s += fmt::format("; {} tag{} not set in Latin-1 games (a character Latin-1 lacks)",
                         c.latin1_notes, c.latin1_notes == 1 ? "" : "s");
    if (c.not_pgn)
        s += fmt::format("; {} text{} between games not PGN, skipped", c.not_pgn,
                         c.not_pgn == 1 ? "" : "s");
    s += '\n';
    std::fwrite(s.data(), 1, s.size(), stderr);
}

} // namespace

int run_eco(const EcoRunOptions& opts) {
    const openings::OpeningTable& table = *opts.table;
    std::vector<std::unique_ptr<EcoProcessor>> procs;
    for (int i = 0; i < std::max(1, opts.jobs); ++i)
        procs.push_back(std::make_unique<EcoProcessor>(opts, table));
    std::optional<OutputFile> out;
    if (!opts.check)
        out.emplace(opts.output.empty() ? std::string("-") : opts.output, opts.output_options);
    PipelineOptions po;
    po.inputs = opts.inputs;
    po.jobs = opts.jobs;
    po.progress = opts.progress;
    po.shard = opts.shard;
    std::uint64_t io_errors = 0;
    bool write_failed = false;
    const PipelineStats run = run_pipeline(
        po, [&](int w) -> BatchProcessor& { return *procs[std::size_t(w)]; },
        [&](BatchOutput& b) {
            if (!b.io_error.empty()) {
                ++io_errors;
                fmt::print(stderr, "{}: error: {}\n", message_prefix(), b.io_error);
            }
            if (!b.err.empty()) std::fwrite(b.err.data(), 1, b.err.size(), stderr);
            if (out && !write_raw_games(*out, b.out, b.splices, false)) {
                write_failed = true;
                return false; // a closed pipe (| head) ends quietly; a full disk is reported
            }
            return true;
        });
    EcoCounts total;
    for (const auto& p : procs) total.merge(p->counts);
    if (out) {
        if (!write_failed && !out->flush()) write_failed = true;
        if (write_failed) {
            if (!out->error().empty()) {
                fmt::print(stderr, "{}: error: {}\n", message_prefix(), out->error());
                return 2;
            }
            return 0; // stdout closed early
        }
        out->commit();
    }
    if (total.as_kept != 0)
        fmt::print(stderr,
                   "{}: warning: {} game{} passed through without the parts longer than the kept "
                   "limits (see oversized): a compressed input or a pipe cannot be read again for "
                   "them\n",
                   message_prefix(), total.as_kept, total.as_kept == 1 ? "" : "s");
    if (opts.summary || total.oversized || total.unusual_tags || total.disagree ||
        total.latin1_notes)
        print_summary(opts, total);
    if (run.io_errors || io_errors) return 2;
    return opts.check && total.disagree ? 1 : 0;
}

} // namespace pgnkit::app
