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
/// A frame with a checksum of its content (as the zstd tool writes by default).
std::string zstd_frame_checked(std::string_view s) {
    ZSTD_CCtx* c = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, 1);
    std::string out(ZSTD_compressBound(s.size()), '\0');
    std::size_t n = ZSTD_compress2(c, out.data(), out.size(), s.data(), s.size());
    ZSTD_freeCCtx(c);
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
std::string drain(ByteSource& src, std::string* error = nullptr, std::size_t piece = 1 << 16) {
    std::string out;
    std::string buf(piece, '\0');
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

namespace {
std::string write_temp(const std::string& tag, std::string_view data) {
    std::string path = "/tmp/pgnkit_io_" + tag + "_" + std::to_string(::getpid()) + ".pgn";
    std::FILE* f = std::fopen(path.c_str(), "wb");
    REQUIRE(f);
    REQUIRE(std::fwrite(data.data(), 1, data.size(), f) == data.size());
    std::fclose(f);
    return path;
}
} // namespace

TEST_CASE("io: a plain file is read in pieces at its offsets, the peeked bytes again", "[io]") {
    const std::string text = games_text(4000); // ~200 KB
    const std::string path = write_temp("plain", text);
    auto src = open_source(path);
    CHECK_FALSE(src->can_view()); // read, not mapped
    CHECK(src->compression() == Compression::None);
    CHECK(src->size_hint() == text.size());
    // The magic bytes peeked for detection are read again (no prefix kept aside).
    std::string got;
    char buf[1000];
    const std::size_t n = src->read(buf, sizeof buf);
    CHECK(n == sizeof buf);
    got.append(buf, n);
    got += drain(*src);
    CHECK(got == text);
    CHECK(src->bytes_in() == text.size());
    CHECK(src->bytes_out() == text.size());

    // The splitter over the file, in reads of GameSplitter::read_size, cuts the same games
    // as over views of the text in memory.
    auto file = open_source(path);
    std::vector<std::string> from_file, from_views;
    {
        GameSplitter sp(*file);
        GameSpan span;
        while (sp.next(span)) from_file.emplace_back(span.text);
    }
    {
        MemorySource mem(text);
        mem.set_views(true);
        GameSplitter sp(mem);
        GameSpan span;
        while (sp.next(span)) from_views.emplace_back(span.text);
    }
    CHECK(from_file.size() == 4000);
    CHECK(from_file == from_views);
    std::remove(path.c_str());
}

TEST_CASE("io: a small file, stdin and compressed files are read, not viewed", "[io]") {
    const std::string small = write_temp("small", games_text(3));
    CHECK_FALSE(open_source(small)->can_view());
    CHECK(drain(*open_source(small)) == games_text(3));
    std::remove(small.c_str());
    const std::string z = write_temp("zst", zstd_frame(games_text(4000)));
    auto src = open_source(z);
    CHECK_FALSE(src->can_view());
    CHECK(src->view(100).empty());
    CHECK(drain(*src) == games_text(4000));
    std::remove(z.c_str());
}

TEST_CASE("io: a file that shrinks while it is read gives IoError after its bytes", "[io]") {
    // A broadcast PGN rewritten in place: the bytes read before it shrank are handed out,
    // then an IoError that names the file says that the rest may be lost.
    std::string text;
    while (text.size() < (std::size_t{1} << 20)) text += games_text(100);
    const std::string path = write_temp("shrink", text);
    auto src = open_source(path);
    std::string head(4096, '\0');
    REQUIRE(src->read(head.data(), head.size()) == head.size());
    REQUIRE(::truncate(path.c_str(), 10000) == 0);
    std::string error;
    const std::string rest = drain(*src, &error);
    CHECK(head + rest == text.substr(0, 10000));
    CHECK_THAT(error, Catch::Contains(path) && Catch::Contains("shrank to 10000 bytes"));
    std::remove(path.c_str());

    // A file read to its end as it was when opened gives no error.
    const std::string path2 = write_temp("whole", text);
    std::string error2;
    CHECK(drain(*open_source(path2), &error2) == text);
    CHECK(error2.empty());
    std::remove(path2.c_str());
}

TEST_CASE("io: read_ahead hands out the inner source's bytes, end and failure, in order", "[io]") {
    const std::string a = games_text(3000);
    // Pieces smaller and larger than the reads, and inner reads cut short.
    for (std::size_t chunk : {std::size_t{1000}, std::size_t{65536}, std::size_t{1} << 20}) {
        for (std::size_t max_read : {std::size_t{0}, std::size_t{777}}) {
            INFO("chunk " << chunk << ", inner reads of at most " << max_read);
            auto inner = MemorySource::owning(a, "ahead.pgn");
            inner->set_max_read(max_read);
            auto src = read_ahead(std::move(inner), chunk, 3);
            CHECK(src->name() == "ahead.pgn");
            CHECK(drain(*src) == a);
            CHECK(src->read(nullptr, 0) == 0); // the end stays the end
            CHECK(src->bytes_in() == a.size());
        }
    }
    // A damaged stream: every good byte, then the decoder's own message.
    std::string z = zstd_frame(a) + zstd_frame(a);
    z.resize(z.size() - 10);
    std::string direct_err, ahead_err;
    const std::string direct = drain(*decode(z), &direct_err);
    auto src = read_ahead(decode(z), 4096, 2);
    CHECK(src->compression() == Compression::Zstd);
    const std::string ahead = drain(*src, &ahead_err);
    CHECK(ahead == direct);
    CHECK(ahead_err == direct_err);
    CHECK(ahead_err.find("truncated") != std::string::npos);
    // Games cut from it are those of the source read directly.
    CHECK(read_all(*read_ahead(decode(zstd_frame(a)), 5000, 2)).size() == 3000);
    // Dropped unread, with the reader thread waiting for room: no hang.
    auto dropped = read_ahead(MemorySource::owning(a, "x"), 100, 1);
    char c;
    CHECK(dropped->read(&c, 1) == 1);
    dropped.reset();
}

TEST_CASE("io: damaged zstd and gzip streams give the same bytes and failure whatever the reads",
          "[io]") {
    // Truncated and corrupted streams, read in pieces of every size and read ahead: the same
    // bytes before the damage and the same failure (so --jobs N cuts the same games).
    const std::string a = games_text(400);
    const std::string streams[] = {zstd_frame(a) + zstd_frame(a), gzip_member(a) + gzip_member(a),
                                   zstd_frame_checked(a) + zstd_frame_checked(a)};
    std::uint64_t seed = 0x9E3779B97F4A7C15u;
    auto next = [&](std::uint64_t n) {
        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
        return std::size_t(seed % n);
    };
    int failures = 0;
    for (int round = 0; round < 450; ++round) {
        std::string s = streams[round % 3];
        if ((round / 3) % 3 != 0) s.resize(next(s.size()));
        if ((round / 3) % 3 != 1)
            for (int k = 0; k < 1 + round % 4; ++k) s[next(s.size())] ^= char(1 + next(255));
        std::string direct_err, small_err, ahead_err;
        const std::string direct = drain(*decode(s), &direct_err);
        // The decoders hand out every byte before the damage whatever the read sizes.
        const std::string small = drain(*decode(s), &small_err, 1 + next(3000));
        auto src = read_ahead(decode(s), 1 + next(5000), 1 + next(4));
        const std::string ahead = drain(*src, &ahead_err);
        INFO("round " << round);
        CHECK(small == direct);
        CHECK(small_err == direct_err);
        CHECK(ahead == direct);
        CHECK(ahead_err == direct_err);
        failures += !direct_err.empty();
    }
    CHECK(failures > 150); // most of them are damaged
}

TEST_CASE("io: UTF-16 text with a byte-order mark is handed out as UTF-8", "[io]") {
    // Š € U+1F600 (a surrogate pair) é and a line break, the code units written by hand.
    const std::string want = "\xC5\xA0\xE2\x82\xAC\xF0\x9F\x98\x80\xC3\xA9\n";
    const std::string le("\xFF\xFE\x60\x01\xAC\x20\x3D\xD8\x00\xDE\xE9\x00\x0A\x00", 14);
    const std::string be("\xFE\xFF\x01\x60\x20\xAC\xD8\x3D\xDE\x00\x00\xE9\x00\x0A", 14);
    CHECK(decode(le)->compression() == Compression::Utf16LE);
    CHECK(decode(be)->compression() == Compression::Utf16BE);
    // Whatever the read sizes (a unit, a pair or a UTF-8 sequence split between reads).
    for (std::size_t piece = 1; piece <= 9; ++piece) {
        INFO("piece " << piece);
        CHECK(drain(*decode(le), nullptr, piece) == want);
        CHECK(drain(*decode(be), nullptr, piece) == want);
    }
    // Unpaired surrogates (a high one before a letter, a low one alone, a high one at the
    // end) and a last odd byte are U+FFFD each.
    const std::string fffd = "\xEF\xBF\xBD";
    CHECK(drain(*decode(std::string("\xFF\xFE\x41\x00\x3D\xD8\x42\x00\x00\xDE\x3D\xD8", 12))) ==
          "A" + fffd + "B" + fffd + fffd);
    CHECK(drain(*decode(std::string("\xFF\xFE\x41\x00\x42", 5))) == "A" + fffd);
    CHECK(drain(*decode(std::string("\xFF\xFE", 2))).empty());
    // FF FE 00 00 would be UTF-32: not taken as UTF-16.
    CHECK(decode(std::string("\xFF\xFE\x00\x00", 4))->compression() == Compression::None);
}

TEST_CASE("io: UTF-16 text inside zstd or gzip is handed out as UTF-8", "[io]") {
    // A Windows "Unicode" file that was compressed: the decompressed text begins with the mark.
    std::string le("\xFF\xFE", 2), want;
    for (const char c : games_text(300)) {
        le += c;
        le += '\0';
        want += c;
    }
    le += std::string("\x60\x01\x0A\x00", 4); // Š and a line break
    want += "\xC5\xA0\n";
    for (const std::string& packed : {zstd_frame(le), gzip_member(le)}) {
        auto src = decode(packed);
        CHECK(src->compression() != Compression::None); // the container's
        for (std::size_t piece : {std::size_t{1}, std::size_t{3}, std::size_t{1} << 16})
            CHECK(drain(*decode(packed), nullptr, piece) == want);
    }
    // A compressed text that is not UTF-16 (shorter than the mark, or UTF-32's FF FE 00 00)
    // comes out as it went in.
    for (const std::string& text :
         {std::string("e"), std::string("\xFF\xFE\x00\x00", 4), std::string("\xFF"), games_text(2)})
        for (const std::string& packed : {zstd_frame(text), gzip_member(text)})
            CHECK(drain(*decode(packed), nullptr, 1) == text);
    // A damaged stream still fails where the first read meets the damage.
    std::string cut = zstd_frame(le);
    cut.resize(cut.size() / 2);
    std::string err;
    const std::string got = drain(*decode(cut), &err);
    CHECK(!err.empty());
    CHECK(want.compare(0, got.size(), got) == 0);
}
