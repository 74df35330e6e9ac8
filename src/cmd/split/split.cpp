#include "pgnkit/cmd/split/split.hpp"

#include "pgnkit/cmd/split/name_template.hpp"
#include "pgnkit/io/file_names.hpp"
#include "pgnkit/io/output_paths.hpp"
#include "pgnkit/io/output_set.hpp"
#include "pgnkit/io/utf8.hpp"
#include "pgnkit/openings/game_opening.hpp"
#include "pgnkit/openings/table_formats.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/span_tags.hpp"
#include "pgnkit/run/messages.hpp"
#include "pgnkit/run/not_pgn.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <fmt/format.h>

#include <sys/stat.h>
#include <unistd.h>

#include <charconv>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <unordered_map>

namespace pgnkit::app {

std::string default_name_template(SplitBy by) {
    return by == SplitBy::Games ? "{n:5}.pgn" : "{key}.pgn";
}

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
    return s;
}

/// The tag a mode reads.
std::string_view key_tag(const SplitRunOptions& o) {
    switch (o.by) {
    case SplitBy::Games: return {};
    case SplitBy::Tag: return o.tag;
    case SplitBy::EcoLetter:
    case SplitBy::Eco: return "ECO";
    case SplitBy::Year:
    case SplitBy::Month: return "Date";
    }
    return {};
}

} // namespace

std::optional<std::string_view> split_key(SplitBy by, std::string_view value,
                                          std::string& scratch) {
    value = trimmed(value);
    switch (by) {
    case SplitBy::Games:
    case SplitBy::Tag:
        if (value.find_first_not_of('?') == std::string_view::npos) return std::nullopt;
        return value;
    case SplitBy::EcoLetter:
    case SplitBy::Eco: {
        // A00 to E99 (a subcode after it, as in "B90a", is left out).
        if (value.size() < 3 || !is_digit(value[1]) || !is_digit(value[2])) return std::nullopt;
        const char letter = value[0] >= 'a' ? static_cast<char>(value[0] - 'a' + 'A') : value[0];
        if (letter < 'A' || letter > 'E') return std::nullopt;
        scratch.assign(1, letter);
        if (by == SplitBy::Eco) scratch.append(value.substr(1, 2));
        return std::string_view(scratch);
    }
    case SplitBy::Year:
    case SplitBy::Month: {
        // PGN §8.1.1.3: YYYY.MM.DD with `?` for unknown digits ("1990.??.??"); `-` and `/`
        // are read as the dot.
        const auto separator = [](char c) { return c == '.' || c == '-' || c == '/'; };
        if (value.size() < 4 || !std::all_of(value.begin(), value.begin() + 4, is_digit) ||
            (value.size() > 4 && !separator(value[4])))
            return std::nullopt;
        if (by == SplitBy::Year) return value.substr(0, 4);
        if (value.size() < 7 || !is_digit(value[5]) || !is_digit(value[6]) ||
            (value.size() > 7 && !separator(value[7])))
            return std::nullopt;
        const int month = (value[5] - '0') * 10 + (value[6] - '0');
        if (month < 1 || month > 12) return std::nullopt;
        scratch.assign(value.substr(0, 4));
        scratch += '-';
        scratch.append(value.substr(5, 2));
        return std::string_view(scratch);
    }
    }
    return std::nullopt;
}

namespace {

// A game's route in BatchOutput::routes: its key, then the values of the template's tags,
// each a field: a byte (1 there, 0 not) and, when there, a 4-byte length and the bytes.
void put_field(std::string& out, std::optional<std::string_view> value) {
    out += static_cast<char>(value ? 1 : 0);
    if (!value) return;
    const auto n = static_cast<std::uint32_t>(value->size());
    out.append(reinterpret_cast<const char*>(&n), 4);
    out.append(*value);
}
std::optional<std::string_view> take_field(std::string_view& in) {
    const bool there = in[0] != 0;
    in.remove_prefix(1);
    if (!there) return std::nullopt;
    std::uint32_t n = 0;
    std::memcpy(&n, in.data(), 4);
    const std::string_view value = in.substr(4, n);
    in.remove_prefix(4 + n);
    return value;
}

/// What the workers do: each game's bytes and route (no movetext is read).
class SplitProcessor final : public BatchProcessor {
  public:
    SplitProcessor(const SplitRunOptions& o, const NameTemplate& name)
        : opts_(o), name_(name), key_tag_(key_tag(o)) {
        if (o.by == SplitBy::Eco || o.by == SplitBy::EcoLetter)
            opening_.emplace(o.eco_table ? *o.eco_table : openings::bundled_table());
    }

    void process(const Batch& batch, BatchOutput& out) override {
        for (const BatchGame& g : batch.games) {
            const GameSpan span = batch.span(g);
            if (g.not_pgn) { // text between games: no game, said on stderr
                out.err += not_pgn_report(span);
                ++not_pgn;
                continue;
            }
            ++games;
            as_kept += append_raw_game(out.out, out, false, batch, g, span);
            if (opts_.by == SplitBy::Games) {
                const fmt::format_int piece((g.number - 1) / opts_.games + 1);
                put_field(out.routes, std::string_view(piece.data(), piece.size()));
            } else {
                std::string_view value;
                bool there = false;
                if (opening_) { // --by eco, eco-letter: the code the moves reach, if any
                    reader_.read(span, *opening_);
                    if (const openings::Opening* o = opening_->opening()) {
                        value = o->eco;
                        there = true;
                    }
                }
                if (!there) there = find_span_tag(span, key_tag_, buffer_, value);
                put_field(out.routes, there ? split_key(opts_.by, value, scratch_) : std::nullopt);
            }
            for (const std::string& tag : name_.tags()) {
                std::string_view value;
                put_field(out.routes, find_span_tag(span, tag, buffer_, value)
                                          ? std::optional<std::string_view>(value)
                                          : std::nullopt);
            }
            out.routed.push_back({out.out.size(), out.routes.size()});
        }
    }

    std::uint64_t games = 0, not_pgn = 0;
    /// Games written without their parts longer than the kept limits (a compressed input or a
    /// pipe cannot be read again for them).
    std::uint64_t as_kept = 0;

  private:
    const SplitRunOptions& opts_;
    const NameTemplate& name_;
    std::string key_tag_;
    std::string buffer_, scratch_;
    PgnReader reader_;
    std::optional<openings::GameOpeningVisitor> opening_; ///< --by eco, eco-letter
};

/// Hash and equality that look a std::string key up by a string_view.
struct ViewHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

/// `text` as UTF-8 for a file name: itself if it is, else read as Windows-1252 (as the reader
/// reads a game that is not UTF-8).
std::string_view as_utf8(std::string_view text, std::string& buffer) {
    if (is_valid_utf8(text)) return text;
    buffer.clear();
    cp1252_to_utf8(text, buffer);
    return buffer;
}

/// Where the games go, in input order: the pieces by key, named when they begin.
class SplitSink {
  public:
    SplitSink(const SplitRunOptions& o, const NameTemplate& name, OutputSet& files)
        : opts_(o), name_(name), files_(files) {}

    /// Routes the games of `b`; false to stop (an error, said in error()).
    bool take(BatchOutput& b) {
        const std::string_view text = b.out;
        std::size_t route_begin = 0;
        // Games that follow one another into one piece go out as one run: one write, and a
        // long run straight from the batch without a copy into the piece's buffer (OutputSet).
        run_begin_ = run_end_ = 0;
        run_splice_ = 0;
        for (const RoutedGame& g : b.routed) {
            std::string_view route(b.routes.data() + route_begin, g.route_end - route_begin);
            route_begin = g.route_end;
            const std::optional<std::string_view> key = take_field(route);
            // The key of the game before, most often (a tournament's games, a piece of
            // --games): no lookup.
            if (!have_last_ || key.has_value() != last_key_there_ ||
                (key && *key != std::string_view(key_).substr(1))) {
                if (!write_run(b, text)) return false;
                key_.assign(1, key ? '\1' : '\0');
                if (key) key_.append(*key);
                auto it = pieces_.find(std::string_view(key_));
                if (it == pieces_.end()) {
                    const std::optional<std::size_t> piece = begin_piece(key, route);
                    if (!piece) return false;
                    it = pieces_.emplace(key_, *piece).first;
                }
                piece_ = it->second;
                have_last_ = true;
                last_key_there_ = key.has_value();
            }
            ++games_[piece_];
            run_end_ = g.end;
        }
        return write_run(b, text);
    }

    const std::string& error() const { return error_; }
    const std::vector<std::uint64_t>& games() const { return games_; }

  private:
    /// Writes the run of games [run_begin_, run_end_) of the batch text to piece_, with the
    /// splices of games whose kept text lacks bytes of the input; the next run begins there.
    bool write_run(const BatchOutput& b, std::string_view text) {
        if (run_end_ == run_begin_) return true;
        std::size_t splice = run_splice_;
        while (splice < b.splices.size() && b.splices[splice].at < run_end_) ++splice;
        const bool ok = write_raw_games(
            [&](std::string_view bytes) { return files_.write(piece_, bytes); },
            text.substr(run_begin_, run_end_ - run_begin_), run_begin_,
            std::span<const Splice>(b.splices.data() + run_splice_, splice - run_splice_), false);
        if (!ok) {
            error_ = files_.error();
            return false;
        }
        run_begin_ = run_end_;
        run_splice_ = splice;
        return true;
    }

    /// A new piece for `key`, named from the template and the rest of its first game's route.
    std::optional<std::size_t> begin_piece(std::optional<std::string_view> key,
                                           std::string_view route) {
        std::vector<std::optional<std::string_view>> tags;
        std::vector<std::string> utf8(name_.tags().size() + 1);
        for (std::size_t k = 0; k < name_.tags().size(); ++k) {
            std::optional<std::string_view> value = take_field(route);
            if (value) value = as_utf8(*value, utf8[k + 1]);
            tags.push_back(value);
        }
        if (key) key = as_utf8(*key, utf8[0]);
        const std::string wanted = name_.render(key, piece_number(key), tags);
        std::string name = names_.claim(wanted, name_.extension().size());
        if (opts_.shard.active() && name != wanted)
            fmt::print(stderr,
                       "{}: warning: --shard {}/{}: '{}' was taken by another key and became "
                       "'{}': another shard may number such names in another order\n",
                       message_prefix(), opts_.shard.index, opts_.shard.count, wanted, name);
        if (files_.exists(name)) {
            const std::string path = files_.path_of(name);
            if (!opts_.force) {
                error_ = fmt::format("'{}' exists: refusing to replace it (--force replaces it; "
                                     "nothing was written in '{}')",
                                     path, opts_.folder);
                return std::nullopt;
            }
            if (auto clash = find_output_clash(opts_.inputs, {{"-o", path}})) {
                error_ = clash->message;
                return std::nullopt;
            }
        }
        if (opts_.by == SplitBy::Games && !games_.empty() &&
            !files_.close_file(games_.size() - 1)) {
            error_ = files_.error();
            return std::nullopt;
        }
        games_.push_back(0);
        return files_.add(std::move(name));
    }

    /// {n}: with --games the piece's number in the run (its key: with --shard a shard's first
    /// piece need not be 1), else the file's number in the order the files began.
    std::uint64_t piece_number(std::optional<std::string_view> key) const {
        std::uint64_t n = games_.size() + 1;
        if (opts_.by == SplitBy::Games && key)
            std::from_chars(key->data(), key->data() + key->size(), n);
        return n;
    }

    const SplitRunOptions& opts_;
    const NameTemplate& name_;
    OutputSet& files_;
    UniqueFileNames names_;
    std::unordered_map<std::string, std::size_t, ViewHash, std::equal_to<>> pieces_;
    std::vector<std::uint64_t> games_; ///< per piece
    std::string key_;                  ///< the last game's key: a byte (1 there, 0 not) and the key
    bool have_last_ = false, last_key_there_ = false;
    std::size_t piece_ = 0;                                    ///< the last game's piece
    std::size_t run_begin_ = 0, run_end_ = 0, run_splice_ = 0; ///< take()'s run (write_run())
    std::string error_;
};

/// The resolved path of an input ("-": the file standard input is, if it is one), or "".
std::string resolved_input(const std::string& input) {
    char buffer[PATH_MAX];
    if (input == "-") {
        struct stat st;
        if (::fstat(STDIN_FILENO, &st) != 0 || !S_ISREG(st.st_mode)) return {};
        return ::realpath("/proc/self/fd/0", buffer) ? buffer : "";
    }
    return ::realpath(input.c_str(), buffer) ? buffer : "";
}

/// Refuses a folder that is an input or holds one (a piece could replace it): the message,
/// or "".
std::string folder_clash(const SplitRunOptions& o) {
    char buffer[PATH_MAX];
    if (!::realpath(o.folder.c_str(), buffer)) return {}; // not there yet: holds nothing
    const std::string folder = buffer;
    for (const std::string& input : o.inputs) {
        const std::string path = resolved_input(input);
        if (path.empty()) continue;
        const std::string shown = input == "-" ? "standard input" : fmt::format("'{}'", input);
        if (path == folder)
            return fmt::format("-o '{}' is the input {} (nothing was read or written)", o.folder,
                               shown);
        const std::size_t slash = path.rfind('/');
        if (path.substr(0, slash == 0 ? 1 : slash) == folder)
            return fmt::format("-o '{}' holds the input {}: a piece could replace it; write the "
                               "pieces to another folder (nothing was read or written)",
                               o.folder, shown);
    }
    return {};
}

} // namespace

int run_split(const SplitRunOptions& opts) {
    auto parsed =
        NameTemplate::parse(opts.name.empty() ? default_name_template(opts.by) : opts.name);
    if (!parsed) {
        fmt::print(stderr, "{}: error: --name: {}\n", message_prefix(), parsed.error());
        return 2;
    }
    NameTemplate name = std::move(*parsed);
    const auto ends_zst = [](std::string_view e) {
        return e.size() >= 4 && e.substr(e.size() - 4) == ".zst";
    };
    if (opts.compression == OutputCompression::Zstd && !ends_zst(name.extension()))
        name.append_literal(".zst");
    if (const std::string clash = folder_clash(opts); !clash.empty()) {
        fmt::print(stderr, "{}: error: {}\n", message_prefix(), clash);
        return 2;
    }
    OutputSetOptions so;
    so.max_open = opts.max_open;
    so.zstd = opts.compression == OutputCompression::Zstd ||
              (opts.compression == OutputCompression::Auto && ends_zst(name.extension()));
    so.zstd_level = opts.zstd_level;
    so.replace = opts.force;
    OutputSet files(opts.folder, so);

    std::vector<std::unique_ptr<SplitProcessor>> procs;
    for (int i = 0; i < std::max(1, opts.jobs); ++i)
        procs.push_back(std::make_unique<SplitProcessor>(opts, name));
    SplitSink sink(opts, name, files);
    PipelineOptions po;
    po.inputs = opts.inputs;
    po.jobs = opts.jobs;
    po.progress = opts.progress;
    po.shard = opts.shard;
    po.run_numbers = opts.shard.active() && opts.by == SplitBy::Games; // one run's pieces
    std::uint64_t io_errors = 0;
    const PipelineStats run = run_pipeline(
        po, [&](int w) -> BatchProcessor& { return *procs[std::size_t(w)]; },
        [&](BatchOutput& b) {
            if (!b.io_error.empty()) {
                ++io_errors;
                fmt::print(stderr, "{}: error: {}\n", message_prefix(), b.io_error);
            }
            if (!b.err.empty()) std::fwrite(b.err.data(), 1, b.err.size(), stderr);
            return sink.take(b);
        });
    if (!sink.error().empty()) {
        fmt::print(stderr, "{}: error: {}\n", message_prefix(), sink.error());
        return 2; // the files written are removed (~OutputSet)
    }
    std::uint64_t games = 0, not_pgn = 0, as_kept = 0;
    for (const auto& p : procs) {
        games += p->games;
        not_pgn += p->not_pgn;
        as_kept += p->as_kept;
    }
    files.commit();
    if (as_kept != 0)
        fmt::print(stderr,
                   "{}: warning: {} game{} written without the parts longer than the kept limits "
                   "(see oversized): a compressed input or a pipe cannot be read again for them\n",
                   message_prefix(), as_kept, as_kept == 1 ? "" : "s");
    if (opts.list) {
        std::string text;
        for (std::size_t k = 0; k < files.files(); ++k) {
            append_display(text, files.name(k), true);
            text += fmt::format("\t{}\n", sink.games()[k]);
        }
        std::fwrite(text.data(), 1, text.size(), stdout);
    }
    if (opts.summary) {
        std::string line = fmt::format(
            "{}{}: {} game{} into {} file{} in '{}'", message_prefix(),
            opts.shard.active() ? fmt::format(" (shard {}/{})", opts.shard.index, opts.shard.count)
                                : std::string(),
            games, games == 1 ? "" : "s", files.files(), files.files() == 1 ? "" : "s",
            opts.folder);
        if (not_pgn != 0)
            line += fmt::format("; {} text{} between games not PGN, skipped", not_pgn,
                                not_pgn == 1 ? "" : "s");
        fmt::print(stderr, "{}\n", line);
    }
    return run.io_errors || io_errors ? 2 : 0;
}

} // namespace pgnkit::app
