// pgnkit stats: the tables built from an aggregate, and their text / JSON / CSV forms.

#include "pgnkit/cmd/stats/stats.hpp"
#include "pgnkit/format/json.hpp"
#include "pgnkit/io/output.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace pgnkit::app {

namespace {

using Cell = Table::Cell;

Cell num(std::uint64_t v) { return {fmt::format_int(v).str(), true}; }
Cell txt(std::string s) { return {std::move(s), false}; }
/// A percentage with one decimal ("" when the base is 0).
Cell pct(std::uint64_t part, std::uint64_t whole) {
    if (whole == 0) return {"", false};
    return {fmt::format("{:.1f}", 100.0 * double(part) / double(whole)), true};
}
Cell ratio(std::uint64_t a, std::uint64_t b, int decimals = 1) {
    if (b == 0) return {"", false};
    return {fmt::format("{:.{}f}", double(a) / double(b), decimals), true};
}

/// A note saying whether a bounded table is exact.
void bound_note(Table& t, const char* what, const auto& m) {
    if (m.exact()) return;
    t.notes.push_back(fmt::format(
        "approximate: more than {} distinct {}; the heaviest are kept (top-k summary with "
        "batched eviction), counts may be low by at most {}",
        m.limit(), what, m.error()));
}

/// A top-N table of a BoundedMap<Count>.
Table count_table(const char* name, std::string title, const char* key_col,
                  const BoundedMap<Count>& m, std::uint64_t total, std::size_t top,
                  const char* what) {
    Table t{name, std::move(title), {key_col, "games", "%"}, {}, {}, false};
    for (auto [k, v] : m.top(top)) t.rows.push_back({txt(*k), num(v->n), pct(v->n, total)});
    if (top != 0 && m.size() > top)
        t.notes.push_back(fmt::format("top {} of {} values", top, m.size()));
    bound_note(t, what, m);
    return t;
}

/// The openings table: the games by the opening their moves reach (StatsAggregate::openings).
Table openings_table(const StatsAggregate& a, std::uint64_t counted, std::size_t top) {
    Table t{"openings",
            "Openings the moves reach (by position, as pgnkit eco classifies them)",
            {"opening", "eco", "games", "%", "white wins", "draws", "black wins", "white score %",
             "plies per game"},
            {},
            {},
            false};
    if (!a.classified) {
        t.notes.push_back("the games were not classified: stats -t openings classifies them");
        return t;
    }
    for (auto [k, r] : a.openings.top(top)) {
        const std::size_t tab = k->find('\t');
        const std::string eco = tab == std::string::npos ? std::string() : k->substr(0, tab);
        const std::string name =
            tab == std::string::npos ? std::string("(none reached)") : k->substr(tab + 1);
        const std::uint64_t decided = r->white_wins + r->draws + r->black_wins;
        t.rows.push_back({txt(name), txt(eco), num(r->games), pct(r->games, counted),
                          num(r->white_wins), num(r->draws), num(r->black_wins),
                          pct(2 * r->white_wins + r->draws, 2 * decided),
                          ratio(r->plies, r->games)});
    }
    if (top != 0 && a.openings.size() > top)
        t.notes.push_back(fmt::format("top {} of {} openings", top, a.openings.size()));
    bound_note(t, "openings", a.openings);
    return t;
}

const char* const result_names[result_count] = {"1-0", "1/2-1/2", "0-1", "*", "(none)"};
const char* const ending_names[ending_count] = {
    "not ended by rule", "checkmate",          "stalemate", "dead position (insufficient material)",
    "75-move rule",      "fivefold repetition"};
const char* const fact_names[fact_count] = {"moves",
                                            "captures",
                                            "checks",
                                            "checkmates",
                                            "castling O-O",
                                            "castling O-O-O",
                                            "en passant",
                                            "promotion to queen",
                                            "under-promotion to rook",
                                            "under-promotion to bishop",
                                            "under-promotion to knight",
                                            "null moves"};
const char* const spent_names[spent_bins] = {"<1s",    "1-2s",   "2-5s",   "5-10s",  "10-20s",
                                             "20-30s", "30-60s", "1-2min", "2-5min", ">=5min"};
const char* const swing_names[swing_bins] = {"<50",     "50-99",   "100-199", "200-299",
                                             "300-499", "500-999", ">=1000"};

/// Player names that differ only in case or punctuation, for the name-variants table.
std::string name_key(std::string_view s) {
    std::string k;
    for (unsigned char c : s) {
        if (c >= 'A' && c <= 'Z')
            k += char(c | 0x20);
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80)
            k += char(c);
    }
    return k;
}

/// The periods without games between the first and the last dated one ("YYYY" or "YYYY.MM"
/// keys; keys with '?' stay as they are), as rows of 0: a year without games is a gap in the
/// chart, not a missing bar. Not when that would make more than 600 periods (a bogus year
/// like 0001): the note says so.
void fill_periods(Table& t, std::map<std::string, std::uint64_t>& rows, bool by_month) {
    constexpr long max_periods = 600;
    auto period = [&](const std::string& k) -> long { // years (or months) since year 0; -1
        auto digits = [&](std::size_t at, std::size_t n) {
            if (k.size() < at + n) return false;
            for (std::size_t i = at; i < at + n; ++i)
                if (k[i] < '0' || k[i] > '9') return false;
            return true;
        };
        if (!digits(0, 4)) return -1;
        long year = std::stol(k.substr(0, 4));
        if (!by_month) return k.size() == 4 ? year : -1;
        if (k.size() != 7 || k[4] != '.' || !digits(5, 2)) return -1;
        long month = std::stol(k.substr(5, 2));
        return month >= 1 && month <= 12 ? year * 12 + month - 1 : -1;
    };
    long first = -1, last = -1;
    for (const auto& [k, n] : rows)
        if (long p = period(k); p >= 0) {
            if (first < 0 || p < first) first = p;
            last = std::max(last, p);
        }
    if (first < 0) return;
    auto key = [&](long p) {
        return by_month ? fmt::format("{:04}.{:02}", p / 12, p % 12 + 1) : fmt::format("{:04}", p);
    };
    if (last - first + 1 > max_periods) {
        t.notes.push_back(fmt::format("{} without games are not listed: {} to {} is more than {}",
                                      by_month ? "months" : "years", key(first), key(last),
                                      max_periods));
        return;
    }
    for (long p = first; p <= last; ++p) rows.try_emplace(key(p), 0);
}

bool wanted(const StatsView& v, std::string_view name) {
    return v.tables.empty() || std::find(v.tables.begin(), v.tables.end(), name) != v.tables.end();
}

} // namespace

bool wants_openings(const std::vector<std::string>& names) {
    return std::find(names.begin(), names.end(), "openings") != names.end();
}

const std::vector<std::string>& stats_table_names() {
    static const std::vector<std::string> names = {
        "summary",       "results",       "colours",  "endings",      "termination",
        "lengths",       "eco",           "openings", "first-moves",  "first-two-moves",
        "players",       "name-variants", "ratings",  "rating-means", "expected-score",
        "time-controls", "dates",         "events",   "rounds",       "move-facts",
        "clock",         "eval-swings"};
    return names;
}

std::vector<Table> build_tables(const StatsAggregate& a, const StatsView& view) {
    std::vector<Table> out;
    const std::uint64_t games = a.total_games();
    const std::uint64_t counted = [&] {
        std::uint64_t n = 0;
        for (auto r : a.results) n += r;
        return n;
    }(); // games in the tables below (without --valid-only: every game)
    auto add = [&](const char* name, auto&& make) {
        if (wanted(view, name)) out.push_back(make());
    };

    add("summary", [&] {
        Table t{"summary", "Games and plies", {"", "valid", "invalid", "total"}, {}, {}, false};
        t.rows.push_back({txt("games"), num(a.games[0]), num(a.games[1]), num(games)});
        t.rows.push_back({txt("plies (main line)"), num(a.plies[0]), num(a.plies[1]),
                          num(a.plies[0] + a.plies[1])});
        t.rows.push_back({txt("plies per game"), ratio(a.plies[0], a.games[0]),
                          ratio(a.plies[1], a.games[1]), ratio(a.plies[0] + a.plies[1], games)});
        if (counted != games)
            t.notes.push_back(fmt::format("the other tables count the {} valid games", counted));
        return t;
    });
    add("results", [&] {
        Table t{"results",
                "Results (the Result tag, else the termination marker)",
                {"result", "games", "%"},
                {},
                {},
                false};
        for (std::size_t i = 0; i < result_count; ++i)
            t.rows.push_back({txt(result_names[i]), num(a.results[i]), pct(a.results[i], counted)});
        return t;
    });
    add("colours", [&] {
        Table t{"colours",
                "Results by colour (decided games: 1-0, 0-1, 1/2-1/2)",
                {"colour", "wins", "draws", "losses", "score %"},
                {},
                {},
                false};
        std::uint64_t w = a.results[0], d = a.results[1], b = a.results[2], n = w + d + b;
        t.rows.push_back({txt("white"), num(w), num(d), num(b), pct(2 * w + d, 2 * n)});
        t.rows.push_back({txt("black"), num(b), num(d), num(w), pct(2 * b + d, 2 * n)});
        return t;
    });
    add("endings", [&] {
        Table t{"endings",
                "How the main line ended by rule (FIDE Laws 5.1, 5.2, 9.6)",
                {"ending", "games", "%"},
                {},
                {},
                false};
        for (std::size_t i = 1; i < ending_count; ++i)
            t.rows.push_back({txt(ending_names[i]), num(a.endings[i]), pct(a.endings[i], counted)});
        t.rows.push_back({txt(ending_names[0]), num(a.endings[0]), pct(a.endings[0], counted)});
        return t;
    });
    add("termination", [&] {
        return count_table("termination", "Termination tag values", "termination", a.termination,
                           counted, view.top, "values");
    });
    add("lengths", [&] {
        Table t{"lengths", "Game length (main-line plies)", {"plies", "games", "%"}, {}, {}, true};
        for (std::size_t i = 0; i < length_bins; ++i) {
            std::string label = i + 1 == length_bins ? fmt::format(">={}", i * 10)
                                                     : fmt::format("{}-{}", i * 10, i * 10 + 9);
            t.rows.push_back({txt(label), num(a.lengths[i]), pct(a.lengths[i], counted)});
        }
        return t;
    });
    add("eco", [&] {
        return count_table("eco", "Openings by ECO tag", "eco", a.eco, counted, view.top, "codes");
    });
    if (a.classified || !view.tables.empty()) // classified only when asked: see wants_openings()
        add("openings", [&] { return openings_table(a, counted, view.top); });
    add("first-moves", [&] {
        return count_table("first-moves", "First move (standard start position, canonical SAN)",
                           "move", a.first_move, counted, view.top, "moves");
    });
    add("first-two-moves", [&] {
        return count_table("first-two-moves", "First two plies", "moves", a.first_two, counted,
                           view.top, "move pairs");
    });
    add("players", [&] {
        Table t{"players",
                "Players (performance = average rated opponent + 400·(W−L)/N, FIDE's "
                "linear \"rule of 400\"; over games against a rated opponent)",
                {"player", "games", "white", "black", "wins", "draws", "losses", "score", "score %",
                 "rated games", "avg opponent", "performance"},
                {},
                {},
                false};
        for (auto [k, p] : a.players.top(view.top)) {
            std::uint64_t decided = p->wins + p->draws + p->losses;
            Cell perf{"", false}, avg{"", false};
            if (p->rated) {
                double n = double(p->rated);
                double opp = double(p->opp_elo_sum) / n;
                avg = {fmt::format("{}", std::llround(opp)), true};
                double d = 400.0 * (double(p->rated_wins) - double(p->rated_losses)) / n;
                perf = {fmt::format("{}", std::llround(opp + d)), true};
            }
            t.rows.push_back({txt(*k),
                              num(p->games),
                              num(p->white),
                              num(p->games - p->white),
                              num(p->wins),
                              num(p->draws),
                              num(p->losses),
                              {fmt::format("{:g}", double(p->wins) + double(p->draws) / 2), true},
                              pct(2 * p->wins + p->draws, 2 * decided),
                              num(p->rated),
                              avg,
                              perf});
        }
        if (view.top != 0 && a.players.size() > view.top)
            t.notes.push_back(
                fmt::format("top {} of {} players by games", view.top, a.players.size()));
        bound_note(t, "players", a.players);
        return t;
    });
    add("name-variants", [&] {
        Table t{"name-variants",
                "Player names that differ only in case or punctuation",
                {"spellings", "games"},
                {},
                {},
                false};
        std::map<std::string, std::vector<std::pair<std::string, std::uint64_t>>> by;
        for (auto [k, p] : a.players.by_key()) by[name_key(*k)].emplace_back(*k, p->games);
        std::vector<std::pair<std::string, std::uint64_t>> rows;
        for (auto& [key, names] : by) {
            if (names.size() < 2) continue;
            std::string s;
            std::uint64_t n = 0;
            for (auto& [name, g] : names) {
                if (!s.empty()) s += " | ";
                s += name;
                n += g;
            }
            rows.emplace_back(std::move(s), n);
        }
        std::stable_sort(rows.begin(), rows.end(),
                         [](const auto& x, const auto& y) { return x.second > y.second; });
        if (view.top != 0 && rows.size() > view.top) rows.resize(view.top);
        for (auto& [s, n] : rows) t.rows.push_back({txt(s), num(n)});
        bound_note(t, "players", a.players);
        return t;
    });
    add("ratings", [&] {
        Table t{"ratings", "Elo (WhiteElo / BlackElo tags)", {"elo", "white", "black"}, {}, {},
                true};
        // The bins from the lowest to the highest rated: an empty bin between is a gap in the
        // histogram, not a missing bar.
        std::size_t lo = elo_bins, hi = 0;
        for (std::size_t i = 0; i < elo_bins; ++i)
            if (a.elo_white[i] != 0 || a.elo_black[i] != 0) lo = std::min(lo, i), hi = i;
        for (std::size_t i = lo; i <= hi && i < elo_bins; ++i) {
            std::string label = i == 0              ? "<100"
                                : i + 1 == elo_bins ? fmt::format(">={}", i * 100)
                                                    : fmt::format("{}-{}", i * 100, i * 100 + 99);
            t.rows.push_back({txt(label), num(a.elo_white[i]), num(a.elo_black[i])});
        }
        return t;
    });
    add("rating-means", [&] {
        Table t{
            "rating-means", "Mean Elo per colour", {"colour", "rated games", "mean elo"}, {}, {},
            false};
        t.rows.push_back({txt("white"), num(a.elo_games[0]), ratio(a.elo_sum[0], a.elo_games[0])});
        t.rows.push_back({txt("black"), num(a.elo_games[1]), ratio(a.elo_sum[1], a.elo_games[1])});
        return t;
    });
    add("expected-score", [&] {
        Table t{"expected-score",
                "White's expected vs actual score by Elo difference D = White − Black "
                "(FIDE: E = 1/(1+10^(−D/400)))",
                {"difference", "games", "expected %", "actual %", "actual − expected"},
                {},
                {},
                true};
        for (std::size_t i = 0; i < diff_bins; ++i) {
            if (a.diff_games[i] == 0) continue;
            int lo = int(i) * 50 - 825;
            std::string label = i == 0               ? "<=-776"
                                : i + 1 == diff_bins ? ">=+775"
                                                     : fmt::format("{:+d}..{:+d}", lo, lo + 49);
            double n = double(a.diff_games[i]);
            double e = double(a.diff_expected[i]) / 1e4 / n,
                   s = 50.0 * double(a.diff_points2[i]) / n;
            t.rows.push_back(
                {txt(label),
                 num(a.diff_games[i]),
                 {fmt::format("{:.1f}", e), true},
                 {fmt::format("{:.1f}", s), true},
                 {fmt::format("{:+.1f}", std::fabs(s - e) < 0.05 ? 0.0 : s - e), true}});
        }
        return t;
    });
    add("time-controls", [&] {
        return count_table("time-controls", "TimeControl tag values", "time control",
                           a.time_control, counted, view.top, "values");
    });
    add("dates", [&] {
        Table t{"dates",
                view.by_month ? "Games per month (Date tag)" : "Games per year (Date tag)",
                {view.by_month ? "month" : "year", "games"},
                {},
                {},
                true};
        std::map<std::string, std::uint64_t> rows;
        for (auto [k, v] : a.dates.by_key()) rows[view.by_month ? *k : k->substr(0, 4)] += v->n;
        if (view.fill_date_gaps) fill_periods(t, rows, view.by_month);
        for (auto& [k, n] : rows) t.rows.push_back({txt(k), num(n)});
        bound_note(t, "dates", a.dates);
        return t;
    });
    add("events", [&] {
        return count_table("events", "Events (Event tag)", "event", a.events, counted, view.top,
                           "events");
    });
    add("rounds", [&] {
        return count_table("rounds", "Rounds (Round tag)", "round", a.rounds, counted, view.top,
                           "rounds");
    });
    add("move-facts", [&] {
        Table t{
            "move-facts", "Moves of the main lines", {"fact", "white", "black", "total"}, {}, {},
            false};
        for (std::size_t i = 0; i < fact_count; ++i)
            t.rows.push_back({txt(fact_names[i]), num(a.facts_white[i]), num(a.facts_black[i]),
                              num(a.facts_white[i] + a.facts_black[i])});
        return t;
    });
    add("clock", [&] {
        Table t{"clock",
                "Time per move from [%clk] comments (clock before − clock after + increment of "
                "the TimeControl tag)",
                {"time spent", "moves", "%"},
                {},
                {},
                true};
        for (std::size_t i = 0; i < spent_bins; ++i)
            t.rows.push_back(
                {txt(spent_names[i]), num(a.spent[i]), pct(a.spent[i], a.clock_moves)});
        t.notes.push_back(fmt::format(
            "{} games with clocks, {} timed moves, mean {} s per move", a.clock_games,
            a.clock_moves,
            a.clock_moves
                ? fmt::format("{:.2f}", double(a.clock_spent_cs) / 100.0 / double(a.clock_moves))
                : std::string("-")));
        return t;
    });
    add("eval-swings", [&] {
        Table t{"eval-swings",
                "Evaluation lost by the mover per move, in centipawns, from [%eval] comments "
                "(evals clamped to ±1000, mate = ±1000)",
                {"loss", "moves", "%"},
                {},
                {},
                true};
        for (std::size_t i = 0; i < swing_bins; ++i)
            t.rows.push_back(
                {txt(swing_names[i]), num(a.swings[i]), pct(a.swings[i], a.eval_moves)});
        t.notes.push_back(fmt::format("{} games with evals, {} moves with an eval before and after",
                                      a.eval_games, a.eval_moves));
        return t;
    });
    return out;
}

namespace {

void render_text(std::string& out, const std::vector<Table>& tables) {
    for (const Table& t : tables) {
        out += fmt::format("## {} — {}\n", t.name, t.title);
        std::vector<std::size_t> w(t.columns.size(), 0);
        // Cells longer than this (a name a tag made a megabyte long) are cut, with "…".
        constexpr std::size_t clip = 100;
        auto width = [](std::string_view s) { // code points, for UTF-8 names; as shown
            std::size_t n = 0;
            for (unsigned char c : s) n += (c & 0xC0) != 0x80;
            return n > clip ? clip + 1 : n;
        };
        for (std::size_t c = 0; c < t.columns.size(); ++c) w[c] = width(t.columns[c]);
        for (const auto& r : t.rows)
            for (std::size_t c = 0; c < r.size() && c < w.size(); ++c)
                w[c] = std::max(w[c], width(r[c].text));
        auto line = [&](auto&& cell_text, auto&& is_num) {
            std::string l;
            for (std::size_t c = 0; c < w.size(); ++c) {
                std::string_view s = cell_text(c);
                std::size_t pad = w[c] - width(s);
                if (c) l += "  ";
                if (is_num(c)) l.append(pad, ' ');
                append_display_clipped(l, s, true, clip); // no control characters
                if (!is_num(c) && c + 1 < w.size()) l.append(pad, ' ');
            }
            while (!l.empty() && l.back() == ' ') l.pop_back();
            out += l;
            out += '\n';
        };
        if (t.rows.empty()) { // no bare header
            out += "no data\n";
            for (const auto& n : t.notes) out += fmt::format("note: {}\n", n);
            out += '\n';
            continue;
        }
        line([&](std::size_t c) { return std::string_view(t.columns[c]); },
             [&](std::size_t c) { return c != 0; });
        for (const auto& r : t.rows)
            line([&](std::size_t c) { return std::string_view(r[c].text); },
                 [&](std::size_t c) { return c != 0; });
        for (const auto& n : t.notes) out += fmt::format("note: {}\n", n);
        out += '\n';
    }
}

void render_json_tables(std::string& out, const std::vector<Table>& tables) {
    out += '[';
    for (std::size_t i = 0; i < tables.size(); ++i) {
        const Table& t = tables[i];
        out += i ? ",\n{\"name\":" : "\n{\"name\":";
        append_json_string(out, t.name);
        out += ",\"title\":";
        append_json_string(out, t.title);
        out += ",\"histogram\":";
        out += t.histogram ? "true" : "false";
        out += ",\"columns\":[";
        for (std::size_t c = 0; c < t.columns.size(); ++c) {
            if (c) out += ',';
            append_json_string(out, t.columns[c]);
        }
        out += "],\"rows\":[";
        for (std::size_t r = 0; r < t.rows.size(); ++r) {
            out += r ? ",[" : "[";
            for (std::size_t c = 0; c < t.rows[r].size(); ++c) {
                if (c) out += ',';
                const Cell& cell = t.rows[r][c];
                if (cell.number) // JSON numbers have no '+' sign
                    out += json_number_text(cell.text);
                else if (cell.text.empty() && c != 0)
                    out += "null";
                else
                    append_json_string(out, cell.text);
            }
            out += ']';
        }
        out += "],\"notes\":[";
        for (std::size_t k = 0; k < t.notes.size(); ++k) {
            if (k) out += ',';
            append_json_string(out, t.notes[k]);
        }
        out += "]}";
    }
    out += "]";
}

void csv_cell(std::string& out, std::string_view s) {
    if (s.find_first_of(",\"\n\r") == std::string_view::npos) {
        out += s;
        return;
    }
    out += '"';
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}

void render_csv(std::string& out, const std::vector<Table>& tables, const std::string* by,
                const std::string* key, bool header) {
    for (const Table& t : tables) {
        if (header) {
            if (by) csv_cell(out, *by), out += ',';
            for (std::size_t c = 0; c < t.columns.size(); ++c) {
                if (c) out += ',';
                csv_cell(out, t.columns[c].empty() ? std::string_view("item") : t.columns[c]);
            }
            out += '\n';
        }
        for (const auto& r : t.rows) {
            if (key) csv_cell(out, *key), out += ',';
            for (std::size_t c = 0; c < r.size(); ++c) {
                if (c) out += ',';
                csv_cell(out, r[c].text);
            }
            out += '\n';
        }
    }
}

} // namespace

std::string render_stats(const StatsGroups& g, const StatsView& view) {
    for (const auto& name : view.tables)
        if (std::find(stats_table_names().begin(), stats_table_names().end(), name) ==
            stats_table_names().end())
            throw std::runtime_error(fmt::format("unknown table '{}' (known: {})", name,
                                                 fmt::join(stats_table_names(), ", ")));
    std::string out;
    auto groups = g.by.empty() ? decltype(g.groups.top(0)){} : g.groups.top(0);
    switch (view.format) {
    case StatsView::Format::Text:
        if (g.by.empty()) {
            render_text(out, build_tables(g.all, view));
        } else {
            out += fmt::format("# grouped by {}: {} groups\n", g.by, groups.size());
            if (!g.groups.exact())
                out += fmt::format("note: approximate: more than {} groups; the largest are kept, "
                                   "counts may be low by at most {}\n",
                                   g.groups.limit(), g.groups.error());
            out += '\n';
            for (auto [k, a] : groups) {
                out += fmt::format("# {} = ", g.by);
                append_display(out, k->empty() ? "(no tag)" : *k, true);
                out += "\n\n";
                render_text(out, build_tables(*a, view));
            }
        }
        break;
    case StatsView::Format::Csv:
        if (view.tables.size() != 1)
            throw std::runtime_error("--format csv prints one table: pick it with --table NAME");
        if (g.by.empty()) {
            render_csv(out, build_tables(g.all, view), nullptr, nullptr, true);
        } else {
            bool header = true;
            for (auto [k, a] : groups) {
                render_csv(out, build_tables(*a, view), &g.by, k, header);
                header = false;
            }
        }
        break;
    case StatsView::Format::Json:
        out += "{\"pgnkit\":\"stats\",\"version\":1,";
        if (!view.shard.empty()) out += view.shard + ',';
        out += "\"by\":";
        if (g.by.empty()) {
            out += "null,\"tables\":";
            render_json_tables(out, build_tables(g.all, view));
        } else {
            append_json_string(out, g.by);
            out += ",\"groups\":[";
            bool first = true;
            for (auto [k, a] : groups) {
                out += first ? "\n{\"key\":" : ",\n{\"key\":";
                first = false;
                append_json_string(out, *k);
                out += ",\"tables\":";
                render_json_tables(out, build_tables(*a, view));
                out += '}';
            }
            out += ']';
        }
        out += ",\n\"raw\":";
        out += raw_to_json(g);
        out += "}\n";
        break;
    }
    return out;
}

} // namespace pgnkit::app
