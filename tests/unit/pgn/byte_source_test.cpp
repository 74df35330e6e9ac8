// ByteSource: magic-byte detection, multi-frame zstd, multi-member gzip, damaged streams.
#include "pgn_test_util.hpp"

#include <catch2/catch.hpp>
#include <cstdio>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

using namespace pgnkit;
using namespace pgnkit::test;

namespace {
std::string zstd_frame(std::string_view s) {
    std::string out(ZSTD_compressBound(s.size()), '\0');
    std::size_t n = ZSTD_compress(out.data(), out.size(), s.data(), s.size(), 3);
    REQUIRE(!ZSTD_isError(n));
    out.resize(n);
    return out;
}
std::string gzip_member(std::string_view s) {
    z_stream zs{};
    REQUIRE(deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
    std::string out(deflateBound(&zs, s.size()) + 64, '\0');
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(s.data()));
    zs.avail_in = static_cast<uInt>(s.size());
    zs.next_out = reinterpret_cast<Bytef*>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    REQUIRE(deflate(&zs, Z_FINISH) == Z_STREAM_END);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    return out;
}
std::string drain(ByteSource& src, std::string* error = nullptr) {
    std::string out;
    std::string buf(1 << 16, '\0');
    try {
        for (;;) {
            std::size_t n = src.read(buf.data(), buf.size());
            if (n == 0) break;
            out.append(buf.data(), n);
        }
    } catch (const IoError& e) {
        if (!error) throw;
        *error = e.what();
    }
    return out;
}
std::unique_ptr<ByteSource> decode(std::string data) {
    return make_decoding_source(MemorySource::owning(std::move(data), "test.bin"));
}
std::string games_text(int n) {
    std::string s;
    for (int i = 0; i < n; ++i)
        s += "[Event \"g" + std::to_string(i) + "\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n";
    return s;
}
} // namespace

TEST_CASE("io: plain bytes pass through unchanged, whatever the name", "[io]") {
    auto src = decode("[Event \"x\"]\n*\n");
    CHECK(src->compression() == Compression::None);
    CHECK(drain(*src) == "[Event \"x\"]\n*\n");
    CHECK(drain(*decode("")).empty());
    CHECK(drain(*decode("\x28\xB5")) == "\x28\xB5"); // too short for a magic number
}

TEST_CASE("io: multi-frame zstd with a skippable frame decodes to the concatenation", "[io]") {
    std::string a = games_text(1000), b = games_text(7);
    std::string skippable("\x50\x2A\x4D\x18\x04\x00\x00\x00"
                          "abcd",
                          12);
    auto src = decode(zstd_frame(a) + skippable + zstd_frame(b));
    CHECK(src->compression() == Compression::Zstd);
    CHECK(drain(*src) == a + b);
    CHECK(src->bytes_out() == a.size() + b.size());
    CHECK(src->bytes_in() == src->size_hint());
    auto games = read_all(*decode(zstd_frame(a) + zstd_frame(b)));
    CHECK(games.size() == 1007);
}

TEST_CASE("io: a truncated zstd stream yields its good bytes, then IoError", "[io]") {
    std::string a = games_text(2000);
    std::string z = zstd_frame(a) + zstd_frame(a);
    z.resize(z.size() - 10);
    auto src = decode(z);
    std::string err;
    std::string got = drain(*src, &err);
    CHECK(got.size() >= a.size());
    CHECK(got == (a + a).substr(0, got.size()));
    CHECK(err.find("test.bin") != std::string::npos);
    CHECK(err.find("truncated") != std::string::npos);
}

TEST_CASE("io: the splitter returns the games before a damaged stream, then throws",
          "[io][splitter]") {
    std::string a = games_text(3000);
    std::string z = zstd_frame(a);
    z += z.substr(0, z.size() / 2); // a second frame, cut in the middle
    auto src = decode(z);
    GameSplitter sp(*src);
    GameSpan span;
    std::size_t n = 0;
    CHECK_THROWS_AS(
        [&] {
            while (sp.next(span)) ++n;
        }(),
        IoError);
    CHECK(n >= 3000);
}

TEST_CASE("io: a corrupt zstd stream reports the file and the zstd error", "[io]") {
    std::string z = zstd_frame(games_text(100));
    z.append("\x28\xB5\x2F\xFD garbage garbage");
    std::string err;
    auto src = decode(z);
    CHECK(drain(*src, &err) == games_text(100));
    CHECK(err.find("corrupt zstd") != std::string::npos);
}

TEST_CASE("io: multi-member gzip with zero padding decodes to the concatenation", "[io]") {
    std::string a = games_text(500), b = games_text(3);
    auto src = decode(gzip_member(a) + gzip_member(b) + std::string(16, '\0'));
    CHECK(src->compression() == Compression::Gzip);
    CHECK(drain(*src) == a + b);
}

TEST_CASE("io: a truncated gzip stream yields its good bytes, then IoError", "[io]") {
    std::string a = games_text(2000);
    std::string g = gzip_member(a);
    g.resize(g.size() - 5); // cut the trailer
    std::string err;
    std::string got = drain(*decode(g), &err);
    CHECK(got == a.substr(0, got.size()));
    CHECK(err.find("truncated gzip") != std::string::npos);
}

TEST_CASE("io: open_source detects compression by content, not by name", "[io]") {
    std::string path = "/tmp/pgnkit_io_test_" + std::to_string(::getpid()) + ".pgn";
    std::string a = games_text(10);
    {
        std::FILE* f = std::fopen(path.c_str(), "wb");
        REQUIRE(f);
        std::string z = zstd_frame(a);
        std::fwrite(z.data(), 1, z.size(), f);
        std::fclose(f);
    }
    auto src = open_source(path);
    CHECK(src->compression() == Compression::Zstd);
    CHECK(src->name() == path);
    CHECK(drain(*src) == a);
    std::remove(path.c_str());
    CHECK_THROWS_AS(open_source("/nonexistent/file.pgn"), IoError);
    CHECK_THROWS_AS(open_source("/tmp"), IoError);
}
