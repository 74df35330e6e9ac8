// write_game_bytes(): a game that --rejects/--accepted writes back from its input file (its
// span lacks parts longer than the kept limits).
#include "pgnkit/io/output.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

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

TEST_CASE("OutputFile::write_pieces: every piece in order, plain and compressed", "[pipeline]") {
    TempDir dir;
    // More pieces than one writev() takes (1024), empty ones among them, after a write().
    std::vector<std::string> owned;
    std::string expected = "head\n";
    for (int k = 0; k < 3000; ++k) {
        owned.push_back(k % 7 == 0 ? std::string() : std::to_string(k) + std::string(k % 50, 'x'));
        expected += owned.back();
    }
    expected += "tail\n";
    const std::vector<std::string_view> pieces(owned.begin(), owned.end());
    for (const std::string name : {"/out.pgn", "/out.pgn.zst"}) {
        OutputFile out(dir.path + name);
        CHECK(out.write("head\n"));
        CHECK(out.write_pieces(pieces));
        CHECK(out.write("tail\n"));
        out.commit();
    }
    CHECK(get(dir.path + "/out.pgn") == expected);
    CHECK(std::system(
              ("zstd -qdc " + dir.path + "/out.pgn.zst > " + dir.path + "/z.pgn").c_str()) == 0);
    CHECK(get(dir.path + "/z.pgn") == expected);
}

TEST_CASE("write_raw_games: lent texts in their places, around a splice", "[pipeline]") {
    TempDir dir;
    const std::string in = dir.path + "/in.pgn";
    const std::string game = "[Event \"a\"]\n\n1. e4 {" + std::string(2'000'000, 'x') + "} e5 *";
    put(in, game + "\n");
    Splice s;
    s.file = std::make_shared<const std::string>(in);
    s.game = 1;
    s.length = game.size();
    const std::string kept = "[Event \"a\"]\n\n1. e4 {xxx";
    s.same = kept.size();
    // The buffer: "A|", the kept game (its splice), "|B|C"; lent texts before "A", at the
    // splice's place (before the game), between "B|" and "C", and at the end.
    const std::string text = "A|" + kept + "|B|C";
    s.at = 2;
    s.size = kept.size();
    const std::vector<Splice> splices{s};
    const std::string one = "lent one ", two = "lent two ", three = "lent three ", four = " four";
    const std::vector<LentText> lent{
        {0, one}, {2, two}, {2 + kept.size() + 3, three}, {text.size(), four}};
    {
        OutputFile out(dir.path + "/out.pgn");
        CHECK(write_raw_games(out, text, splices, lent));
        out.commit();
    }
    CHECK(get(dir.path + "/out.pgn") ==
          one + "A|" + two + game + "\n\n" + "|B|" + three + "C" + four);
    // Without lent texts: as the overload without them.
    {
        OutputFile out(dir.path + "/out2.pgn");
        CHECK(write_raw_games(out, text, splices, std::span<const LentText>{}));
        out.commit();
    }
    CHECK(get(dir.path + "/out2.pgn") == "A|" + game + "\n\n" + "|B|C");
}
