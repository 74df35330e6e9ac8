// Regression (found by tests/fuzz/fuzz_source.cpp: "libFuzzer: out-of-memory
// (malloc(2147876928))"): ZstdSource (src/io/byte_source.cpp) accepts frames with windows up to
// 2 GiB (ZSTD_d_windowLogMax 31, "like zstd --long=31"), so a 27-byte frame header that
// declares a 2 GiB window makes ZSTD_decompressStream allocate 2 GiB + 384 KiB before the input
// turns out to be truncated. The reservation is virtual at first, but a frame that fills its
// window makes it real: 2.6 GB of blanks compressed with `zstd --long=31 -1` (95 KB) takes
// `pgnkit validate` to a peak RSS of 2.1 GB, against the 256 MiB that issue 6 allows an input
// expanding 1000:1 (plain `zstd -d` refuses such frames without --long=31: "Frame requires too
// much memory for decoding"). The real files seen so far use windows of at most 8 MiB.
// Fixed: the window limit is now 27 (128 MiB, as `zstd -d`), raised only by
// PGNKIT_ZSTD_WINDOW_LOG_MAX (see zstd_window_too_large_test.cpp). The check reads glibc's
// heap statistics, so it only means something outside the sanitizer tree.
#include "pgnkit/io/byte_source.hpp"

#include <catch2/catch.hpp>

#include <malloc.h>

#include <memory>
#include <string>
#include <vector>

using namespace pgnkit;

TEST_CASE("regression: a zstd frame declaring a 2 GiB window does not make the decoder reserve it",
          "[regression][io]") {
    // The fuzzer's input: magic, frame header descriptor 0x00, window descriptor 0xA8
    // (window log 10 + 21 = 31), then the start of a block.
    const std::string input("\x28\xB5\x2F\xFD\x00\xA8\xAC\x06\x00\x10\x20\x20\x01\x00\xFB\xFF"
                            "\x39\xC0\x02\x02\x10\x20\x02\x00\x10\x20\x02",
                            27);
    auto src = make_decoding_source(MemorySource::owning(input, "window31.zst"));
    REQUIRE(src->compression() == Compression::Zstd);
    std::vector<char> buf(4096);
    CHECK_THROWS_AS(
        [&] {
            while (src->read(buf.data(), buf.size()) != 0) {
            }
        }(),
        IoError);
    // While the decoder is alive: no more than 256 MiB mapped or in the heap.
    const struct mallinfo2 m = mallinfo2();
    CHECK(m.hblkhd + m.arena < (std::size_t{256} << 20));
}
