// The pipeline numbers games within their file (BatchGame::in_file) as well as over the run
// (BatchGame::number), and marks the last output of each input (BatchOutput::file_end): what
// the once-per-file reports (FileNote) need, the same for every number of jobs.
#include "pgnkit/run/pipeline.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace pgnkit;
using namespace pgnkit::app;

namespace {
struct TempDir {
    std::string path;
    TempDir() {
        char t[] = "/tmp/pgnkit-pfn-XXXXXX";
        path = ::mkdtemp(t);
    }
    ~TempDir() { std::filesystem::remove_all(path); }
};

std::string games(int n) {
    std::string s;
    for (int i = 0; i < n; ++i)
        s += "[Event \"e\"]\n[White \"w" + std::to_string(i) + "\"]\n\n1. e4 e5 *\n\n";
    return s;
}

/// Writes each game's "file in_file number" to out.err, and a FileNote counting its games.
class Recorder final : public BatchProcessor {
  public:
    void process(const Batch& batch, BatchOutput& out) override {
        for (const BatchGame& g : batch.games) {
            out.err += *batch.file + " " + std::to_string(g.in_file) + " " +
                       std::to_string(g.number) + "\n";
            if (out.encoding.games++ == 0) out.encoding.before = std::to_string(g.in_file);
        }
    }
};

/// Runs the pipeline with batches of about 200 bytes; returns what the sink saw: the games
/// and, at each file's end, "end <games of the file> <first game's in_file>".
std::string run(const std::vector<std::string>& inputs, int jobs) {
    PipelineOptions po;
    po.inputs = inputs;
    po.jobs = jobs;
    po.batch_bytes = 200;
    std::vector<Recorder> procs(static_cast<std::size_t>(jobs));
    std::string seen;
    FileNote note;
    run_pipeline(
        po, [&](int w) -> BatchProcessor& { return procs[std::size_t(w)]; },
        [&](BatchOutput& b) {
            seen += b.err;
            note.add(std::move(b.encoding));
            if (b.file_end) {
                seen += "end " + std::to_string(note.games) + " " + note.before + "\n";
                note.clear();
            }
            return true;
        });
    return seen;
}
} // namespace

TEST_CASE("pipeline: games numbered within their file and over the run, every number of jobs",
          "[pipeline]") {
    TempDir dir;
    const std::string a = dir.path + "/a.pgn", b = dir.path + "/b.pgn";
    std::ofstream(a, std::ios::binary) << games(7); // several batches of about 200 bytes
    std::ofstream(b, std::ios::binary) << games(3);
    const std::string one = run({a, b}, 1);
    std::string want;
    for (int i = 1; i <= 7; ++i)
        want += a + " " + std::to_string(i) + " " + std::to_string(i) + "\n";
    want += "end 7 1\n";
    for (int i = 1; i <= 3; ++i)
        want += b + " " + std::to_string(i) + " " + std::to_string(7 + i) + "\n";
    want += "end 3 1\n";
    CHECK(one == want);
    CHECK(run({a, b}, 2) == want);
    CHECK(run({a, b}, 3) == want);
}

TEST_CASE("pipeline: an input that cannot be opened ends once too", "[pipeline]") {
    TempDir dir;
    const std::string a = dir.path + "/a.pgn", none = dir.path + "/none.pgn";
    std::ofstream(a, std::ios::binary) << games(2);
    const std::string want =
        a + " 1 1\n" + a + " 2 2\nend 2 1\nend 0 \n" + a + " 1 3\n" + a + " 2 4\nend 2 1\n";
    CHECK(run({a, none, a}, 1) == want);
    CHECK(run({a, none, a}, 2) == want);
}
