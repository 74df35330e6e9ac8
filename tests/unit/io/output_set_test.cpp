// OutputSet (io/output_set.hpp): many files through a bounded number of open descriptors (the
// process's own, counted in /proc/self/fd), appended to when reopened, zstd files as frames,
// moved into place only by commit(), existing files refused without `replace`.
#include "pgnkit/io/output_set.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <zstd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

using namespace pgnkit::app;
namespace fs = std::filesystem;

namespace {
std::size_t open_fds() {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator("/proc/self/fd")) ++n;
    return n;
}
std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}
struct TempFolder {
    fs::path path = fs::temp_directory_path() / fmt::format("pgnkit-output-set-{}", ::getpid());
    TempFolder() { fs::remove_all(path); }
    ~TempFolder() { fs::remove_all(path); }
};
} // namespace

TEST_CASE("output set: 2,000 files through 4 descriptors, appended when reopened", "[output_set]") {
    TempFolder dir;
    const std::size_t before = open_fds();
    {
        OutputSetOptions options;
        options.max_open = 4;
        options.buffer_bytes = 64;
        OutputSet set(dir.path.string(), options);
        for (int i = 0; i < 2000; ++i) set.add(fmt::format("f{}", i));
        std::size_t most = 0;
        for (int round = 0; round < 3; ++round)
            for (int i = 0; i < 2000; ++i) {
                REQUIRE(set.write(std::size_t(i), fmt::format("r{};", round)));
                most = std::max(most, open_fds() - before);
            }
        // the folder and the hidden folder are open too
        CHECK(most <= 4 + 2);
        CHECK(set.most_open() == 4);
        CHECK(set.reopened() > 0);
        CHECK_FALSE(fs::exists(dir.path / "f0")); // not before commit()
        set.commit();
    }
    CHECK(open_fds() == before);
    CHECK(slurp(dir.path / "f1999") == "r0;r1;r2;");
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path)) ++files;
    CHECK(files == 2000); // and no hidden folder left
}

TEST_CASE("output set: zstd files reopened are frames that decode to the text", "[output_set]") {
    TempFolder dir;
    OutputSetOptions options;
    options.max_open = 1;
    options.zstd = true;
    {
        OutputSet set(dir.path.string(), options);
        set.add("a.zst");
        set.add("b.zst");
        for (int i = 0; i < 50; ++i) {
            REQUIRE(set.write(0, "alpha "));
            REQUIRE(set.write(1, std::string(100000, 'b')));
        }
        set.commit();
    }
    const std::string z = slurp(dir.path / "a.zst");
    std::string text(300, '\0');
    std::size_t at = 0;
    const char* p = z.data();
    std::size_t left = z.size();
    int frames = 0;
    while (left != 0) {
        const std::size_t frame = ZSTD_findFrameCompressedSize(p, left);
        REQUIRE_FALSE(ZSTD_isError(frame));
        const std::size_t got = ZSTD_decompress(text.data() + at, text.size() - at, p, frame);
        REQUIRE_FALSE(ZSTD_isError(got));
        at += got;
        p += frame;
        left -= frame;
        ++frames;
    }
    CHECK(frames == 50);
    std::string want;
    for (int i = 0; i < 50; ++i) want += "alpha ";
    CHECK(text.substr(0, at) == want);
}

TEST_CASE("output set: nothing in the folder without commit(), existing files refused",
          "[output_set]") {
    TempFolder dir;
    {
        OutputSet set(dir.path.string(), {});
        set.add("x");
        REQUIRE(set.write(0, "text"));
    } // no commit: removed, and the folder it created
    CHECK_FALSE(fs::exists(dir.path));
    fs::create_directories(dir.path);
    std::ofstream(dir.path / "x") << "mine";
    {
        OutputSet set(dir.path.string(), {});
        CHECK(set.exists("x"));
        set.add("x");
        REQUIRE(set.write(0, "theirs"));
        CHECK_THROWS(set.commit());
    }
    CHECK(slurp(dir.path / "x") == "mine");
    {
        OutputSetOptions replace;
        replace.replace = true;
        OutputSet set(dir.path.string(), replace);
        set.add("x");
        REQUIRE(set.write(0, "theirs"));
        set.commit();
    }
    CHECK(slurp(dir.path / "x") == "theirs");
}
