// pgnkit stats: the collecting side (a visitor per worker) and the stats/merge runs.
// Tables are built in stats_tables.cpp; the raw JSON form is in stats_json.cpp.

#include "pgnkit/cmd/stats/stats.hpp"

#include "pgnkit/check/validator.hpp"
#include "pgnkit/check/xiangqi_validator.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/cmd/stats/html_report.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/openings/classifier.hpp"
#include "pgnkit/openings/game_opening.hpp"
#include "pgnkit/pgn/detail/simd/kernels.hpp"
#include "pgnkit/pgn/embedded.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/run/error_tally.hpp"
#include "pgnkit/run/messages.hpp"
#include "pgnkit/run/pipeline.hpp"
#include "pgnkit/xiangqi/notation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace pgnkit::app {

using namespace chess;

// ------------------------------------------------------------------ merging

void PlayerRecord::merge(const PlayerRecord& o) {
    games += o.games, white += o.white, wins += o.wins, draws += o.draws, losses += o.losses;
    rated += o.rated, rated_wins += o.rated_wins, rated_losses += o.rated_losses;
    opp_elo_sum += o.opp_elo_sum;
}

void OpeningRecord::merge(const OpeningRecord& o) {
    games += o.games, white_wins += o.white_wins, draws += o.draws, black_wins += o.black_wins;
    plies += o.plies;
}

StatsAggregate::StatsAggregate(const StatsLimits& l)
    : termination(l.keys, {}), eco(l.keys, {}), first_move(l.keys, {}), first_two(l.keys, {}),
      time_control(l.keys, {}), dates(l.keys, {}), events(l.keys, {}), rounds(l.keys, {}),
      players(l.players, {}), openings(l.keys, {}) {}

namespace {
template <std::size_t N>
void add(std::array<std::uint64_t, N>& a, const std::array<std::uint64_t, N>& b) {
    for (std::size_t i = 0; i < N; ++i) a[i] += b[i];
}
} // namespace

[[gnu::cold]] void StatsAggregate::merge(const StatsAggregate& o) {
    add(games, o.games), add(plies, o.plies), add(results, o.results), add(endings, o.endings);
    add(lengths, o.lengths), add(elo_white, o.elo_white), add(elo_black, o.elo_black);
    add(elo_sum, o.elo_sum), add(elo_games, o.elo_games);
    add(diff_games, o.diff_games), add(diff_points2, o.diff_points2);
    add(diff_expected, o.diff_expected);
    add(facts_white, o.facts_white), add(facts_black, o.facts_black);
    clock_games += o.clock_games, clock_moves += o.clock_moves;
    clock_spent_cs += o.clock_spent_cs;
    add(spent, o.spent);
    eval_games += o.eval_games, eval_moves += o.eval_moves;
    add(swings, o.swings);
    termination.merge(o.termination), eco.merge(o.eco), first_move.merge(o.first_move);
    first_two.merge(o.first_two), time_control.merge(o.time_control), dates.merge(o.dates);
    events.merge(o.events), rounds.merge(o.rounds), players.merge(o.players);
    if (o.classified) {
        openings.merge(o.openings);
        classified = true;
    }
}

StatsGroups::StatsGroups(std::string by_tag, const StatsLimits& l)
    : by(std::move(by_tag)), limits(l), all(l), groups(l.groups, StatsAggregate(l)) {}

[[gnu::cold]] void StatsGroups::merge(const StatsGroups& o) {
    if (by != o.by)
        throw std::runtime_error(fmt::format("cannot merge stats grouped by '{}' with stats "
                                             "grouped by '{}'",
                                             by, o.by));
    all.merge(o.all);
    groups.merge(o.groups);
}

// ------------------------------------------------------------------ collecting

namespace {

/// `h:mm:ss[.f]` (or `m:ss`, `ss`) in centiseconds; -1 if malformed.
long long parse_clock(std::string_view s) {
    long long total = 0, part = 0;
    bool digit = false;
    std::size_t i = 0;
    for (; i < s.size() && s[i] != '.'; ++i) {
        char c = s[i];
        if (c >= '0' && c <= '9') {
            part = part * 10 + (c - '0');
            digit = true;
            if (part > 100000000) return -1;
        } else if (c == ':') {
            total = (total + part) * 60;
            part = 0;
        } else {
            return -1;
        }
    }
    if (!digit) return -1;
    long long cs = (total + part) * 100;
    if (i < s.size()) { // fraction
        long long scale = 10;
        for (++i; i < s.size() && scale > 0; ++i, scale /= 10) {
            if (s[i] < '0' || s[i] > '9') return -1;
            cs += (s[i] - '0') * scale;
        }
    }
    return cs;
}

/// `[%eval 0.17]` in centipawns from White's view, clamped to ±1000; a mate (`#-3`) is
/// ±1000. Returns false if malformed.
bool parse_eval(std::string_view s, int& cp) {
    if (s.empty()) return false;
    if (s[0] == '#') {
        cp = (s.size() > 1 && s[1] == '-') ? -1000 : 1000;
        return true;
    }
    bool neg = false;
    std::size_t i = 0;
    if (s[0] == '+' || s[0] == '-') neg = s[0] == '-', ++i;
    long long whole = 0, frac = 0, scale = 10;
    bool digit = false;
    for (; i < s.size() && s[i] != '.'; ++i) {
        if (s[i] < '0' || s[i] > '9') return false;
        if (whole < 100000) whole = whole * 10 + (s[i] - '0');
        digit = true;
    }
    if (i < s.size())
        for (++i; i < s.size(); ++i) {
            if (s[i] < '0' || s[i] > '9') return false;
            if (scale > 0) frac += (s[i] - '0') * scale, scale /= 10;
            digit = true;
        }
    if (!digit) return false;
    long long v = whole * 100 + frac;
    if (v > 1000) v = 1000;
    cp = static_cast<int>(neg ? -v : v);
    return true;
}

/// A numeric Elo (1–4 digits, > 0), else 0.
int parse_elo(std::string_view s) {
    if (s.empty() || s.size() > 4) return 0;
    int v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return 0;
        v = v * 10 + (c - '0');
    }
    return v;
}

/// `base+inc` (seconds) from a TimeControl tag (PGN §9.6.1); false if not of that form.
bool parse_time_control(std::string_view s, long long& base, long long& inc) {
    auto plus = s.find('+');
    auto number = [](std::string_view t, long long& v) {
        if (t.empty() || t.size() > 9) return false;
        v = 0;
        for (char c : t) {
            if (c < '0' || c > '9') return false;
            v = v * 10 + (c - '0');
        }
        return true;
    };
    if (plus == std::string_view::npos) {
        inc = 0;
        return number(s, base);
    }
    return number(s.substr(0, plus), base) && number(s.substr(plus + 1), inc);
}

/// Seconds spent per move: <1, 1-2, 2-5, 5-10, 10-20, 20-30, 30-60, 60-120, 120-300, ≥300.
/// Every edge is a whole second, so the bin of the seconds below 300 is a table look-up (the
/// time a move takes is what a branch cannot predict).
constexpr std::array<std::uint8_t, 300> spent_bins_by_second = [] {
    constexpr int edges[] = {1, 2, 5, 10, 20, 30, 60, 120, 300};
    std::array<std::uint8_t, 300> t{};
    for (int sec = 0; sec < 300; ++sec) {
        std::uint8_t b = 0;
        while (b < std::size(edges) && sec >= edges[b]) ++b;
        t[std::size_t(sec)] = b;
    }
    return t;
}();

/// The bin of a time spent (centiseconds, >= 0).
std::size_t spent_bin(long long cs) {
    return cs >= 30000 ? spent_bins - 1 : spent_bins_by_second[std::size_t(cs) / 100];
}

std::size_t swing_bin(int loss) {
    // Centipawns lost by the mover: <50, 50-99, 100-199, 200-299, 300-499, 500-999, ≥1000.
    static constexpr int edges[] = {50, 100, 200, 300, 500, 1000};
    std::size_t b = 0;
    while (b < std::size(edges) && loss >= edges[b]) ++b;
    return b;
}

/// Whether `s` is `lit`, compared inline (a length and a few bytes; this file is past GCC's
/// inline-unit-growth limit, which leaves string_view's operator== out of line).
template <std::size_t N>
bool is(std::string_view s, const char (&lit)[N]) {
    return s.size() == N - 1 && std::memcmp(s.data(), lit, N - 1) == 0;
}

ResultKind result_kind(std::string_view r) {
    if (is(r, "1-0")) return ResultKind::WhiteWin;
    if (is(r, "0-1")) return ResultKind::BlackWin;
    if (is(r, "1/2-1/2")) return ResultKind::Draw;
    if (is(r, "*")) return ResultKind::Unfinished;
    return ResultKind::Missing;
}

/// FIDE expected score of White (FIDE Rating Regulations 8.1, the logistic form
/// E = 1/(1+10^(-D/400))), in millionths.
std::uint64_t expected_micro(int diff) {
    return static_cast<std::uint64_t>(
        std::llround(1e6 / (1.0 + std::pow(10.0, -static_cast<double>(diff) / 400.0))));
}

/// The comment ` [%clk H:MM:SS] ` (what lichess writes after every move) in centiseconds, as
/// parse_clock(embedded_command(text, "[%clk")) reads it; -1 for any other comment.
inline long long lichess_clock(std::string_view text) {
    if (text.size() != 16) return -1;
    const char* t = text.data();
#if defined(__SSE2__)
    if (!simd::sse2::is_clock_comment(t)) return -1; // the 16 bytes at once
#else
    auto digit = [t](std::size_t i) { return static_cast<unsigned char>(t[i] - '0') < 10; };
    if (std::memcmp(t, " [%clk ", 7) != 0 || t[8] != ':' || t[11] != ':' || t[14] != ']' ||
        t[15] != ' ' || !digit(7) || !digit(9) || !digit(10) || !digit(12) || !digit(13))
        return -1;
#endif
    const long long minutes = (t[7] - '0') * 60 + (t[9] - '0') * 10 + (t[10] - '0');
    return (minutes * 60 + (t[12] - '0') * 10 + (t[13] - '0')) * 100;
}

/// The first `[%clk` and the first `[%eval` in a comment (where embedded_command finds them),
/// else npos; one pass from `[` to `[` (two string searches cost more than the tables).
void find_commands(std::string_view text, std::size_t& clk, std::size_t& ev) {
    const char* s = text.data();
    const std::size_t n = text.size();
    for (std::size_t i = 0; i + 5 <= n; ++i) {
        const void* q = std::memchr(s + i, '[', n - 4 - i);
        if (q == nullptr) return;
        i = std::size_t(static_cast<const char*>(q) - s);
        if (s[i + 1] != '%') continue;
        if (clk == std::string_view::npos && std::memcmp(s + i + 2, "clk", 3) == 0)
            clk = i;
        else if (ev == std::string_view::npos && i + 6 <= n &&
                 std::memcmp(s + i + 2, "eval", 4) == 0)
            ev = i;
        if (clk != std::string_view::npos && ev != std::string_view::npos) return;
    }
}

/// The tags the stats read; kept in reused strings (no allocation per game once warm).
enum TagSlot : std::uint8_t {
    TWhite,
    TBlack,
    TWhiteElo,
    TBlackElo,
    TResult,
    TEco,
    TEvent,
    TRound,
    TDate,
    TTimeControl,
    TTermination,
    TBy,
    TagSlots
};

class StatsVisitor final : public ReplayVisitor {
  public:
    /// `openings`: the table to classify each game's opening in (the openings table), or null.
    StatsVisitor(StatsGroups& out, bool valid_only, GameValidator& v,
                 const openings::OpeningTable* openings)
        : ReplayVisitor(v, false), out_(out), valid_only_(valid_only) {
        v_.keep_before(); // main_move() reads last_before() after every move
        if (openings) classifier_.emplace(*openings);
    }

    void begin_game(const GameSpan& s) {
        v_.begin_game(s);
        game_ = s.text;
        tags_ = {};
        facts_ = {};
        depth_ = 0;
        comment_target_ = standard_start_ = false;
        first_len_ = second_len_ = 0;
        clock_[0] = clock_[1] = -1;
        has_clock_ = has_eval_ = false;
        prev_eval_ = 0;
        have_prev_eval_ = false;
        clock_moves_ = clock_spent_ = eval_moves_ = 0;
        spent_ = {};
        swings_ = {};
        last_ply_ = 0;
        last_white_ = true;
        classifying_ = game_classified_ = false;
        standard_variant_ = true;
    }
    void tag(std::string_view n, std::string_view value, const SourceLocation& l) {
        v_.tag(n, value, l);
        if (!out_.by.empty() && n == out_.by) keep(TBy, value);
        // Most tags are none of ours: reject them by first letter before comparing names.
        if (n.empty()) return;
        TagSlot slot = TagSlots;
        switch (n[0]) {
        case 'W': slot = is(n, "White") ? TWhite : is(n, "WhiteElo") ? TWhiteElo : TagSlots; break;
        case 'B': slot = is(n, "Black") ? TBlack : is(n, "BlackElo") ? TBlackElo : TagSlots; break;
        case 'R': slot = is(n, "Result") ? TResult : is(n, "Round") ? TRound : TagSlots; break;
        case 'E': slot = is(n, "ECO") ? TEco : is(n, "Event") ? TEvent : TagSlots; break;
        case 'D': slot = is(n, "Date") ? TDate : TagSlots; break;
        case 'V':
            if (classifier_ && is(n, "Variant"))
                standard_variant_ = openings::GameOpeningVisitor::is_standard_variant(value);
            break;
        case 'T':
            slot = is(n, "TimeControl")   ? TTimeControl
                   : is(n, "Termination") ? TTermination
                                          : TagSlots;
            break;
        default: break;
        }
        if (slot != TagSlots) keep(slot, value);
    }
    bool end_tags() {
        bool skip = v_.end_tags();
        // A replayed game: its start position is known (what a listener's on_start() hears).
        static const std::uint64_t start_key = Position::startpos().repetition_key();
        const Position* start = v_.current_position();
        standard_start_ = start != nullptr && start->repetition_key() == start_key;
        if (classifier_ && start != nullptr && standard_variant_) { // the openings table
            classifier_->begin(*start);
            classifying_ = game_classified_ = true;
        }
        if (!parse_time_control(tags_[TTimeControl], base_, inc_)) base_ = inc_ = -1;
        return skip;
    }
    void move(std::string_view t, const TokenPlace& l) {
        if (depth_ != 0) return v_.move(t, l);
        comment_target_ = false; // set again by main_move if replayed
        v_.move(t, l);
        if (v_.last_move_replayed())
            main_move(v_.last_before(), v_.last_move(), v_.last_after(), v_.last_ply());
    }
    [[gnu::noinline]] void comment(std::string_view text, const SourceLocation& l) {
        v_.comment(text, l);
        if (depth_ != 0 || !comment_target_ || text.size() < 6) return;
        // Most lichess comments are a clock alone: read without a search (or a call).
        if (long long cs = lichess_clock(text); cs >= 0)
            clock(cs);
        else
            commands(text);
    }
    void begin_variation(const SourceLocation& l) {
        v_.begin_variation(l);
        ++depth_;
    }
    void end_variation(const SourceLocation& l) {
        v_.end_variation(l);
        if (depth_ > 0) --depth_;
    }

    void on_move(const ReplayedMove&) override {} // not a listener: see move()
    /// A main-line move the validator replayed.
    void main_move(const Position& before, Move move, const Position& after, int ply) {
        const Color mover = before.side_to_move();
        const bool white = mover == Color::White;
        auto& f = white ? facts_[0] : facts_[1];
        ++f[std::size_t(MoveFact::Moves)];
        comment_target_ = true;
        last_ply_ = ply;
        last_white_ = white;
        // Counted without branches (whether a move captures or checks is what a branch cannot
        // predict): a capture, en passant included, is the move that takes an opponent's piece
        // off the board; castling and null moves take none.
        f[std::size_t(MoveFact::Captures)] += before.pieces(~mover) != after.pieces(~mover);
        f[std::size_t(MoveFact::Checks)] += after.in_check();
        if (move.is_null() || move.kind() != Move::Normal) special_move(move, f);
        // The opening: the first two plies in canonical SAN (only from the standard start).
        if (ply <= 2 && standard_start_) {
            char* buf = ply == 1 ? first_ : second_;
            char* e = write_san(before, move, buf);
            (ply == 1 ? first_len_ : second_len_) = std::size_t(e - buf);
        }
        if (classifying_) {
            classifier_->after_move(after);
            classifying_ = !classifier_->done();
        }
    }

    /// Adds the game just read to the aggregates (`utf8`: the reader's encoding verdict).
    void finish(bool utf8) {
        if (!utf8)
            for (std::size_t i = 0; i < TagSlots; ++i) {
                if (tags_[i].empty() || is_valid_utf8(tags_[i])) continue;
                scratch_.clear();
                cp1252_to_utf8(tags_[i], scratch_);
                owned_[i].swap(scratch_);
                tags_[i] = owned_[i];
            }
        aggregate(v_.has_error(), v_.info());
    }

    /// A xiangqi game (check/game_kind.hpp), read by `x` instead of the chess replay: its
    /// results, length, end, players (Red as white, Black as black: the Red, RedTeam or White
    /// tag), openings by its ECCO tag (in the ECO table), first moves in ICCS, events, rounds
    /// and dates. No move facts (castling, promotions …: chess's).
    void finish_xiangqi(const XiangqiValidator& x) {
        const xiangqi::ReplayedGame& g = x.game();
        tags_ = {};
        facts_ = {};
        first_len_ = second_len_ = 0;
        has_clock_ = has_eval_ = false;
        game_classified_ = false; // a chess opening table names no xiangqi opening
        const auto take = [&](TagSlot slot, std::string_view value, bool first_wins = true) {
            if (value.empty() || (first_wins && !tags_[slot].empty())) return;
            tags_[slot] = value;
        };
        for (const auto& [name, value] : g.tags) {
            if (!out_.by.empty() && name == out_.by) take(TBy, value);
            if (name == "Red" || name == "RedTeam" || name == "White") take(TWhite, value);
            if (name == "Black" || name == "BlackTeam") take(TBlack, value);
            if (name == "RedElo" || name == "WhiteElo") take(TWhiteElo, value);
            if (name == "BlackElo") take(TBlackElo, value);
            if (name == "Result") take(TResult, value);
            if (name == "ECCO" || name == "ECO") take(TEco, value);
            if (name == "Event") take(TEvent, value);
            if (name == "Round") take(TRound, value);
            if (name == "Date") take(TDate, value);
            if (name == "Termination") take(TTermination, value);
        }
        xiangqi::Position pos = g.start;
        for (std::size_t i = 0; i < g.moves.size() && i < 2; ++i) {
            const std::string t =
                xiangqi::format_move(pos, g.moves[i].move, xiangqi::Notation::Iccs);
            char* buf = i == 0 ? first_ : second_;
            const std::size_t n = std::min<std::size_t>(t.size(), 32);
            std::memcpy(buf, t.data(), n);
            (i == 0 ? first_len_ : second_len_) = n;
            pos.play(g.moves[i].move);
        }
        // The side that moved last (a mate is counted for it).
        last_white_ = (g.moves.size() % 2 == 1) == (g.start.side_to_move() == xiangqi::Color::Red);
        aggregate(x.has_error(), x.info());
    }

  private:
    /// finish() once the tags are UTF-8: the game's counts into its aggregate.
    void aggregate(bool invalid, const GameInfo& info) {
        StatsAggregate& a = out_.by.empty() ? out_.all : out_.groups.at(tags_[TBy]);
        std::size_t k = invalid ? 1 : 0;
        ++a.games[k];
        a.plies[k] += std::uint64_t(info.plies);
        if (invalid && valid_only_) return;

        std::string_view res = tags_[TResult];
        if (res.empty() || is(res, "?")) res = info.result_marker;
        ResultKind rk = result_kind(res);
        ++a.results[std::size_t(rk)];
        ++a.endings[std::size_t(info.end)];
        if (!tags_[TTermination].empty()) ++a.termination.at(tags_[TTermination]).n;
        a.lengths[std::min<std::size_t>(std::size_t(info.plies) / 10, length_bins - 1)]++;

        if (!tags_[TEco].empty() && !is(tags_[TEco], "?")) ++a.eco.at(tags_[TEco]).n;
        if (classifier_) count_opening(a, rk, info.plies);
        if (first_len_ != 0) {
            ++a.first_move.at(std::string_view(first_, first_len_)).n;
            if (second_len_ != 0) {
                std::size_t n = first_len_;
                first_[n++] = ' ';
                std::memcpy(first_ + n, second_, second_len_);
                ++a.first_two.at(std::string_view(first_, n + second_len_)).n;
            }
        }

        int we = parse_elo(tags_[TWhiteElo]), be = parse_elo(tags_[TBlackElo]);
        if (we) {
            a.elo_white[std::min<std::size_t>(std::size_t(we) / 100, elo_bins - 1)]++;
            a.elo_sum[0] += std::uint64_t(we), ++a.elo_games[0];
        }
        if (be) {
            a.elo_black[std::min<std::size_t>(std::size_t(be) / 100, elo_bins - 1)]++;
            a.elo_sum[1] += std::uint64_t(be), ++a.elo_games[1];
        }
        bool decided =
            rk == ResultKind::WhiteWin || rk == ResultKind::Draw || rk == ResultKind::BlackWin;
        int points2 = rk == ResultKind::WhiteWin ? 2 : rk == ResultKind::Draw ? 1 : 0;
        if (we && be && decided) {
            int d = we - be;
            // Bins of 50 centred on 0 (bin 16 is −25…+24); the ends are open (≤ −776, ≥ +775).
            int b = (d + 825) / 50;
            if (d + 825 < 0) b = 0;
            std::size_t bin = std::size_t(std::clamp(b, 0, int(diff_bins) - 1));
            ++a.diff_games[bin];
            a.diff_points2[bin] += std::uint64_t(points2);
            a.diff_expected[bin] += expected_micro(d);
        }
        player(a, tags_[TWhite], true, rk, be);
        player(a, tags_[TBlack], false, rk, we);

        if (!tags_[TTimeControl].empty()) ++a.time_control.at(tags_[TTimeControl]).n;
        date(a, tags_[TDate]);
        if (!tags_[TEvent].empty()) ++a.events.at(tags_[TEvent]).n;
        if (!tags_[TRound].empty()) ++a.rounds.at(tags_[TRound]).n;

        add_facts(a.facts_white, facts_[0]);
        add_facts(a.facts_black, facts_[1]);
        if (info.end == LineEnd::Checkmate)
            ++(last_white_ ? a.facts_white : a.facts_black)[std::size_t(MoveFact::Mates)];
        if (has_clock_) {
            ++a.clock_games;
            a.clock_moves += clock_moves_;
            a.clock_spent_cs += clock_spent_;
            for (std::size_t i = 0; i < spent_bins; ++i) a.spent[i] += spent_[i];
        }
        if (has_eval_) {
            ++a.eval_games;
            a.eval_moves += eval_moves_;
            for (std::size_t i = 0; i < swing_bins; ++i) a.swings[i] += swings_[i];
        }
    }

  private:
    /// Keeps a tag value until finish(): a view if it is part of the game's text (valid until
    /// the next game), else a copy (the reader unescapes into a buffer it reuses).
    void keep(TagSlot slot, std::string_view value) {
        if (is_view_of(value, game_)) {
            tags_[slot] = value;
        } else {
            owned_[slot].assign(value);
            tags_[slot] = owned_[slot];
        }
    }
    /// The facts of a null move, castling, en passant and promotions.
    static void special_move(Move move, std::array<std::uint64_t, fact_count>& f) {
        if (move.is_null()) { // `--`
            ++f[std::size_t(MoveFact::NullMoves)];
            return;
        }
        switch (move.kind()) {
        case Move::EnPassant: ++f[std::size_t(MoveFact::EnPassant)]; break;
        case Move::Castling:
            ++f[std::size_t(Position::castle_side(move) == CastleSide::King
                                ? MoveFact::CastleKing
                                : MoveFact::CastleQueen)];
            break;
        case Move::Promotion:
            switch (move.promotion()) {
            case PieceType::Queen: ++f[std::size_t(MoveFact::PromoteQueen)]; break;
            case PieceType::Rook: ++f[std::size_t(MoveFact::PromoteRook)]; break;
            case PieceType::Bishop: ++f[std::size_t(MoveFact::PromoteBishop)]; break;
            default: ++f[std::size_t(MoveFact::PromoteKnight)]; break;
            }
            break;
        case Move::Normal: break;
        }
    }
    static void add_facts(std::array<std::uint64_t, fact_count>& to,
                          const std::array<std::uint64_t, fact_count>& from) {
        for (std::size_t i = 0; i < fact_count; ++i) to[i] += from[i];
    }
    static void player(StatsAggregate& a, std::string_view name, bool white, ResultKind rk,
                       int opp_elo) {
        if (name.empty() || is(name, "?")) return;
        PlayerRecord& p = a.players.at(name);
        ++p.games;
        if (white) ++p.white;
        bool win = rk == (white ? ResultKind::WhiteWin : ResultKind::BlackWin);
        bool loss = rk == (white ? ResultKind::BlackWin : ResultKind::WhiteWin);
        bool draw = rk == ResultKind::Draw;
        p.wins += win, p.losses += loss, p.draws += draw;
        if (opp_elo && (win || loss || draw)) {
            ++p.rated;
            p.rated_wins += win, p.rated_losses += loss;
            p.opp_elo_sum += std::uint64_t(opp_elo);
        }
    }
    void date(StatsAggregate& a, std::string_view d) {
        // PGN §8.1.1.3 "YYYY.MM.DD" with '?' for unknown parts; kept per month "YYYY.MM".
        char key[7] = {'?', '?', '?', '?', '.', '?', '?'};
        auto digits = [&](std::size_t at, std::size_t n) {
            if (d.size() < at + n) return false;
            for (std::size_t i = at; i < at + n; ++i)
                if (d[i] < '0' || d[i] > '9') return false;
            return true;
        };
        if (digits(0, 4)) {
            std::memcpy(key, d.data(), 4);
            if (d.size() >= 7 && (d[4] == '.' || d[4] == '-') && digits(5, 2))
                key[5] = d[5], key[6] = d[6];
        }
        ++a.dates.at(std::string_view(key, 7)).n;
    }
    /// The `[%clk` and `[%eval` commands of any comment after a main-line move.
    [[gnu::noinline]] void commands(std::string_view text) {
        // lichess with evals: ` [%eval E] [%clk H:MM:SS] `, E of digits, signs and points;
        // read as the general search reads it (the eval's value ends at the `]` before the
        // clock, and E holds no `[`, so no command starts earlier).
        const std::size_t n = text.size();
        if (n > 25 && std::memcmp(text.data(), " [%eval ", 8) == 0 && text[n - 17] == ']') {
            const std::string_view e = text.substr(8, n - 25);
            const long long cs = lichess_clock(text.substr(n - 16));
            if (cs >= 0 && std::all_of(e.begin(), e.end(), [](char c) {
                    return (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == '#';
                })) {
                clock(cs);
                eval(e);
                return;
            }
        }
        std::size_t clk = std::string_view::npos, ev = std::string_view::npos;
        find_commands(text, clk, ev);
        if (clk != std::string_view::npos)
            if (std::string_view c = embedded_value(text, clk + 5); !c.empty()) clock(c);
        if (ev != std::string_view::npos)
            if (std::string_view e = embedded_value(text, ev + 6); !e.empty()) eval(e);
    }
    void clock(std::string_view c) {
        if (long long cs = parse_clock(c); cs >= 0) clock(cs);
    }
    void clock(long long cs) {
        has_clock_ = true;
        int side = last_white_ ? 0 : 1;
        long long prev = clock_[side];
        if (prev < 0 && base_ >= 0 && last_ply_ <= 2) prev = base_ * 100;
        if (prev >= 0 && inc_ >= 0) {
            long long spent = prev - cs + inc_ * 100;
            spent &= ~(spent >> 63); // max(0, spent) without a branch: a clock can gain time
            ++clock_moves_;
            clock_spent_ += std::uint64_t(spent);
            ++spent_[spent_bin(spent)];
        }
        clock_[side] = cs;
    }
    void eval(std::string_view e) {
        int cp = 0;
        if (!parse_eval(e, cp)) return;
        has_eval_ = true;
        if (have_prev_eval_) {
            int loss = last_white_ ? prev_eval_ - cp : cp - prev_eval_;
            ++eval_moves_;
            ++swings_[swing_bin(std::max(0, loss))];
        }
        prev_eval_ = cp;
        have_prev_eval_ = true;
    }

    /// The game's row of the openings table.
    [[gnu::noinline]] void count_opening(StatsAggregate& a, ResultKind rk, int plies) {
        opening_key_.clear();
        if (const openings::Opening* o = game_classified_ ? classifier_->opening() : nullptr) {
            opening_key_ += o->eco;
            opening_key_ += '\t';
            opening_key_ += o->name;
            if (!o->variation.empty()) {
                opening_key_ += ": ";
                opening_key_ += o->variation;
            }
        }
        a.classified = true;
        OpeningRecord& r = a.openings.at(opening_key_);
        ++r.games;
        r.white_wins += rk == ResultKind::WhiteWin;
        r.draws += rk == ResultKind::Draw;
        r.black_wins += rk == ResultKind::BlackWin;
        r.plies += std::uint64_t(plies);
    }

    StatsGroups& out_;
    bool valid_only_;
    std::optional<openings::OpeningClassifier> classifier_; ///< the openings table's, if asked
    bool classifying_ = false;     ///< the classifier still wants this game's positions
    bool game_classified_ = false; ///< this game was replayed through the classifier
    bool standard_variant_ = true; ///< no Variant tag, or one of standard chess (or Chess960)
    std::string opening_key_;
    std::string_view game_;                       ///< the text of the game being read
    std::array<std::string_view, TagSlots> tags_; ///< views of game_ or of owned_
    std::array<std::string, TagSlots> owned_;     ///< values not in game_ (unescaped)
    std::string scratch_;
    std::array<std::array<std::uint64_t, fact_count>, 2> facts_{};
    int depth_ = 0;
    bool comment_target_ = false, standard_start_ = false;
    char first_[32 + 1 + 32]{}, second_[32]{};
    std::size_t first_len_ = 0, second_len_ = 0;
    long long base_ = -1, inc_ = -1;
    long long clock_[2] = {-1, -1};
    bool has_clock_ = false, has_eval_ = false, have_prev_eval_ = false, last_white_ = true;
    int prev_eval_ = 0, last_ply_ = 0;
    std::uint64_t clock_moves_ = 0, clock_spent_ = 0, eval_moves_ = 0;
    std::array<std::uint64_t, spent_bins> spent_{};
    std::array<std::uint64_t, swing_bins> swings_{};
};

/// One worker: its own reader, validator and aggregates.
class StatsProcessor final : public BatchProcessor {
  public:
    StatsProcessor(const std::string& by, const StatsLimits& limits, bool valid_only,
                   const SeverityTable& severities = {}, const std::string& letters = {},
                   GameChoice game = GameChoice::Auto,
                   const openings::OpeningTable* openings = nullptr)
        : groups(by, limits), game_(game), vopts_(validate_options(severities, letters, game)),
          validator_(std::make_unique<GameValidator>(vopts_)),
          xiangqi_(std::make_unique<XiangqiValidator>(vopts_)),
          visitor_(std::make_unique<StatsVisitor>(groups, valid_only, *validator_, openings)) {}
    void process(const Batch& batch, BatchOutput&) override {
        for (const BatchGame& g : batch.games)
            if (!g.not_pgn) read(batch.span(g)); // text between games is no game
    }
    void read(const GameSpan& span) {
        if (game_ != GameChoice::Xiangqi) reader_.read(span, *visitor_);
        if (game_ == GameChoice::Xiangqi || validator_->xiangqi()) {
            xiangqi_->validate(span);
            visitor_->finish_xiangqi(*xiangqi_);
            if (xiangqi_->has_error()) errors.add(xiangqi_->diagnostics());
            return;
        }
        visitor_->finish(reader_.last_game_utf8());
        if (validator_->has_error()) errors.add(validator_->diagnostics());
    }
    StatsGroups groups;
    ErrorTally errors; ///< the games with an error, by the code of their first

  private:
    static ValidateOptions validate_options(const SeverityTable& severities,
                                            const std::string& letters, GameChoice game) {
        ValidateOptions v;
        v.detect_xiangqi = game == GameChoice::Auto;
        v.severities = severities;
        v.piece_letters = letters;
        v.details = false; // only has_error() and the codes are read
        return v;
    }
    GameChoice game_;
    ValidateOptions vopts_;
    PgnReader reader_;
    std::unique_ptr<GameValidator> validator_;
    std::unique_ptr<XiangqiValidator> xiangqi_;
    std::unique_ptr<StatsVisitor> visitor_;
};

/// The files a stats run writes, created before any input is read (an unwritable path fails
/// at once, not after the run).
struct StatsOutputs {
    explicit StatsOutputs(const StatsRunOptions& opts)
        : page(opts.html.empty() ? nullptr : std::make_unique<OutputFile>(opts.html)),
          out(opts.output) {}
    std::unique_ptr<OutputFile> page; ///< --html, if given
    OutputFile out;
};

[[gnu::cold]] int write_output(const StatsRunOptions& opts, StatsOutputs& files,
                               const StatsGroups& g, const std::string& shard = {}) {
    if (files.page) { // --html: a page besides the usual output
        OutputFile& page = *files.page;
        page.write(render_stats_html(g, opts.view, opts.inputs));
        if (!page.error().empty()) {
            fmt::print(stderr, "{}: error: {}\n", message_prefix(), page.error());
            return 2;
        }
        page.commit();
    }
    StatsView view = opts.view;
    view.shard = shard;
    std::string text = render_stats(g, view);
    OutputFile& out = files.out;
    out.write(text);
    if (!out.broken_pipe() && out.error().empty()) out.commit();
    if (!out.error().empty()) {
        fmt::print(stderr, "{}: error: {}\n", message_prefix(), out.error());
        return 2;
    }
    return 0;
}

/// What a merge input is when it is no JSON output of stats: "PGN", compressed, dedup key lines
/// cut from their file, "not a JSON object"; or "" (it begins as one: the JSON parser says
/// what is wrong, if anything).
std::string_view not_stats_json(std::string_view doc) {
    if (doc.starts_with("\x28\xb5\x2f\xfd") || doc.starts_with("\x1f\x8b"))
        return "compressed (zstd or gzip), not JSON";
    if (doc.starts_with("\xef\xbb\xbf")) doc.remove_prefix(3); // a UTF-8 byte-order mark
    std::size_t i = doc.find_first_not_of(" \t\r\n");
    if (i == std::string_view::npos || doc[i] == '{') return {};
    auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    // A tag pair `[Name "…"]`, or movetext that starts with a move number.
    if (doc[i] == '[' && i + 1 < doc.size() && letter(doc[i + 1])) return "PGN";
    if (digit(doc[i]) && doc.substr(i, 8).find('.') != std::string_view::npos) return "PGN";
    // A key line of dedup --format keys: 32 hex digits and a tab (its file's first line lost).
    const auto hex = [&](char c) { return digit(c) || (c >= 'a' && c <= 'f'); };
    if (doc.size() > i + 32 && doc[i + 32] == '\t' &&
        std::all_of(doc.begin() + i, doc.begin() + i + 32, hex))
        return "dedup key lines without their file's first line ('# pgnkit dedup --format keys "
               "…')";
    return "not a JSON object";
}

/// The stats outputs one after the other in `doc`: each starts at a line `{"pgnkit":` (no
/// line of one output starts so: JSON strings hold no raw newline). Text before the first is
/// part of the first (so that not_stats_json() and the parser see it).
std::vector<std::string_view> stats_documents(std::string_view doc) {
    std::vector<std::string_view> parts;
    constexpr std::string_view start = "\n{\"pgnkit\":";
    std::size_t from = 0;
    for (std::size_t at = doc.find(start); at != std::string_view::npos;
         at = doc.find(start, at + 1)) {
        if (doc.substr(from, at + 1 - from).find_first_not_of(" \t\r\n") == std::string_view::npos)
            continue; // nothing before it yet
        parts.push_back(doc.substr(from, at + 1 - from));
        from = at + 1;
    }
    parts.push_back(doc.substr(from));
    return parts;
}

/// Adds one stats output (`path` names its input in the messages) to `total`, and its shard
/// record, if it has one, to `shards` (run/shard_set.hpp).
void merge_document(const StatsRunOptions& opts, const std::string& path, std::string_view doc,
                    std::unique_ptr<StatsGroups>& total, std::vector<ShardRecord>& shards,
                    std::vector<std::string>& shard_names) {
    if (std::string_view kind = not_stats_json(doc); !kind.empty()) {
        const std::string name = path == "-" ? std::string("standard input") : "'" + path + "'";
        const std::string file = path == "-" ? std::string("FILE") : path;
        if (kind != "PGN")
            throw std::runtime_error(
                fmt::format("{} is {}; merge reads the JSON outputs of stats, merge and validate "
                            "--shard (each begins with '{{'), and dedup's key files",
                            name, kind));
        throw std::runtime_error(fmt::format(
            "{} is {}; merge combines `pgnkit stats --format json` outputs: run `pgnkit "
            "stats {}` (or `pgnkit stats --format json FILE > a.json` per input, then "
            "`pgnkit merge a.json b.json`)",
            name, kind, file));
    }
    std::optional<ShardRecord> shard;
    StatsGroups g = [&] {
        try {
            return raw_from_json(doc, opts.limits, &shard);
        } catch (const std::exception& e) {
            throw std::runtime_error(fmt::format("{}: {}", path, e.what()));
        }
    }();
    if (shard) {
        shards.push_back(std::move(*shard));
        shard_names.push_back(path == "-" ? std::string("standard input") : path);
    }
    if (!total) total = std::make_unique<StatsGroups>(g.by, opts.limits);
    total->merge(g);
}

} // namespace

[[gnu::cold]] StatsGroups collect_stats(std::string_view pgn, const std::string& by,
                                        const StatsLimits& limits, bool valid_only) {
    StatsProcessor proc(by, limits, valid_only);
    MemorySource src(pgn);
    GameSplitter splitter(src);
    GameSpan span;
    // As the pipeline: text between games that is not PGN is no game.
    for (bool after_game = false; splitter.next(span);) {
        if (is_text_between_games(span, after_game)) continue;
        proc.read(span);
        after_game = true;
    }
    return std::move(proc.groups);
}

[[gnu::cold]] int run_stats(const StatsRunOptions& opts) {
    StatsOutputs files(opts);
    std::vector<std::unique_ptr<StatsProcessor>> procs;
    int jobs = std::max(1, opts.jobs);
    for (int i = 0; i < jobs; ++i)
        procs.push_back(std::make_unique<StatsProcessor>(opts.by, opts.limits, opts.valid_only,
                                                         opts.severities, opts.input_piece_letters,
                                                         opts.game, opts.opening_table));
    PipelineOptions po;
    po.inputs = opts.inputs;
    po.jobs = jobs;
    po.progress = opts.progress;
    po.shard = opts.shard;
    int io_errors = 0;
    auto run = run_pipeline(
        po, [&](int w) -> BatchProcessor& { return *procs[std::size_t(w)]; },
        [&](BatchOutput& b) {
            if (!b.io_error.empty()) {
                ++io_errors;
                fmt::print(stderr, "{}: error: {}\n", message_prefix(), b.io_error);
            }
            return true;
        });
    // The same merge as `pgnkit merge`, in worker order; exact under the limits, so the
    // output does not depend on which worker read which batch.
    StatsGroups total(opts.by, opts.limits);
    ErrorTally errors;
    for (auto& p : procs) {
        total.merge(p->groups);
        errors.merge(p->errors);
    }
    if (opts.opening_table) total.all.classified = true; // the table even without games
    // Games left out of the tables are never left out in silence: which check, what changes it.
    if (opts.valid_only && errors.total())
        fmt::print(stderr,
                   "{}: {} game{} with errors left out of the tables (--valid-only): {}; {}\n",
                   message_prefix(), errors.total(), errors.total() == 1 ? "" : "s",
                   errors.by_code(), errors.remedy(false));
    int rc = write_output(opts, files, total,
                          opts.shard.active() ? shard_json(opts.shard, run.shard_inputs) : "");
    if (rc) return rc;
    return (run.io_errors || io_errors) ? 2 : 0;
}

[[gnu::cold]] int run_merge(const StatsRunOptions& opts) {
    if (opts.inputs.empty()) throw std::runtime_error("merge: no input files");
    StatsOutputs files(opts);
    std::unique_ptr<StatsGroups> total;
    // The shard records of --shard runs (run/shard_set.hpp): one run's, whole unless --partial.
    std::vector<ShardRecord> shards;
    std::vector<std::string> shard_names;
    for (const auto& path : opts.inputs) {
        std::string doc;
        if (path == "-") {
            std::ostringstream ss;
            ss << std::cin.rdbuf();
            doc = ss.str();
        } else {
            std::ifstream in(path, std::ios::binary);
            if (!in) throw std::runtime_error(fmt::format("cannot open '{}'", path));
            std::ostringstream ss;
            ss << in.rdbuf();
            doc = ss.str();
        }
        // One input may hold several outputs one after the other (GNU parallel's jobs
        // writing to one pipe): each starts with a line `{"pgnkit":"stats",…`.
        for (std::string_view part : stats_documents(doc))
            merge_document(opts, path, part, total, shards, shard_names);
    }
    if (std::string wrong = check_shard_set(shards, shard_names, opts.partial); !wrong.empty())
        throw std::runtime_error(wrong);
    return write_output(opts, files, *total);
}

} // namespace pgnkit::app
