#pragma once
/// Every vector kernel of the byte scans, written once over the vector width in
/// kernels_for_width.inc and compiled twice: `simd::sse2` (16 bytes, what the splitter and the
/// reader use everywhere) and `simd::avx2` (32 bytes, AVX2 target, for the scans that
/// simd::level() dispatches: scan_text and the splitter's movetext blocks). A kernel answers
/// with bit masks (bit k: byte k); callers keep plain interfaces (detail::find_any,
/// detail::token_end …, in pgn/scan.hpp and pgn/reader.hpp).
///
/// Why an include per width and not a template instantiated twice: an instantiation takes
/// its target from where the template is defined, and GCC and clang refuse to inline AVX2
/// intrinsics into one compiled without AVX2 (detail/simd/vec.hpp); compiling the same text
/// once in each target's namespace is the way both compilers accept.

#include "pgnkit/pgn/detail/simd/vec.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace pgnkit::simd {

/// 64 movetext bytes as the splitter's scan sees them (movetext_block): in `other` a bit for
/// each LF, CR, `(`, `)` and `;` (and, from a cheaper test, each other byte below CR: the
/// scan passes over those); `braces`: whether one of the bytes may be `{` or `}` (or `y` or
/// DEL, which only cost the scan a look at the last brace).
struct MovetextBlock {
    std::uint64_t other = 0;
    bool braces = false;
};

/// No index (find_last).
inline constexpr std::size_t none = ~std::size_t{0};

} // namespace pgnkit::simd

#ifdef __SSE2__
namespace pgnkit::simd::sse2 {
using V = Sse2;
#include "pgnkit/pgn/detail/simd/kernels_for_width.inc"

/// Whether the 16 bytes at t are ` [%clk H:MM:SS] ` (the clock comment lichess writes after
/// every move), digits where the H, MM and SS are. (A fixed 16-byte form: no wider kernel.)
[[gnu::always_inline]] inline bool is_clock_comment(const char* t) {
    constexpr std::uint32_t digits = 1u << 7 | 1u << 9 | 1u << 10 | 1u << 12 | 1u << 13;
    const V::reg v = V::load(t);
    const V::reg form =
        _mm_setr_epi8(' ', '[', '%', 'c', 'l', 'k', ' ', 0, ':', 0, 0, ':', 0, 0, ']', ' ');
    const V::reg d = V::sub(v, V::set1('0'));
    const std::uint32_t is_digit = V::movemask(V::eq(V::min_u8(d, V::set1(9)), d));
    const std::uint32_t is_form = V::movemask(V::eq(v, form));
    return ((is_form & ~digits) | (is_digit & digits)) == 0xFFFF;
}
} // namespace pgnkit::simd::sse2
#endif

#ifdef PGNKIT_SIMD_AVX2
PGNKIT_SIMD_AVX2_BEGIN
namespace pgnkit::simd::avx2 {
using V = Avx2;
#include "pgnkit/pgn/detail/simd/kernels_for_width.inc"
} // namespace pgnkit::simd::avx2
PGNKIT_SIMD_AVX2_END
#endif
