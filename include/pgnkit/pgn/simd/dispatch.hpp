#pragma once
/// Which vector code the hot scans run: the baseline (SSE2, part of every x86-64 CPU) or,
/// where the CPU and the operating system support it, AVX2 (twice the bytes a step). The
/// choice is made once at start-up; both give the same results (tests run both). The kernels
/// themselves, written once over the vector width, are in detail/simd/kernels.hpp.

#include <cstddef>
#include <cstdint>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
/// AVX2 kernels are compiled here (the AVX2 target, detail/simd/vec.hpp); they run when
/// level() is Level::Avx2.
#define PGNKIT_SIMD_AVX2 1
#endif

namespace pgnkit::simd {

enum class Level : std::uint8_t { Baseline, Avx2 };

namespace detail {
extern Level current;
} // namespace detail

/// The level in use: the best this machine supports, unless the environment variable
/// PGNKIT_SIMD is `baseline` (or `sse2`).
inline Level level() noexcept { return detail::current; }

/// The best level this machine supports.
Level best() noexcept;

/// Sets the level in use (tests: the baseline code on an AVX2 machine); a level the machine
/// lacks becomes the baseline. Not for use while other threads scan.
void set_level(Level l) noexcept;

/// The level's name: "baseline" or "avx2".
const char* name(Level l) noexcept;

enum TextKind : unsigned { NonAscii = 1, HasCr = 2 };
/// What [s, s + n) holds, in one pass: NonAscii if a byte is 0x80 or more (the text needs a
/// UTF-8 check), HasCr if a byte is a CR (line breaks may be CR, LF or CR LF).
unsigned scan_text(const char* s, std::size_t n) noexcept;

} // namespace pgnkit::simd
