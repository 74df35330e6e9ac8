#pragma once
/// The vector operations the byte scans use, for each vector width: `Sse2` (16 bytes, part of
/// every x86-64 CPU) and `Avx2` (32 bytes). Each is a traits struct over its register type,
/// so that a kernel is written once in terms of `V` (detail/simd/kernels.hpp).
///
/// AVX2 code must be compiled for AVX2: GCC and clang refuse to inline an AVX2 intrinsic into
/// a function, or a template instantiation, compiled without it. Hence `Avx2` and the AVX2
/// kernels are defined between PGNKIT_SIMD_AVX2_BEGIN and PGNKIT_SIMD_AVX2_END, which give
/// every function defined there the AVX2 target (as `[[gnu::target("avx2")]]` would).

#include "pgnkit/pgn/simd/dispatch.hpp"

#include <cstdint>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#ifdef PGNKIT_SIMD_AVX2
#include <immintrin.h>
#endif

#if defined(__clang__)
#define PGNKIT_SIMD_AVX2_BEGIN                                                                     \
    _Pragma("clang attribute push(__attribute__((target(\"avx2\"))), apply_to = function)")
#define PGNKIT_SIMD_AVX2_END _Pragma("clang attribute pop")
#else
#define PGNKIT_SIMD_AVX2_BEGIN _Pragma("GCC push_options") _Pragma("GCC target(\"avx2\")")
#define PGNKIT_SIMD_AVX2_END _Pragma("GCC pop_options")
#endif

namespace pgnkit::simd {

#ifdef __SSE2__
/// 16 bytes a register (SSE2).
struct Sse2 {
    using reg = __m128i;
    static constexpr int width = 16;
    [[gnu::always_inline]] static reg load(const char* p) {
        return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    }
    [[gnu::always_inline]] static reg set1(char c) { return _mm_set1_epi8(c); }
    [[gnu::always_inline]] static reg zero() { return _mm_setzero_si128(); }
    /// Ones in each byte where a == b.
    [[gnu::always_inline]] static reg eq(reg a, reg b) { return _mm_cmpeq_epi8(a, b); }
    /// Ones in each byte where a < b, both signed.
    [[gnu::always_inline]] static reg lt_signed(reg a, reg b) { return _mm_cmplt_epi8(a, b); }
    [[gnu::always_inline]] static reg or_(reg a, reg b) { return _mm_or_si128(a, b); }
    [[gnu::always_inline]] static reg and_(reg a, reg b) { return _mm_and_si128(a, b); }
    [[gnu::always_inline]] static reg sub(reg a, reg b) { return _mm_sub_epi8(a, b); }
    /// The smaller of each pair of bytes, unsigned.
    [[gnu::always_inline]] static reg min_u8(reg a, reg b) { return _mm_min_epu8(a, b); }
    [[gnu::always_inline]] static reg max_u8(reg a, reg b) { return _mm_max_epu8(a, b); }
    /// The top bit of each byte, byte k in bit k.
    [[gnu::always_inline]] static std::uint32_t movemask(reg a) {
        return static_cast<std::uint32_t>(_mm_movemask_epi8(a));
    }
};
#endif

#ifdef PGNKIT_SIMD_AVX2
PGNKIT_SIMD_AVX2_BEGIN
/// 32 bytes a register (AVX2); the operations of Sse2.
struct Avx2 {
    using reg = __m256i;
    static constexpr int width = 32;
    [[gnu::always_inline]] static reg load(const char* p) {
        return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    }
    [[gnu::always_inline]] static reg set1(char c) { return _mm256_set1_epi8(c); }
    [[gnu::always_inline]] static reg zero() { return _mm256_setzero_si256(); }
    [[gnu::always_inline]] static reg eq(reg a, reg b) { return _mm256_cmpeq_epi8(a, b); }
    [[gnu::always_inline]] static reg lt_signed(reg a, reg b) { return _mm256_cmpgt_epi8(b, a); }
    [[gnu::always_inline]] static reg or_(reg a, reg b) { return _mm256_or_si256(a, b); }
    [[gnu::always_inline]] static reg and_(reg a, reg b) { return _mm256_and_si256(a, b); }
    [[gnu::always_inline]] static reg sub(reg a, reg b) { return _mm256_sub_epi8(a, b); }
    [[gnu::always_inline]] static reg min_u8(reg a, reg b) { return _mm256_min_epu8(a, b); }
    [[gnu::always_inline]] static reg max_u8(reg a, reg b) { return _mm256_max_epu8(a, b); }
    [[gnu::always_inline]] static std::uint32_t movemask(reg a) {
        return static_cast<std::uint32_t>(_mm256_movemask_epi8(a));
    }
};
PGNKIT_SIMD_AVX2_END
#endif

} // namespace pgnkit::simd
