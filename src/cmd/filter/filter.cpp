#include "pgnkit/cmd/filter/filter.hpp"

#include "pgnkit/cmd/filter/game_facts.hpp"
#include "pgnkit/cmd/filter/game_tags.hpp"
#include "pgnkit/format/json.hpp"
#include "pgnkit/openings/game_opening.hpp"
#include "pgnkit/openings/table_formats.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/run/messages.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <memory>
#include <optional>

namespace pgnkit::app {

namespace {

struct FilterCounts {
    std::uint64_t games = 0, selected = 0, not_pgn = 0;
    /// Games written (to the output or --rejected) without their parts longer than the kept
    /// limits: their input, compressed or a pipe, cannot be read again.
    std::uint64_t as_kept = 0;
    void merge(const FilterCounts& o) {
        games += o.games;
        selected += o.selected;
        not_pgn += o.not_pgn;
        as_kept += o.as_kept;
    }
};

template <class Int>
void append_number(std::string& out, Int n) {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, n);
    out.append(buf, r.ptr);
}

class FilterProcessor final : public BatchProcessor {
  public:
    explicit FilterProcessor(const FilterRunOptions& o)
        : opts_(o), validator_(std::make_unique<GameValidator>(o.validate)),
          read_tags_(o.selection.most() >= Need::Tags || o.format == FilterFormat::Ndjson) {
        FactsWanted wanted = o.facts;
        wanted.replay = o.selection.most() == Need::Replay;
        if (!o.positions.empty()) build_watch(o.positions, watch_);
        visitor_ = std::make_unique<FactsVisitor>(*validator_, wanted,
                                                  o.positions.empty() ? nullptr : &watch_);
        if (o.classify_openings)
            opening_.emplace(o.opening_table ? *o.opening_table : openings::bundled_table());
    }

    void process(const Batch& batch, BatchOutput& out) override {
        GameView view;
        view.file = batch.file.get();
        view.scratch = &scratch_;
        view.watch = &watch_;
        for (const BatchGame& g : batch.games) {
            const GameSpan span = batch.span(g);
            if (g.not_pgn) { // text between games: no game, in neither output
                out.err += not_pgn_report(span);
                ++counts.not_pgn;
                continue;
            }
            ++counts.games;
            view.number = g.number;
            view.in_file = g.in_file;
            view.tags = nullptr;
            view.facts = nullptr;
            view.opening = nullptr;
            int verdict = opts_.selection.decide(view, Need::Number);
            if (verdict < 0 || read_tags_) {
                tags_.read(span);
                view.tags = &tags_;
                if (verdict < 0) verdict = opts_.selection.decide(view, Need::Tags);
            }
            if (verdict < 0) {
                reader_.read(span, *visitor_);
                view.facts = &visitor_->facts();
                if (opening_) { // a second, cheap read: the opening's replay stops early
                    reader_.read(span, *opening_);
                    view.opening = opening_->opening();
                }
                verdict = opts_.selection.decide(view, Need::Replay);
            }
            const bool selected = (verdict == 1) != opts_.invert;
            if (selected) {
                ++counts.selected;
                if (!opts_.count) write_selected(batch, g, span, out, view.facts);
            } else if (!opts_.rejected.empty()) {
                counts.as_kept += append_raw_game(out.rejects, out, false, batch, g, span);
            }
        }
    }

    FilterCounts counts;

  private:
    void write_selected(const Batch& batch, const BatchGame& g, const GameSpan& span,
                        BatchOutput& out, const GameFacts* facts) {
        switch (opts_.format) {
        case FilterFormat::Pgn:
            if (facts != nullptr && facts->mark_at >= 0) {
                marked(out.accepted, span, *facts);
                return;
            }
            counts.as_kept += append_raw_game(out.accepted, out, true, batch, g, span);
            return;
        case FilterFormat::Ids:
            line_.clear();
            line_ += *batch.file;
            line_ += ':';
            append_number(line_, g.in_file);
            line_ += '\n';
            out.out.append(line_);
            return;
        case FilterFormat::Ndjson:
            ndjson(*batch.file, g, span);
            out.out.append(line_);
            return;
        }
    }

    /// --mark: the game with a comment after the move whose position first matched (before
    /// the first move when the start position did): the one output that is not byte for byte.
    static void marked(std::string& to, const GameSpan& span, const GameFacts& facts) {
        const auto at = static_cast<std::size_t>(facts.mark_at);
        const std::string_view text = span.text;
        to.append(text.substr(0, at));
        const std::string comment =
            fmt::format("{{pgnkit filter: matched at ply {}}}", facts.mark_ply);
        if (facts.mark_ply == 0) {
            to += comment;
            to += ' ';
        } else {
            to += ' ';
            to += comment;
        }
        to.append(text.substr(at));
        to.append(raw_separator(text));
    }

    /// `{"file":…,"game":N,"offset":N,"tags":{"Event":…,…}}`: the first of repeated tag names
    /// (as the criteria read them); a Latin-1 tag section transcoded to UTF-8.
    void ndjson(const std::string& file, const BatchGame& g, const GameSpan& span) {
        line_.clear();
        line_ += "{\"file\":";
        append_json_string(line_, file);
        line_ += ",\"game\":";
        append_number(line_, g.in_file);
        line_ += ",\"offset\":";
        append_number(line_, span.offset);
        line_ += ",\"tags\":{";
        bool first = true;
        const auto all = tags_.all();
        for (std::size_t i = 0; i < all.size(); ++i) {
            const TagPair& t = all[i];
            bool repeated = false;
            for (std::size_t k = 0; k < i && !repeated; ++k) repeated = all[k].name == t.name;
            if (repeated) continue;
            if (!first) line_ += ',';
            first = false;
            append_json_string(line_, t.name);
            line_ += ':';
            if (tags_.utf8()) {
                append_json_string(line_, t.value);
            } else {
                latin_.clear();
                cp1252_to_utf8(t.value, latin_);
                append_json_string(line_, latin_);
            }
        }
        line_ += "}}\n";
    }

    const FilterRunOptions& opts_;
    PgnReader reader_;
    std::unique_ptr<GameValidator> validator_;
    bool read_tags_;
    filter::PositionWatch watch_;
    std::optional<openings::GameOpeningVisitor> opening_; ///< --opening-name
    std::unique_ptr<FactsVisitor> visitor_;
    GameTags tags_;
    std::string scratch_, line_, latin_;
};

} // namespace

int run_filter(const FilterRunOptions& opts) {
    std::vector<std::unique_ptr<FilterProcessor>> procs;
    for (int i = 0; i < std::max(1, opts.jobs); ++i)
        procs.push_back(std::make_unique<FilterProcessor>(opts));
    OutputFile out(opts.output.empty() ? std::string("-") : opts.output, opts.output_options);
    std::unique_ptr<OutputFile> rejected;
    if (!opts.rejected.empty())
        rejected = std::make_unique<OutputFile>(opts.rejected, opts.rejected_options);

    PipelineOptions po;
    po.inputs = opts.inputs;
    po.jobs = opts.jobs;
    po.progress = opts.progress;
    po.shard = opts.shard;
    po.run_numbers = opts.shard_numbers;
    // Past the last game that can be selected nothing more is written, unless the games not
    // selected are (--invert selects them, --rejected gets them).
    if (!opts.invert && opts.rejected.empty()) po.last_game = opts.last_game;
    int io_errors = 0;
    bool write_failed = false;
    std::uint64_t selected_written = 0; // games handed to the output (| head may stop it early)
    const auto stats = run_pipeline(
        po, [&](int w) -> BatchProcessor& { return *procs[std::size_t(w)]; },
        [&](BatchOutput& b) {
            if (!b.err.empty()) std::fwrite(b.err.data(), 1, b.err.size(), stderr);
            if (!b.io_error.empty()) {
                ++io_errors;
                std::fflush(stdout);
                fmt::print(stderr, "{}: error: {}\n", message_prefix(), b.io_error);
            }
            if (rejected && !write_raw_games(*rejected, b.rejects, b.splices, false)) {
                write_failed = true;
                return false;
            }
            const bool ok = opts.format == FilterFormat::Pgn
                                ? write_raw_games(out, b.accepted, b.splices, true)
                                : out.write(b.out);
            if (!ok) {
                write_failed = true;
                return false; // a closed pipe (| head) ends quietly; a full disk is reported
            }
            ++selected_written;
            return true;
        });
    FilterCounts total;
    for (auto& p : procs) total.merge(p->counts);
    if (opts.count && !write_failed) {
        if (!out.write(fmt::format("{}\n", total.selected))) write_failed = true;
    }
    if (!write_failed && !out.flush()) write_failed = true;
    for (OutputFile* f : {&out, rejected.get()}) {
        if (f == nullptr) continue;
        if (!f->error().empty()) {
            fmt::print(stderr, "{}: error: {}\n", message_prefix(), f->error());
            return 2;
        }
    }
    if (!out.broken_pipe()) out.commit();
    if (rejected) rejected->commit();
    if (total.as_kept != 0)
        fmt::print(stderr,
                   "{}: warning: {} game{} written without the parts longer than the kept "
                   "limits (see oversized): a compressed input or a pipe cannot be read again "
                   "for them\n",
                   message_prefix(), total.as_kept, total.as_kept == 1 ? "" : "s");
    if (opts.summary) {
        std::string s = fmt::format(
            "{}{}: {} file{}, {} game{}: {} selected, {} not selected", message_prefix(),
            opts.shard.active() ? fmt::format(" (shard {}/{})", opts.shard.index, opts.shard.count)
                                : std::string(),
            stats.files, stats.files == 1 ? "" : "s", total.games, total.games == 1 ? "" : "s",
            total.selected, total.games - total.selected);
        if (total.not_pgn)
            s += fmt::format("; {} text{} between games not PGN (skipped)", total.not_pgn,
                             total.not_pgn == 1 ? "" : "s");
        if (stats.past_last_game)
            s += fmt::format("; reading stopped after game {} (--first)", opts.last_game);
        if (opts.timing) s += fmt::format(" in {:.2f} s", stats.seconds);
        s += '\n';
        std::fwrite(s.data(), 1, s.size(), stderr);
    }
    if (stats.io_errors || io_errors) return 2;
    (void)selected_written;
    return total.selected != 0 ? 0 : 1;
}

} // namespace pgnkit::app
