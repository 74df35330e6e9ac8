#include "pgnkit/pgn/simd/dispatch.hpp"

#include "pgnkit/pgn/detail/simd/kernels.hpp"

#include <cstdlib>
#include <cstring>

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
    if (level() == Level::Avx2) return avx2::scan_text(s, n); // (an AVX2 function)
#endif
#ifdef __SSE2__
    return sse2::scan_text(s, n);
#else
    unsigned kind = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) kind |= NonAscii;
        if (c == '\r') kind |= HasCr;
    }
    return kind;
#endif
}

} // namespace pgnkit::simd
