#include "pgnkit/cmd/fen/position_formats.hpp"
#include "pgnkit/check/validator.hpp"
#include "pgnkit/chess/fen_writer.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/chess/uci_lan.hpp"
#include "pgnkit/cmd/fen/detail/position_export.hpp"
#include "pgnkit/cmd/fen/detail/xiangqi_positions.hpp"
#include "pgnkit/format/json.hpp"
#include "pgnkit/io/bytes.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/pgn/embedded.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/run/messages.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <memory>

namespace pgnkit::app {

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

namespace fen_detail {

using namespace chess;

/// One position of a game, formatted at the end of the game (its next move is known then).
struct Record {
    int ply = 0, depth = 0;
    std::uint32_t fen_begin = 0, fen_len = 0; ///< in Game::arena
    std::uint32_t fen4_len = 0;               ///< length of the four EPD fields
    std::uint32_t clock_begin = 0, clock_len = 0, eval_begin = 0, eval_len = 0;
    std::uint32_t san_begin = 0, san_len = 0, uci_begin = 0, uci_len = 0;
    /// EPD: the line up to the per-game tail (" c0 …"), in Game::arena; includes " sm …;"
    /// when sm_inline (the next move came before anything else was put in the arena).
    std::uint32_t line_begin = 0, line_len = 0;
    bool white_to_move = true, in_check = false, has_next = false, next_loud = false;
    bool sm_inline = false;
    std::uint64_t key = 0;
    int hmvc = 0, fmvn = 1;
};

/// UCI text of a move into `out` (≥ 5 bytes); castling as king-to-target unless Chess960.
static std::size_t write_uci(const Position& pos, Move m, char* out) {
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

template <class Out>
void append_int(Out& out, long long v) {
    fmt::format_int f(v);
    out.append(f.data(), f.size());
}

/// Slack kept after the arena's, the EPD texts' and the output's bytes for copy_padded.
constexpr std::size_t Pad = 32;

/// The positions of the games, collected as they are replayed and written in the chosen
/// format: records kept until the game ends, or (EPD of the main line) lines written at once.
class FenVisitor final : public ReplayVisitor {
  public:
    FenVisitor(const FenRunOptions& o, GameValidator& v)
        : ReplayVisitor(v), o_(o), same_letters_(o.piece_letters == o.input_piece_letters) {}

    void begin_game(const GameSpan& s) {
        v_.begin_game(s);
        recs_.clear();
        arena_len_ = 0;
        tags_count_ = 0;
        known_mask_ = 0;
        tag_text_.clear();
        depth_ = 0;
        cur_.assign(1, -1);
        end_rec_ = -1;
        head_ready_ = false;
        epd_bytes_ = 0;
        open_line_ = false;
        if (direct_) {
            game_start_ = out_len_;
            line_ends_.clear();
            line_fen_.reset();
        }
    }
    /// The game number of the game about to be read (the EPD id needs it before emit()).
    void set_game(std::uint64_t game) { game_ = game; }
    void tag(std::string_view n, std::string_view value, const SourceLocation& l) {
        v_.tag(n, value, l);
        // The tags an output shows have a slot (the first of a name counts); any other is
        // kept only for an --id template.
        const int k = known_tag(n);
        if (k >= 0) {
            if (!(known_mask_ >> k & 1)) {
                known_mask_ |= 1u << k;
                known_[k] = {std::uint32_t(tag_text_.size()), std::uint32_t(value.size())};
                tag_text_.append(value);
            }
            return;
        }
        if (o_.id_template.empty()) return;
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
        if (!wants_comments_) return; // only NDJSON and CSV/TSV show clocks and evals
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
        if (direct_) {
            line_fen_.start_line(pos);
            if ((o_.plies.kind == PlySelection::Kind::All && o_.plies.start) ||
                (o_.plies.kind == PlySelection::Kind::Range && o_.plies.from == 0)) {
                if (selected(pos, 0)) open_direct(pos);
            }
            return;
        }
        if (o_.plies.kind == PlySelection::Kind::All && o_.plies.start)
            cur_[0] = add(pos, 0, 0);
        else if (o_.plies.kind == PlySelection::Kind::Range && o_.plies.from == 0)
            cur_[0] = add(pos, 0, 0);
        else if (o_.plies.kind == PlySelection::Kind::End)
            end_rec_ = cur_[0] = add(pos, 0, 0);
    }
    void on_move(const ReplayedMove& m) override {
        if (direct_) {
            if (m.depth == 0) on_main_move(m);
            return;
        }
        std::size_t d = std::size_t(m.depth);
        if (cur_.size() <= d) cur_.resize(d + 1, -1);
        if (cur_[d] >= 0) { // the position this move was played from gets it as its "next move"
            Record& r = recs_[std::size_t(cur_[d])];
            // Canonical text read with the letters written is write_san's.
            std::string_view san = m.text;
            char buf[32];
            if (!m.canonical || !same_letters_)
                san = std::string_view(
                    buf, std::size_t(write_san(m.before, m.move, buf, o_.piece_letters) - buf));
            if (o_.format == PositionFormat::Epd &&
                std::size_t(r.line_begin) + r.line_len == arena_len_) {
                // The record's line is the last thing in the arena: its " sm …;" follows it.
                char* p = arena_room(san.size() + 6);
                std::memcpy(p, " sm ", 4);
                copy_short_text(p + 4, san.data(), san.size());
                p[4 + san.size()] = ';';
                const auto n = std::uint32_t(san.size() + 5);
                arena_len_ += n;
                r.line_len += n;
                r.sm_inline = true;
                epd_bytes_ += n;
            } else {
                r.san_begin = put(san);
                r.san_len = std::uint32_t(san.size());
                epd_bytes_ += san.size() + 5;
            }
            if (wants_uci_) {
                char ubuf[8];
                std::size_t un = write_uci(m.before, m.move, ubuf);
                r.uci_begin = put(std::string_view(ubuf, un));
                r.uci_len = std::uint32_t(un);
            }
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
    std::uint64_t emit(OutBuffer& out, std::vector<std::uint64_t>& keys, std::uint64_t game) {
        if (direct_) return finish_direct();
        if (recs_.empty()) return 0;
        std::uint64_t n = 0;
        prepare(game);
        if (o_.format == PositionFormat::Epd) return emit_epd(out, keys);
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

    /// The batch's output string: direct mode writes the lines there while the game is read.
    void begin_batch(OutBuffer& out) {
        out_ = &out;
        out_len_ = out.size();
    }
    /// The batch is done: direct mode's output string gets its length.
    void end_batch() {
        if (direct_) out_->set_size(out_len_);
    }
    /// Drops what the game wrote (fen --valid-only, an invalid game).
    void discard() {
        if (direct_) out_len_ = game_start_;
    }

    /// Tells which optional texts the output needs (set once, after the options).
    void configure() {
        // EPD of the main line, each position written as soon as known, straight into the
        // output: the line's " sm" and the game's tail follow when the next move comes.
        // Variations, --plies end, --quiet-only and --unique keep records until the game
        // ends (a line's fate or place is known only then).
        direct_ = o_.format == PositionFormat::Epd && !o_.variations &&
                  o_.plies.kind != PlySelection::Kind::End && !o_.quiet_only && !o_.unique;
        // Every position after a move is written (a move's ply is at least 1).
        every_move_ = o_.plies.kind == PlySelection::Kind::All && o_.plies.min_ply <= 1 &&
                      o_.plies.every <= 1 && !o_.skip_check;
        wants_uci_ = o_.format == PositionFormat::Ndjson ||
                     ((o_.format == PositionFormat::Csv || o_.format == PositionFormat::Tsv) &&
                      std::find(columns_.begin(), columns_.end(), Col::MoveUci) != columns_.end());
        wants_comments_ = o_.format == PositionFormat::Ndjson || o_.format == PositionFormat::Csv ||
                          o_.format == PositionFormat::Tsv;
    }

  private:
    /// The EPD lines: each record's line (in the arena) and the game's tail, appended in
    /// place into room made once for the whole game.
    std::uint64_t emit_epd(OutBuffer& out, std::vector<std::uint64_t>& keys) {
        std::uint64_t n = 0;
        const std::size_t tail_len = epd_tail_.size();
        const char* tail = tail_buf_.data();
        for (const Record& r : recs_) {
            if (o_.skip_check && r.in_check) continue;
            if (o_.quiet_only && (r.in_check || (r.has_next && r.next_loud))) continue;
            if (r.depth == 0 && r.ply < o_.plies.min_ply) continue;
            char* const line = line_room(r.line_len + r.san_len + 5 + tail_len);
            char* p = copy_padded(line, arena_.data() + r.line_begin, r.line_len);
            if (r.has_next && !r.sm_inline) {
                std::memcpy(p, " sm ", 4);
                p = copy_padded(p + 4, arena_.data() + r.san_begin, r.san_len);
                *p++ = ';';
            }
            p = copy_padded(p, tail, tail_len);
            out.append(line, std::size_t(p - line));
            ++n;
            if (o_.unique) keys.push_back(r.key);
        }
        return n;
    }
    /// The line buffer, with room for n bytes and Pad more.
    char* line_room(std::size_t n) {
        if (line_.size() < n + Pad) line_.resize(2 * (n + Pad));
        return line_.data();
    }

    // --- direct mode (see configure()) ---

    /// Room for n more bytes (and Pad) at the end of the batch's output in direct mode: the
    /// text (out_len_ bytes; the buffer's size is set at the batch's end) is written in
    /// place into the buffer's capacity, which grows in large blocks and is not zero-filled.
    char* out_room(std::size_t n) {
        if (out_->capacity() < out_len_ + n + Pad) [[unlikely]]
            out_->reserve(out_len_ + n + Pad);
        return out_->data() + out_len_;
    }
    void out_append(const char* s, std::size_t n) {
        copy_bytes(out_room(n), s, n);
        out_len_ += n;
    }

    /// A main-line move: the line of the position it was played from (if written) gets its
    /// " sm" and the tail; then the new position's line starts.
    [[gnu::always_inline]] void on_main_move(const ReplayedMove& m) {
        line_fen_.moved(m.before, m.move, m.after);
        if (open_line_) {
            std::string_view san = m.text;
            char buf[32];
            if (!m.canonical || !same_letters_)
                san = std::string_view(
                    buf, std::size_t(write_san(m.before, m.move, buf, o_.piece_letters) - buf));
            // The open line is at the output's end (out_len_), line_len_ bytes long; its
            // room was made for " sm " and a SAN of up to 32 bytes.
            if (san.size() > 32) [[unlikely]]
                out_room(line_len_ + san.size() + 5 + epd_tail_.size() + 32);
            char* p = out_->data() + out_len_ + line_len_;
            std::memcpy(p, " sm ", 4);
            p = copy_short_text(p + 4, san.data(), san.size());
            *p++ = ';';
            close_line(p);
        }
        if (!every_move_) {
            const PlySelection& s = o_.plies;
            if (s.kind == PlySelection::Kind::Range && (m.ply < s.from || m.ply > s.to)) return;
            if (m.ply < s.min_ply || (s.every > 1 && m.ply % s.every != 0)) return;
            if (!selected(m.after, m.ply)) return;
        }
        open_direct(m.after);
    }
    /// The --skip-check and --min-ply filters.
    bool selected(const Position& pos, int ply) const {
        return !(o_.skip_check && pos.in_check()) && ply >= o_.plies.min_ply;
    }
    /// Starts the line of a position at the output's end: everything up to " sm".
    [[gnu::always_inline]] void open_direct(const Position& pos) {
        if (!head_ready_) prepare_head();
        // The line: the four fields and clocks (< 128 bytes), the id, " sm " and a SAN
        // (shorter than 32 bytes), the tail, and 64 bytes of slack for copy_tail.
        char* const line = out_room(128 + epd_id_.size() + 40 + epd_tail_.size() + 32);
        char* p = line_fen_.write_line(pos, line, FenFormat{o_.ep, CastlingStyle::XFen, false});
        std::memcpy(p, " hmvc ", 6);
        p = put_uint(p + 6, unsigned(pos.halfmove_clock()));
        std::memcpy(p, "; fmvn ", 7);
        p = put_uint(p + 7, unsigned(pos.fullmove_number()));
        p = copy_padded(p, id_buf_.data(), epd_id_.size());
        line_len_ = std::size_t(p - line);
        open_line_ = true;
    }
    /// Ends the open line at p with the tail (the Result tag's result until the game ends).
    [[gnu::always_inline]] void close_line(char* p) {
        p = copy_tail(p, tail_buf_.data(), epd_tail_.size());
        out_len_ = std::size_t(p - out_->data());
        line_ends_.push_back(std::uint32_t(out_len_ - game_start_));
        open_line_ = false;
    }
    /// End of the game: the last line gets its tail; if the movetext's result differs from
    /// the one the tails were written with, every line of the game gets the right tail.
    std::uint64_t finish_direct() {
        if (open_line_) close_line(out_room(line_len_ + epd_tail_.size() + 32) + line_len_);
        if (line_ends_.empty()) return 0;
        if (result_text() != tail_result_) {
            const std::string old_tail = epd_tail_;
            const std::string region(out_->data() + game_start_, out_len_ - game_start_);
            prepare(game_);
            out_len_ = game_start_;
            std::size_t from = 0;
            for (std::uint32_t end : line_ends_) {
                out_append(region.data() + from, end - from - old_tail.size());
                out_append(epd_tail_.data(), epd_tail_.size());
                from = end;
            }
        }
        return line_ends_.size();
    }
    /// The EPD line of a position up to its " sm" (or the tail), at p; returns the end.
    char* write_epd_head(const Position& pos, char* p) {
        // PGN standard §16.2: the four fields, then opcodes, each ending with ';'.
        FenFormat f;
        f.ep = o_.ep;
        f.clocks = false;
        p = fen_writer_.write(pos, p, f);
        std::memcpy(p, " hmvc ", 6);
        p = put_uint(p + 6, unsigned(pos.halfmove_clock()));
        std::memcpy(p, "; fmvn ", 7);
        p = put_uint(p + 7, unsigned(pos.fullmove_number()));
        return copy_padded(p, id_buf_.data(), epd_id_.size());
    }
    /// The EPD line's per-game middle part ("; id …;"), once the tags are known (at the first
    /// position of the game).
    void prepare_head() {
        if (o_.id_template.empty()) {
            // The usual id, the game number: nothing to quote.
            fmt::format_int n(game_);
            char buf[48];
            std::memcpy(buf, "; id \"", 6);
            copy_bytes(buf + 6, n.data(), n.size());
            std::memcpy(buf + 6 + n.size(), "\";", 2);
            epd_id_.assign(buf, 8 + n.size());
        } else {
            epd_id_ = "; id ";
            epd_string(epd_id_, id(game_));
            epd_id_ += ';';
        }
        set_padded(id_buf_, epd_id_, Pad);
        if (direct_) prepare(game_); // the tail, with the Result tag's result for now
        head_ready_ = true;
    }
    /// `text` at the start of `buf`, with `slack` bytes of room after it (left as they are:
    /// they are only copied along past a text's end, never shown).
    static void set_padded(std::vector<char>& buf, const std::string& text, std::size_t slack) {
        if (buf.size() < text.size() + slack) buf.resize(text.size() + slack);
        copy_bytes(buf.data(), text.data(), text.size());
    }
    /// The EPD tail (c0, c1) put together at once when every text in it is ASCII with nothing
    /// to quote (else false: prepare() takes the general path, same text).
    bool prepare_epd_tail_plain() {
        const std::string_view parts[9] = {tag("White"), "-", tag("Black"), " ", tag("Event"), " ",
                                           tag("Site"),  " ", tag("Date")};
        const std::string_view result = result_text();
        std::size_t total = result.size();
        bool plain = plain_ascii(result.data(), result.size());
        for (std::string_view part : parts) {
            total += part.size();
            plain &= plain_ascii(part.data(), part.size());
        }
        if (!plain || total > 400) return false;
        char buf[512];
        char* p = buf;
        std::memcpy(p, " c0 \"", 5);
        p += 5;
        for (std::string_view part : parts) {
            copy_bytes(p, part.data(), part.size());
            p += part.size();
        }
        std::memcpy(p, "\"; c1 \"", 7);
        p += 7;
        copy_bytes(p, result.data(), result.size());
        p += result.size();
        std::memcpy(p, "\";\n", 3);
        p += 3;
        epd_tail_.assign(buf, std::size_t(p - buf));
        tail_result_.assign(result);
        set_padded(tail_buf_, epd_tail_, 64); // slack for copy_padded and copy_tail
        return true;
    }
    /// Strings that are the same for every position of the game, built once per game.
    void prepare(std::uint64_t game) {
        if (o_.format == PositionFormat::Ndjson) {
            game_str_.clear();
            append_int(game_str_, static_cast<long long>(game));
        }
        if (o_.format == PositionFormat::Epd && prepare_epd_tail_plain()) {
            // done: the usual tags (ASCII, nothing to quote)
        } else if (o_.format == PositionFormat::Epd) {
            c0_.clear();
            for (std::string_view part :
                 {tag("White"), std::string_view("-"), tag("Black"), std::string_view(" "),
                  tag("Event"), std::string_view(" "), tag("Site"), std::string_view(" "),
                  tag("Date")})
                c0_ += part;
            epd_tail_ = " c0 ";
            if (is_valid_utf8(c0_)) {
                epd_string(epd_tail_, c0_);
            } else {
                std::string t;
                cp1252_to_utf8(c0_, t);
                epd_string(epd_tail_, t);
            }
            epd_tail_ += "; c1 ";
            tail_result_ = result_text();
            epd_string(epd_tail_, tail_result_);
            epd_tail_ += ";\n";
            set_padded(tail_buf_, epd_tail_, 64); // slack for copy_padded and copy_tail
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
        if (arena_.size() < arena_len_ + n + Pad) arena_.resize(2 * (arena_len_ + n + Pad));
        return arena_.data() + arena_len_;
    }
    std::uint32_t put(std::string_view s) {
        const auto at = std::uint32_t(arena_len_);
        copy_bytes(arena_room(s.size()), s.data(), s.size());
        arena_len_ += s.size();
        return at;
    }
    int add(const Position& pos, int ply, int depth) {
        Record r;
        r.ply = ply;
        r.depth = depth;
        FenFormat f;
        f.ep = o_.ep;
        if (o_.format == PositionFormat::Epd) {
            // PGN standard §16.2: the four fields, then opcodes, each ending with ';'. All but
            // " sm" (the next move) and the tail (c0, c1: the result comes last) are known now.
            if (!head_ready_) prepare_head();
            char* const buf = arena_room(128 + epd_id_.size());
            char* p = write_epd_head(pos, buf);
            r.line_begin = std::uint32_t(arena_len_);
            r.line_len = std::uint32_t(p - buf);
            arena_len_ += r.line_len;
            epd_bytes_ += r.line_len;
        } else {
            // Written straight into the arena (a FEN is at most ~90 bytes).
            char* buf = arena_room(128);
            char* e = fen_writer_.write(pos, buf, f);
            r.fen_begin = std::uint32_t(arena_len_);
            r.fen_len = std::uint32_t(e - buf);
            r.fen4_len = std::uint32_t(fen_writer_.fields4_length());
            arena_len_ += r.fen_len;
        }
        r.white_to_move = pos.side_to_move() == Color::White;
        r.in_check = pos.in_check();
        if (o_.unique) r.key = pos.repetition_key();
        r.hmvc = pos.halfmove_clock();
        r.fmvn = pos.fullmove_number();
        recs_.push_back(r);
        return int(recs_.size()) - 1;
    }
    std::string_view arena(std::uint32_t b, std::uint32_t len) const {
        return std::string_view(arena_.data() + b, len);
    }
    /// Slot of a tag name the outputs show (EPD c0/c1, NDJSON, CSV columns), or -1.
    static int known_tag(std::string_view n) {
        // Fixed-length compares: a load and a compare each, no call.
        auto is = [&](const char(&name)[sizeof "Event"]) {
            return std::memcmp(n.data(), name, 5) == 0;
        };
        switch (n.size()) {
        case 4:
            return std::memcmp(n.data(), "Site", 4) == 0   ? 1
                   : std::memcmp(n.data(), "Date", 4) == 0 ? 2
                                                           : -1;
        case 5: return is("Event") ? 0 : is("White") ? 3 : is("Black") ? 4 : -1;
        case 6: return std::memcmp(n.data(), "Result", 6) == 0 ? 5 : -1;
        case 8:
            return std::memcmp(n.data(), "WhiteElo", 8) == 0   ? 6
                   : std::memcmp(n.data(), "BlackElo", 8) == 0 ? 7
                                                               : -1;
        default: return -1;
        }
    }
    std::string_view tag(std::string_view name) const {
        if (const int k = known_tag(name); k >= 0)
            return known_mask_ >> k & 1
                       ? std::string_view(tag_text_.data() + known_[k].first, known_[k].second)
                       : std::string_view();
        for (std::size_t i = 0; i < tags_count_; ++i)
            if (tags_[i].first == name) return tags_[i].second;
        return {};
    }
    std::string text(std::string_view s) const {
        if (is_valid_utf8(s)) return std::string(s);
        std::string t;
        cp1252_to_utf8(s, t);
        return t;
    }
    template <class Out>
    static void epd_string(Out& out, std::string_view s) {
        out += '"';
        if (!has_quote_or_backslash(s.data(), s.size())) {
            out.append(s);
            out += '"';
            return;
        }
        // Runs without '"' or '\\' are appended whole.
        std::size_t from = 0;
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s[i] != '"' && s[i] != '\\') continue;
            out.append(s.data() + from, i - from);
            out += '\\';
            from = i;
        }
        out.append(s.data() + from, s.size() - from);
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
    template <class Out>
    void value(Out& out, Col c, const Record& r, std::uint64_t game, bool json) const {
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
    void format(OutBuffer& out, const Record& r, std::uint64_t game) const {
        switch (o_.format) {
        case PositionFormat::Fen:
            out += arena(r.fen_begin, r.fen_len);
            out += '\n';
            return;
        case PositionFormat::Epd: return; // emit_epd()
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
    bool same_letters_; ///< the letters read are those written: canonical text is kept
    std::vector<Record> recs_;
    std::vector<char> arena_; ///< the game's texts (FENs, moves, clocks); only grows
    std::size_t arena_len_ = 0;
    std::vector<std::pair<std::string, std::string>> tags_; ///< others, for --id templates
    std::size_t tags_count_ = 0;
    std::string tag_text_;                                  ///< the known tags' values
    std::pair<std::uint32_t, std::uint32_t> known_[8] = {}; ///< in tag_text_, by known_tag()
    unsigned known_mask_ = 0;                               ///< slots set in this game
    int depth_ = 0;
    std::vector<int> cur_;
    int end_rec_ = -1;
    std::string game_str_, epd_id_, epd_tail_, json_tail_;
    std::uint64_t game_ = 0;
    bool head_ready_ = false; ///< epd_id_ is this game's
    bool wants_uci_ = true, wants_comments_ = true;
    std::size_t epd_bytes_ = 0;            ///< the EPD lines' bytes, tails apart
    std::vector<char> tail_buf_;           ///< epd_tail_ and Pad bytes
    std::vector<char> id_buf_;             ///< epd_id_ and Pad bytes
    std::string tail_result_;              ///< the result in epd_tail_
    std::string c0_;                       ///< EPD c0 before quoting
    bool direct_ = false;                  ///< see configure()
    bool every_move_ = false;              ///< direct mode: no ply filter applies
    OutBuffer* out_ = nullptr;             ///< the batch's output
    std::vector<char> line_;               ///< a line being made (and Pad bytes)
    std::size_t line_len_ = 0;             ///< direct mode: the open line's length so far
    std::size_t out_len_ = 0;              ///< direct mode: the output's text length
    FenWriter line_fen_;                   ///< direct mode: the main line's positions (line mode)
    std::size_t game_start_ = 0;           ///< direct mode: where the game's lines begin
    bool open_line_ = false;               ///< direct mode: a line awaits its " sm" and tail
    std::vector<std::uint32_t> line_ends_; ///< direct mode: the game's line ends
    FenWriter fen_writer_;                 ///< consecutive positions share most ranks
};

FenProcessor::FenProcessor(const FenRunOptions& o, const std::vector<Col>& cols) : o_(o) {
    vopts_.piece_letters = o.input_piece_letters;
    vopts_.severities = o.severities;
    vopts_.chess960 = o.chess960;
    vopts_.detect_xiangqi = o.game == GameChoice::Auto;
    validator_ = std::make_unique<GameValidator>(vopts_);
    xiangqi_ = std::make_unique<XiangqiValidator>(vopts_);
    visitor_ = std::make_unique<FenVisitor>(o, *validator_);
    visitor_->columns_ = cols;
    visitor_->configure();
}

FenProcessor::~FenProcessor() = default;

// Beside the visitor: the reader inlines the visitor's calls into this loop (reader.hpp).
void FenProcessor::process(const Batch& batch, BatchOutput& out) {
    // Room for the whole batch at the output-to-input ratio seen so far: the output string
    // is not regrown (and copied) several times per batch.
    if (in_bytes_)
        out.out.reserve(std::size_t(double(batch.text.size()) * double(out_bytes_) /
                                    double(in_bytes_) * 1.125) +
                        4096);
    visitor_->begin_batch(out.out);
    for (const BatchGame& g : batch.games) {
        GameSpan span = batch.span(g);
        if (g.not_pgn) { // text between games: no game
            out.err += not_pgn_report(span);
            continue;
        }
        bool xiangqi = o_.game == GameChoice::Xiangqi;
        if (!xiangqi) {
            visitor_->set_game(g.number);
            reader_.read(span, *visitor_);
            if (validator_->xiangqi()) { // tagged xiangqi: read again as such
                visitor_->discard();
                xiangqi = true;
            }
        }
        if (xiangqi) xiangqi_->validate(span);
        ++stats.games;
        const std::vector<Diagnostic>& diags =
            xiangqi ? xiangqi_->diagnostics() : validator_->diagnostics();
        bool invalid = xiangqi ? xiangqi_->has_error() : validator_->has_error();
        if (invalid) {
            ++stats.invalid;
            ++out.invalid;
            errors.add(diags);
        }
        for (const Diagnostic& d : diags) {
            if (d.severity != Severity::Error) continue;
            ++stats.errors;
            append_display(out.err, span.file, true);
            out.err +=
                fmt::format(":{}:{}: error[{}]: ", d.loc.line, d.loc.column, code_name(d.code));
            append_display(out.err, d.message, xiangqi || reader_.last_game_utf8());
            out.err += fmt::format(" (game {})\n", g.in_file);
        }
        if (invalid && o_.valid_only) {
            if (!xiangqi) visitor_->discard();
            continue;
        }
        if (xiangqi) {
            // The chess EPD lines are written past the output's size until end_batch(): close
            // them first, and go on after the xiangqi lines.
            visitor_->end_batch();
            stats.positions += emit_xiangqi_positions(o_, visitor_->columns_, *xiangqi_, span,
                                                      g.number, out.out, out.keys);
            visitor_->begin_batch(out.out);
        } else
            stats.positions += visitor_->emit(out.out, out.keys, g.number);
    }
    visitor_->end_batch();
    in_bytes_ += batch.text.size();
    out_bytes_ += out.out.size();
}

} // namespace fen_detail

} // namespace pgnkit::app
