// pgnkit merge of validate's JSON shards (include/pgnkit/cmd/validate/merge.hpp); the numbers
// of a shard's output are those of the contract in docs/MANY-MACHINES.md "Numbering".

#include "pgnkit/cmd/validate/merge.hpp"

#include "pgnkit/cmd/validate/validate.hpp"
#include "pgnkit/format/json.hpp"
#include "pgnkit/format/json_read.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/run/messages.hpp"
#include "pgnkit/run/pipeline.hpp"
#include "pgnkit/run/shard_set.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace pgnkit::app {

namespace {

/// A merge input that is no complete set of shards, or cannot be read: one message, status 2.
struct MergeError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// The lines of bytes [begin, end) of an open file, read with pread(2) in large pieces (the
/// shards of one file are read side by side, each from its own place).
class LineReader {
  public:
    LineReader(int fd, std::uint64_t begin, std::uint64_t end, std::string name, std::size_t piece)
        : fd_(fd), next_(begin), end_(end), base_(begin), piece_(piece), name_(std::move(name)) {}

    /// The next line, its '\n' included (the last may lack it); false at the end.
    bool next(std::string_view& line) {
        for (;;) {
            const std::size_t nl = buf_.find('\n', at_);
            if (nl != std::string::npos || (next_ >= end_ && at_ < buf_.size())) {
                const std::size_t stop = nl != std::string::npos ? nl + 1 : buf_.size();
                line = std::string_view(buf_).substr(at_, stop - at_);
                line_start_ = base_ + at_;
                at_ = stop;
                return true;
            }
            if (next_ >= end_) return false;
            buf_.erase(0, at_);
            base_ += at_;
            at_ = 0;
            const std::size_t want = std::size_t(std::min<std::uint64_t>(piece_, end_ - next_));
            const std::size_t had = buf_.size();
            buf_.resize(had + want);
            const ssize_t n = ::pread(fd_, buf_.data() + had, want, off_t(next_));
            if (n < 0) {
                buf_.resize(had);
                if (errno == EINTR) continue;
                throw MergeError(fmt::format("cannot read {}: {}", name_, std::strerror(errno)));
            }
            buf_.resize(had + std::size_t(n));
            if (n == 0)
                end_ = next_; // the end of the file
            else
                next_ += std::uint64_t(n);
        }
    }
    /// Where the line next() returned last starts in the file.
    std::uint64_t line_start() const { return line_start_; }

  private:
    int fd_;
    std::uint64_t next_, end_; ///< the next byte to read, the end of the part read
    std::uint64_t base_;       ///< the file offset of buf_[0]
    std::size_t piece_;
    std::string name_;
    std::string buf_;
    std::size_t at_ = 0; ///< the start of the next line in buf_
    std::uint64_t line_start_ = 0;
};

/// A number field of a diagnostic line: where its text is (to rewrite it) and its value
/// (none: null).
struct NumberField {
    std::size_t begin = 0, end = 0;
    std::optional<std::uint64_t> value;
};

/// One line of validate's JSON that is a diagnostic. validate.cpp (json_head(), json_tail())
/// writes the fields always in the same order, so the line is read by that layout, not as
/// general JSON: the merge finds its numbers and copies the rest unchanged.
struct DiagnosticLine {
    std::string_view text;
    std::string_view file; ///< the "file" value as written: a JSON string, quotes included
    NumberField line, offset, game, index, games_affected;
    std::string_view severity;     ///< the "severity" value, unquoted
    std::size_t message_begin = 0; ///< where the "message" value starts
    /// An input's encoding note (validate.cpp FileNote): the one line with games_affected.
    bool is_note() const { return games_affected.value.has_value(); }
};

class LayoutReader {
  public:
    explicit LayoutReader(std::string_view s) : s_(s) {}
    std::size_t at() const { return i_; }
    bool literal(std::string_view lit) {
        if (s_.substr(i_).substr(0, lit.size()) != lit) return false;
        i_ += lit.size();
        return true;
    }
    /// A JSON string: [begin, end) with its quotes.
    bool string(std::size_t& begin, std::size_t& end) {
        if (i_ >= s_.size() || s_[i_] != '"') return false;
        begin = i_++;
        while (i_ < s_.size()) {
            const char c = s_[i_++];
            if (c == '\\')
                ++i_;
            else if (c == '"') {
                end = i_;
                return true;
            }
        }
        return false;
    }
    bool number(NumberField& f) {
        f.begin = i_;
        if (literal("null")) {
            f.end = i_;
            f.value.reset();
            return true;
        }
        std::uint64_t v = 0;
        const auto r = std::from_chars(s_.data() + i_, s_.data() + s_.size(), v);
        if (r.ec != std::errc() || r.ptr == s_.data() + i_) return false;
        i_ = std::size_t(r.ptr - s_.data());
        f.end = i_;
        f.value = v;
        return true;
    }

  private:
    std::string_view s_;
    std::size_t i_ = 0;
};

bool read_diagnostic(std::string_view text, DiagnosticLine& d) {
    LayoutReader r(text);
    std::size_t b = 0, e = 0;
    NumberField skip;
    d.text = text;
    if (!r.literal("{\"file\":") || !r.string(b, e)) return false;
    d.file = text.substr(b, e - b);
    if (!r.literal(",\"line\":") || !r.number(d.line)) return false;
    if (!r.literal(",\"column\":") || !r.number(skip)) return false;
    if (!r.literal(",\"offset\":") || !r.number(d.offset)) return false;
    if (!r.literal(",\"game\":") || !r.number(d.game)) return false;
    if (!r.literal(",\"index\":") || !r.number(d.index)) return false;
    if (!r.literal(",\"ply\":") || !r.number(skip)) return false;
    if (!r.literal(",\"code\":") || !r.string(b, e)) return false;
    if (!r.literal(",\"severity\":") || !r.string(b, e)) return false;
    d.severity = text.substr(b + 1, e - b - 2);
    if (!r.literal(",\"message\":")) return false;
    d.message_begin = r.at();
    if (!r.string(b, e)) return false;
    return r.literal(",\"games_affected\":") && r.number(d.games_affected);
}

void append_number_or_null(std::string& out, const std::optional<std::uint64_t>& n) {
    if (n)
        out += fmt::format("{}", *n);
    else
        out += "null";
}

/// One shard's output found in a merge input.
struct Shard {
    std::size_t source = 0;           ///< the merge input that holds it
    std::uint64_t begin = 0, end = 0; ///< its diagnostic lines: bytes of that input
    std::uint64_t first_line = 0;     ///< its first line's number in that input (messages)
    ShardRecord record;               ///< its `shard` object (run/shard_set.hpp)
    /// Per input: its name as the diagnostics write it (a JSON string), and the shard's games
    /// in the inputs before it (its `index` values are the shard's own count).
    std::vector<std::string> json_names;
    std::vector<std::uint64_t> games_before;
    ShardOffsets offsets; ///< what one run's numbers add (shard_offsets())
    ValidateStats stats;
    double seconds = -1;     ///< < 0: not timed
    std::uint64_t notes = 0; ///< encoding notes among its lines
};

constexpr std::string_view severity_groups[3] = {"error", "warning", "info"};

void read_summary(std::string_view text, Shard& s) {
    const JsonValue doc = parse_json(text, "validate JSON");
    const JsonValue& sum = doc.need("summary");
    ValidateStats& st = s.stats;
    st.files = sum.need("files").u64();
    st.games = sum.need("games").u64();
    st.valid = sum.need("valid").u64();
    st.invalid = sum.need("invalid").u64();
    st.errors = sum.need("errors").u64();
    st.warnings = sum.need("warnings").u64();
    st.infos = sum.need("infos").u64();
    st.plies = sum.need("plies").u64();
    st.bytes = sum.need("bytes").u64();
    auto code_of = [](const std::string& name) {
        const std::optional<Code> c = code_from_name(name);
        if (!c)
            throw MergeError(fmt::format(
                "unknown diagnostic code '{}' (written by another version of pgnkit?)", name));
        return std::size_t(*c);
    };
    const JsonValue& by_code = sum.need("by_code");
    for (std::size_t i = 0; i < by_code.keys.size(); ++i)
        st.by_code[code_of(by_code.keys[i])] = by_code.values[i].u64();
    const JsonValue& by_severity = sum.need("by_severity");
    for (std::size_t k = 0; k < 3; ++k) {
        const JsonValue& group = by_severity.need(severity_groups[k]);
        for (std::size_t i = 0; i < group.keys.size(); ++i)
            st.by_severity[k][code_of(group.keys[i])] = group.values[i].u64();
    }
    if (const JsonValue& sec = sum.need("seconds"); !sec.is_null()) s.seconds = std::stod(sec.text);
    const JsonValue* shard = sum.get("shard");
    if (shard == nullptr || shard->is_null())
        throw MergeError("its summary has no \"shard\": validate ran without --shard K/N, and "
                         "merge combines the shards of one run");
    const std::uint64_t index = shard->need("index").u64(), count = shard->need("count").u64();
    if (index == 0 || index > count || count > 1000000)
        throw MergeError(fmt::format("shard {}/{} is no shard K/N", index, count));
    s.record.spec.index = std::uint32_t(index);
    s.record.spec.count = std::uint32_t(count);
    for (const JsonValue& in : shard->need("inputs").items) {
        ShardInput si;
        si.file = in.need("file").text;
        const std::string& mode = in.need("mode").text;
        if (mode != "range" && mode != "stride")
            throw MergeError(fmt::format("unknown shard mode '{}' of '{}'", mode, si.file));
        si.range = mode == "range";
        si.games = in.need("games").u64();
        if (si.range) {
            si.begin = in.need("begin").u64();
            si.end = in.need("end").u64();
            si.lines = in.need("lines").u64();
        }
        s.json_names.emplace_back();
        append_json_string(s.json_names.back(), si.file);
        s.games_before.push_back(
            s.record.inputs.empty() ? 0 : s.games_before.back() + s.record.inputs.back().games);
        s.record.inputs.push_back(std::move(si));
    }
}

std::string display_name(const std::string& path) {
    return path == "-" ? std::string("standard input") : "'" + path + "'";
}

/// Pass 1: the shards of one merge input (their summaries; the lines are only checked).
void find_shards(int fd, std::size_t source, const std::string& path, std::vector<Shard>& out) {
    LineReader reader(fd, 0, std::numeric_limits<std::uint64_t>::max(), display_name(path),
                      std::size_t(1) << 18);
    std::string_view line;
    std::uint64_t line_no = 0, shard_begin = 0, shard_first_line = 1, notes = 0;
    DiagnosticLine d;
    while (reader.next(line)) {
        ++line_no;
        const auto where = [&] { return fmt::format("{}, line {}", display_name(path), line_no); };
        if (!line.ends_with('\n')) {
            throw MergeError(fmt::format("{} ends in the middle of a line: a shard's output cut "
                                         "short",
                                         where()));
        }
        if (line.starts_with("{\"summary\":")) {
            Shard s;
            s.source = source;
            s.begin = shard_begin;
            s.end = reader.line_start();
            s.first_line = shard_first_line;
            s.notes = notes;
            try {
                read_summary(line, s);
            } catch (const std::exception& e) {
                throw MergeError(fmt::format("{}: {}", where(), e.what()));
            }
            out.push_back(std::move(s));
            shard_begin = reader.line_start() + line.size();
            shard_first_line = line_no + 1;
            notes = 0;
        } else if (read_diagnostic(line, d)) {
            notes += d.is_note();
        } else if (line.starts_with("{\"pgnkit\":\"stats\"")) {
            throw MergeError(fmt::format(
                "{} is `pgnkit stats --format json` output; merge combines one kind at a time",
                where()));
        } else {
            throw MergeError(
                fmt::format("{} is not a line of `pgnkit validate --format json` output", where()));
        }
    }
    if (line_no == 0) throw MergeError(fmt::format("{} is empty", display_name(path)));
    if (shard_first_line <= line_no)
        throw MergeError(fmt::format(
            "{} ends with {} line{} after its last summary: a shard's output cut short (or "
            "validate run with --no-summary)",
            display_name(path), line_no - shard_first_line + 1,
            line_no == shard_first_line ? "" : "s"));
}

/// Where a shard's output is: its file, and the line it starts at when that is not the first.
std::string shard_place(const Shard& s, const std::vector<std::string>& paths) {
    return s.first_line == 1
               ? display_name(paths[s.source])
               : fmt::format("{} (line {})", display_name(paths[s.source]), s.first_line);
}
std::string shard_name(const Shard& s, const std::vector<std::string>& paths) {
    return fmt::format("shard {}/{} ({})", s.record.spec.index, s.record.spec.count,
                       shard_place(s, paths));
}

/// The shards in order, checked to be one complete set of one run (check_shard_set(), and
/// byte ranges that meet); each given its offsets.
std::vector<Shard*> complete_set(std::vector<Shard>& shards,
                                 const std::vector<std::string>& paths) {
    std::vector<ShardRecord> records;
    std::vector<std::string> names;
    for (const Shard& s : shards) {
        records.push_back(s.record);
        names.push_back(shard_place(s, paths));
    }
    if (std::string wrong = check_shard_set(records, names, true); !wrong.empty())
        throw MergeError(wrong);
    const std::uint32_t n = shards.front().record.spec.count;
    std::vector<Shard*> slots(n, nullptr);
    for (Shard& s : shards) slots[s.record.spec.index - 1] = &s;
    std::vector<std::string> missing;
    for (std::size_t k = 0; k < slots.size(); ++k)
        if (slots[k] == nullptr) missing.push_back(fmt::format("{}", k + 1));
    if (!missing.empty())
        throw MergeError(fmt::format(
            "shard{} {} of {} missing: the numbers of every shard depend on the shards before "
            "it, so validate's shards merge only as a complete set",
            missing.size() == 1 ? "" : "s", fmt::join(missing, ", "), n));
    for (std::size_t k = 1; k < slots.size(); ++k) {
        const auto& inputs = slots[k]->record.inputs;
        for (std::size_t f = 0; f < inputs.size(); ++f) {
            const std::uint64_t expected = slots[k - 1]->record.inputs[f].end;
            if (inputs[f].range && inputs[f].begin != expected)
                throw MergeError(fmt::format(
                    "{} takes '{}' from byte {}, where the shard before it ended at byte {}: "
                    "shards of different runs or of a changed file",
                    shard_name(*slots[k], paths), inputs[f].file, inputs[f].begin, expected));
        }
    }
    records.clear();
    for (const Shard* s : slots) records.push_back(s->record);
    std::vector<ShardOffsets> offsets = shard_offsets(records);
    for (std::size_t k = 0; k < slots.size(); ++k) slots[k]->offsets = std::move(offsets[k]);
    return slots;
}

/// Pass 2's reader of one shard: its lines in order, each told which of its inputs it is from.
struct Cursor {
    const Shard* shard;
    LineReader reader;
    DiagnosticLine line;
    bool has = false;
    std::size_t input = 0; ///< the input of `line`
    std::uint64_t key = 0; ///< `line`'s place in a stride input (its offset, else the last)

    /// Reads the next line if none is waiting; false at the shard's end.
    bool peek() {
        if (has) return true;
        std::string_view text;
        if (!reader.next(text)) return false;
        if (!read_diagnostic(text, line))
            throw MergeError(fmt::format("shard {}/{} changed while merging",
                                         shard->record.spec.index, shard->record.spec.count));
        // Lines come input by input. A game's line says which input by its index (the
        // shard's own count: each input's games are the next block of it); text between
        // games by its name and, in a range, its offset (the same file may be named twice).
        const auto& inputs = shard->record.inputs;
        const auto& names = shard->json_names;
        if (line.index.value) {
            while (input < inputs.size() &&
                   *line.index.value > shard->games_before[input] + inputs[input].games)
                ++input;
        } else {
            while (input < inputs.size() &&
                   !(names[input] == line.file && (!inputs[input].range || !line.offset.value ||
                                                   (*line.offset.value >= inputs[input].begin &&
                                                    *line.offset.value < inputs[input].end))))
                ++input;
        }
        if (input == inputs.size() || names[input] != line.file)
            throw MergeError(fmt::format("shard {}/{} has a diagnostic of {} after the inputs "
                                         "its summary lists",
                                         shard->record.spec.index, shard->record.spec.count,
                                         line.file));
        if (line.offset.value) key = *line.offset.value;
        has = true;
        return true;
    }
};

/// An input's encoding note, made one from the shards' (one run writes one per input).
struct MergedNote {
    std::uint64_t games = 0, shards = 0;
    std::uint64_t rank = std::numeric_limits<std::uint64_t>::max(); ///< the kept one's place
    std::string head, tail; ///< the kept note, renumbered, before and after message/count
    std::string severity;
    std::string read_as; ///< the encoding its message names (encoding_games_message())
};

class Merger {
  public:
    Merger(OutputFile& out, std::vector<Shard*> shards, const std::vector<std::string>& paths,
           const std::vector<int>& fds)
        : out_(out), shards_(std::move(shards)) {
        for (const Shard* s : shards_)
            cursors_.push_back({s,
                                LineReader(fds[s->source], s->begin, s->end,
                                           display_name(paths[s->source]), std::size_t(1) << 16),
                                {},
                                false,
                                0,
                                0});
    }

    /// Writes every diagnostic in one run's order; false if the output went away.
    bool run() {
        const auto& inputs = shards_.front()->record.inputs;
        std::uint64_t index_base = 0; // games of the inputs before this one (all shards)
        for (std::size_t f = 0; f < inputs.size() && ok_; ++f) {
            MergedNote note;
            if (inputs[f].range)
                merge_range(f, index_base, note);
            else
                merge_stride(f, index_base, note);
            if (note.shards != 0) write_note(note);
            for (const Shard* s : shards_) index_base += s->record.inputs[f].games;
        }
        for (Cursor& c : cursors_)
            if (ok_ && c.peek())
                throw MergeError(fmt::format("shard {}/{} has a diagnostic of {} out of the "
                                             "order of its inputs",
                                             c.shard->record.spec.index, c.shard->record.spec.count,
                                             c.line.file));
        flush();
        return ok_;
    }

    /// Encoding notes the shards counted and this merge made one: taken off the summary.
    std::array<std::uint64_t, 3> duplicate_notes{};

  private:
    /// A byte-range input: shard after shard, each renumbered by the ones before it.
    void merge_range(std::size_t f, std::uint64_t index_base, MergedNote& note) {
        for (Cursor& c : cursors_) {
            while (ok_ && c.peek() && c.input == f) {
                emit(c.line, c.shard->offsets.lines[f], c.shard->offsets.games[f], index_base,
                     c.shard->record.spec.index, note);
                c.has = false;
            }
        }
    }

    /// A stride input: the shards' lines game by game, by their place in the input (a game's
    /// diagnostics point into its text, and games do not overlap). Numbers are exact already.
    void merge_stride(std::size_t f, std::uint64_t index_base, MergedNote& note) {
        for (;;) {
            Cursor* next = nullptr;
            for (Cursor& c : cursors_)
                if (c.peek() && c.input == f && (next == nullptr || c.key < next->key)) next = &c;
            if (next == nullptr || !ok_) return;
            // The whole item: one game's lines, or one line of text between games.
            const std::optional<std::uint64_t> game = next->line.game.value;
            do {
                emit(next->line, 0, 0, index_base, next->line.game.value.value_or(0), note);
                next->has = false;
            } while (game && next->peek() && next->input == f && next->line.game.value == game);
        }
    }

    /// Writes a line renumbered (or keeps an encoding note for the end of its input).
    void emit(const DiagnosticLine& d, std::uint64_t lines_before, std::uint64_t games_before,
              std::uint64_t index_base, std::uint64_t rank, MergedNote& note) {
        std::string& out = d.is_note() ? scratch_ : buf_;
        if (d.is_note()) scratch_.clear();
        std::optional<std::uint64_t> line = d.line.value, game = d.game.value, index;
        if (line) *line += lines_before;
        if (game) *game += games_before;
        if (d.index.value && game) index = index_base + *game;
        out.append(d.text.substr(0, d.line.begin));
        append_number_or_null(out, line);
        out.append(d.text.substr(d.line.end, d.game.begin - d.line.end));
        append_number_or_null(out, game);
        out.append(d.text.substr(d.game.end, d.index.begin - d.game.end));
        append_number_or_null(out, index);
        if (!d.is_note()) {
            out.append(d.text.substr(d.index.end));
            if (buf_.size() >= (std::size_t(1) << 20)) flush();
            return;
        }
        out.append(d.text.substr(d.index.end, d.message_begin - d.index.end));
        note.games += *d.games_affected.value;
        ++note.shards;
        if (rank < note.rank) {
            note.rank = rank;
            note.head = scratch_;
            note.tail = std::string(d.text.substr(d.games_affected.end));
            note.severity = std::string(d.severity);
            // "…; read as NAME": the name as it stands (plain ASCII, nothing JSON escapes).
            const std::string_view message =
                d.text.substr(d.message_begin, d.games_affected.begin - d.message_begin);
            const std::size_t as = message.rfind("; read as ");
            const std::size_t end = message.rfind("\",\"games_affected\"");
            note.read_as = as == std::string_view::npos || end == std::string_view::npos || end < as
                               ? std::string(latin1_name)
                               : std::string(message.substr(as + 10, end - as - 10));
        }
    }

    void write_note(const MergedNote& note) {
        buf_ += note.head;
        append_json_string(buf_, encoding_games_message(note.games, note.read_as));
        buf_ += fmt::format(",\"games_affected\":{}", note.games);
        buf_ += note.tail;
        for (std::size_t k = 0; k < 3; ++k)
            if (note.severity == severity_groups[k]) duplicate_notes[k] += note.shards - 1;
    }

    void flush() {
        if (ok_ && !buf_.empty()) ok_ = out_.write(buf_);
        buf_.clear();
    }

    OutputFile& out_;
    std::vector<Shard*> shards_;
    std::vector<Cursor> cursors_;
    std::string buf_, scratch_;
    bool ok_ = true;
};

/// Opens the merge inputs ("-" is descriptor 0); closes them when done.
struct OpenInputs {
    std::vector<int> fds;
    explicit OpenInputs(const std::vector<std::string>& paths) {
        for (const std::string& p : paths) {
            const int fd = p == "-" ? 0 : ::open(p.c_str(), O_RDONLY | O_CLOEXEC);
            if (fd < 0) {
                const int e = errno;
                close_all();
                throw MergeError(fmt::format("cannot open '{}': {}", p, std::strerror(e)));
            }
            fds.push_back(fd);
        }
    }
    ~OpenInputs() { close_all(); }
    OpenInputs(const OpenInputs&) = delete;
    OpenInputs& operator=(const OpenInputs&) = delete;

  private:
    void close_all() {
        for (int fd : fds)
            if (fd > 0) ::close(fd);
        fds.clear();
    }
};

} // namespace

bool is_validate_json(std::string_view head) {
    const std::size_t i = head.find_first_not_of(" \t\r\n");
    if (i == std::string_view::npos) return false;
    head.remove_prefix(i);
    return head.starts_with("{\"file\":") || head.starts_with("{\"summary\":");
}

int run_validate_merge(const ValidateMergeOptions& opts) {
    try {
        OpenInputs files(opts.inputs);
        std::vector<Shard> found;
        for (std::size_t i = 0; i < opts.inputs.size(); ++i)
            find_shards(files.fds[i], i, opts.inputs[i], found);
        const std::vector<Shard*> shards = complete_set(found, opts.inputs);

        OutputFile out(opts.output.empty() ? std::string("-") : opts.output);
        Merger merger(out, shards, opts.inputs, files.fds);
        if (!merger.run()) {
            if (!out.error().empty()) throw MergeError(out.error());
            return 0; // standard output closed (| head): stop quietly, as validate does
        }

        ValidateStats total;
        double seconds = -1;
        bool hidden_notes = false;
        constexpr auto encoding = std::size_t(Code::Encoding);
        for (const Shard* s : shards) {
            total.merge(s->stats);
            seconds = std::max(seconds, s->seconds);
            // Notes counted but not printed (-q, or at a severity not shown) cannot be made
            // one: the summary then counts one per shard.
            const std::uint64_t counted =
                s->stats.by_severity[1][encoding] + s->stats.by_severity[2][encoding];
            hidden_notes = hidden_notes || counted > s->notes;
        }
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint64_t d = merger.duplicate_notes[k];
            total.by_code[encoding] -= d;
            total.by_severity[k][encoding] -= d;
            (k == 0 ? total.errors : k == 1 ? total.warnings : total.infos) -= d;
        }
        if (hidden_notes)
            fmt::print(stderr,
                       "{}: warning: the shards counted encoding notes they did not print (-q, "
                       "or a severity not shown): the summary counts such a note once per shard "
                       "instead of once per input\n",
                       message_prefix());
        if (!out.write(validate_summary_json(total, seconds)) && !out.error().empty())
            throw MergeError(out.error());
        out.flush();
        if (!out.error().empty()) throw MergeError(out.error());
        out.commit();
        return total.invalid || total.errors ? 1 : 0;
    } catch (const MergeError& e) {
        fmt::print(stderr, "{}: error: {}\n", message_prefix(), e.what());
        return 2;
    }
}

} // namespace pgnkit::app
