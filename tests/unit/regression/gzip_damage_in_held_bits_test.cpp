// Regression (found by tests/fuzz/fuzz_source.cpp, CI run of 2026-12-02): a gzip member whose
// last code is a distance "too far back", all of its input read in one piece. With large reads
// zlib finds the damage while input is left and GzipSource reported "corrupt gzip stream:
// invalid distance too far back"; with small reads zlib has taken the last input in before the
// output that shows the damage, finds it in the bits it still holds once the input is over,
// and GzipSource reported that as "truncated gzip stream" (the no-input path took every zlib
// error for a truncation). The message must not depend on the read sizes: --jobs 1 and the
// read-ahead of --jobs N report the same damage. Fixed in GzipSource::decode
// (src/io/byte_source.cpp): zlib's error is "corrupt" on both paths.
#include "pgnkit/io/byte_source.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

using namespace pgnkit;

namespace {

const unsigned char damaged_gzip[] = {
    0x1f, 0x8b, 0x08, 0x08, 0xc5, 0xb2, 0x0f, 0x6b, 0x00, 0x03, 0x65, 0x64, 0x67, 0x65,
    0x2d, 0x31, 0x33, 0x3a, 0x30, 0x2e, 0x70, 0x67, 0x6e, 0x00, 0x8b, 0x76, 0x2d, 0x4b,
    0xcd, 0x2b, 0x51, 0x50, 0xb2, 0x57, 0x8a, 0xe5, 0x8a, 0x0e, 0xce, 0x2c, 0x49, 0x85,
    0x32, 0x5d, 0x12, 0xc1, 0x4c, 0x20, 0xd0, 0x03, 0x23, 0x90, 0x58, 0x50, 0x7e, 0x69,
    0x5e, 0x0a, 0x54, 0x3e, 0x3c, 0x03, 0xa1, 0xd6, 0x29, 0x27, 0x30, 0x2e, 0x70, 0x67,
    0x6e, 0x00, 0x8b, 0x76, 0x2d, 0x4b, 0xcd, 0x2b, 0x05, 0xe4, 0x70, 0x19,
};

/// The bytes decoded and the failure's message, reading `cap` bytes at a time.
std::pair<std::string, std::string> drain(std::size_t cap) {
    const std::string input(reinterpret_cast<const char*>(damaged_gzip), sizeof damaged_gzip);
    auto src = make_decoding_source(MemorySource::owning(input, "damaged.pgn.gz"));
    std::vector<char> buf(cap);
    std::string out, failure;
    try {
        for (;;) {
            const std::size_t n = src->read(buf.data(), cap);
            if (n == 0) break;
            out.append(buf.data(), n);
        }
    } catch (const IoError& e) {
        failure = e.what();
    }
    return {out, failure};
}

} // namespace

TEST_CASE("regression: gzip damage found in zlib's held bits is the same for every read size",
          "[regression][io]") {
    const auto [bytes, failure] = drain(std::size_t{1} << 16);
    CHECK(failure.find("corrupt gzip stream: invalid distance too far back") != std::string::npos);
    for (std::size_t cap : {std::size_t{83}, std::size_t{1}, std::size_t{7}, std::size_t{4096}}) {
        INFO("read size " << cap);
        const auto [b, f] = drain(cap);
        CHECK(b == bytes);
        CHECK(f == failure);
    }
}
