#include "pgnkit/app/fen_export.hpp"

#include "pgnkit/app/pipeline.hpp"
#include "pgnkit/app/validate.hpp"
#include "pgnkit/check/validator.hpp"
#include "pgnkit/chess/notation.hpp"
#include "pgnkit/pgn/embedded.hpp"
#include "pgnkit/pgn/reader.hpp"

#include <fmt/format.h>

#include <cstring>
#include <memory>
#include <unordered_set>

namespace pgnkit::app {

using namespace chess;

bool parse_ply_selection(const std::string& text, PlySelection& out) {
    if (text == "all") {
        out.kind = PlySelection::Kind::All;
        return true;
    }
    if (text == "end") {
        out.kind = PlySelection::Kind::End;
        return true;
    }
    auto number = [](std::string_view s, int& v) {
        if (s.empty() || s.size() > 6) return false;
        v = 0;
        for (char c : s) {
            if (c < '0' || c > '9') return false;
            v = v * 10 + (c - '0');
        }
        return true;
    };
    auto dash = text.find('-');
    std::string_view t = text;
    int a = 0, b = 0;
    if (dash == std::string::npos) {
        if (!number(t, a)) return false;
        b = a;
    } else if (!number(t.substr(0, dash), a) || !number(t.substr(dash + 1), b) || b < a) {
        return false;
    }
    out.kind = PlySelection::Kind::Range;
    out.from = a;
    out.to = b;
    return true;
}

const std::vector<std::string>& position_columns() {
    static const std::vector<std::string> cols = {
        "game",  "ply",       "fen",       "move_san", "move_uci", "side",  "result", "white",
        "black", "white_elo", "black_elo", "event",    "date",     "clock", "eval"};
    return cols;
}

namespace {

enum class Col {
    Game,
    Ply,
    Fen,
    MoveSan,
    MoveUci,
    Side,
    Result,
    White,
    Black,
    WhiteElo,
    BlackElo,
    Event,
    Date,
    Clock,
    Eval
};

/// One position of a game, formatted at the end of the game (its next move is known then).
struct Record {
    int ply = 0, depth = 0;
    std::uint32_t fen_begin = 0, fen_len = 0; ///< in Game::arena
    std::uint32_t fen4_len = 0;               ///< length of the four EPD fields
    std::uint32_t clock_begin = 0, clock_len = 0, eval_begin = 0, eval_len = 0;
    std::uint32_t san_begin = 0, san_len = 0, uci_begin = 0, uci_len = 0;
    bool white_to_move = true, in_check = false, has_next = false, next_loud = false;
    std::uint64_t key = 0;
    int hmvc = 0, fmvn = 1;
};

/// UCI text of a move into `out` (≥ 5 bytes); castling as king-to-target unless Chess960.
std::size_t write_uci(const Position& pos, Move m, char* out) {
    Square to = m.to();
    if (m.is_castling() && !pos.chess960())
        to = Position::castle_king_to(pos.side_to_move(), Position::castle_side(m));
    out[0] = char('a' + file_of(m.from()));
    out[1] = char('1' + rank_of(m.from()));
    out[2] = char('a' + file_of(to));
    out[3] = char('1' + rank_of(to));
    if (m.kind() == Move::Promotion) {
        out[4] = char(piece_char(m.promotion()) | 0x20);
        return 5;
    }
    return 4;
}

void append_int(std::string& out, long long v) {
    fmt::format_int f(v);
    out.append(f.data(), f.size());
}

class FenVisitor final : public ReplayVisitor {
  public:
    FenVisitor(const FenRunOptions& o, GameValidator& v) : ReplayVisitor(v), o_(o) {}

    void begin_game(const GameSpan& s) {
        v_.begin_game(s);
        recs_.clear();
        arena_len_ = 0;
        tags_count_ = 0;
        depth_ = 0;
        cur_.assign(1, -1);
        end_rec_ = -1;
    }
    void tag(std::string_view n, std::string_view value, const SourceLocation& l) {
        v_.tag(n, value, l);
        if (tags_count_ < tags_.size()) {
            tags_[tags_count_].first.assign(n);
            tags_[tags_count_].second.assign(value);
        } else {
            tags_.emplace_back(std::string(n), std::string(value));
        }
        ++tags_count_;
    }
    void comment(std::string_view text, const SourceLocation& l) {
        v_.comment(text, l);
        if (depth_ >= int(cur_.size()) || cur_[std::size_t(depth_)] < 0) return;
        Record& r = recs_[std::size_t(cur_[std::size_t(depth_)])];
        if (auto c = embedded_command(text, "[%clk"); !c.empty())
            r.clock_begin = put(c), r.clock_len = std::uint32_t(c.size());
        if (auto e = embedded_command(text, "[%eval"); !e.empty())
            r.eval_begin = put(e), r.eval_len = std::uint32_t(e.size());
    }
    void begin_variation(const SourceLocation& l) {
        v_.begin_variation(l);
        ++depth_;
        if (int(cur_.size()) <= depth_) cur_.resize(std::size_t(depth_) + 1);
        cur_[std::size_t(depth_)] = -1;
    }
    void end_variation(const SourceLocation& l) {
        v_.end_variation(l);
        if (depth_ > 0) --depth_;
    }

    // ReplayListener
    void on_start(const Position& pos) override {
        if (o_.plies.kind == PlySelection::Kind::All && o_.plies.start)
            cur_[0] = add(pos, 0, 0);
        else if (o_.plies.kind == PlySelection::Kind::Range && o_.plies.from == 0)
            cur_[0] = add(pos, 0, 0);
        else if (o_.plies.kind == PlySelection::Kind::End)
            end_rec_ = cur_[0] = add(pos, 0, 0);
    }
    void on_move(const ReplayedMove& m) override {
        std::size_t d = std::size_t(m.depth);
        if (cur_.size() <= d) cur_.resize(d + 1, -1);
        if (cur_[d] >= 0) { // the position this move was played from gets it as its "next move"
            Record& r = recs_[std::size_t(cur_[d])];
            // The replay reads with the same piece letters: canonical text is write_san's.
            std::string_view san = m.text;
            char buf[32];
            if (!m.canonical)
                san = std::string_view(
                    buf, std::size_t(write_san(m.before, m.move, buf, o_.piece_letters) - buf));
            r.san_begin = put(san);
            r.san_len = std::uint32_t(san.size());
            char ubuf[8];
            std::size_t un = write_uci(m.before, m.move, ubuf);
            r.uci_begin = put(std::string_view(ubuf, un));
            r.uci_len = std::uint32_t(un);
            r.has_next = true;
            r.next_loud = m.before.is_capture(m.move) || m.move.kind() == Move::Promotion;
        }
        cur_[d] = -1;
        if (m.depth > 0 && !o_.variations) return;
        const PlySelection& s = o_.plies;
        if (s.kind == PlySelection::Kind::End) {
            if (m.depth == 0) {
                // Only the last main-line position survives; reuse one record.
                if (end_rec_ >= 0 && std::size_t(end_rec_) + 1 == recs_.size()) recs_.pop_back();
                end_rec_ = cur_[d] = add(m.after, m.ply, m.depth);
            }
            return;
        }
        if (s.kind == PlySelection::Kind::Range && (m.ply < s.from || m.ply > s.to)) return;
        if (m.ply < s.min_ply || (s.every > 1 && m.ply % s.every != 0)) return;
        cur_[d] = add(m.after, m.ply, m.depth);
    }

    /// Formats the game's records into `out` (and their dedup keys into `keys`).
    std::uint64_t emit(std::string& out, std::vector<std::uint64_t>& keys, std::uint64_t game) {
        if (recs_.empty()) return 0;
        std::uint64_t n = 0;
        prepare(game);
        // Room for every line at once (reserve() grows geometrically): format() writes in place.
        std::size_t need = 0;
        for (const Record& r : recs_)
            need += r.fen_len + r.san_len + r.uci_len + r.clock_len + r.eval_len + 96;
        need += recs_.size() * (epd_id_.size() + epd_tail_.size() + json_tail_.size());
        out.reserve(out.size() + need);
        for (const Record& r : recs_) {
            if (o_.skip_check && r.in_check) continue;
            if (o_.quiet_only && (r.in_check || (r.has_next && r.next_loud))) continue;
            if (r.depth == 0 && r.ply < o_.plies.min_ply) continue;
            format(out, r, game);
            ++n;
            if (o_.unique) keys.push_back(r.key);
        }
        return n;
    }
    std::uint64_t records() const { return recs_.size(); }

  private:
    /// Strings that are the same for every position of the game, built once per game.
    void prepare(std::uint64_t game) {
        game_str_.clear();
        append_int(game_str_, static_cast<long long>(game));
        if (o_.format == PositionFormat::Epd) {
            epd_id_.clear();
            epd_string(epd_id_, id(game));
            epd_tail_ = " c0 ";
            epd_string(epd_tail_, text(fmt::format("{}-{} {} {} {}", tag("White"), tag("Black"),
                                                   tag("Event"), tag("Site"), tag("Date"))));
            epd_tail_ += "; c1 ";
            epd_string(epd_tail_, result_text());
            epd_tail_ += ";\n";
        } else if (o_.format == PositionFormat::Ndjson) {
            json_tail_.clear();
            Record none;
            for (Col c : {Col::Result, Col::White, Col::Black, Col::WhiteElo, Col::BlackElo,
                          Col::Event, Col::Date}) {
                json_tail_ += ",\"";
                json_tail_ += position_columns()[std::size_t(c)];
                json_tail_ += "\":";
                value(json_tail_, c, none, game, true);
            }
        }
    }
    /// Room for `n` more bytes at the arena's end (the used length does not change).
    char* arena_room(std::size_t n) {
        if (arena_.size() < arena_len_ + n) arena_.resize(2 * (arena_len_ + n));
        return arena_.data() + arena_len_;
    }
    std::uint32_t put(std::string_view s) {
        const auto at = std::uint32_t(arena_len_);
        std::memcpy(arena_room(s.size()), s.data(), s.size());
        arena_len_ += s.size();
        return at;
    }
    int add(const Position& pos, int ply, int depth) {
        Record r;
        r.ply = ply;
        r.depth = depth;
        FenFormat f;
        f.ep = o_.ep;
        // Written straight into the arena (a FEN is at most ~90 bytes).
        char* buf = arena_room(128);
        char* e = fen_writer_.write(pos, buf, f);
        r.fen_begin = std::uint32_t(arena_len_);
        r.fen_len = std::uint32_t(e - buf);
        r.fen4_len = std::uint32_t(fen_writer_.fields4_length());
        arena_len_ += r.fen_len;
        r.white_to_move = pos.side_to_move() == Color::White;
        r.in_check = pos.in_check();
        r.key = pos.repetition_key();
        r.hmvc = pos.halfmove_clock();
        r.fmvn = pos.fullmove_number();
        recs_.push_back(r);
        return int(recs_.size()) - 1;
    }
    std::string_view arena(std::uint32_t b, std::uint32_t len) const {
        return std::string_view(arena_.data() + b, len);
    }
    std::string_view tag(std::string_view name) const {
        for (std::size_t i = 0; i < tags_count_; ++i)
            if (tags_[i].first == name) return tags_[i].second;
        return {};
    }
    std::string text(std::string_view s) const {
        if (is_valid_utf8(s)) return std::string(s);
        std::string t;
        latin1_to_utf8(s, t);
        return t;
    }
    static void epd_string(std::string& out, std::string_view s) {
        out += '"';
        for (char c : s) {
            if (c == '"' || c == '\\') out += '\\';
            out += c;
        }
        out += '"';
    }
    std::string id(std::uint64_t game) const {
        if (o_.id_template.empty()) return std::to_string(game);
        std::string out;
        const std::string& t = o_.id_template;
        for (std::size_t i = 0; i < t.size(); ++i) {
            if (t[i] == '{') {
                auto close = t.find('}', i);
                if (close != std::string::npos) {
                    std::string_view name = std::string_view(t).substr(i + 1, close - i - 1);
                    out += name == "game" ? std::to_string(game) : text(tag(name));
                    i = close;
                    continue;
                }
            }
            out += t[i];
        }
        return out;
    }
    std::string_view result_text() const {
        std::string_view r = v_.info().result_marker;
        if (r.empty() || r == "*") {
            std::string_view t = tag("Result");
            if (!t.empty()) return t;
        }
        return r.empty() ? "*" : r;
    }
    void value(std::string& out, Col c, const Record& r, std::uint64_t game, bool json) const {
        auto str = [&](std::string_view s) {
            if (json)
                append_json_string(out, text(s));
            else
                out += text(s);
        };
        auto opt = [&](std::string_view s) {
            if (s.empty()) {
                if (json) out += "null";
            } else
                str(s);
        };
        auto elo = [&](std::string_view s) {
            bool num = !s.empty() && s.size() < 6 &&
                       s.find_first_not_of("0123456789") == std::string_view::npos;
            if (num)
                out += s;
            else if (json)
                out += "null";
        };
        switch (c) {
        case Col::Game: append_int(out, static_cast<long long>(game)); break;
        case Col::Ply: append_int(out, r.ply); break;
        case Col::Fen: str(arena(r.fen_begin, r.fen_len)); break;
        case Col::MoveSan:
            opt(r.has_next ? arena(r.san_begin, r.san_len) : std::string_view());
            break;
        case Col::MoveUci:
            opt(r.has_next ? arena(r.uci_begin, r.uci_len) : std::string_view());
            break;
        case Col::Side: str(r.white_to_move ? "w" : "b"); break;
        case Col::Result: str(result_text()); break;
        case Col::White: str(tag("White")); break;
        case Col::Black: str(tag("Black")); break;
        case Col::WhiteElo: elo(tag("WhiteElo")); break;
        case Col::BlackElo: elo(tag("BlackElo")); break;
        case Col::Event: str(tag("Event")); break;
        case Col::Date: str(tag("Date")); break;
        case Col::Clock: opt(arena(r.clock_begin, r.clock_len)); break;
        case Col::Eval: {
            std::string_view e = arena(r.eval_begin, r.eval_len);
            bool numeric = !e.empty() && e[0] != '#' &&
                           e.find_first_not_of("+-.0123456789") == std::string_view::npos;
            if (json && numeric) {
                if (e[0] == '+') e.remove_prefix(1);
                if (!e.empty() && e[0] == '.') out += '0';
                out += e;
            } else
                opt(e);
            break;
        }
        }
    }
    void format(std::string& out, const Record& r, std::uint64_t game) const {
        switch (o_.format) {
        case PositionFormat::Fen:
            out += arena(r.fen_begin, r.fen_len);
            out += '\n';
            return;
        case PositionFormat::Epd: {
            // PGN standard §16.2: the four fields, then opcodes, each ending with ';'. Built
            // in a line buffer and appended once (this is the hot loop of `fen --format epd`).
            const std::size_t cap = r.fen4_len + r.san_len + epd_id_.size() + epd_tail_.size() + 64;
            const std::size_t old = out.size();
            out.resize(old + cap); // within the capacity emit() reserved: no reallocation
            char* p = out.data() + old;
            auto put = [&p](std::string_view t) {
                std::memcpy(p, t.data(), t.size());
                p += t.size();
            };
            auto put_int = [&put](int v) {
                fmt::format_int f(v);
                put(std::string_view(f.data(), f.size()));
            };
            put(arena(r.fen_begin, r.fen4_len));
            put(" hmvc ");
            put_int(r.hmvc);
            put("; fmvn ");
            put_int(r.fmvn);
            put("; id ");
            put(epd_id_);
            *p++ = ';';
            if (r.has_next) {
                put(" sm ");
                put(arena(r.san_begin, r.san_len));
                *p++ = ';';
            }
            put(epd_tail_);
            out.resize(std::size_t(p - out.data()));
            return;
        }
        case PositionFormat::Ndjson: {
            out += "{\"game\":";
            out += game_str_;
            out += ",\"ply\":";
            append_int(out, r.ply);
            out += ",\"fen\":\"";
            out += arena(r.fen_begin, r.fen_len);
            out += "\",\"move_san\":";
            value(out, Col::MoveSan, r, game, true);
            out += ",\"move_uci\":";
            value(out, Col::MoveUci, r, game, true);
            out += r.white_to_move ? ",\"side\":\"w\"" : ",\"side\":\"b\"";
            out += json_tail_;
            if (r.clock_len) {
                out += ",\"clock\":";
                value(out, Col::Clock, r, game, true);
            }
            if (r.eval_len) {
                out += ",\"eval\":";
                value(out, Col::Eval, r, game, true);
            }
            if (o_.variations) out += fmt::format(",\"variation_depth\":{}", r.depth);
            out += "}\n";
            return;
        }
        case PositionFormat::Csv:
        case PositionFormat::Tsv: {
            bool csv = o_.format == PositionFormat::Csv;
            bool first = true;
            for (Col c : columns_) {
                if (!first) out += csv ? ',' : '\t';
                first = false;
                std::string v;
                value(v, c, r, game, false);
                if (csv && v.find_first_of(",\"\n\r") != std::string::npos) {
                    out += '"';
                    for (char ch : v) {
                        if (ch == '"') out += '"';
                        out += ch;
                    }
                    out += '"';
                } else {
                    for (char ch : v)
                        out += (!csv && (ch == '\t' || ch == '\n' || ch == '\r')) ? ' ' : ch;
                }
            }
            out += '\n';
            return;
        }
        }
    }

  public:
    std::vector<Col> columns_;

  private:
    const FenRunOptions& o_;
    std::vector<Record> recs_;
    std::vector<char> arena_; ///< the game's texts (FENs, moves, clocks); only grows
    std::size_t arena_len_ = 0;
    std::vector<std::pair<std::string, std::string>> tags_;
    std::size_t tags_count_ = 0;
    int depth_ = 0;
    std::vector<int> cur_;
    int end_rec_ = -1;
    std::string game_str_, epd_id_, epd_tail_, json_tail_;
    FenWriter fen_writer_; ///< consecutive positions share most ranks
};

struct FenStats {
    std::uint64_t games = 0, invalid = 0, positions = 0, errors = 0;
};

class FenProcessor final : public BatchProcessor {
  public:
    FenProcessor(const FenRunOptions& o, const std::vector<Col>& cols) : o_(o) {
        vopts_.piece_letters = o.piece_letters;
        validator_ = std::make_unique<GameValidator>(vopts_);
        visitor_ = std::make_unique<FenVisitor>(o, *validator_);
        visitor_->columns_ = cols;
    }
    void process(const Batch& batch, BatchOutput& out) override {
        for (const BatchGame& g : batch.games) {
            GameSpan span = batch.span(g);
            reader_.read(span, *visitor_);
            ++stats.games;
            bool invalid = validator_->has_error();
            if (invalid) ++stats.invalid;
            for (const Diagnostic& d : validator_->diagnostics()) {
                if (d.severity != Severity::Error) continue;
                ++stats.errors;
                out.err += fmt::format("{}:{}:{}: error[{}]: {} (game {})\n", span.file, d.loc.line,
                                       d.loc.column, code_name(d.code), d.message, d.game);
            }
            if (invalid && o_.valid_only) continue;
            stats.positions += visitor_->emit(out.out, out.keys, g.number);
        }
    }
    FenStats stats;

  private:
    const FenRunOptions& o_;
    ValidateOptions vopts_;
    PgnReader reader_;
    std::unique_ptr<GameValidator> validator_;
    std::unique_ptr<FenVisitor> visitor_;
};

} // namespace

int run_fen(const FenRunOptions& opts) {
    std::vector<Col> cols;
    if (opts.columns.empty()) {
        for (std::size_t i = 0; i < position_columns().size(); ++i) cols.push_back(Col(i));
    } else {
        for (const auto& name : opts.columns) {
            std::size_t i = 0;
            while (i < position_columns().size() && position_columns()[i] != name) ++i;
            if (i == position_columns().size())
                throw std::runtime_error(fmt::format("unknown column '{}' (known: {})", name,
                                                     fmt::join(position_columns(), ", ")));
            cols.push_back(Col(i));
        }
    }
    std::vector<std::unique_ptr<FenProcessor>> procs;
    for (int i = 0; i < std::max(1, opts.jobs); ++i)
        procs.push_back(std::make_unique<FenProcessor>(opts, cols));

    OutputFile out(opts.output, opts.output_options);
    if (opts.format == PositionFormat::Csv || opts.format == PositionFormat::Tsv) {
        std::string header;
        for (std::size_t i = 0; i < cols.size(); ++i) {
            if (i) header += opts.format == PositionFormat::Csv ? ',' : '\t';
            header += position_columns()[std::size_t(cols[i])];
        }
        header += '\n';
        out.write(header);
    }
    std::unordered_set<std::uint64_t> seen;
    std::uint64_t unique_written = 0, duplicates = 0;
    int io_errors = 0;
    PipelineOptions po;
    po.inputs = opts.inputs;
    po.jobs = opts.jobs;
    po.progress = opts.progress;
    std::string filtered;
    auto stats = run_pipeline(
        po, [&](int w) -> BatchProcessor& { return *procs[std::size_t(w)]; },
        [&](BatchOutput& b) {
            if (!b.err.empty()) std::fwrite(b.err.data(), 1, b.err.size(), stderr);
            if (!b.io_error.empty()) {
                ++io_errors;
                fmt::print(stderr, "pgnkit: error: {}\n", b.io_error);
            }
            if (!opts.unique) return out.write(b.out);
            // Dedup in input order, here in the one writer, so every --jobs gives the same bytes.
            filtered.clear();
            std::size_t pos = 0;
            for (std::uint64_t key : b.keys) {
                std::size_t end = b.out.find('\n', pos) + 1;
                if (seen.insert(key).second) {
                    filtered.append(b.out, pos, end - pos);
                    ++unique_written;
                } else
                    ++duplicates;
                pos = end;
            }
            return out.write(filtered);
        });
    if (!out.broken_pipe() && out.error().empty()) out.commit();
    if (!out.error().empty()) {
        fmt::print(stderr, "pgnkit: error: {}\n", out.error());
        return 2;
    }
    FenStats total;
    for (auto& p : procs) {
        total.games += p->stats.games;
        total.invalid += p->stats.invalid;
        total.positions += p->stats.positions;
        total.errors += p->stats.errors;
    }
    if (opts.unique) total.positions = unique_written;
    if (opts.summary)
        fmt::print(stderr, "summary: {} games ({} with errors{}), {} positions written{}\n",
                   total.games, total.invalid, opts.valid_only ? ", skipped" : "", total.positions,
                   opts.unique ? fmt::format(" ({} repeated positions dropped)", duplicates) : "");
    if (stats.io_errors || io_errors) return 2;
    return total.invalid ? 1 : 0;
}

} // namespace pgnkit::app
