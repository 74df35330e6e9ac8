#include "pgnkit/cmd/tags/tags.hpp"

#include "pgnkit/check/validator.hpp"
#include "pgnkit/cmd/tags/name_suggestions.hpp"
#include "pgnkit/io/utf8.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/span_tags.hpp"
#include "pgnkit/run/messages.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>

namespace pgnkit::app {

void TagsStats::merge(const TagsStats& o) {
    games += o.games;
    changed += o.changed;
    changes += o.changes;
    notes += o.notes;
    oversized += o.oversized;
    between += o.between;
}

namespace {

class TagsProcessor final : public BatchProcessor {
  public:
    explicit TagsProcessor(const TagsRunOptions& o)
        : opts_(o), editor_(o.edits), validator_(validate_options_),
          lone_pair_(editor_.lone_pair()) {
        if (!lone_pair_.empty()) append_display_clipped(shown_lone_pair_, lone_pair_, true, 200);
    }

    /// Games go to out.out (unless --dry-run), the report of the batch to out.err.
    void process(const Batch& batch, BatchOutput& out) override {
        for (const BatchGame& g : batch.games) {
            const GameSpan span = batch.span(g);
            if (g.not_pgn) { // text between games: no game, kept as it is
                ++stats.between;
                pass_through(batch, g, span, out);
                continue;
            }
            ++stats.games;
            if (opts_.suggest_names) {
                collect_names(span);
                continue;
            }
            const bool cut = span.truncated || !span.elisions.empty();
            ReplayFacts facts;
            if (opts_.edits.needs_replay()) {
                reader_.read(span, validator_);
                const GameInfo& info = validator_.info();
                // (a truncated game's end was not read: its moves were not all replayed)
                facts.replayed = info.replayed && !validator_.has_error() && !span.truncated;
                facts.plies = info.plies;
                facts.decided_result = info.decided_result;
            }
            const bool changed = editor_.edit(span, facts, changes_, notes_);
            if (changed && cut && editor_.unchanged_from() > first_cut(span)) {
                // An edit past the bytes kept (a tag line longer than the kept limits): the
                // game is written as the input holds it.
                ++stats.oversized;
                ++stats.notes;
                note(out.err, span, g, true,
                     "not edited: a tag line it changes is longer than the kept limits "
                     "(oversized); written unchanged");
                pass_through(batch, g, span, out);
                continue;
            }
            for (const std::string& n : notes_)
                note(out.err, span, g, true, n); // UTF-8: given values
            stats.notes += notes_.size();
            if (!changed) {
                pass_through(batch, g, span, out);
                continue;
            }
            ++stats.changed;
            stats.changes += changes_.size();
            report_changes(out.err, span, g);
            if (!opts_.dry_run && cut) {
                // Its new tag section, then the rest as the input holds it (read again).
                editor_.write(out.out);
                const std::size_t rest =
                    out.out.size() - (span.text.size() - editor_.unchanged_from());
                out.out.append(raw_separator(span.text));
                written_as_kept += splice_rest(out.out, rest, out, false, batch, g, span,
                                               editor_.unchanged_from());
            } else if (!opts_.dry_run && editor_.same_separator() &&
                       lend(batch, out, span.text.substr(editor_.unchanged_from()), true)) {
                out.out.append(raw_separator(span.text));
            } else if (!opts_.dry_run) {
                const std::size_t at = out.out.size();
                editor_.write(out.out);
                // (from the input when the edit left the game's end as it was: the bytes just
                // written are not read back)
                out.out.append(raw_separator(editor_.same_separator() ? span.text
                                                                      : out.out.view().substr(at)));
            }
        }
    }

    /// Merges the names this worker counted into `into` (--suggest-names).
    void take_names(NameCounts& into) {
        for (auto& [name, n] : names_) into[name] += n;
        names_.clear();
    }

    TagsStats stats;
    /// Games passed through without their parts longer than the kept limits (their input,
    /// compressed or a pipe, cannot be read again).
    std::uint64_t written_as_kept = 0;

  private:
    void pass_through(const Batch& batch, const BatchGame& g, const GameSpan& span,
                      BatchOutput& out) {
        if (opts_.dry_run || opts_.suggest_names) return;
        if (span.truncated || !span.elisions.empty()) { // read again from the input
            written_as_kept += append_raw_game(out.out, out, false, batch, g, span);
            return;
        }
        if (!lend(batch, out, span.text, false)) out.out.append(span.text);
        out.out.append(raw_separator(span.text));
    }

    /// Writes `text` (the game's from some place to its end) by reference when the batch's
    /// text lasts until its output is written (Batch::text_lasts): every game is written, and
    /// a copy of each into the output was about 5% of the run's time. After the edited game's
    /// head (`edited`: TagEditor::write_head()). False when it cannot be lent (then nothing is
    /// written), or is too short to be worth a piece of its own.
    bool lend(const Batch& batch, BatchOutput& out, std::string_view text, bool edited) {
        if (!batch.text_lasts || text.size() < 128) return false;
        if (edited) editor_.write_head(out.out);
        out.lent.push_back({out.out.size(), text});
        return true;
    }

    void head(std::string& out, const GameSpan& span, std::uint64_t line, const BatchGame& g) {
        // The input's name as shown, made once per input (a line per change, often per game).
        if (span.file != shown_file_) {
            shown_file_.assign(span.file);
            shown_.clear();
            append_display(shown_, span.file, true);
        }
        // The numbers without fmt::format, the line's start made on the stack and appended
        // at once.
        char start[64];
        char* p = start;
        *p++ = ':';
        p = std::to_chars(p, p + 24, span.first_line + line).ptr;
        std::memcpy(p, ": game ", 7);
        p = std::to_chars(p + 7, p + 31, g.in_file).ptr;
        *p++ = ':';
        *p++ = ' ';
        out += shown_;
        out.append(start, p);
    }

    void report_changes(std::string& out, const GameSpan& span, const BatchGame& g) {
        for (const TagChange& c : changes_) {
            // The lone --set's pair (ASCII) as shown, made once (a line per game changed).
            const bool lone = !c.new_pair.empty() && c.new_pair.data() == lone_pair_.data();
            // (ASCII reads alike in both: the game's encoding is worked out only for others)
            const bool utf8 =
                is_ascii(c.old_pair) && (lone || is_ascii(c.new_pair)) ? true : editor_.utf8();
            head(out, span, c.line, g);
            if (c.old_pair.empty())
                out += "(none)";
            else
                append_display_clipped(out, c.old_pair, utf8, 200);
            out += " → ";
            if (lone)
                out += shown_lone_pair_;
            else if (c.new_pair.empty())
                out += "(removed)";
            else
                append_display_clipped(out, c.new_pair, utf8, 200);
            out += '\n';
        }
    }

    void note(std::string& out, const GameSpan& span, const BatchGame& g, bool utf8,
              std::string_view what) {
        head(out, span, 0, g);
        out += "note: ";
        append_display(out, what, utf8);
        out += '\n';
    }

    void collect_names(const GameSpan& span) {
        // The pairs the editor reads (up to the first one that is not well formed).
        names_seen_.clear();
        std::size_t end = 0;
        read_span_tags(span, tag_buffer_, [&](const SpanTag& t) {
            if (!t.well_formed) return false;
            end = t.close();
            if (std::find(opts_.edits.name_tags.begin(), opts_.edits.name_tags.end(), t.name) !=
                opts_.edits.name_tags.end())
                names_seen_.emplace_back(t.value);
            return true;
        });
        const bool utf8 = is_valid_utf8(span.text.substr(0, end));
        for (std::string& value : names_seen_) {
            if (!utf8) {
                name_.clear();
                cp1252_to_utf8(value, name_);
                value.swap(name_);
            }
            ++names_[value];
        }
    }

    const TagsRunOptions& opts_;
    TagEditor editor_;
    PgnReader reader_;
    ValidateOptions validate_options_; ///< the defaults (the validator keeps a reference)
    GameValidator validator_;
    std::string name_, tag_buffer_;
    std::string shown_file_, shown_;      ///< an input's name, and as shown (head())
    std::string_view lone_pair_;          ///< TagEditor::lone_pair()
    std::string shown_lone_pair_;         ///< … as shown
    std::vector<std::string> names_seen_; ///< --suggest-names: this game's names
    std::vector<TagChange> changes_;
    std::vector<std::string> notes_;
    NameCounts names_;
};

void print_summary(const TagsRunOptions& opts, std::uint64_t files, const TagsStats& t) {
    std::string s = fmt::format("{}: {} file{}, {} game{}", message_prefix(), files,
                                files == 1 ? "" : "s", t.games, t.games == 1 ? "" : "s");
    if (!opts.suggest_names) {
        s += fmt::format(": {} {} ({} tag change{}), {} unchanged", t.changed,
                         opts.dry_run ? "would change" : "changed", t.changes,
                         t.changes == 1 ? "" : "s", t.games - t.changed);
        if (t.notes) s += fmt::format("; {} note{}", t.notes, t.notes == 1 ? "" : "s");
        if (t.oversized)
            s += fmt::format("; {} oversized game{} written unchanged", t.oversized,
                             t.oversized == 1 ? "" : "s");
    }
    if (t.between)
        s += fmt::format("; {} text{} between games {}", t.between, t.between == 1 ? "" : "s",
                         opts.dry_run || opts.suggest_names ? "skipped" : "kept as they are");
    s += '\n';
    std::fwrite(s.data(), 1, s.size(), stderr);
}

} // namespace

int run_tags(const TagsRunOptions& opts) {
    std::vector<std::unique_ptr<TagsProcessor>> procs;
    for (int i = 0; i < std::max(1, opts.jobs); ++i)
        procs.push_back(std::make_unique<TagsProcessor>(opts));
    const bool writes_games = !opts.dry_run && !opts.suggest_names;
    std::unique_ptr<OutputFile> out;
    if (writes_games || opts.suggest_names)
        out = std::make_unique<OutputFile>(opts.output.empty() ? std::string("-") : opts.output,
                                           opts.output_options);
    std::unique_ptr<OutputFile> report;
    if (!opts.report.empty()) report = std::make_unique<OutputFile>(opts.report, OutputOptions{});

    PipelineOptions po;
    po.inputs = opts.inputs;
    po.jobs = opts.jobs;
    po.progress = opts.progress;
    po.shard = opts.shard;
    // One worker writes every game into the batch's output: a quarter of the usual batch keeps
    // that buffer in the core's L2 cache (3% of tags --set's CPU time on the lichess bench file).
    if (opts.jobs <= 1) po.batch_bytes = std::size_t{256} << 10;
    po.lend_text = true; // (every game is written: see TagsProcessor::lend())
    int io_errors = 0;
    bool write_failed = false;
    const auto stats = run_pipeline(
        po, [&](int w) -> BatchProcessor& { return *procs[std::size_t(w)]; },
        [&](BatchOutput& b) {
            if (!b.io_error.empty()) {
                ++io_errors;
                fmt::print(stderr, "{}: error: {}\n", message_prefix(), b.io_error);
            }
            if (report)
                report->write(b.err);
            else if (!b.err.empty())
                std::fwrite(b.err.data(), 1, b.err.size(), stderr);
            if (writes_games && !write_raw_games(*out, b.out, b.splices, b.lent)) {
                write_failed = true;
                return false; // a closed pipe (| head) ends quietly; a full disk is reported
            }
            return true;
        });
    TagsStats total;
    std::uint64_t as_kept = 0;
    NameCounts names;
    for (auto& p : procs) {
        total.merge(p->stats);
        as_kept += p->written_as_kept;
        if (opts.suggest_names) p->take_names(names);
    }
    if (opts.suggest_names) out->write(name_suggestions(names));
    if (as_kept != 0)
        fmt::print(stderr,
                   "{}: warning: {} game{} passed through without the parts longer "
                   "than the kept limits (see oversized): a compressed input or a pipe cannot be "
                   "read again for them\n",
                   message_prefix(), as_kept, as_kept == 1 ? "" : "s");
    if (report && (!report->flush() || !report->error().empty())) {
        fmt::print(stderr, "{}: error: {}\n", message_prefix(), report->error());
        return 2;
    }
    if (out && (write_failed || !out->flush())) {
        if (!out->error().empty()) {
            fmt::print(stderr, "{}: error: {}\n", message_prefix(), out->error());
            return 2;
        }
        return 0; // stdout closed early (| head): not an error
    }
    if (out) out->commit();
    if (report) report->commit();
    print_summary(opts, stats.files, total);
    return stats.io_errors || io_errors ? 2 : 0;
}

} // namespace pgnkit::app
