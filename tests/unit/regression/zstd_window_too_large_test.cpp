// Regression (found by tests/fuzz/fuzz_source.cpp in CI): a 34-byte zstd frame whose header
// asks for a 2 GiB window made the decoder allocate 2 GiB before reading any data (the
// window limit was 31, for `zstd --long=31` streams). The limit is now 27 (128 MiB, what
// `zstd -d` accepts), raised only by PGNKIT_ZSTD_WINDOW_LOG_MAX, and a frame that needs more
// is a located error that says so.
#include "pgnkit/io/byte_source.hpp"

#include <catch2/catch.hpp>
#include <zstd.h>

#include <string>

using namespace pgnkit;

namespace {
std::string read_error(std::string data) {
    auto src = make_decoding_source(MemorySource::owning(std::move(data), "test.zst"));
    std::string buf(1 << 16, '\0');
    try {
        while (src->read(buf.data(), buf.size()) != 0) {
        }
    } catch (const IoError& e) {
        return e.what();
    }
    return {};
}
} // namespace

TEST_CASE("regression: a zstd header asking for a 2 GiB window is refused, not allocated",
          "[regression][io]") {
    const unsigned char fuzz[] = {0x28, 0xb5, 0x2f, 0xfd, 0x04, 0xa8, 0xab, 0xff, 0xf9, 0x10, 0x20,
                                  0x20, 0x01, 0x00, 0xfb, 0xff, 0x39, 0xc0, 0x02, 0x02, 0x00, 0x10,
                                  0x20, 0x02, 0x00, 0xf0, 0x20, 0x02, 0x85, 0xf8, 0xfa, 0x42};
    const std::string error =
        read_error(std::string(reinterpret_cast<const char*>(fuzz), sizeof fuzz));
    CHECK(error.find("test.zst") != std::string::npos);
    CHECK(error.find("window larger than 128 MiB") != std::string::npos);
}

TEST_CASE("regression: a real stream made with a 256 MiB window is refused with the way out",
          "[regression][io]") {
    // Streaming compression without a pledged size declares the full window in the header.
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    REQUIRE(cctx != nullptr);
    REQUIRE(!ZSTD_isError(ZSTD_CCtx_setParameter(cctx, ZSTD_c_windowLog, 28)));
    const std::string text = "[Event \"long window\"]\n\n1. e4 e5 1-0\n";
    std::string out(ZSTD_compressBound(text.size()) + 64, '\0');
    ZSTD_inBuffer in{text.data(), text.size(), 0};
    ZSTD_outBuffer ob{out.data(), out.size(), 0};
    // Fed in two calls: on a single ZSTD_e_end call the size is known and the window shrinks.
    REQUIRE(!ZSTD_isError(ZSTD_compressStream2(cctx, &ob, &in, ZSTD_e_continue)));
    ZSTD_inBuffer none{nullptr, 0, 0};
    REQUIRE(ZSTD_compressStream2(cctx, &ob, &none, ZSTD_e_end) == 0);
    ZSTD_freeCCtx(cctx);
    out.resize(ob.pos);
    const std::string error = read_error(out);
    CHECK(error.find("PGNKIT_ZSTD_WINDOW_LOG_MAX=31") != std::string::npos);
}
