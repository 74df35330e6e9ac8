// The vector kernels chosen at start-up (simd::level): AVX2 where the CPU has it, else the
// SSE2 baseline. Each must give the answer of a byte-by-byte reference, and the reader must
// read the same events and diagnostics at either level.
#include "pgn_test_util.hpp"
#include "pgnkit/pgn/simd/dispatch.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <string>

using namespace pgnkit;

namespace {
unsigned reference_kind(const std::string& s, std::size_t from, std::size_t n) {
    unsigned k = 0;
    for (std::size_t i = from; i < from + n; ++i) {
        if (static_cast<unsigned char>(s[i]) >= 0x80) k |= simd::NonAscii;
        if (s[i] == '\r') k |= simd::HasCr;
    }
    return k;
}
} // namespace

TEST_CASE("simd: scan_text finds every non-ASCII byte and CR at both levels", "[simd]") {
    if (simd::best() != simd::Level::Avx2) WARN("no AVX2 here: only the baseline is tested");
    std::mt19937 rng(7);
    for (simd::Level level : {simd::Level::Baseline, simd::best()}) {
        test::SimdLevel use(level);
        // Every length up to 300, the odd byte at every position (first, last, in the
        // overlapping last 64 bytes), at offsets that misalign the loads.
        for (std::size_t n = 0; n <= 300; ++n) {
            std::string s(n + 3, 'e');
            for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<char>(' ' + rng() % 90);
            const std::size_t from = n % 3;
            INFO("level " << simd::name(level) << " n " << n);
            REQUIRE(simd::scan_text(s.data() + from, n) == reference_kind(s, from, n));
            for (std::size_t at = 0; at < n; ++at) {
                for (char odd : {'\r', '\x80', '\xFF', '\xC3'}) {
                    std::string t = s;
                    t[from + at] = odd;
                    REQUIRE(simd::scan_text(t.data() + from, n) == reference_kind(t, from, n));
                }
            }
            // A byte just outside the range is not seen.
            if (from > 0) {
                std::string t = s;
                t[from - 1] = '\r';
                t[from + n] = '\xFF';
                REQUIRE(simd::scan_text(t.data() + from, n) == reference_kind(t, from, n));
            }
        }
    }
}

TEST_CASE("simd: the reader reads Latin-1, UTF-8 and CR text alike at both levels",
          "[simd][reader]") {
    const std::string text =
        "[Event \"caf\xE9\"]\r\n[Site \"x\"]\r\n\r\n1. e4 {caf\xC3\xA9} e5\r2. Nf3 *\r\n\r\n"
        "[Event \"plain\"]\n\n1. d4 d5 2. c4 {a long enough comment to "
        "fill more than sixty-four bytes of text} *\n\n"
        "[Event \"\xC3\xA9t\xC3\xA9\"]\n\n1. c4\r\n{\xE9t\xE9}\re5 *\n";
    auto events = [&](simd::Level level) {
        test::SimdLevel use(level);
        std::vector<std::string> out;
        for (auto& g : test::read_string(text)) {
            out.insert(out.end(), g.rec.events.begin(), g.rec.events.end());
            for (const Diagnostic& d : g.rec.diags)
                out.push_back(
                    fmt::format("diag {} {}:{}", code_info(d.code).name, d.loc.line, d.loc.column));
        }
        return out;
    };
    const auto base = events(simd::Level::Baseline);
    CHECK(base == events(simd::best()));
    // The Latin-1 games are reported once each, at their first bad byte; line numbers follow
    // CR, LF and CR LF.
    CHECK(std::count_if(base.begin(), base.end(),
                        [](const std::string& e) { return e.rfind("diag", 0) == 0; }) == 2);
    CHECK(std::find(base.begin(), base.end(), "move Nf3 @5:4") != base.end());
    CHECK(std::find(base.begin(), base.end(), "move e5 @15:1") != base.end());
}
