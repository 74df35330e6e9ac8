#include "pgnkit/cmd/dedup/dedup.hpp"

#include "pgnkit/cmd/dedup/key_file.hpp"
#include "pgnkit/cmd/dedup/key_table.hpp"
#include "pgnkit/format/json.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/run/messages.hpp"
#include "pgnkit/run/not_pgn.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <fmt/format.h>

#include <sys/stat.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <memory>
#include <span>
#include <unordered_map>

namespace pgnkit::app {

std::string_view dedup_key_name(DedupKey k) {
    switch (k) {
    case DedupKey::Moves: return "moves";
    case DedupKey::MovesPlayers: return "moves+players";
    case DedupKey::FinalPosition: return "final-position";
    case DedupKey::Header: return "header";
    }
    return "";
}

std::string_view dedup_keep_name(DedupKeep k) {
    switch (k) {
    case DedupKeep::First: return "first";
    case DedupKeep::Longest: return "longest";
    case DedupKeep::MostAnnotated: return "most-annotated";
    }
    return "";
}

namespace {

/// One game as the sink sees it.
struct GameRecord {
    Key128 key;
    std::uint64_t moves_lo = 0; ///< the low half of the moves key (--key header)
    std::uint32_t score = 0;    ///< by --keep: plies or annotations (0 for first)
    int plies = 0;
    bool error = false;
    std::uint32_t input = 0;
    std::uint64_t game = 0, offset = 0;
};

/// A game's record in BatchOutput::keys: `words` 64-bit words per game, the game's bytes
/// ending at `end` in BatchOutput::accepted (a plain vector of words so that the pipeline's
/// BatchOutput needs no type of dedup's).
constexpr std::size_t words = 7;
void push_record(std::vector<std::uint64_t>& to, const GameKeys& k, std::uint32_t score,
                 std::uint64_t game, std::uint64_t offset, std::uint64_t end) {
    to.insert(to.end(), {k.key.hi, k.key.lo, k.moves.lo,
                         std::uint64_t(score) | std::uint64_t(std::uint32_t(k.plies)) << 32,
                         game << 1 | std::uint64_t(k.error), offset, end});
}
GameRecord read_record(const std::uint64_t* w, std::uint32_t input, std::uint64_t& end) {
    GameRecord r;
    r.key = {w[0], w[1]};
    r.moves_lo = w[2];
    r.score = std::uint32_t(w[3]);
    r.plies = int(w[3] >> 32);
    r.game = w[4] >> 1;
    r.error = (w[4] & 1) != 0;
    r.offset = w[5];
    r.input = input;
    end = w[6];
    return r;
}

std::uint32_t score_of(DedupKeep keep, const GameKeys& k) {
    switch (keep) {
    case DedupKeep::First: return 0;
    case DedupKeep::Longest: return std::uint32_t(k.plies);
    case DedupKeep::MostAnnotated: return k.annotations;
    }
    return 0;
}

class DedupProcessor final : public BatchProcessor {
  public:
    DedupProcessor(const DedupRunOptions& o, bool copy_games, const FoldedSpellings* spellings)
        : opts_(o), copy_games_(copy_games),
          validator_(std::make_unique<GameValidator>(o.validate)),
          visitor_(std::make_unique<GameKeyVisitor>(*validator_, o.key, spellings)) {}

    void process(const Batch& batch, BatchOutput& out) override {
        // The input of the games in `out`: set by its first batch (with --jobs 1 the pipeline
        // hands it a game at a time, the first of a text marked file_start).
        if (out.routes.empty()) {
            out.routes.assign(batch.file_start ? "+" : "=");
            out.routes += *batch.file;
        }
        for (const BatchGame& g : batch.games) {
            const GameSpan span = batch.span(g);
            if (g.not_pgn) { // text between games: no game (the first pass says so)
                if (copy_games_) out.err += not_pgn_report(span);
                ++not_pgn;
                continue;
            }
            reader_.read(span, *visitor_);
            visitor_->finish(reader_.last_game_utf8());
            const GameKeys& k = visitor_->keys();
            if (copy_games_) as_kept += append_raw_game(out.accepted, out, true, batch, g, span);
            push_record(out.keys, k, score_of(opts_.keep, k), g.in_file, span.offset,
                        out.accepted.size());
        }
    }

    std::uint64_t not_pgn = 0, as_kept = 0;

  private:
    const DedupRunOptions& opts_;
    bool copy_games_;
    PgnReader reader_;
    std::unique_ptr<GameValidator> validator_;
    std::unique_ptr<GameKeyVisitor> visitor_;
};

/// What became of a game.
enum class Verdict { Kept, Duplicate, Conflict };

/// The groups: the key table and the rules of --keep, --key header and --against.
class Groups {
  public:
    explicit Groups(const DedupRunOptions& o) : opts_(o), table_(o.memory_limit) {}

    /// The reference games (--against) are inputs [0, references).
    std::uint32_t references = 0;

    /// --against: a reference game joins the table (the first of equal ones).
    void add_reference(const GameRecord& r) {
        KeptGame existing;
        table_.insert(r.key, kept_of(r), existing);
    }

    /// The first pass of --keep longest|most-annotated: the best game of each group.
    void score(const GameRecord& r) {
        KeptGame existing;
        if (table_.insert(r.key, kept_of(r), existing)) return;
        if (existing.input < references || other_moves(r, existing)) return;
        // Ties go to the first game: in input order, or with --from-keys, whose shards may
        // take every N-th game, the first input and game number.
        const auto best = std::uint32_t(existing.aux);
        if (r.score > best ||
            (r.score == best &&
             (r.input < existing.input || (r.input == existing.input && r.game < existing.game)))) {
            KeptGame better = kept_of(r);
            better.aux = (existing.aux & ~std::uint64_t{0xffffffff}) | r.score;
            table_.replace(r.key, better);
        }
    }

    /// The game's fate, and the group's kept game in `kept`.
    Verdict decide(const GameRecord& r, bool scored, KeptGame& kept) {
        if (scored) {
            table_.find(r.key, kept);
        } else if (table_.insert(r.key, kept_of(r), kept)) {
            kept = kept_of(r);
            return Verdict::Kept;
        }
        if (other_moves(r, kept)) return Verdict::Conflict;
        if (kept.input == r.input && kept.game == r.game) return Verdict::Kept;
        return Verdict::Duplicate;
    }

    std::uint64_t distinct() const { return table_.size(); }
    std::uint64_t bytes() const { return table_.bytes(); }

  private:
    KeptGame kept_of(const GameRecord& r) const {
        KeptGame g{r.input, r.game, r.offset, r.score};
        if (opts_.key == DedupKey::Header) g.aux |= r.moves_lo << 32;
        return g;
    }
    /// --key header: a game of the group whose moves are not the kept game's.
    bool other_moves(const GameRecord& r, const KeptGame& kept) const {
        return opts_.key == DedupKey::Header && (kept.aux >> 32) != (r.moves_lo & 0xffffffff);
    }

    const DedupRunOptions& opts_;
    KeyTable table_;
};

template <class Int>
void append_number(std::string& out, Int n) {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, n);
    out.append(buf, r.ptr);
}

void append_place(std::string& to, std::string_view file, std::uint64_t game,
                  std::uint64_t offset) {
    to += "{\"file\":";
    append_json_string(to, file);
    to += ",\"game\":";
    append_number(to, game);
    to += ",\"offset\":";
    append_number(to, offset);
    to += '}';
}

struct Totals {
    std::uint64_t games = 0, kept = 0, duplicates = 0, conflicts = 0, errors = 0, references = 0;
};

/// Whether every input can be read twice (a file, not standard input or a pipe).
bool rereadable_inputs(const std::vector<std::string>& inputs, std::string& which) {
    for (const std::string& in : inputs) {
        struct stat st {};
        if (in == "-" || ::stat(in.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
            which = in == "-" ? "standard input" : in;
            return false;
        }
    }
    return true;
}

/// A key file line (DedupFormat::Keys) read back: false when it is not one.
bool parse_key_line(std::string_view line, GameRecord& r, std::string_view& file) {
    std::string_view f[7];
    for (auto& field : f) {
        const std::size_t tab = line.find('\t');
        if (tab == std::string_view::npos) return false;
        field = line.substr(0, tab);
        line.remove_prefix(tab + 1);
    }
    file = line;
    Key128 moves;
    if (!parse_key_hex(f[0], r.key) || !parse_key_hex(f[1], moves)) return false;
    r.moves_lo = moves.lo;
    auto num = [](std::string_view s, std::uint64_t& v) {
        const auto res = std::from_chars(s.data(), s.data() + s.size(), v);
        return res.ec == std::errc{} && res.ptr == s.data() + s.size() && !s.empty();
    };
    std::uint64_t score = 0, plies = 0, error = 0;
    if (!num(f[2], score) || !num(f[3], plies) || !num(f[4], error) || error > 1 ||
        !num(f[5], r.game) || !num(f[6], r.offset) || score > 0xffffffff || plies > 0x7fffffff)
        return false;
    r.score = std::uint32_t(score);
    r.plies = int(plies);
    r.error = error == 1;
    return true;
}

/// DedupFormat::Keys: `KEY MOVES SCORE PLIES ERROR GAME OFFSET FILE`, tab-separated (the file
/// name last: it may hold tabs).
void append_key_line(std::string& line, const GameRecord& r, std::string_view file) {
    line += key_hex(r.key);
    line += '\t';
    line += key_hex(Key128{0, r.moves_lo});
    line += '\t';
    append_number(line, r.score);
    line += '\t';
    append_number(line, r.plies);
    line += r.error ? "\t1\t" : "\t0\t";
    append_number(line, r.game);
    line += '\t';
    append_number(line, r.offset);
    line += '\t';
    line += file;
    line += '\n';
}

} // namespace

int run_dedup(const DedupRunOptions& opts) {
    const bool two_passes = opts.keep != DedupKeep::First;
    if (two_passes && !opts.from_keys) {
        std::string which;
        if (!rereadable_inputs(opts.inputs, which)) {
            fmt::print(stderr,
                       "{}: error: --keep {} reads the input twice, and {} cannot be read "
                       "again: give a file, or use --keep first\n",
                       message_prefix(), dedup_keep_name(opts.keep), which);
            return 2;
        }
    }
    // --names: the spelling table folded once, shared by the workers (read only).
    const FoldedSpellings spellings(opts.names);
    const FoldedSpellings* const spelled = spellings.empty() ? nullptr : &spellings;
    std::unique_ptr<Groups> groups;
    try {
        groups = std::make_unique<Groups>(opts);
    } catch (const KeyTableFull& e) {
        fmt::print(stderr, "{}: error: {}\n", message_prefix(), e.what());
        return 2;
    }
    OutputFile out(opts.output.empty() ? std::string("-") : opts.output, opts.output_options);
    std::unique_ptr<OutputFile> dups, report;
    if (!opts.duplicates.empty())
        dups = std::make_unique<OutputFile>(opts.duplicates, opts.duplicates_options);
    if (!opts.report.empty()) report = std::make_unique<OutputFile>(opts.report);

    std::vector<std::string> names; // per input index: its name
    Totals total;
    int io_errors = 0;
    bool write_failed = false;
    std::uint64_t not_pgn = 0, as_kept = 0;
    double seconds = 0;
    std::uint64_t files = 0;
    std::string line;

    auto report_game = [&](const GameRecord& r, Verdict v, const KeptGame& kept) {
        if (v == Verdict::Duplicate)
            ++total.duplicates;
        else
            ++total.kept;
        if (v == Verdict::Conflict) ++total.conflicts;
        if (r.error) ++total.errors;
        if (!report || v == Verdict::Kept) return true;
        line.assign(v == Verdict::Duplicate ? "{\"duplicate\":" : "{\"conflict\":");
        append_place(line, names[r.input], r.game, r.offset);
        line += v == Verdict::Duplicate ? ",\"kept\":" : ",\"with\":";
        append_place(line, names[kept.input], kept.game, kept.offset);
        line += ",\"key\":\"";
        line += key_hex(r.key);
        line += "\",\"why\":\"";
        line += v == Verdict::Conflict            ? "same header, other moves"
                : kept.input < groups->references ? "in a reference database (--against)"
                                                  : dedup_keep_name(opts.keep);
        line += '"';
        if (r.error) {
            line += ",\"error\":true,\"plies\":";
            append_number(line, r.plies);
        }
        line += "}\n";
        return report->write(line);
    };

    // Run over `inputs` (PGN) with `on_game` per game in input order; `write`: copy the kept
    // games (and the duplicates) to the outputs.
    auto run_games = [&](const std::vector<std::string>& inputs, bool sharded, bool write,
                         const std::function<Verdict(const GameRecord&, KeptGame&)>& on_game) {
        const std::size_t first_names = names.size();
        std::vector<std::unique_ptr<DedupProcessor>> procs;
        for (int i = 0; i < std::max(1, opts.jobs); ++i)
            procs.push_back(std::make_unique<DedupProcessor>(opts, write, spelled));
        PipelineOptions po;
        po.inputs = inputs;
        po.jobs = opts.jobs;
        po.progress = opts.progress;
        if (sharded) {
            po.shard = opts.shard;
            po.run_numbers = true; // a shard's game numbers are one run's (--from-keys joins them)
        }
        const WriteBytes to_out = [&](std::string_view b) { return out.write(b); };
        const WriteBytes to_dups = [&](std::string_view b) { return dups->write(b); };
        const auto stats = run_pipeline(
            po, [&](int w) -> BatchProcessor& { return *procs[std::size_t(w)]; },
            [&](BatchOutput& b) {
                if (write && !b.err.empty()) std::fwrite(b.err.data(), 1, b.err.size(), stderr);
                if (!b.io_error.empty()) {
                    if (write) {
                        ++io_errors;
                        std::fflush(stdout);
                        fmt::print(stderr, "{}: error: {}\n", message_prefix(), b.io_error);
                    }
                    return true;
                }
                if (b.routes.empty()) return true;
                if (b.routes[0] == '+' || names.size() == first_names)
                    names.push_back(b.routes.substr(1));
                const auto input = std::uint32_t(names.size() - 1);
                std::size_t begin = 0, splice = 0;
                for (std::size_t i = 0; i + words <= b.keys.size(); i += words) {
                    std::size_t end = 0;
                    const GameRecord r = read_record(&b.keys[i], input, end);
                    KeptGame kept;
                    Verdict v;
                    try {
                        v = on_game(r, kept);
                    } catch (const KeyTableFull& e) {
                        fmt::print(stderr, "{}: error: {}\n", message_prefix(), e.what());
                        write_failed = true;
                        return false;
                    }
                    if (write) {
                        if (!report_game(r, v, kept)) {
                            write_failed = true;
                            return false;
                        }
                        const std::size_t first = splice;
                        while (splice < b.splices.size() && b.splices[splice].at < end) ++splice;
                        const std::span<const Splice> mine(b.splices.data() + first,
                                                           splice - first);
                        const std::string_view text(b.accepted.data() + begin, end - begin);
                        bool ok = true;
                        if (opts.format == DedupFormat::Keys) {
                            line.clear();
                            append_key_line(line, r, names[input]);
                            ok = out.write(line);
                        } else if (v != Verdict::Duplicate) {
                            ok = write_raw_games(to_out, text, begin, mine, true);
                        } else if (dups) {
                            ok = write_raw_games(to_dups, text, begin, mine, true);
                        }
                        if (!ok) {
                            write_failed = true;
                            return false;
                        }
                    }
                    begin = end;
                }
                return true;
            });
        for (auto& p : procs) {
            if (write) {
                not_pgn += p->not_pgn;
                as_kept += p->as_kept;
            }
        }
        return stats;
    };

    // --against: the reference games, keyed first (never written).
    if (!opts.against.empty()) {
        const auto st = run_games(opts.against, false, false, [&](const GameRecord& r, KeptGame&) {
            groups->add_reference(r);
            ++total.references;
            return Verdict::Kept;
        });
        if (st.io_errors) {
            fmt::print(stderr, "{}: error: a reference database (--against) cannot be read\n",
                       message_prefix());
            return 2;
        }
        groups->references = std::uint32_t(names.size());
    }
    const std::size_t first_input = names.size();
    if (opts.from_keys) {
        std::unordered_map<std::string, std::uint32_t> index;
        std::vector<GameRecord> records; // one file's records (both passes read them)
        std::vector<KeyFilePart> parts = opts.key_parts;
        std::uint64_t names_of_run = 0; // the first header's --names (KeyFileHeader::names)
        bool names_seen = false;
        const auto names_hex = [](std::uint64_t n) {
            return n == 0 ? std::string("none") : fmt::format("{:016x}", n);
        };
        if (parts.empty())
            for (const std::string& path : opts.inputs) parts.push_back({path});
        auto each_record = [&](const std::function<bool(const GameRecord&)>& f) {
            for (const KeyFilePart& part : parts) {
                const std::string& path = part.path;
                std::ifstream in(path == "-" ? "/dev/stdin" : path);
                if (in && part.begin != 0) in.seekg(std::streamoff(part.begin));
                if (!in) {
                    fmt::print(stderr, "{}: error: {}: cannot be read\n", message_prefix(), path);
                    ++io_errors;
                    continue;
                }
                std::string l;
                std::uint64_t at = part.begin, n = part.first_line - 1, keyed = 0;
                auto refuse = [&](std::string_view why) {
                    fmt::print(stderr, "{}: error: {}:{}: {}\n", message_prefix(), path, n, why);
                    ++io_errors;
                };
                while (at < part.end && std::getline(in, l)) {
                    at += l.size() + 1;
                    ++n;
                    if (l.starts_with('#')) { // the frame (cmd/dedup/key_file.hpp)
                        if (const auto h = parse_key_file_header(l)) {
                            if (h->key != opts.key || h->keep != opts.keep)
                                return refuse(fmt::format(
                                    "written with --key {} --keep {}; give the same options",
                                    dedup_key_name(h->key), dedup_keep_name(h->keep)));
                            // (every shard keyed with one --names table, or none)
                            if (!names_seen) names_of_run = h->names, names_seen = true;
                            if (h->names != names_of_run)
                                return refuse(fmt::format(
                                    "its --names table ({}) is not the first key file's ({}): "
                                    "shards of different runs (give every shard the same "
                                    "--names)",
                                    names_hex(h->names), names_hex(names_of_run)));
                            keyed = 0;
                        } else if (const auto games = parse_key_file_end(l)) {
                            if (*games != keyed)
                                return refuse(fmt::format("{} key lines where its end says {}: "
                                                          "cut short or joined wrongly",
                                                          keyed, *games));
                        } else {
                            return refuse("not a line of dedup --format keys");
                        }
                        continue;
                    }
                    ++keyed;
                    GameRecord r;
                    std::string_view file;
                    if (!parse_key_line(l, r, file))
                        return refuse("not a line of dedup --format keys");
                    auto [it, fresh] =
                        index.emplace(std::string(file), std::uint32_t(names.size()));
                    if (fresh) names.emplace_back(file);
                    r.input = it->second;
                    if (!f(r)) return;
                }
            }
        };
        try {
            // Two passes always: the shards' games may come out of input order.
            each_record([&](const GameRecord& r) {
                groups->score(r);
                return true;
            });
            names.resize(first_input);
            index.clear();
            if (io_errors == 0)
                each_record([&](const GameRecord& r) {
                    KeptGame kept;
                    const Verdict v = groups->decide(r, true, kept);
                    ++total.games;
                    if (!report_game(r, v, kept)) {
                        write_failed = true;
                        return false;
                    }
                    return true;
                });
        } catch (const KeyTableFull& e) {
            fmt::print(stderr, "{}: error: {}\n", message_prefix(), e.what());
            return 2;
        }
        files = names.size() - first_input;
    } else {
        if (two_passes) {
            run_games(opts.inputs, true, false, [&](const GameRecord& r, KeptGame&) {
                groups->score(r);
                return Verdict::Kept;
            });
            names.resize(first_input); // the second pass numbers the inputs again
        }
        if (opts.format == DedupFormat::Keys && !write_failed &&
            !out.write(key_file_header({opts.shard.active() ? opts.shard : ShardSpec{1, 1},
                                        opts.key, opts.keep, spellings.fingerprint()})))
            write_failed = true;
        if (!write_failed) {
            const auto st =
                run_games(opts.inputs, true, true, [&](const GameRecord& r, KeptGame& kept) {
                    ++total.games;
                    return groups->decide(r, two_passes, kept);
                });
            seconds = st.seconds;
            files = st.files;
            if (st.io_errors != 0 && io_errors == 0) io_errors = 1;
            if (opts.format == DedupFormat::Keys && !write_failed &&
                !out.write(key_file_end(total.games)))
                write_failed = true;
        }
    }
    if (write_failed && (out.broken_pipe() && out.error().empty())) {
        // a closed pipe (| head) ends quietly
    } else if (write_failed) {
        for (OutputFile* f : {&out, dups.get(), report.get()})
            if (f != nullptr && !f->error().empty())
                fmt::print(stderr, "{}: error: {}\n", message_prefix(), f->error());
        return 2;
    }
    if (report) {
        line.assign("{\"summary\":{\"files\":");
        append_number(line, files);
        for (auto [name, n] : {std::pair<const char*, std::uint64_t>{"games", total.games},
                               {"kept", total.kept},
                               {"duplicates", total.duplicates},
                               {"conflicts", total.conflicts},
                               {"distinct", groups->distinct()},
                               {"keyed_before_error", total.errors},
                               {"reference_games", total.references}}) {
            line += ",\"";
            line += name;
            line += "\":";
            append_number(line, n);
        }
        line += ",\"key\":\"";
        line += dedup_key_name(opts.key);
        line += "\",\"keep\":\"";
        line += dedup_keep_name(opts.keep);
        line += "\"}}\n";
        report->write(line);
    }
    for (OutputFile* f : {&out, dups.get(), report.get()}) {
        if (f == nullptr || f->broken_pipe()) continue; // a closed pipe (| head) ends quietly
        if (!f->flush() || !f->error().empty()) {
            fmt::print(stderr, "{}: error: {}\n", message_prefix(), f->error());
            return 2;
        }
    }
    if (!out.broken_pipe()) out.commit();
    if (dups) dups->commit();
    if (report) report->commit();
    if (as_kept != 0)
        fmt::print(stderr,
                   "{}: warning: {} game{} written without the parts longer than the kept "
                   "limits (see oversized): a compressed input or a pipe cannot be read again "
                   "for them\n",
                   message_prefix(), as_kept, as_kept == 1 ? "" : "s");
    if (opts.summary) {
        std::string s = fmt::format(
            "{}{}: {} file{}, {} game{}: {} kept, {} duplicate{} (key {}, keep {})",
            message_prefix(),
            opts.shard.active() ? fmt::format(" (shard {}/{})", opts.shard.index, opts.shard.count)
                                : std::string(),
            files, files == 1 ? "" : "s", total.games, total.games == 1 ? "" : "s", total.kept,
            total.duplicates, total.duplicates == 1 ? "" : "s", dedup_key_name(opts.key),
            dedup_keep_name(opts.keep));
        if (total.conflicts)
            s += fmt::format("; {} conflict{} (same header, other moves: kept)", total.conflicts,
                             total.conflicts == 1 ? "" : "s");
        if (total.errors)
            s += fmt::format("; {} game{} with errors keyed by the moves before the error",
                             total.errors, total.errors == 1 ? "" : "s");
        if (not_pgn)
            s += fmt::format("; {} text{} between games not PGN (skipped)", not_pgn,
                             not_pgn == 1 ? "" : "s");
        if (opts.timing) s += fmt::format(" in {:.2f} s", seconds);
        s += '\n';
        std::fwrite(s.data(), 1, s.size(), stderr);
    }
    return io_errors ? 2 : 0;
}

} // namespace pgnkit::app
