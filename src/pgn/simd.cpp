#include "pgnkit/pgn/simd.hpp"

#include <cstdlib>
#include <cstring>
#ifdef PGNKIT_SIMD_AVX2
#include <immintrin.h>
#endif
#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace pgnkit::simd {

namespace {
Level detect() noexcept {
#ifdef PGNKIT_SIMD_AVX2
    // libgcc's (and compiler-rt's) test also asks the OS whether it saves the AVX state.
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) return Level::Avx2;
#endif
    return Level::Baseline;
}

Level initial() noexcept {
    const Level b = best();
    const char* env = std::getenv("PGNKIT_SIMD");
    if (env != nullptr && (std::strcmp(env, "baseline") == 0 || std::strcmp(env, "sse2") == 0))
        return Level::Baseline;
    return b;
}

unsigned scan_text_baseline(const char* s, std::size_t n) noexcept {
    std::size_t i = 0;
    unsigned kind = 0;
#ifdef __SSE2__
    const __m128i cr = _mm_set1_epi8('\r');
    __m128i high = _mm_setzero_si128(), crs = _mm_setzero_si128();
    for (; i + 32 <= n; i += 32) {
        const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i));
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i + 16));
        high = _mm_or_si128(high, _mm_or_si128(a, b));
        crs = _mm_or_si128(crs, _mm_or_si128(_mm_cmpeq_epi8(a, cr), _mm_cmpeq_epi8(b, cr)));
    }
    if (_mm_movemask_epi8(high) != 0) kind |= NonAscii;
    if (_mm_movemask_epi8(crs) != 0) kind |= HasCr;
#endif
    for (; i < n; ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) kind |= NonAscii;
        if (c == '\r') kind |= HasCr;
    }
    return kind;
}

#ifdef PGNKIT_SIMD_AVX2
[[gnu::target("avx2"), gnu::always_inline]] inline void scan_text_step(const char* p, __m256i& high,
                                                                       __m256i& crs) {
    const __m256i cr = _mm256_set1_epi8('\r');
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
    high = _mm256_or_si256(high, _mm256_or_si256(a, b));
    crs = _mm256_or_si256(crs, _mm256_or_si256(_mm256_cmpeq_epi8(a, cr), _mm256_cmpeq_epi8(b, cr)));
}

[[gnu::target("avx2")]] unsigned scan_text_avx2(const char* s, std::size_t n) noexcept {
    if (n < 64) return scan_text_baseline(s, n);
    __m256i high = _mm256_setzero_si256(), crs = _mm256_setzero_si256();
    for (std::size_t i = 0; i + 64 <= n; i += 64) scan_text_step(s + i, high, crs);
    scan_text_step(s + n - 64, high, crs); // the last bytes (they overlap bytes already seen)
    return (_mm256_movemask_epi8(high) != 0 ? NonAscii : 0u) |
           (_mm256_movemask_epi8(crs) != 0 ? HasCr : 0u);
}
#endif
} // namespace

namespace detail {
Level current = initial();
} // namespace detail

Level best() noexcept {
    static const Level b = detect();
    return b;
}

void set_level(Level l) noexcept { detail::current = l == Level::Avx2 ? best() : Level::Baseline; }

const char* name(Level l) noexcept { return l == Level::Avx2 ? "avx2" : "baseline"; }

unsigned scan_text(const char* s, std::size_t n) noexcept {
#ifdef PGNKIT_SIMD_AVX2
    if (level() == Level::Avx2) return scan_text_avx2(s, n);
#endif
    return scan_text_baseline(s, n);
}

} // namespace pgnkit::simd
