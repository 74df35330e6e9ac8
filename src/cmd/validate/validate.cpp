#include "pgnkit/cmd/validate/validate.hpp"

#include "pgnkit/check/validator.hpp"
#include "pgnkit/check/xiangqi_validator.hpp"
#include "pgnkit/cmd/validate/eco_check.hpp"
#include "pgnkit/cmd/validate/html_report.hpp"
#include "pgnkit/format/json.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/openings/table_formats.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/run/messages.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>

namespace pgnkit::app {

void ValidateStats::merge(const ValidateStats& o) {
    files += o.files;
    games += o.games;
    valid += o.valid;
    invalid += o.invalid;
    errors += o.errors;
    warnings += o.warnings;
    infos += o.infos;
    plies += o.plies;
    bytes += o.bytes;
    for (std::size_t i = 0; i < by_code.size(); ++i) by_code[i] += o.by_code[i];
    for (std::size_t k = 0; k < by_severity.size(); ++k)
        for (std::size_t i = 0; i < by_code.size(); ++i) by_severity[k][i] += o.by_severity[k][i];
}

void ValidateStats::count(Code code, Severity sev) {
    const auto c = static_cast<std::size_t>(code);
    ++by_code[c];
    if (sev == Severity::Error) {
        ++errors;
        ++by_severity[0][c];
    } else if (sev == Severity::Warning) {
        ++warnings;
        ++by_severity[1][c];
    } else {
        ++infos;
        ++by_severity[2][c];
    }
}

void print_check_list() {
    fmt::print("{:<28} {:<8} {}\n", "CODE", "DEFAULT", "EXPLANATION");
    for (int i = 0; i < code_count; ++i) {
        const CodeInfo& c = code_info(Code(i));
        fmt::print("{:<28} {:<8} {}\n", c.name, severity_name(c.default_severity), c.explanation);
    }
}

namespace {

/// Makes text safe to print: Latin-1 games are transcoded to UTF-8.
std::string printable(std::string_view s, bool utf8) {
    if (utf8) return std::string(s);
    std::string out;
    cp1252_to_utf8(s, out);
    return out;
}
/// Appends the decimal digits of `n` (as fmt's "{}" writes them).
template <class Int>
void append_number(std::string& out, Int n) {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, n);
    out.append(buf, r.ptr);
}

struct Style {
    bool on;
    std::string_view bold() const { return on ? "\033[1m" : ""; }
    std::string_view reset() const { return on ? "\033[0m" : ""; }
    std::string_view sev(Severity s) const {
        if (!on) return "";
        return s == Severity::Error     ? "\033[1;31m"
               : s == Severity::Warning ? "\033[1;33m"
                                        : "\033[1;36m";
    }
};

class ValidateProcessor final : public BatchProcessor {
  public:
    ValidateProcessor(const ValidateRunOptions& o, ValidateHtmlReport* html)
        : opts_(o), html_(html) {
        vopts_.severities = o.severities;
        vopts_.piece_letters = o.piece_letters;
        // -q only counts diagnostics: no message, FEN or suggestion is built for them.
        vopts_.details = !o.quiet || html != nullptr;
        // Auto: the chess validator hands a game tagged xiangqi over (GameValidator::xiangqi()),
        // so that chess games are read once, as before.
        vopts_.detect_xiangqi = o.variant == GameChoice::Auto;
        validator_ = std::make_unique<GameValidator>(vopts_);
        xiangqi_ = std::make_unique<XiangqiValidator>(vopts_);
        if (o.eco_check && o.severities.get(Code::EcoMismatch) != Severity::Ignore)
            eco_check_ = std::make_unique<EcoTagCheck>(o.eco_table ? *o.eco_table
                                                                   : openings::bundled_table());
    }

    void process(const Batch& batch, BatchOutput& out) override {
        for (const BatchGame& g : batch.games) {
            GameSpan span = batch.span(g);
            if (g.not_pgn) {
                not_pgn(span, out);
                continue;
            }
            bool utf8 = true;
            if (opts_.variant != GameChoice::Xiangqi) {
                reader_.read(span, *validator_);
                utf8 = reader_.last_game_utf8();
                checked_ = {&validator_->diagnostics(), nullptr, validator_->plies(),
                            validator_->has_error()};
            }
            if (opts_.variant == GameChoice::Xiangqi || validator_->xiangqi()) {
                xiangqi_->validate(span);
                utf8 = is_valid_utf8(span.text);
                checked_ = {&xiangqi_->diagnostics(), &xiangqi_->info(), xiangqi_->plies(),
                            xiangqi_->has_error()};
            } else if (eco_check_) {
                add_eco_mismatch(span, span.index + 1);
            }
            ++stats.games;
            stats.plies += std::uint64_t(checked_.plies);
            bool invalid = checked_.has_error;
            if (invalid)
                ++stats.invalid;
            else
                ++stats.valid;
            for (const Diagnostic& d : *checked_.diagnostics) {
                if (d.code == Code::Encoding && d.severity != Severity::Error) {
                    // Once per input, not per game (FileNote): the sink counts and reports
                    // it when the input ends. (Made an error, it names each invalid game.)
                    if (out.encoding.games++ == 0) {
                        // Not UTF-8: Latin-1; else transcoded from GBK or Big5 as it was read.
                        out.encoding.read_as = utf8 ? span.transcoded_from : latin1_name;
                        if (shown(d.severity)) note(out.encoding, span, d, utf8, g.in_file);
                    }
                    continue;
                }
                stats.count(d.code, d.severity);
                if (!shown(d.severity)) continue;
                line_.clear();
                if (opts_.format == OutputFormat::Json)
                    json(line_, span, d, utf8, &info(), g.in_file);
                else
                    text(line_, span, d, utf8, &info(), g.in_file);
                out.out.append(line_);
            }
            // --html only: no work here otherwise. Valid games list their warnings too.
            if (html_ && (invalid || !checked_.diagnostics->empty()))
                out.html.push_back(render_validate_game(
                    {span.file, g.in_file, g.number, &info(), checked_.diagnostics, utf8,
                     opts_.show_info, html_->wants_boards(), opts_.piece_letters,
                     checked_.xiangqi_info != nullptr}));
            if (!opts_.rejects.empty() && invalid) write_back(out, false, batch, g, span);
            if (!opts_.accepted.empty() && !invalid) write_back(out, true, batch, g, span);
        }
    }

    ValidateStats stats;
    /// Games written to --rejects or --accepted without their parts longer than the kept
    /// limits (their input, compressed or a pipe, cannot be read again).
    std::uint64_t written_as_kept = 0;

  private:
    /// Text between games that is not PGN: no game (not counted, in neither --rejects nor
    /// --accepted), one unexpected-text diagnostic.
    void not_pgn(const GameSpan& span, BatchOutput& out) {
        const Severity sev = vopts_.severities.get(Code::UnexpectedText);
        if (sev == Severity::Ignore) return;
        const NotPgnText what = describe_not_pgn(span);
        Diagnostic d;
        d.code = Code::UnexpectedText;
        d.severity = sev;
        d.loc = what.at;
        d.game = 0;
        d.message = not_pgn_message(what);
        d.token = std::string(what.first_word);
        stats.count(d.code, sev);
        if (html_ && (sev != Severity::Info || opts_.show_info))
            out.html.push_back(render_text_between_games(span.file, d, is_valid_utf8(span.text)));
        if (!shown(sev)) return;
        const bool utf8 = is_valid_utf8(span.text);
        line_.clear();
        if (opts_.format == OutputFormat::Json)
            json(line_, span, d, utf8, nullptr, 0);
        else
            text(line_, span, d, utf8, nullptr, 0);
        out.out.append(line_);
    }

    /// Whether a diagnostic of severity `sev` is printed (all are counted).
    bool shown(Severity sev) const {
        return !opts_.quiet && (sev != Severity::Info || opts_.show_info);
    }

    /// The first game's report of an input's encoding note, in two parts around its message
    /// (encoding_games_message(), with the input's count: the sink writes it).
    void note(FileNote& n, const GameSpan& span, const Diagnostic& d, bool utf8,
              std::uint64_t in_file) const {
        if (opts_.format == OutputFormat::Json) {
            json_head(n.before, span, d, in_file);
            json_tail(n.after, d, utf8, &info());
        } else {
            text_head(n.before, span, d);
            text_tail(n.after, span, d, utf8, &info(), in_file);
        }
    }

    std::string line_; ///< one diagnostic's line, appended to the batch's output
    /// A game for --rejects (or --accepted): byte for byte (append_raw_game()).
    void write_back(BatchOutput& out, bool accepted, const Batch& batch, const BatchGame& g,
                    const GameSpan& span) {
        written_as_kept +=
            append_raw_game(accepted ? out.accepted : out.rejects, out, accepted, batch, g, span);
    }

    /// The source line of `d` in `span` (empty if it is not there to show), cut to a window
    /// around the caret when long; `caret` is the byte of the line it points at.
    static std::string_view context(const GameSpan& span, const Diagnostic& d, std::size_t& caret) {
        if (d.loc.offset < span.offset || !span.elisions.empty()) return {};
        std::size_t rel = std::size_t(d.loc.offset - span.offset);
        if (rel > span.text.size()) return {};
        std::string_view t = span.text;
        std::size_t b = rel;
        while (b > 0 && t[b - 1] != '\n' && t[b - 1] != '\r') --b;
        std::size_t e = rel;
        while (e < t.size() && t[e] != '\n' && t[e] != '\r') ++e;
        caret = rel - b;
        // Keep long lines readable: a window around the caret.
        if (e - b > 160) {
            std::size_t from = caret > 60 ? caret - 60 : 0;
            std::size_t to = std::min(e - b, from + 140);
            caret -= from;
            return t.substr(b + from, to - from);
        }
        return t.substr(b, e - b);
    }

    /// One diagnostic in the text format; `game` is nullptr for text that is no game, else
    /// `in_file` is its number in its input. Text from the input is shown with
    /// append_display() (no control character reaches the terminal). Appended piece by piece,
    /// without format strings or temporary strings: a file can give every game a diagnostic
    /// (lichess exports have no Event or Round tag).
    void text(std::string& out, const GameSpan& span, const Diagnostic& d, bool utf8,
              const GameInfo* game, std::uint64_t in_file) const {
        text_head(out, span, d);
        append_display(out, d.message, utf8);
        text_tail(out, span, d, utf8, game, in_file);
    }
    /// text() up to the message: `file:line:col: severity[code]: `.
    void text_head(std::string& out, const GameSpan& span, const Diagnostic& d) const {
        using namespace std::literals;
        Style st{opts_.color};
        out += st.bold();
        append_display(out, span.file, true);
        out += ':';
        append_number(out, d.loc.line);
        out += ':';
        append_number(out, d.loc.column);
        out += ':';
        out += st.reset();
        out += ' ';
        out += st.sev(d.severity);
        out += severity_name(d.severity);
        out += '[';
        out += code_name(d.code);
        out += ']';
        out += st.reset();
        out += ": "sv;
    }
    /// text() after the message: the game, the source line with a caret, the position and
    /// the suggestion.
    void text_tail(std::string& out, const GameSpan& span, const Diagnostic& d, bool utf8,
                   const GameInfo* game, std::uint64_t in_file) const {
        using namespace std::literals;
        Style st{opts_.color};
        if (game != nullptr) {
            const GameInfo& info = *game;
            out += " (game "sv;
            append_number(out, in_file);
            if (!info.white.empty() || !info.black.empty()) {
                out += ", "sv;
                append_display_clipped(out, info.white.empty() ? "?" : info.white, utf8, 100);
                out += " – "sv;
                append_display_clipped(out, info.black.empty() ? "?" : info.black, utf8, 100);
            }
            if (!info.round.empty() && info.round != "?" && info.round != "-") {
                out += ", round "sv;
                append_display_clipped(out, info.round, utf8, 100);
            }
            if (d.ply > 0) {
                out += ", ply "sv;
                append_number(out, d.ply);
            }
            out += ")"sv;
        }
        out += "\n"sv;
        std::size_t caret = 0;
        const std::string_view line = context(span, d, caret);
        if (!line.empty()) {
            // The line as append_display() shows it: a column per character.
            out += "    "sv;
            append_display(out, line, utf8);
            out += "\n    "sv;
            // Caret under the token: one blank per character before it (a Latin-1 byte is
            // one character; in UTF-8, continuation bytes do not start one).
            const std::string_view pre = line.substr(0, std::min(caret, line.size()));
            std::size_t columns = pre.size();
            if (utf8)
                for (unsigned char c : pre) columns -= (c & 0xC0) == 0x80;
            out.append(columns, ' ');
            // Under the whole token when the line shows it there (its tabs as blanks).
            std::size_t len = std::max<std::size_t>(1, std::min<std::size_t>(d.token.size(), 40));
            if (d.token.empty() || !shows_token(line, caret, d.token)) len = 1;
            out += st.sev(d.severity);
            out += '^';
            out.append(len - 1, '~');
            out += st.reset();
            out += '\n';
        }
        if (!d.fen.empty()) {
            out += "    position: "sv;
            out += d.fen;
            out += '\n';
        }
        if (!d.suggestion.empty()) {
            out += "    did you mean: "sv;
            out += d.suggestion;
            out += '\n';
        }
    }
    /// Whether `line`, its tabs read as blanks, holds `token` at `at` (as written, its own
    /// tabs unchanged).
    static bool shows_token(std::string_view line, std::size_t at, std::string_view token) {
        if (at > line.size() || line.size() - at < token.size()) return false;
        for (std::size_t k = 0; k < token.size(); ++k) {
            const char c = line[at + k];
            if ((c == '\t' ? ' ' : c) != token[k]) return false;
        }
        return true;
    }

    /// One diagnostic as a JSON object; `game` is nullptr for text that is no game, else
    /// `in_file` is its number in its input. A field without a value is null (a game's
    /// fields for text that is no game, the ply of a diagnostic on no move, a missing tag …).
    void json(std::string& out, const GameSpan& span, const Diagnostic& d, bool utf8,
              const GameInfo* game, std::uint64_t in_file) const {
        json_head(out, span, d, game != nullptr ? in_file : 0);
        append_json_string(out, printable(d.message, utf8));
        out += ",\"games_affected\":null";
        json_tail(out, d, utf8, game);
    }
    /// json() up to the message's value (`..."message":`); `in_file` 0 for no game.
    static void json_head(std::string& out, const GameSpan& span, const Diagnostic& d,
                          std::uint64_t in_file) {
        out += "{\"file\":";
        append_json_string(out, printable(span.file, true));
        const bool located = d.loc.line != 0;
        out += ",\"line\":";
        json_number(out, d.loc.line, located);
        out += ",\"column\":";
        json_number(out, d.loc.column, located);
        out += ",\"offset\":";
        json_number(out, d.loc.offset, located);
        out += ",\"game\":";
        json_number(out, in_file, in_file != 0);
        out += ",\"index\":";
        json_number(out, d.game, in_file != 0 && d.game != 0);
        out += ",\"ply\":";
        json_number(out, d.ply, d.ply > 0);
        out += ",\"code\":";
        append_json_string(out, code_name(d.code));
        out += ",\"severity\":";
        append_json_string(out, severity_name(d.severity));
        out += ",\"message\":";
    }
    /// json() after the message and games_affected: from "move" to the end of the line.
    static void json_tail(std::string& out, const Diagnostic& d, bool utf8, const GameInfo* game) {
        out += ",\"move\":";
        json_text(out, d.token, utf8);
        out += ",\"fen\":";
        json_text(out, d.fen, true);
        // The suggestions, as the validator lists them ("Nf3, Na3, Nc3": SAN holds no comma).
        out += ",\"suggestion\":";
        if (d.suggestion.empty()) {
            out += "null";
        } else {
            out += '[';
            std::string_view rest = d.suggestion;
            for (bool first = true; !rest.empty(); first = false) {
                const std::size_t comma = rest.find(", ");
                if (!first) out += ',';
                append_json_string(out, rest.substr(0, comma));
                rest =
                    comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 2);
            }
            out += ']';
        }
        static const GameInfo none;
        const GameInfo& info = game != nullptr ? *game : none;
        out += ",\"white\":";
        json_text(out, info.white, utf8);
        out += ",\"black\":";
        json_text(out, info.black, utf8);
        out += ",\"round\":";
        json_text(out, info.round, utf8);
        out += "}\n";
    }
    /// `n`, or null when there is none.
    template <class Int>
    static void json_number(std::string& out, Int n, bool present) {
        if (present)
            append_number(out, n);
        else
            out += "null";
    }
    /// Text from the game as a JSON string, or null when empty.
    static void json_text(std::string& out, std::string_view s, bool utf8) {
        if (s.empty())
            out += "null";
        else
            append_json_string(out, printable(s, utf8));
    }

    const ValidateRunOptions& opts_;
    ValidateHtmlReport* html_;
    ValidateOptions vopts_;
    PgnReader reader_;
    std::unique_ptr<GameValidator> validator_;
    std::unique_ptr<XiangqiValidator> xiangqi_;
    /// The game just checked, by either validator.
    struct Checked {
        const std::vector<Diagnostic>* diagnostics = nullptr;
        const GameInfo* xiangqi_info = nullptr; ///< nullptr: a chess game (validator_->info())
        int plies = 0;
        bool has_error = false;
    } checked_;
    std::unique_ptr<EcoTagCheck> eco_check_; ///< --eco-check only
    std::vector<Diagnostic> with_eco_;       ///< a game's diagnostics and its eco-mismatch
    /// --eco-check: the game's diagnostics with an eco-mismatch after them, if there is one.
    void add_eco_mismatch(const GameSpan& span, std::uint64_t game) {
        const Severity sev = opts_.severities.get(Code::EcoMismatch);
        std::optional<Diagnostic> d = eco_check_->check(span, sev, game);
        if (!d) return;
        with_eco_ = *checked_.diagnostics;
        with_eco_.push_back(std::move(*d));
        checked_.diagnostics = &with_eco_;
        if (sev == Severity::Error) checked_.has_error = true;
    }
    /// The game's facts (the chess validator's made only when asked for).
    const GameInfo& info() const {
        return checked_.xiangqi_info ? *checked_.xiangqi_info : validator_->info();
    }
};

/// The codes reported at severity group `k` (ValidateStats::by_severity), most frequent
/// first, then by name.
std::vector<Code> codes_by_count(const ValidateStats& s, std::size_t k) {
    std::vector<Code> codes;
    for (int i = 0; i < code_count; ++i)
        if (s.by_severity[k][std::size_t(i)]) codes.push_back(Code(i));
    std::sort(codes.begin(), codes.end(), [&](Code a, Code b) {
        const auto na = s.by_severity[k][std::size_t(a)], nb = s.by_severity[k][std::size_t(b)];
        return na != nb ? na > nb : code_name(a) < code_name(b);
    });
    return codes;
}

constexpr std::string_view severity_groups[3] = {"error", "warning", "info"};

/// `shard`: a --shard run's (run/shard.hpp): the summary says which shard it counts.
std::string summary_text(const ValidateStats& s, double seconds, bool color, bool timing,
                         const ShardSpec& shard) {
    Style st{color};
    const std::string which =
        shard.active() ? fmt::format(" (shard {}/{})", shard.index, shard.count) : std::string();
    std::string out = fmt::format(
        "{}summary{}:{} {} file{}, {} game{}: {} valid, {} invalid; {} error{}, {} warning{}",
        st.bold(), which, st.reset(), s.files, s.files == 1 ? "" : "s", s.games,
        s.games == 1 ? "" : "s", s.valid, s.invalid, s.errors, s.errors == 1 ? "" : "s", s.warnings,
        s.warnings == 1 ? "" : "s");
    if (s.infos) out += fmt::format(", {} note{}", s.infos, s.infos == 1 ? "" : "s");
    out += "\n";
    // The codes by severity (errors, warnings, notes), so a warning does not sit among errors.
    static constexpr std::string_view headings[3] = {"errors", "warnings", "notes"};
    for (std::size_t k = 0; k < 3; ++k) {
        const std::vector<Code> codes = codes_by_count(s, k);
        if (codes.empty()) continue;
        out += fmt::format("  {}{}:{}\n", st.sev(Severity(3 - k)), headings[k], st.reset());
        for (Code c : codes)
            out +=
                fmt::format("    {:<28} {:>10}\n", code_name(c), s.by_severity[k][std::size_t(c)]);
    }
    double mb = double(s.bytes) / 1e6;
    if (!timing) {
        out += fmt::format("  {} bytes, {} plies\n", s.bytes, s.plies);
        return out;
    }
    out += fmt::format("  {:.1f} MB, {} plies in {:.2f} s ({:.1f} MB/s, {:.0f} games/s)\n", mb,
                       s.plies, seconds, seconds > 0 ? mb / seconds : 0.0,
                       seconds > 0 ? double(s.games) / seconds : 0.0);
    return out;
}

/// `seconds` < 0: not timed (null).
/// `shard`: the `"shard":{…}` key and object of a --shard run (run/shard.hpp), or "".
std::string summary_json(const ValidateStats& s, double seconds, const std::string& shard) {
    std::string out =
        fmt::format("{{\"summary\":{{\"files\":{},\"games\":{},\"valid\":{},\"invalid\":{},"
                    "\"errors\":{},\"warnings\":{},"
                    "\"infos\":{},\"plies\":{},\"by_code\":{{",
                    s.files, s.games, s.valid, s.invalid, s.errors, s.warnings, s.infos, s.plies);
    bool first = true;
    for (int i = 0; i < code_count; ++i) {
        if (!s.by_code[std::size_t(i)]) continue;
        if (!first) out += ',';
        first = false;
        append_json_string(out, code_name(Code(i)));
        out += fmt::format(":{}", s.by_code[std::size_t(i)]);
    }
    // by_code (codes.def order) stays for the readers of earlier versions; by_severity groups
    // the same counts by the severity reported, most frequent first.
    out += "},\"by_severity\":{";
    for (std::size_t k = 0; k < 3; ++k) {
        if (k) out += ',';
        append_json_string(out, severity_groups[k]);
        out += ":{";
        first = true;
        for (Code c : codes_by_count(s, k)) {
            if (!first) out += ',';
            first = false;
            append_json_string(out, code_name(c));
            out += fmt::format(":{}", s.by_severity[k][std::size_t(c)]);
        }
        out += '}';
    }
    out += fmt::format("}},\"bytes\":{},\"seconds\":", s.bytes);
    out += seconds < 0 ? std::string("null") : fmt::format("{:.3f}", seconds);
    if (!shard.empty()) out += ',' + shard;
    out += "}}\n";
    return out;
}

} // namespace

std::string validate_summary_json(const ValidateStats& s, double seconds) {
    return summary_json(s, seconds, {});
}

int run_validate(const ValidateRunOptions& opts) {
    std::unique_ptr<ValidateHtmlReport> html;
    if (!opts.html.empty())
        html = std::make_unique<ValidateHtmlReport>(opts.html, opts.html_max, opts.inputs);
    std::vector<std::unique_ptr<ValidateProcessor>> procs;
    for (int i = 0; i < std::max(1, opts.jobs); ++i)
        procs.push_back(std::make_unique<ValidateProcessor>(opts, html.get()));

    OutputFile out_stdout = OutputFile::standard_output();
    std::unique_ptr<OutputFile> rejects, accepted;
    if (!opts.rejects.empty()) rejects = std::make_unique<OutputFile>(opts.rejects);
    if (!opts.accepted.empty()) accepted = std::make_unique<OutputFile>(opts.accepted);

    PipelineOptions po;
    po.inputs = opts.inputs;
    po.jobs = opts.jobs;
    po.progress = opts.progress;
    po.shard = opts.shard;
    bool out_ok = true;
    int io_errors = 0;
    // The encoding note of the input being read (FileNote): reported once, when it ends.
    FileNote encoding;
    ValidateStats notes; // the notes reported (counted here, not by the workers)
    const Severity encoding_severity = opts.severities.get(Code::Encoding);
    const bool encoding_shown =
        !opts.quiet && (encoding_severity != Severity::Info || opts.show_info);
    auto stats = run_pipeline(
        po, [&](int w) -> BatchProcessor& { return *procs[std::size_t(w)]; },
        [&](BatchOutput& b) {
            if (!b.io_error.empty()) {
                ++io_errors;
                std::fflush(stdout);
                fmt::print(stderr, "{}: error: {}\n", message_prefix(), b.io_error);
            }
            if (rejects) write_raw_games(*rejects, b.rejects, b.splices, false);
            if (accepted) write_raw_games(*accepted, b.accepted, b.splices, true);
            if (html)
                for (const HtmlBlock& h : b.html) html->add(h);
            if (!out_stdout.write(b.out)) {
                out_ok = false;
                return false; // stdout closed (| head): stop quietly
            }
            encoding.add(std::move(b.encoding));
            if (!b.file_end || encoding.games == 0) return true;
            notes.count(Code::Encoding, encoding_severity);
            if (encoding_shown) {
                std::string line = std::move(encoding.before);
                const std::string message =
                    encoding_games_message(encoding.games, encoding.read_as);
                if (opts.format == OutputFormat::Json) {
                    append_json_string(line, message);
                    line += fmt::format(",\"games_affected\":{}", encoding.games);
                } else {
                    line += message;
                }
                line += encoding.after;
                if (!out_stdout.write(line)) {
                    out_ok = false;
                    return false;
                }
            }
            encoding.clear();
            return true;
        });
    ValidateStats total;
    for (auto& p : procs) total.merge(p->stats);
    total.merge(notes);
    total.files = stats.files;
    total.bytes = stats.text_bytes; // the inputs' text, not only their games'
    if (out_ok && opts.summary) {
        std::string s =
            opts.format == OutputFormat::Json
                ? summary_json(total, opts.timing ? stats.seconds : -1.0,
                               opts.shard.active() ? shard_json(opts.shard, stats.shard_inputs)
                                                   : std::string())
                : summary_text(total, stats.seconds, opts.color, opts.timing, opts.shard);
        out_ok = out_stdout.write(s);
    }
    out_stdout.flush();
    if (rejects) rejects->commit();
    if (accepted) accepted->commit();
    std::uint64_t as_kept = 0;
    for (auto& p : procs) as_kept += p->written_as_kept;
    if (as_kept != 0)
        fmt::print(stderr,
                   "{}: warning: {} game{} written to {} without the parts longer than the "
                   "kept limits (see oversized): a compressed input or a pipe cannot be read "
                   "again for them\n",
                   message_prefix(), as_kept, as_kept == 1 ? "" : "s",
                   rejects && accepted ? "--rejects/--accepted"
                   : rejects           ? "--rejects"
                                       : "--accepted");
    if (html) {
        if (std::string e = html->finish(total, opts.show_info, opts.severities); !e.empty()) {
            fmt::print(stderr, "{}: error: {}\n", message_prefix(), e);
            return 2;
        }
    }
    if (!out_stdout.error().empty()) { // a full disk is an error; a closed pipe is not
        fmt::print(stderr, "{}: error: {}\n", message_prefix(), out_stdout.error());
        return 2;
    }
    if (stats.io_errors || io_errors) return 2;
    // An error outside any game (text that is not PGN, made an error) fails the run too.
    return total.invalid || total.errors ? 1 : 0;
}

} // namespace pgnkit::app
