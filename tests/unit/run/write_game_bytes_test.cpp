// write_game_bytes(): a game that --rejects/--accepted writes back from its input file (its
// span lacks parts longer than the kept limits).
#include "pgnkit/io/output.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <unistd.h>

using namespace pgnkit;
using namespace pgnkit::app;

namespace {
struct TempDir {
    std::string path;
    TempDir() {
        char t[] = "/tmp/pgnkit-wgb-XXXXXX";
        path = ::mkdtemp(t);
    }
    ~TempDir() { std::filesystem::remove_all(path); }
};
void put(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}
std::string get(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}
} // namespace

TEST_CASE("write_game_bytes: the game as its input holds it, and a separator", "[pipeline]") {
    TempDir dir;
    const std::string in = dir.path + "/in.pgn";
    const std::string game = "[Event \"a\"]\n\n1. e4 {" + std::string(3'000'000, 'x') + "} e5 *";
    put(in, "junk\n\n" + game + "\n\n[Event \"b\"]\n\n1. d4 *\n");
    Splice s;
    s.file = std::make_shared<const std::string>(in);
    s.game = 1;
    s.offset = 6;
    s.length = game.size();
    const std::string kept = "[Event \"a\"]\n\n1. e4 {xxx";
    s.same = kept.size();
    std::string error;
    {
        OutputFile out(dir.path + "/out.pgn");
        CHECK(write_game_bytes(out, s, kept, error) == game.size());
        CHECK(error.empty());
        out.commit();
    }
    CHECK(get(dir.path + "/out.pgn") == game + "\n\n"); // (read up to `*`: a blank line added)

    // The file changed since it was read: nothing written.
    put(in, "junk\n\n[Event \"A\"]" + game.substr(11));
    {
        OutputFile out(dir.path + "/out2.pgn");
        CHECK(write_game_bytes(out, s, kept, error) == 0);
        CHECK(error == "the file changed since it was read");
        out.commit();
    }
    CHECK(get(dir.path + "/out2.pgn").empty());

    // Shorter than when it was read: what there is, and the error.
    put(in, "junk\n\n" + game.substr(0, 1'500'000));
    error.clear();
    {
        OutputFile out(dir.path + "/out3.pgn");
        CHECK(write_game_bytes(out, s, kept, error) == 1'500'000);
        CHECK(error == "the file is shorter than when it was read");
        out.commit();
    }
    CHECK(get(dir.path + "/out3.pgn") == game.substr(0, 1'500'000));

    // Gone.
    ::unlink(in.c_str());
    error.clear();
    OutputFile out(dir.path + "/out4.pgn");
    CHECK(write_game_bytes(out, s, kept, error) == 0);
    CHECK_FALSE(error.empty());
}
