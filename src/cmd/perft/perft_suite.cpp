#include "pgnkit/cmd/perft/perft_suite.hpp"

#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/xiangqi/fen.hpp"
#include "pgnkit/xiangqi/movegen.hpp"

#include <fmt/format.h>

#include <sstream>
#include <stdexcept>

namespace pgnkit::app {

namespace {

std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return {};
    auto e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::string cur;
    std::istringstream is(s);
    while (std::getline(is, cur, sep)) out.push_back(cur);
    return out;
}

std::uint64_t to_u64(const std::string& s, int line) {
    try {
        std::size_t pos = 0;
        auto v = std::stoull(trim(s), &pos);
        if (pos != trim(s).size()) throw std::invalid_argument(s);
        return v;
    } catch (const std::exception&) {
        throw std::runtime_error(fmt::format("line {}: '{}' is not a number", line, s));
    }
}

/// run_perft_suite() of a xiangqi case.
void run_xiangqi_case(const PerftCase& c, std::uint64_t max_nodes,
                      const std::function<void(const std::string&)>& on_failure,
                      PerftSuiteResult& r) {
    auto parsed = xiangqi::parse_fen(c.fen);
    if (!parsed) {
        ++r.failed;
        on_failure(fmt::format("{}: bad FEN '{}': {}", c.id, c.fen, parsed.error().to_string()));
        return;
    }
    bool first = true;
    for (auto [depth, nodes] : c.expected) {
        if (!first && max_nodes && nodes > max_nodes) {
            ++r.skipped;
            continue;
        }
        first = false;
        const std::uint64_t got = xiangqi::perft(parsed->position, depth);
        if (got == nodes) {
            ++r.passed;
        } else {
            ++r.failed;
            on_failure(fmt::format("{}: {} depth {}: expected {}, got {}", c.id, c.fen, depth,
                                   nodes, got));
        }
    }
}

} // namespace

std::vector<PerftCase> read_perft_suite(std::istream& in, bool xiangqi) {
    std::vector<PerftCase> cases;
    std::string raw;
    int line = 0;
    bool tsv_header_seen = false;
    int tsv_chess960_col = -1;
    long block = -1; // index of the current id/epd/perft block
    while (std::getline(in, raw)) {
        ++line;
        std::string s = trim(raw);
        if (s.empty()) {
            block = -1;
            continue;
        }
        if (s[0] == '#') continue;
        if (s.find('\t') != std::string::npos) {
            auto cols = split(s, '\t');
            if (cols[0] == "fen") { // header of a TSV suite
                tsv_header_seen = true;
                for (std::size_t i = 0; i < cols.size(); ++i)
                    if (cols[i] == "chess960") tsv_chess960_col = int(i);
                continue;
            }
            if (!tsv_header_seen || cols.size() < 3)
                throw std::runtime_error(
                    fmt::format("line {}: unexpected tab-separated line", line));
            PerftCase c;
            c.id = fmt::format("line {}", line);
            c.line = line;
            c.fen = cols[0] != "startpos" ? cols[0]
                    : xiangqi             ? std::string(xiangqi::StartFen)
                                          : std::string(chess::StartFen);
            c.expected.push_back({int(to_u64(cols[1], line)), to_u64(cols[2], line)});
            if (tsv_chess960_col >= 0 && std::size_t(tsv_chess960_col) < cols.size())
                c.chess960 = cols[std::size_t(tsv_chess960_col)] == "true";
            cases.push_back(std::move(c));
            continue;
        }
        auto word_end = s.find(' ');
        std::string key = s.substr(0, word_end);
        std::string rest = word_end == std::string::npos ? "" : trim(s.substr(word_end));
        if (key == "id") {
            cases.push_back(PerftCase{rest, "", false, false, {}, line});
            block = long(cases.size()) - 1;
        } else if (key == "epd" && block >= 0) {
            cases[std::size_t(block)].fen = rest;
        } else if (key == "perft" && block >= 0) {
            auto sp = rest.find(' ');
            if (sp == std::string::npos)
                throw std::runtime_error(
                    fmt::format("line {}: 'perft depth nodes' expected", line));
            cases[std::size_t(block)].expected.push_back(
                {int(to_u64(rest.substr(0, sp), line)), to_u64(rest.substr(sp + 1), line)});
        } else if (s.find(';') != std::string::npos) {
            auto parts = split(s, ';');
            PerftCase c;
            c.id = fmt::format("line {}", line);
            c.line = line;
            c.fen = trim(parts[0]);
            for (std::size_t i = 1; i < parts.size(); ++i) {
                std::string p = trim(parts[i]);
                if (p.size() < 3 || p[0] != 'D')
                    throw std::runtime_error(
                        fmt::format("line {}: '{}' is not 'Dn count'", line, p));
                auto sp = p.find(' ');
                if (sp == std::string::npos)
                    throw std::runtime_error(
                        fmt::format("line {}: '{}' is not 'Dn count'", line, p));
                c.expected.push_back(
                    {int(to_u64(p.substr(1, sp - 1), line)), to_u64(p.substr(sp + 1), line)});
            }
            cases.push_back(std::move(c));
        } else {
            throw std::runtime_error(fmt::format("line {}: cannot read '{}'", line, s));
        }
    }
    // Suites of EPD lines do not say which positions are Chess960 (shakmaty's and
    // python-chess' chess960 suites, Ethereal's fischer.epd): a case whose castling rights do
    // not fit standard chess and fit Chess960 is marked so. Only here, in test data: a game's
    // FEN needs its Variant tag.
    for (PerftCase& c : cases) {
        c.xiangqi = xiangqi || xiangqi::has_xiangqi_shape(c.fen);
        if (c.chess960 || c.xiangqi) continue;
        auto standard = chess::parse_fen(c.fen);
        if (standard || standard.error().field != "castling") continue;
        chess::FenParseOptions o;
        o.chess960 = true;
        c.chess960 = chess::parse_fen(c.fen, o).ok();
    }
    return cases;
}

PerftSuiteResult run_perft_suite(const std::vector<PerftCase>& cases, std::uint64_t max_nodes,
                                 const std::function<void(const std::string&)>& on_failure) {
    PerftSuiteResult r;
    for (const auto& c : cases) {
        if (c.xiangqi) {
            run_xiangqi_case(c, max_nodes, on_failure, r);
            continue;
        }
        chess::FenParseOptions opts;
        opts.chess960 = c.chess960;
        auto parsed = chess::parse_fen(c.fen, opts);
        if (!parsed) {
            ++r.failed;
            on_failure(
                fmt::format("{}: bad FEN '{}': {}", c.id, c.fen, parsed.error().to_string()));
            continue;
        }
        bool first = true;
        for (auto [depth, nodes] : c.expected) {
            if (!first && max_nodes && nodes > max_nodes) {
                ++r.skipped;
                continue;
            }
            first = false;
            std::uint64_t got = chess::perft(parsed->position, depth);
            if (got == nodes) {
                ++r.passed;
            } else {
                ++r.failed;
                on_failure(fmt::format("{}: {} depth {}: expected {}, got {}", c.id, c.fen, depth,
                                       nodes, got));
            }
        }
    }
    return r;
}

} // namespace pgnkit::app
