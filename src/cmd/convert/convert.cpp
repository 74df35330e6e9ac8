#include "pgnkit/cmd/convert/convert.hpp"
#include "pgnkit/cmd/convert/xiangqi_writer.hpp"

#include "pgnkit/io/output.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/run/error_tally.hpp"
#include "pgnkit/run/messages.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <fmt/format.h>

#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/io/input.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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
    explicit ConvertProcessor(const ConvertRunOptions& o)
        : opts_(o), writer_(o.writer, o.severities), xiangqi_opts_(xiangqi_options(o)),
          xiangqi_(xiangqi_opts_), xiangqi_writer_(o.writer) {}

    /// Converted games go to out.out; the stderr report of the batch goes to out.rejects
    /// (the pipeline keeps both in input order).
    void process(const Batch& batch, BatchOutput& out) override {
        for (const BatchGame& g : batch.games) {
            GameSpan span = batch.span(g);
            if (g.not_pgn) { // text between games: no game, not written
                out.rejects += not_pgn_report(span);
                continue;
            }
            ++stats.games;
            stats.bytes += g.length;
            if (opts_.writer.game == GameChoice::Xiangqi) {
                xiangqi_game(batch, g, span, out);
                continue;
            }
            reader_.read(span, writer_);
            if (writer_.validator().xiangqi()) {
                xiangqi_game(batch, g, span, out);
                continue;
            }
            if (opts_.writer.xiangqi_only_moves) {
                ++stats.unconverted;
                line(out.rejects, span, g.in_file,
                     {span.first_line, span.first_column, span.offset}, "warning", "not-converted",
                     "a chess game has no " + opts_.writer.xiangqi_moves +
                         " notation; the game is passed through unchanged");
                written_as_kept += append_raw_game(out.out, out, false, batch, g, span);
                continue;
            }
            switch (writer_.verdict()) {
            case GameVerdict::Converted:
                ++stats.converted;
                writer_.append_to(out.out);
                if (writer_.transcoded()) {
                    ++stats.transcoded;
                    // Once per input (FileNote): the sink reports it when the input ends.
                    if (out.encoding.games++ == 0) note_transcoded(out.encoding, span, g.in_file);
                } else if (!span.transcoded_from.empty() &&
                           encoding_loc(writer_.validator().diagnostics())) {
                    // A GBK or Big5 text, transcoded when it was read: the same note.
                    if (out.encoding.games++ == 0) note_transcoded(out.encoding, span, g.in_file);
                }
                if (!writer_.result_fix().to.empty()) {
                    ++stats.fixed;
                    report_fix(out.rejects, span, g.in_file);
                }
                if (writer_.fen_fixed()) {
                    ++stats.fens_fixed;
                    report_fen_fix(out.rejects, span, g.in_file);
                }
                break;
            case GameVerdict::Invalid:
                ++stats.invalid;
                ++out.invalid;
                errors.add(writer_.validator().diagnostics());
                report_errors(out.rejects, span, g.in_file);
                if (!opts_.valid_only)
                    written_as_kept += append_raw_game(out.out, out, false, batch, g, span);
                break;
            case GameVerdict::Unconverted:
                ++stats.unconverted;
                line(out.rejects, span, g.in_file, writer_.unconverted_loc(), "warning",
                     "not-converted",
                     writer_.unconverted_reason() + "; the game is passed through unchanged");
                written_as_kept += append_raw_game(out.out, out, false, batch, g, span);
                break;
            }
        }
    }

    ConvertStats stats;
    ErrorTally errors; ///< the invalid games, by the code of their first error
    /// Games passed through without their parts longer than the kept limits (their input,
    /// compressed or a pipe, cannot be read again).
    std::uint64_t written_as_kept = 0;

  private:
    static ValidateOptions xiangqi_options(const ConvertRunOptions& o) {
        ValidateOptions v;
        v.severities = o.severities;
        return v;
    }
    /// A xiangqi game (check/game_kind.hpp): validated, then written by
    /// cmd/convert/xiangqi_writer, or passed through with its errors or why it was not.
    void xiangqi_game(const Batch& batch, const BatchGame& g, const GameSpan& span,
                      BatchOutput& out) {
        xiangqi_.validate(span);
        if (xiangqi_.has_error()) {
            ++stats.invalid;
            ++out.invalid;
            errors.add(xiangqi_.diagnostics());
            for (const Diagnostic& d : xiangqi_.diagnostics())
                if (d.severity == Severity::Error)
                    xiangqi_line(out.rejects, span, g.in_file, d.loc, "error", code_name(d.code),
                                 d.message);
            if (!opts_.valid_only)
                written_as_kept += append_raw_game(out.out, out, false, batch, g, span);
            return;
        }
        text_.clear();
        xiangqi_writer_.write(xiangqi_, span, text_, why_not_);
        if (!why_not_.empty()) {
            ++stats.unconverted;
            xiangqi_line(out.rejects, span, g.in_file,
                         {span.first_line, span.first_column, span.offset}, "warning",
                         "not-converted", why_not_ + "; the game is passed through unchanged");
            written_as_kept += append_raw_game(out.out, out, false, batch, g, span);
            return;
        }
        ++stats.converted;
        out.out += text_;
        // A GBK or Big5 text, transcoded when it was read: noted once per input, as chess's.
        if (const SourceLocation* at = encoding_loc(xiangqi_.diagnostics());
            at && out.encoding.games++ == 0) {
            out.encoding.read_as = span.transcoded_from;
            line_head(out.encoding.before, span, *at, "warning", "encoding");
            xiangqi_line_tail(out.encoding.after, g.in_file);
        }
    }
    /// Where the reader reported the game's encoding (its first character that was not
    /// UTF-8), if it did.
    static const SourceLocation* encoding_loc(const std::vector<Diagnostic>& diags) {
        for (const Diagnostic& d : diags)
            if (d.code == Code::Encoding) return &d.loc;
        return nullptr;
    }
    /// line() for a xiangqi game (its players from xiangqi_).
    void xiangqi_line(std::string& out, const GameSpan& span, std::uint64_t in_file,
                      SourceLocation loc, std::string_view sev, std::string_view code,
                      const std::string& message) const {
        line_head(out, span, loc, sev, code);
        append_display(out, message, true);
        xiangqi_line_tail(out, in_file);
    }
    /// xiangqi_line() after the message.
    void xiangqi_line_tail(std::string& out, std::uint64_t in_file) const {
        const GameInfo& info = xiangqi_.info();
        out += fmt::format(" (game {}", in_file);
        if (!info.white.empty() || !info.black.empty()) {
            out += ", ";
            append_display_clipped(out, info.white.empty() ? "?" : info.white, true, 100);
            out += " – ";
            append_display_clipped(out, info.black.empty() ? "?" : info.black, true, 100);
        }
        out += ")\n";
    }

    /// One line in validate's text format: `file:line:col: severity[code]: message (game …)`,
    /// `in_file` the game's number in its input.
    void line(std::string& out, const GameSpan& span, std::uint64_t in_file, SourceLocation loc,
              std::string_view sev, std::string_view code, const std::string& message) const {
        line_head(out, span, loc, sev, code);
        append_display(out, message, !writer_.transcoded());
        line_tail(out, in_file);
    }
    /// line() up to the message.
    static void line_head(std::string& out, const GameSpan& span, SourceLocation loc,
                          std::string_view sev, std::string_view code) {
        append_display(out, span.file, true);
        out += fmt::format(":{}:{}: {}[{}]: ", loc.line, loc.column, sev, code);
    }
    /// line() after the message.
    void line_tail(std::string& out, std::uint64_t in_file) const {
        // As validate shows it: Latin-1 transcoded, no control characters, long names cut.
        const GameInfo& info = writer_.validator().info();
        const bool utf8 = !writer_.transcoded();
        out += fmt::format(" (game {}", in_file);
        if (!info.white.empty() || !info.black.empty()) {
            out += ", ";
            append_display_clipped(out, info.white.empty() ? "?" : info.white, utf8, 100);
            out += " – ";
            append_display_clipped(out, info.black.empty() ? "?" : info.black, utf8, 100);
        }
        out += ")\n";
    }

    void report_errors(std::string& out, const GameSpan& span, std::uint64_t in_file) const {
        for (const Diagnostic& d : writer_.validator().diagnostics())
            if (d.severity == Severity::Error)
                line(out, span, in_file, d.loc, "error", code_name(d.code), d.message);
    }

    /// The first transcoded game's line of its input's encoding note, around the message
    /// (encoding_games_message(), which the sink writes with the input's count).
    void note_transcoded(FileNote& n, const GameSpan& span, std::uint64_t in_file) const {
        SourceLocation loc{span.first_line, span.first_column, span.offset};
        if (const SourceLocation* at = encoding_loc(writer_.validator().diagnostics())) loc = *at;
        if (!writer_.transcoded()) n.read_as = span.transcoded_from;
        line_head(n.before, span, loc, "warning", "encoding");
        line_tail(n.after, in_file);
    }

    void report_fix(std::string& out, const GameSpan& span, std::uint64_t in_file) const {
        const ResultFix& f = writer_.result_fix();
        SourceLocation loc{span.first_line, span.first_column, span.offset};
        line(out, span, in_file, loc, "info", "result-fixed",
             fmt::format("result '{}' set to '{}' ({})", f.from.empty() ? "none" : f.from, f.to,
                         line_end_name(f.why)));
    }

    void report_fen_fix(std::string& out, const GameSpan& span, std::uint64_t in_file) const {
        SourceLocation loc{span.first_line, span.first_column, span.offset};
        for (const Diagnostic& d : writer_.validator().diagnostics())
            if (d.code == Code::BadFen) loc = d.loc;
        line(out, span, in_file, loc, "info", "fen-fixed",
             fmt::format("FEN written as '{}'", writer_.validator().repaired_fen()));
    }

    const ConvertRunOptions& opts_;
    PgnReader reader_;
    PgnWriter writer_;
    ValidateOptions xiangqi_opts_; ///< xiangqi_ keeps a reference to them
    XiangqiValidator xiangqi_;
    XiangqiWriter xiangqi_writer_;
    std::string text_, why_not_; ///< a xiangqi game written, or why it was not
};

/// What one pass of the pipeline over some inputs into one output did.
struct ConvertPass {
    PipelineStats pipeline;
    ConvertStats total;
    int io_errors = 0;
    bool write_failed = false;
    std::uint64_t invalid_written = 0, as_kept = 0;
    ErrorTally errors; ///< the invalid games, by the code of their first error
};

ConvertPass convert_into(const ConvertRunOptions& opts, const std::vector<std::string>& inputs,
                         std::vector<std::unique_ptr<ConvertProcessor>>& procs, OutputFile& out) {
    ConvertPass pass;
    PipelineOptions po;
    po.inputs = inputs;
    po.jobs = opts.jobs;
    po.progress = opts.progress;
    po.shard = opts.shard;
    for (auto& p : procs) { // counters of this pass only
        p->stats = {};
        p->errors = {};
        p->written_as_kept = 0;
    }
    FileNote transcoded; // the input's transcoded games, reported once when it ends
    pass.pipeline = run_pipeline(
        po, [&](int w) -> BatchProcessor& { return *procs[std::size_t(w)]; },
        [&](BatchOutput& b) {
            pass.invalid_written += b.invalid;
            if (!b.io_error.empty()) {
                ++pass.io_errors;
                fmt::print(stderr, "{}: error: {}\n", message_prefix(), b.io_error);
            }
            if (!b.rejects.empty()) std::fwrite(b.rejects.data(), 1, b.rejects.size(), stderr);
            transcoded.add(std::move(b.encoding));
            if (b.file_end && transcoded.games != 0) {
                const std::string line =
                    transcoded.before +
                    encoding_games_message(transcoded.games, transcoded.read_as,
                                           " and transcoded to UTF-8") +
                    transcoded.after;
                std::fwrite(line.data(), 1, line.size(), stderr);
                transcoded.clear();
            }
            if (!write_raw_games(out, b.out, b.splices, false)) {
                pass.write_failed = true;
                return false; // a closed pipe (| head) ends quietly; a full disk is reported
            }
            return true;
        });
    for (auto& p : procs) {
        pass.total.merge(p->stats);
        pass.errors.merge(p->errors);
        pass.as_kept += p->written_as_kept;
    }
    if (!pass.write_failed && !out.flush()) pass.write_failed = true;
    return pass;
}

void print_summary(const ConvertRunOptions& opts, std::uint64_t files, const ConvertStats& total,
                   const ErrorTally& errors, std::uint64_t rewritten) {
    if (!opts.summary && !total.invalid && !total.unconverted) return;
    // The invalid games are never passed over in silence: which check, and what changes it.
    std::string invalid = fmt::format("{} invalid", total.invalid);
    if (total.invalid)
        invalid +=
            fmt::format(" ({}: {}; {})", opts.valid_only ? "dropped" : "passed through unchanged",
                        errors.by_code(), errors.remedy(!opts.writer.fix_result));
    std::string s =
        fmt::format("{}: {} file{}, {} game{}: {} converted, {}, {} passed through unconverted",
                    message_prefix(), files, files == 1 ? "" : "s", total.games,
                    total.games == 1 ? "" : "s", total.converted, invalid, total.unconverted);
    if (total.transcoded) s += fmt::format("; {} transcoded from Latin-1", total.transcoded);
    if (total.fixed)
        s += fmt::format("; {} result{} fixed", total.fixed, total.fixed == 1 ? "" : "s");
    if (total.fens_fixed)
        s += fmt::format("; {} FEN{} fixed", total.fens_fixed, total.fens_fixed == 1 ? "" : "s");
    if (opts.in_place)
        s += fmt::format("; {} of {} file{} rewritten", rewritten, opts.inputs.size(),
                         opts.inputs.size() == 1 ? "" : "s");
    s += '\n';
    std::fwrite(s.data(), 1, s.size(), stderr);
}

/// --in-place: each input converted into a temporary file beside it, renamed over it only
/// when the input was read to its end and every game was written whole. A symlink's target
/// is rewritten (the link stays); the file keeps its permissions; a .zst input stays zstd.
int convert_in_place(const ConvertRunOptions& opts,
                     std::vector<std::unique_ptr<ConvertProcessor>>& procs) {
    ConvertStats total;
    ErrorTally errors;
    std::uint64_t files = 0, rewritten = 0, invalid = 0;
    bool failed = false;
    for (const std::string& input : opts.inputs) {
        char resolved[PATH_MAX];
        struct stat st {};
        if (!::realpath(input.c_str(), resolved) || ::stat(resolved, &st) != 0) {
            fmt::print(stderr, "{}: error: cannot open '{}': {}\n", message_prefix(), input,
                       std::strerror(errno));
            failed = true;
            continue;
        }
        OutputOptions oo = opts.output_options;
        // Told as reading tells it (io/input.hpp): an archive member is no file to rewrite.
        Compression encoding = Compression::None;
        {
            std::string member;
            auto members = open_input(input);
            if (auto text = members->next(member))
                encoding = member.empty() ? text->compression() : Compression::Archive;
        }
        if (encoding == Compression::Zstd)
            oo.compression = OutputCompression::Zstd;
        else if (encoding == Compression::None || encoding == Compression::Utf16LE ||
                 encoding == Compression::Utf16BE)
            oo.compression = OutputCompression::None;
        else {
            fmt::print(stderr,
                       "{}: error: '{}' is {}: --in-place rewrites plain and .zst files; "
                       "convert it to a new file with -o (left unchanged)\n",
                       message_prefix(), input,
                       encoding == Compression::Archive
                           ? std::string("an archive")
                           : fmt::format("{}-compressed", compression_name(encoding)));
            failed = true;
            continue;
        }
        oo.permissions = st.st_mode & 07777;
        OutputFile out(resolved, oo);
        ConvertPass pass = convert_into(opts, {input}, procs, out);
        ++files;
        total.merge(pass.total);
        errors.merge(pass.errors);
        invalid += pass.total.invalid;
        if (pass.io_errors || pass.pipeline.io_errors || pass.write_failed || pass.as_kept) {
            const std::string why = !out.error().empty() ? out.error()
                                    : pass.as_kept
                                        ? "a game longer than the kept limits could not be "
                                          "read again"
                                        : "the input was not read to its end";
            fmt::print(stderr, "{}: error: '{}' left unchanged: {}\n", message_prefix(), input,
                       why);
            failed = true;
            continue; // the temporary file is removed, the input untouched
        }
        out.commit();
        ++rewritten;
    }
    print_summary(opts, files, total, errors, rewritten);
    if (failed) return 2;
    return invalid ? 1 : 0;
}

} // namespace

int run_convert(const ConvertRunOptions& opts) {
    std::vector<std::unique_ptr<ConvertProcessor>> procs;
    for (int i = 0; i < std::max(1, opts.jobs); ++i)
        procs.push_back(std::make_unique<ConvertProcessor>(opts));
    if (opts.in_place) return convert_in_place(opts, procs);

    OutputFile out(opts.output.empty() ? std::string("-") : opts.output, opts.output_options);
    ConvertPass pass = convert_into(opts, opts.inputs, procs, out);
    if (pass.as_kept != 0)
        fmt::print(stderr,
                   "{}: warning: {} game{} passed through without the parts longer "
                   "than the kept limits (see oversized): a compressed input or a pipe cannot be "
                   "read again for them\n",
                   message_prefix(), pass.as_kept, pass.as_kept == 1 ? "" : "s");
    if (pass.write_failed) {
        if (!out.error().empty()) {
            fmt::print(stderr, "{}: error: {}\n", message_prefix(), out.error());
            return 2;
        }
        // Stdout closed early: not an error; the games handed to it count, not those read ahead.
        return pass.invalid_written ? 1 : 0;
    }
    out.commit();
    print_summary(opts, pass.pipeline.files, pass.total, pass.errors, 0);
    if (pass.pipeline.io_errors || pass.io_errors) return 2;
    return pass.total.invalid ? 1 : 0;
}

} // namespace pgnkit::app
