#include "pgnkit/app/convert.hpp"

#include "pgnkit/app/output.hpp"
#include "pgnkit/app/pipeline.hpp"
#include "pgnkit/pgn/reader.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <stdexcept>

namespace pgnkit::app {

void ConvertStats::merge(const ConvertStats& o) {
    games += o.games;
    converted += o.converted;
    invalid += o.invalid;
    unconverted += o.unconverted;
    transcoded += o.transcoded;
    fixed += o.fixed;
    fens_fixed += o.fens_fixed;
    bytes += o.bytes;
}

namespace {

std::string_view line_end_name(LineEnd e) {
    switch (e) {
    case LineEnd::None: return "";
    case LineEnd::Checkmate: return "checkmate";
    case LineEnd::Stalemate: return "stalemate";
    case LineEnd::DeadPosition: return "dead position";
    case LineEnd::SeventyFive: return "75-move rule";
    case LineEnd::Fivefold: return "fivefold repetition";
    }
    return "";
}

class ConvertProcessor final : public BatchProcessor {
  public:
    explicit ConvertProcessor(const ConvertRunOptions& o) : opts_(o), writer_(o.writer) {}

    /// Converted games go to out.out; the stderr report of the batch goes to out.rejects
    /// (the pipeline keeps both in input order).
    void process(const Batch& batch, BatchOutput& out) override {
        for (const BatchGame& g : batch.games) {
            GameSpan span = batch.span(g);
            if (g.not_pgn) { // text between games: no game, not written
                out.rejects += not_pgn_report(span);
                continue;
            }
            reader_.read(span, writer_);
            ++stats.games;
            stats.bytes += g.length;
            switch (writer_.verdict()) {
            case GameVerdict::Converted:
                ++stats.converted;
                writer_.append_to(out.out);
                if (writer_.transcoded()) {
                    ++stats.transcoded;
                    report_transcoded(out.rejects, span);
                }
                if (!writer_.result_fix().to.empty()) {
                    ++stats.fixed;
                    report_fix(out.rejects, span);
                }
                if (writer_.fen_fixed()) {
                    ++stats.fens_fixed;
                    report_fen_fix(out.rejects, span);
                }
                break;
            case GameVerdict::Invalid:
                ++stats.invalid;
                ++out.invalid;
                report_errors(out.rejects, span);
                if (!opts_.valid_only)
                    written_as_kept += append_raw_game(out.out, out, false, batch, g, span);
                break;
            case GameVerdict::Unconverted:
                ++stats.unconverted;
                line(out.rejects, span, writer_.unconverted_loc(), "warning", "not-converted",
                     writer_.unconverted_reason() + "; the game is passed through unchanged");
                written_as_kept += append_raw_game(out.out, out, false, batch, g, span);
                break;
            }
        }
    }

    ConvertStats stats;
    /// Games passed through without their parts longer than the kept limits (their input,
    /// compressed or a pipe, cannot be read again).
    std::uint64_t written_as_kept = 0;

  private:
    /// One line in validate's text format: `file:line:col: severity[code]: message (game …)`.
    void line(std::string& out, const GameSpan& span, SourceLocation loc, std::string_view sev,
              std::string_view code, const std::string& message) const {
        // As validate shows it: Latin-1 transcoded, no control characters, long names cut.
        const GameInfo& info = writer_.validator().info();
        const bool utf8 = !writer_.transcoded();
        append_display(out, span.file, true);
        out += fmt::format(":{}:{}: {}[{}]: ", loc.line, loc.column, sev, code);
        append_display(out, message, utf8);
        out += fmt::format(" (game {}", span.index + 1);
        if (!info.white.empty() || !info.black.empty()) {
            out += ", ";
            append_display_clipped(out, info.white.empty() ? "?" : info.white, utf8, 100);
            out += " – ";
            append_display_clipped(out, info.black.empty() ? "?" : info.black, utf8, 100);
        }
        out += ")\n";
    }

    void report_errors(std::string& out, const GameSpan& span) const {
        for (const Diagnostic& d : writer_.validator().diagnostics())
            if (d.severity == Severity::Error)
                line(out, span, d.loc, "error", code_name(d.code), d.message);
    }

    void report_transcoded(std::string& out, const GameSpan& span) const {
        SourceLocation loc{span.first_line, span.first_column, span.offset};
        for (const Diagnostic& d : writer_.validator().diagnostics())
            if (d.code == Code::Encoding) loc = d.loc;
        line(out, span, loc, "warning", "encoding",
             "text is not valid UTF-8; read as Latin-1 (Windows-1252) and transcoded to UTF-8");
    }

    void report_fix(std::string& out, const GameSpan& span) const {
        const ResultFix& f = writer_.result_fix();
        SourceLocation loc{span.first_line, span.first_column, span.offset};
        line(out, span, loc, "info", "result-fixed",
             fmt::format("result '{}' set to '{}' ({})", f.from.empty() ? "none" : f.from, f.to,
                         line_end_name(f.why)));
    }

    void report_fen_fix(std::string& out, const GameSpan& span) const {
        SourceLocation loc{span.first_line, span.first_column, span.offset};
        for (const Diagnostic& d : writer_.validator().diagnostics())
            if (d.code == Code::BadFen) loc = d.loc;
        line(out, span, loc, "info", "fen-fixed",
             fmt::format("FEN written as '{}'", writer_.validator().repaired_fen()));
    }

    const ConvertRunOptions& opts_;
    PgnReader reader_;
    PgnWriter writer_;
};

} // namespace

int run_convert(const ConvertRunOptions& opts) {
    std::vector<std::unique_ptr<ConvertProcessor>> procs;
    for (int i = 0; i < std::max(1, opts.jobs); ++i)
        procs.push_back(std::make_unique<ConvertProcessor>(opts));

    OutputFile out(opts.output.empty() ? std::string("-") : opts.output, opts.output_options);

    PipelineOptions po;
    po.inputs = opts.inputs;
    po.jobs = opts.jobs;
    po.progress = opts.progress;
    int io_errors = 0;
    bool write_failed = false;
    std::uint64_t invalid_written = 0;
    auto stats = run_pipeline(
        po, [&](int w) -> BatchProcessor& { return *procs[std::size_t(w)]; },
        [&](BatchOutput& b) {
            invalid_written += b.invalid;
            if (!b.io_error.empty()) {
                ++io_errors;
                fmt::print(stderr, "pgnkit: error: {}\n", b.io_error);
            }
            if (!b.rejects.empty()) std::fwrite(b.rejects.data(), 1, b.rejects.size(), stderr);
            if (!write_raw_games(out, b.out, b.splices, false)) {
                write_failed = true;
                return false; // a closed pipe (| head) ends quietly; a full disk is reported
            }
            return true;
        });
    ConvertStats total;
    std::uint64_t as_kept = 0;
    for (auto& p : procs) {
        total.merge(p->stats);
        as_kept += p->written_as_kept;
    }
    if (as_kept != 0)
        fmt::print(stderr,
                   "pgnkit convert: warning: {} game{} passed through without the parts longer "
                   "than the kept limits (see oversized): a compressed input or a pipe cannot be "
                   "read again for them\n",
                   as_kept, as_kept == 1 ? "" : "s");

    if (!write_failed && !out.flush()) write_failed = true;
    if (write_failed) {
        if (!out.error().empty()) {
            fmt::print(stderr, "pgnkit convert: error: {}\n", out.error());
            return 2;
        }
        // Stdout closed early: not an error; the games handed to it count, not those read ahead.
        return invalid_written ? 1 : 0;
    }
    out.commit();

    if (opts.summary || total.invalid || total.unconverted) {
        std::string s = fmt::format(
            "pgnkit convert: {} file{}, {} game{}: {} converted, {} invalid ({}), {} passed "
            "through unconverted",
            stats.files, stats.files == 1 ? "" : "s", total.games, total.games == 1 ? "" : "s",
            total.converted, total.invalid,
            opts.valid_only ? "dropped" : "passed through unchanged", total.unconverted);
        if (total.transcoded) s += fmt::format("; {} transcoded from Latin-1", total.transcoded);
        if (total.fixed)
            s += fmt::format("; {} result{} fixed", total.fixed, total.fixed == 1 ? "" : "s");
        if (total.fens_fixed)
            s +=
                fmt::format("; {} FEN{} fixed", total.fens_fixed, total.fens_fixed == 1 ? "" : "s");
        s += '\n';
        std::fwrite(s.data(), 1, s.size(), stderr);
    }
    if (stats.io_errors || io_errors) return 2;
    return total.invalid ? 1 : 0;
}

} // namespace pgnkit::app
