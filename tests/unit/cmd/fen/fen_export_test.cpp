#include "pgnkit/cmd/fen/fen_command.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

using namespace pgnkit::app;

namespace {

// run_fen reads and writes files: these tests use a scratch directory.
struct Scratch {
    std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                ("pgnkit-fen-export-test-" + std::to_string(::getpid()));
    Scratch() { std::filesystem::create_directories(dir); }
    ~Scratch() { std::filesystem::remove_all(dir); }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(dir / name, std::ios::binary) << text;
        return (dir / name).string();
    }
    std::string read(const std::string& name) const {
        std::ifstream in(dir / name, std::ios::binary);
        std::stringstream s;
        s << in.rdbuf();
        return s.str();
    }
};

// Games without variations: each kind of EPD run must give the same lines.
const std::string games =
    // The movetext's result differs from the Result tag: every line's c1 is the movetext's.
    "[Event \"A\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 0-1\n\n"
    // No Result tag.
    "[Event \"B\"]\n[White \"x\"]\n[Black \"y\"]\n\n1. d4 d5 2. c4 1/2-1/2\n\n"
    // The Result tag's result stands when the movetext ends with '*'.
    "[Event \"C\"]\n[Result \"1-0\"]\n\n1. e4 *\n\n"
    // Quotes and backslashes in c0; a check; non-canonical SAN (no '+').
    "[Event \"E \\\"q\\\" \\\\ x\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n\n"
    // An illegal move ends the replay.
    "[Event \"D\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke2 Ke7 3. Kxe5 1-0\n";

std::string epd(const Scratch& s, FenRunOptions o) {
    o.inputs = {s.write("games.pgn", games)};
    o.output = (s.dir / "out.epd").string();
    o.format = PositionFormat::Epd;
    run_fen(o);
    return s.read("out.epd");
}

} // namespace

TEST_CASE("fen export: EPD lines get the movetext's result in c1, not the Result tag's",
          "[fen-export]") {
    Scratch s;
    const std::string out = epd(s, {});
    std::istringstream lines(out);
    std::string line;
    int game_a = 0;
    while (std::getline(lines, line))
        if (line.find("id \"1\";") != std::string::npos) {
            ++game_a;
            CHECK(line.size() > 10);
            CHECK(line.substr(line.size() - 9) == "c1 \"0-1\";");
        }
    CHECK(game_a == 4);
    CHECK(out.find("id \"3\"; c0 \"- C  \"; c1 \"1-0\";\n") != std::string::npos);
}

TEST_CASE("fen export: EPD written while replaying equals EPD from records", "[fen-export]") {
    // --variations keeps records until the game ends; without variations in the input it
    // must give the lines the direct writer gives.
    Scratch s;
    for (bool start : {false, true})
        for (bool valid_only : {false, true})
            for (bool skip_check : {false, true}) {
                FenRunOptions o;
                o.plies.start = start;
                o.valid_only = valid_only;
                o.skip_check = skip_check;
                o.id_template = "{Event}/{game}";
                const std::string direct = epd(s, o);
                o.variations = true;
                CHECK(epd(s, o) == direct);
            }
}
