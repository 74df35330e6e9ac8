// Throughput of the PGN input layer on real text (hidden: `pgnkit_tests "[.bench]"`).
//
// Builds ~256 MB in memory from the real corpus (tests/data/pgn/real/…, decompressed with
// open_source) and reports MB/s for (a) the splitter alone and (b) splitter + reader with
// a no-op visitor; best of three rounds (the machine is shared and noisy).
// PGNKIT_BENCH_MB overrides the size.
#include "pgn_test_util.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>

using namespace pgnkit;
using namespace pgnkit::test;

namespace {

std::string decompress_all(const std::string& dir) {
    std::vector<std::string> files;
    for (auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().extension() == ".zst") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    std::string out;
    std::vector<char> buf(read_chunk_size);
    for (auto& f : files) {
        auto src = open_source(f);
        while (std::size_t n = src->read(buf.data(), buf.size())) out.append(buf.data(), n);
        if (!out.empty() && out.back() != '\n') out += '\n';
        out += '\n';
    }
    return out;
}

std::string replicate(const std::string& one, std::size_t bytes) {
    std::string text;
    text.reserve(bytes + one.size());
    while (text.size() < bytes) text += one;
    return text;
}

std::size_t bench_bytes() {
    if (const char* e = std::getenv("PGNKIT_BENCH_MB")) return std::size_t(std::atoi(e)) << 20;
    return std::size_t{256} << 20;
}

struct NoOp : VisitorBase {};

double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct Timing {
    double wall = 1e30; ///< best wall-clock seconds
    double cpu = 1e30;  ///< best thread CPU seconds (steadier on a shared machine)
};

template <class F>
Timing best_of_three(F&& f) {
    Timing t;
    for (int round = 0; round < 3; ++round) {
        auto w0 = std::chrono::steady_clock::now();
        double c0 = thread_cpu_seconds();
        f();
        t.cpu = std::min(t.cpu, thread_cpu_seconds() - c0);
        t.wall = std::min(
            t.wall, std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count());
    }
    return t;
}

void bench(const char* label, const std::string& text) {
    std::uint64_t games_a = 0, games_b = 0;
    Timing sa = best_of_three([&] {
        MemorySource src(text);
        GameSplitter sp(src);
        GameSpan span;
        games_a = 0;
        while (sp.next(span)) ++games_a;
    });
    Timing sb = best_of_three([&] {
        MemorySource src(text);
        GameSplitter sp(src);
        PgnReader rd;
        NoOp v;
        GameSpan span;
        games_b = 0;
        while (sp.next(span)) {
            rd.read(span, v);
            ++games_b;
        }
    });
    double mb = static_cast<double>(text.size()) / 1e6;
    std::printf("%-8s %4.0f MB %7llu games: (a) split %5.0f MB/s (cpu %5.0f)  (b) split+read "
                "%5.0f MB/s (cpu %5.0f)\n",
                label, mb, static_cast<unsigned long long>(games_a), mb / sa.wall, mb / sa.cpu,
                mb / sb.wall, mb / sb.cpu);
    CHECK(games_a == games_b);
}

} // namespace

TEST_CASE("bench: split and read real lichess and pgnmentor text", "[.bench]") {
    const std::string real = std::string(PGNKIT_CORPUS_DIR) + "/pgn/real/";
    std::string lichess = decompress_all(real + "lichess");
    std::string mentor = decompress_all(real + "pgnmentor-players");
    REQUIRE(!lichess.empty());
    REQUIRE(!mentor.empty());
    std::size_t bytes = bench_bytes();
    bench("lichess", replicate(lichess, bytes));
    bench("mixed", replicate(lichess + mentor, bytes));
}
