// libFuzzer target: arbitrary bytes through `pgnkit convert`'s writer (MemorySource →
// GameSplitter → PgnReader → PgnWriter), twice: the export-format output of the first pass is
// converted again.
//
// Invariants: nothing throws; the output holds one game per game the first pass converted,
// every one of them is converted again (it replays without an error and is rewritable), and
// the second pass writes the same bytes (the man page's "converting the output again changes
// nothing").

#include "fuzz_check.hpp"

#include "pgnkit/cmd/convert/pgn_writer.hpp"
#include "pgnkit/io/byte_source.hpp"
#include "pgnkit/pgn/reader.hpp"
#include "pgnkit/pgn/splitter.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using namespace pgnkit;
using namespace pgnkit::app;

namespace {

struct Pass {
    std::string out;
    std::uint64_t games = 0, converted = 0;
};

Pass convert(std::string_view input, const PgnWriterOptions& opts) {
    MemorySource src(input, "fuzz.pgn");
    GameSplitter splitter(src);
    PgnReader reader;
    PgnWriter writer(opts);
    Pass p;
    GameSpan span;
    while (splitter.next(span)) {
        reader.read(span, writer);
        ++p.games;
        if (writer.verdict() == GameVerdict::Converted) {
            ++p.converted;
            writer.append_to(p.out);
        }
    }
    return p;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > (std::size_t{1} << 18)) return 0;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    // Options from the input's size, so that one corpus covers them all (as the CLI sets
    // them: the input read with the output's piece letters).
    PgnWriterOptions opts;
    static constexpr MoveNotation notations[] = {MoveNotation::San, MoveNotation::Lan,
                                                 MoveNotation::Uci, MoveNotation::Figurine};
    opts.moves = notations[size / 2 % 4];
    if (size % 9 == 7) resolve_piece_letters("de", opts.piece_letters);
    opts.input_piece_letters = opts.piece_letters;
    opts.strip_clocks = size % 3 == 1;
    opts.sort_tags = size % 5 == 2;
    opts.add_plycount = size % 7 == 3;
    opts.add_fen = size % 11 == 4;
    opts.strip_nags = size % 13 == 5;
    opts.fix_result = size % 17 == 6;
    opts.strip_variations = size % 19 == 8;
    opts.strip_comments = size % 23 == 9;
    if (size % 29 == 10) opts.tags = TagSelection::Str;
    const Pass first = convert(input, opts);
    const Pass second = convert(first.out, opts);
    FUZZ_CHECK(second.games == first.converted);
    FUZZ_CHECK(second.converted == first.converted);
    FUZZ_CHECK(second.out == first.out);
    return 0;
}
