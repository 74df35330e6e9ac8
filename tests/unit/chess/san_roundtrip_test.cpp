// Round trips of every legal move at every node of the perft suites to depth 2 (format SAN,
// LAN, UCI, FAN, German SAN, then parse and resolve back), and the replay micro-benchmark.
#include "pgnkit/cmd/perft/perft_suite.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/movegen.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/chess/uci_lan.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

using namespace pgnkit::chess;

namespace {

struct RoundTrip {
    std::uint64_t moves = 0;
    std::uint64_t failures = 0;
    std::vector<std::string> messages; // the first few failures

    void fail(const Position& pos, Move m, const char* what, std::string_view text) {
        ++failures;
        if (messages.size() < 20)
            messages.push_back(std::string(what) + ": '" + std::string(text) + "' for " +
                               format_uci(pos, m) + " in " + format_fen(pos));
    }

    /// Checks every legal move of `pos`.
    void check(const Position& pos) {
        const MoveList legal = legal_moves(pos);
        struct Text {
            char s[24];
            std::size_t n;
        };
        std::vector<Text> sans;
        sans.reserve(legal.size());
        SanParseOptions german;
        german.piece_letters = "KDTLS";
        for (Move m : legal) {
            ++moves;
            char buf[32];
            const std::string_view san(buf, std::size_t(write_san(pos, m, buf) - buf));
            Text t;
            std::memcpy(t.s, san.data(), san.size());
            t.n = san.size();
            sans.push_back(t);

            // SAN: same move, no liberty (suffix included).
            auto r = parse_and_resolve(pos, san);
            if (!r.ok || r.move != m || r.liberties != LibNone) fail(pos, m, "san", san);

            // The suffix agrees with the position after the move (§8.2.3.5).
            const Position after = pos.after(m);
            const char want = after.in_check() ? (has_legal_move(after) ? '+' : '#') : 0;
            const char got = san.back() == '+' || san.back() == '#' ? san.back() : 0;
            if (want != got) fail(pos, m, "check suffix", san);

            // UCI, directly and through the lenient SAN parser.
            const std::string u = format_uci(pos, m);
            if (parse_uci(pos, u) != m) fail(pos, m, "uci", u);
            auto ru = parse_and_resolve(pos, u);
            if (!ru.ok || ru.move != m || ru.liberties != LibUci) fail(pos, m, "uci as san", u);

            // LAN, directly and through the SAN parser (only the LAN liberty).
            const std::string l = format_lan(pos, m);
            if (parse_lan(pos, l) != m) fail(pos, m, "lan", l);
            auto rl = parse_and_resolve(pos, l);
            if (!rl.ok || rl.move != m || (rl.liberties & ~std::uint32_t(LibLongAlgebraic)))
                fail(pos, m, "lan as san", l);

            // FAN and German letters.
            const std::string_view fan(buf, std::size_t(write_san(pos, m, buf, {}, true) - buf));
            auto rf = parse_and_resolve(pos, fan);
            if (!rf.ok || rf.move != m || (rf.liberties & ~std::uint32_t(LibFigurine)))
                fail(pos, m, "fan", fan);
            const std::string_view de(buf, std::size_t(write_san(pos, m, buf, "KDTLS") - buf));
            auto rd = parse_and_resolve(pos, de, german);
            if (!rd.ok || rd.move != m || rd.liberties != LibNone) fail(pos, m, "german", de);
        }
        // SAN strings of all legal moves are pairwise distinct.
        std::sort(sans.begin(), sans.end(), [](const Text& a, const Text& b) {
            return std::string_view(a.s, a.n) < std::string_view(b.s, b.n);
        });
        for (std::size_t i = 1; i < sans.size(); ++i)
            if (std::string_view(sans[i].s, sans[i].n) ==
                std::string_view(sans[i - 1].s, sans[i - 1].n))
                fail(pos, Move::null(), "duplicate SAN", std::string_view(sans[i].s, sans[i].n));
    }

    /// Depth 1 and 2: the moves of the root and of each of its children.
    void check_tree(const Position& root) {
        check(root);
        for (Move m : legal_moves(root)) check(root.after(m));
    }
};

void round_trip_suite(const char* relative, bool chess960, std::size_t limit) {
    const std::string path = std::string(PGNKIT_CORPUS_DIR) + "/" + relative;
    std::ifstream in(path);
    REQUIRE(in);
    const auto cases = pgnkit::app::read_perft_suite(in);
    REQUIRE(!cases.empty());
    RoundTrip rt;
    std::size_t n = 0;
    for (const auto& c : cases) {
        if (n++ == limit) break;
        FenParseOptions opts;
        opts.chess960 = chess960 || c.chess960;
        auto parsed = parse_fen(c.fen, opts);
        INFO(c.id << ": " << c.fen);
        REQUIRE(parsed.ok());
        rt.check_tree(parsed->position);
    }
    INFO(relative << ": " << n << " positions, " << rt.moves << " moves");
    for (const auto& msg : rt.messages) UNSCOPED_INFO(msg);
    CHECK(rt.failures == 0);
    CHECK(rt.moves > 0);
}

} // namespace

TEST_CASE("san: round trip at every node of ethereal/standard.epd to depth 2", "[san][roundtrip]") {
    round_trip_suite("perft/ethereal/standard.epd", false, SIZE_MAX);
}

TEST_CASE("san: round trip at every node of shakmaty/tricky.perft to depth 2", "[san][roundtrip]") {
    round_trip_suite("perft/shakmaty/tricky.perft", false, SIZE_MAX);
}

TEST_CASE("san: round trip at every node of shakmaty/random.perft to depth 2", "[san][roundtrip]") {
    round_trip_suite("perft/shakmaty/random.perft", false, SIZE_MAX);
}

TEST_CASE("san: round trip at every node of shakmaty/chess960.perft to depth 2",
          "[san][roundtrip][chess960]") {
    round_trip_suite("perft/shakmaty/chess960.perft", true, SIZE_MAX);
}

// --- micro-benchmark (hidden: run with `pgnkit_tests "[.bench]"`) -------------------------

namespace {

/// Deterministic random games from the start position, as SAN tokens.
std::vector<std::vector<std::string>> random_games(int games, int max_plies) {
    std::uint64_t seed = 0x2545F4914F6CDD1DULL;
    auto next = [&] {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        return seed;
    };
    std::vector<std::vector<std::string>> out;
    for (int g = 0; g < games; ++g) {
        Position pos = Position::startpos();
        std::vector<std::string> sans;
        for (int ply = 0; ply < max_plies; ++ply) {
            const MoveList moves = legal_moves(pos);
            if (moves.empty() || pos.halfmove_clock() >= 100) break;
            const Move m = moves[next() % moves.size()];
            sans.push_back(format_san(pos, m));
            pos.play(m);
        }
        out.push_back(std::move(sans));
    }
    return out;
}

} // namespace

TEST_CASE("san: replay speed", "[.bench]") {
    const auto games = random_games(2000, 300);
    std::uint64_t plies = 0;
    for (const auto& g : games) plies += g.size();
    using Clock = std::chrono::steady_clock;

    {
        // Syntax alone.
        const int reps = 5;
        std::uint64_t sink = 0;
        const auto t0 = Clock::now();
        for (int rep = 0; rep < reps; ++rep)
            for (const auto& g : games)
                for (const auto& san : g) {
                    San parsed;
                    sink += parse_san(san, parsed) + parsed.to;
                }
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        std::printf("parse_san alone: %.1f ns/ply (%llu)\n", 1e9 * s / (double(plies) * reps),
                    (unsigned long long)sink);
    }
    for (bool check_suffix : {false, true}) {
        const int reps = 5;
        std::uint64_t sink = 0;
        const auto t0 = Clock::now();
        for (int rep = 0; rep < reps; ++rep) {
            for (const auto& g : games) {
                Position pos = Position::startpos();
                for (const auto& san : g) {
                    const auto r = parse_and_resolve(pos, san, {}, check_suffix);
                    if (!r.ok) FAIL("replay failed at " << san);
                    sink += r.liberties;
                    pos.play(r.move);
                }
            }
        }
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        const double n = double(plies) * reps;
        std::printf("parse+resolve+play (check_suffix=%d): %.1f ns/ply, %.2f M plies/s "
                    "(%llu plies)\n",
                    int(check_suffix), 1e9 * s / n, n / s / 1e6, (unsigned long long)plies);
        CHECK(sink == 0);
    }

    for (bool check_suffix : {false, true}) {
        const int reps = 5;
        std::uint64_t sink = 0;
        const auto t0 = Clock::now();
        for (int rep = 0; rep < reps; ++rep) {
            for (const auto& g : games) {
                Position pos = Position::startpos();
                for (const auto& san : g) {
                    const auto r = play_san(pos, san, {}, check_suffix);
                    if (!r.ok) FAIL("replay failed at " << san);
                    sink += r.liberties;
                }
            }
        }
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        const double n = double(plies) * reps;
        std::printf("play_san (check_suffix=%d): %.1f ns/ply, %.2f M plies/s\n", int(check_suffix),
                    1e9 * s / n, n / s / 1e6);
        CHECK(sink == 0);
    }

    // Formatting, for comparison: write_san at every ply, then play.
    {
        std::vector<std::vector<Move>> moves;
        for (const auto& g : games) {
            Position pos = Position::startpos();
            std::vector<Move> ms;
            for (const auto& san : g) {
                ms.push_back(parse_and_resolve(pos, san).move);
                pos.play(ms.back());
            }
            moves.push_back(std::move(ms));
        }
        const int reps = 5;
        std::uint64_t bytes = 0;
        const auto t0 = Clock::now();
        for (int rep = 0; rep < reps; ++rep) {
            for (const auto& g : moves) {
                Position pos = Position::startpos();
                for (Move m : g) {
                    char buf[32];
                    bytes += std::uint64_t(write_san(pos, m, buf) - buf);
                    pos.play(m);
                }
            }
        }
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        const double n = double(plies) * reps;
        std::printf("write_san+play: %.1f ns/ply (%llu bytes)\n", 1e9 * s / n,
                    (unsigned long long)bytes);
    }
    // Baseline: play alone.
    {
        std::vector<std::vector<Move>> moves;
        for (const auto& g : games) {
            Position pos = Position::startpos();
            std::vector<Move> ms;
            for (const auto& san : g) {
                ms.push_back(parse_and_resolve(pos, san).move);
                pos.play(ms.back());
            }
            moves.push_back(std::move(ms));
        }
        const int reps = 5;
        std::uint64_t keys = 0;
        const auto t0 = Clock::now();
        for (int rep = 0; rep < reps; ++rep) {
            for (const auto& g : moves) {
                Position pos = Position::startpos();
                for (Move m : g) pos.play(m);
                keys ^= pos.key();
            }
        }
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        std::printf("play alone: %.1f ns/ply (%llx)\n", 1e9 * s / (double(plies) * reps),
                    (unsigned long long)keys);
    }
}
