// The raw counters of `pgnkit stats` as JSON, written, and read back for `pgnkit merge`.
// One field list (`fields`) drives writing and reading, so the two cannot drift apart.

#include "pgnkit/cmd/stats/stats.hpp"
#include "pgnkit/format/json.hpp"
#include "pgnkit/format/json_read.hpp"

#include <fmt/format.h>

#include <memory>
#include <stdexcept>
#include <type_traits>

namespace pgnkit::app {

namespace {

/// Every raw field of an aggregate, by name. `A` is const for writing, mutable for reading.
template <class A, class F>
void fields(A& a, F&& f) {
    f("games", a.games), f("plies", a.plies), f("results", a.results);
    f("endings", a.endings), f("lengths", a.lengths);
    f("elo_white", a.elo_white), f("elo_black", a.elo_black);
    f("elo_sum", a.elo_sum), f("elo_games", a.elo_games);
    f("diff_games", a.diff_games), f("diff_points2", a.diff_points2);
    f("diff_expected_micro", a.diff_expected);
    f("facts_white", a.facts_white), f("facts_black", a.facts_black);
    f("clock_games", a.clock_games), f("clock_moves", a.clock_moves);
    f("clock_spent_cs", a.clock_spent_cs), f("spent", a.spent);
    f("eval_games", a.eval_games), f("eval_moves", a.eval_moves), f("swings", a.swings);
    f("termination", a.termination), f("eco", a.eco), f("first_move", a.first_move);
    f("first_two", a.first_two), f("time_control", a.time_control), f("dates", a.dates);
    f("events", a.events), f("rounds", a.rounds), f("players", a.players);
}

/// The numbers of a BoundedMap entry, after its key (`A` const for writing, as `fields`).
template <class A, class F>
requires std::is_same_v<std::remove_const_t<A>, Count>
void record_fields(A& c, F&& f) { f(c.n); }
template <class A, class F>
requires std::is_same_v<std::remove_const_t<A>, PlayerRecord>
void record_fields(A& p, F&& f) {
    f(p.games), f(p.white), f(p.wins), f(p.draws), f(p.losses), f(p.rated), f(p.rated_wins);
    f(p.rated_losses), f(p.opp_elo_sum);
}
template <class A, class F>
requires std::is_same_v<std::remove_const_t<A>, OpeningRecord>
void record_fields(A& o, F&& f) {
    f(o.games), f(o.white_wins), f(o.draws), f(o.black_wins), f(o.plies);
}

// ------------------------------------------------------------------ writing

struct Writer {
    std::string& out;
    bool first = true;

    void key(const char* name) {
        if (!first) out += ',';
        first = false;
        out += '"';
        out += name;
        out += "\":";
    }
    void operator()(const char* name, std::uint64_t v) {
        key(name);
        out += fmt::format_int(v).c_str();
    }
    template <std::size_t N>
    void operator()(const char* name, const std::array<std::uint64_t, N>& a) {
        key(name);
        out += '[';
        for (std::size_t i = 0; i < N; ++i) {
            if (i) out += ',';
            out += fmt::format_int(a[i]).c_str();
        }
        out += ']';
    }
    template <class V>
    void operator()(const char* name, const BoundedMap<V>& m) {
        key(name);
        out += fmt::format("{{\"error\":{},\"pruned\":{},\"entries\":[", m.error(), m.pruned());
        bool firstv = true;
        for (auto [k, v] : m.by_key()) {
            if (!firstv) out += ',';
            firstv = false;
            out += '[';
            append_json_string(out, *k);
            const auto number = [&](std::uint64_t x) {
                out += ',';
                out += fmt::format_int(x).c_str();
            };
            record_fields(*v, number);
            out += ']';
        }
        out += "]}";
    }
};

void write_aggregate(std::string& out, const StatsAggregate& a) {
    out += '{';
    Writer w{out};
    fields(a, w);
    if (a.classified) w("openings", a.openings); // only from a run that classified (-t openings)
    out += '}';
}

// ------------------------------------------------------------------ reading

using Json = JsonValue;

struct Reader {
    const Json& obj;

    void operator()(const char* name, std::uint64_t& v) { v = obj.need(name).u64(); }
    template <std::size_t N>
    void operator()(const char* name, std::array<std::uint64_t, N>& a) {
        const Json& j = obj.need(name);
        if (j.type != Json::Type::Array || j.items.size() != N)
            throw std::runtime_error(fmt::format("stats JSON: '{}' needs {} numbers", name, N));
        for (std::size_t i = 0; i < N; ++i) a[i] = j.items[i].u64();
    }
    template <class V>
    void operator()(const char* name, BoundedMap<V>& m) {
        const Json& j = obj.need(name);
        const Json& entries = j.need("entries");
        for (const Json& e : entries.items) {
            if (e.items.empty() || e.items[0].type != Json::Type::String)
                throw std::runtime_error(fmt::format("stats JSON: bad entry in '{}'", name));
            V& v = m.raw_insert(e.items[0].text);
            std::size_t k = 1;
            auto next = [&](std::uint64_t& x) {
                if (k >= e.items.size())
                    throw std::runtime_error(fmt::format("stats JSON: short entry in '{}'", name));
                x = e.items[k++].u64();
            };
            record_fields(v, next);
        }
        m.set_error(j.need("error").u64(), j.need("pruned").u64());
    }
};

void read_aggregate(const Json& j, StatsAggregate& a) {
    if (j.type != Json::Type::Object) throw std::runtime_error("stats JSON: expected an object");
    Reader r{j};
    fields(a, r);
    if (j.get("openings")) {
        r("openings", a.openings);
        a.classified = true;
    }
}

} // namespace

std::string raw_to_json(const StatsGroups& g) {
    std::string out = "{\"version\":1,\"by\":";
    append_json_string(out, g.by);
    if (g.by.empty()) {
        out += ",\"all\":";
        write_aggregate(out, g.all);
    } else {
        out += fmt::format(",\"groups_error\":{},\"groups_pruned\":{},\"groups\":[",
                           g.groups.error(), g.groups.pruned());
        bool first = true;
        for (auto [k, a] : g.groups.by_key()) {
            if (!first) out += ',';
            first = false;
            out += "{\"key\":";
            append_json_string(out, *k);
            out += ",\"stats\":";
            write_aggregate(out, *a);
            out += '}';
        }
        out += ']';
    }
    out += '}';
    return out;
}

namespace {
/// A --shard run's record (shard_json()).
ShardRecord shard_from_json(const Json& j) {
    ShardRecord r;
    const std::uint64_t index = j.need("index").u64(), count = j.need("count").u64();
    if (index == 0 || count == 0 || index > count || count > 1000000)
        throw std::runtime_error("stats JSON: a shard that is no K/N");
    r.spec.index = static_cast<std::uint32_t>(index);
    r.spec.count = static_cast<std::uint32_t>(count);
    for (const Json& e : j.need("inputs").items) {
        ShardInput in;
        in.file = e.need("file").text;
        in.range = e.need("mode").text == "range";
        in.games = e.need("games").u64();
        if (in.range) {
            in.begin = e.need("begin").u64();
            in.end = e.need("end").u64();
            in.lines = e.need("lines").u64();
        }
        r.inputs.push_back(std::move(in));
    }
    return r;
}
} // namespace

StatsGroups raw_from_json(std::string_view document, const StatsLimits& limits,
                          std::optional<ShardRecord>* shard) {
    Json doc = parse_json(document, "stats JSON");
    if (shard) {
        shard->reset();
        if (const Json* s = doc.get("shard")) *shard = shard_from_json(*s);
    }
    const Json* raw = doc.get("raw");
    if (!raw) throw std::runtime_error("no 'raw' member: not the JSON output of pgnkit stats");
    if (raw->need("version").u64() != 1) throw std::runtime_error("unknown stats JSON version");
    StatsGroups g(raw->need("by").text, limits);
    if (g.by.empty()) {
        read_aggregate(raw->need("all"), g.all);
    } else {
        for (const Json& e : raw->need("groups").items)
            read_aggregate(e.need("stats"), g.groups.raw_insert(e.need("key").text));
        g.groups.set_error(raw->need("groups_error").u64(), raw->need("groups_pruned").u64());
    }
    return g;
}

} // namespace pgnkit::app
