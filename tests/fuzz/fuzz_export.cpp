// libFuzzer target: arbitrary bytes through `pgnkit fen` and `pgnkit stats` as the command
// line runs them (run_fen, run_stats: the input a file, the output a file, one job).
//
// Invariants: nothing throws; fen exits 0 or 1 (2 is for I/O errors, and there are none
// here); every FEN it writes, and the position fields of every EPD line, parse back; stats
// exits 0, and its JSON output is read back by `pgnkit merge`, which writes it unchanged.

#include "fuzz_check.hpp"

#include "pgnkit/chess/fen.hpp"
#include "pgnkit/cmd/fen/fen_command.hpp"
#include "pgnkit/cmd/stats/stats.hpp"
#include "pgnkit/io/input.hpp"
#include "pgnkit/io/text_guard.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

using namespace pgnkit;
using namespace pgnkit::app;

namespace {

/// A directory of this process's own for the files (made once, removed at exit).
const std::string& work_dir() {
    static const std::string dir = [] {
        char tmpl[] = "/tmp/pgnkit-fuzz-export-XXXXXX";
        const char* d = mkdtemp(tmpl);
        FUZZ_CHECK(d != nullptr);
        return std::string(d);
    }();
    static const bool cleanup = [] {
        std::atexit([] { std::filesystem::remove_all(work_dir()); });
        return true;
    }();
    (void)cleanup;
    return dir;
}

void write_file(const std::string& path, std::string_view bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    FUZZ_CHECK(out.good());
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Whether the reader refuses `data` as a whole, an I/O error (exit status 2): binary data,
/// or a compressed stream or an archive (zstd, gzip, bzip2, xz, lzma, zip, 7z, tar), whose
/// fuzzed bytes are damaged as a rule. Anything else is text: exit status 0 or 1.
bool refused_input(std::string_view data) {
    const std::string_view head = data.substr(0, binary_probe_size);
    const auto magic = [&](std::string_view m) { return head.substr(0, m.size()) == m; };
    return binary_data_at(head) != std::string_view::npos ||
           is_archive_or_stream(head.substr(0, 512)) || magic("\x28\xB5\x2F\xFD") ||
           magic("\x1F\x8B");
}

/// Whether a position written by fen (a FEN, or the first four fields of an EPD line)
/// parses back, as a standard or a Chess960 position.
bool parses(std::string_view fen) {
    if (chess::parse_fen(fen).ok()) return true;
    chess::FenParseOptions o;
    o.chess960 = true;
    return chess::parse_fen(fen, o).ok();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > (std::size_t{1} << 16)) return 0;
    const std::string in = work_dir() + "/in.pgn", out = work_dir() + "/out",
                      json = work_dir() + "/stats.json", merged = work_dir() + "/merged.json";
    write_file(in, std::string_view(reinterpret_cast<const char*>(data), size));

    // fen: options from the input's size, so that one corpus covers them all.
    FenRunOptions f;
    f.inputs = {in};
    f.output = out;
    static constexpr PositionFormat formats[] = {PositionFormat::Fen, PositionFormat::Epd,
                                                 PositionFormat::Ndjson, PositionFormat::Csv,
                                                 PositionFormat::Tsv};
    f.format = formats[size % 5];
    f.variations = size % 3 == 1;
    f.unique = size % 7 == 2;
    f.valid_only = size % 11 == 3;
    f.quiet_only = size % 13 == 4;
    f.skip_check = size % 17 == 5;
    if (size % 4 == 1) f.plies.kind = PlySelection::Kind::End;
    if (size % 19 == 6) f.plies.start = true;
    const bool refused = refused_input(std::string_view(reinterpret_cast<const char*>(data), size));
    const int rc = run_fen(f);
    FUZZ_CHECK(rc == 0 || rc == 1 || (rc == 2 && refused));
    if (f.format == PositionFormat::Fen || f.format == PositionFormat::Epd) {
        std::istringstream lines(read_file(out));
        for (std::string line; std::getline(lines, line);) {
            std::string_view pos = line;
            if (f.format == PositionFormat::Epd) { // the four position fields
                std::size_t k = 0;
                for (int field = 0; field < 4 && k != std::string_view::npos; ++field)
                    k = pos.find(' ', k == 0 ? 0 : k + 1);
                if (k != std::string_view::npos) pos = pos.substr(0, k);
            }
            if (!parses(pos)) {
                std::fprintf(stderr, "unparsable position written: '%s'\n", line.c_str());
                FUZZ_CHECK(false);
            }
        }
    }

    // stats, as JSON, then merged alone: the same document.
    StatsRunOptions s;
    s.inputs = {in};
    s.output = json;
    s.view.format = StatsView::Format::Json;
    s.by = size % 3 == 2 ? "White" : "";
    const int stats_rc = run_stats(s);
    FUZZ_CHECK(stats_rc == 0 || (stats_rc == 2 && refused));
    StatsRunOptions m = s;
    m.inputs = {json};
    m.output = merged;
    FUZZ_CHECK(run_merge(m) == 0);
    FUZZ_CHECK(read_file(merged) == read_file(json));
    return 0;
}
