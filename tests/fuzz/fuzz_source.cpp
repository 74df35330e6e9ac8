// libFuzzer target: make_decoding_source over arbitrary bytes (plain, zstd, gzip or UTF-16 by
// magic bytes or byte-order mark), read to the end in chunks of varying size; an IoError is
// a valid answer.
//
// Invariants: read() never returns more than asked; bytes_out() counts what was handed out;
// bytes_in() never exceeds the input; after an IoError nothing else goes wrong. Decoded
// output is capped (a decompression bomb is read up to 64 MiB, then abandoned). The bytes
// handed out and the failure do not depend on the read sizes: read in 64 KiB pieces and in
// small ones, the input gives the same bytes and the same message (--jobs 1 and the
// read-ahead of --jobs N must cut the same games out of a damaged stream).

#include "fuzz_check.hpp"

#include "pgnkit/io/byte_source.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

using namespace pgnkit;

namespace {

/// The whole decoded input, read `cap` bytes at a time (stops past `limit` bytes), and the
/// failure's message ("" if none).
void drain(const std::string& input, std::size_t cap, std::size_t limit, std::string& out,
           std::string& failure) {
    auto src = make_decoding_source(MemorySource::owning(input, "fuzz.bin"));
    std::vector<char> buf(cap);
    try {
        for (;;) {
            const std::size_t n = src->read(buf.data(), cap);
            out.append(buf.data(), n);
            if (n == 0 || out.size() > limit) break;
        }
    } catch (const IoError& e) {
        failure = e.what();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > (std::size_t{1} << 20)) return 0;
    const std::string input(reinterpret_cast<const char*>(data), size);
    for (const std::size_t max_read : {std::size_t{0}, std::size_t{1} + size % 13}) {
        auto raw = MemorySource::owning(input, "fuzz.bin");
        raw->set_max_read(max_read);
        std::unique_ptr<ByteSource> src = make_decoding_source(std::move(raw));
        FUZZ_CHECK(src != nullptr);
        std::vector<char> buf(std::size_t{1} << 16);
        std::uint64_t total = 0;
        const std::size_t caps[] = {1, 7, 4096, buf.size()};
        try {
            for (std::size_t k = 0;; ++k) {
                const std::size_t cap = caps[k % 4];
                const std::size_t n = src->read(buf.data(), cap);
                FUZZ_CHECK(n <= cap);
                total += n;
                FUZZ_CHECK(src->bytes_out() == total);
                FUZZ_CHECK(src->bytes_in() <= size);
                if (n == 0 || total > (std::uint64_t{64} << 20)) break;
            }
        } catch (const IoError& e) {
            FUZZ_CHECK(e.what() != nullptr);
        }
        if (src->compression() == Compression::None) FUZZ_CHECK(total <= size);
    }
    constexpr std::size_t limit = std::size_t{1} << 20;
    std::string big, small, big_failure, small_failure;
    drain(input, std::size_t{1} << 16, limit, big, big_failure);
    drain(input, 1 + size % 997, limit, small, small_failure);
    if (big.size() <= limit && small.size() <= limit) {
        FUZZ_CHECK(big == small);
        FUZZ_CHECK(big_failure == small_failure);
    }
    return 0;
}
