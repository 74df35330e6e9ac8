#pragma once
/// `pgnkit convert`: rewrite games in the PGN export format (PGN standard §8), with the
/// notation, tags and annotations asked for. Games with errors pass through unchanged (or
/// are dropped with --valid-only) and are reported on stderr.

#include "pgnkit/cmd/convert/pgn_writer.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/run/shard.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace pgnkit::app {

struct ConvertRunOptions {
    std::vector<std::string> inputs; ///< paths, "-" = stdin
    std::string output = "-";        ///< "-" = stdout
    OutputOptions output_options;    ///< compression (.zst name or zstd), level
    int jobs = 1;
    ShardSpec shard; ///< --shard K/N (run/shard.hpp)
    PgnWriterOptions writer;
    SeverityTable severities; ///< --error/--warn/--ignore/--strict
    bool valid_only = false;  ///< drop invalid games instead of passing them through
    /// Rewrite each input in place (`output` unused): see convert_in_place() in convert.cpp.
    bool in_place = false;
    bool summary = false; ///< always print the summary (else only when a game was invalid)
    bool progress = false;
};

/// Counters of a run; mergeable (per worker).
struct ConvertStats {
    std::uint64_t games = 0, converted = 0, invalid = 0, unconverted = 0;
    std::uint64_t transcoded = 0, fixed = 0, fens_fixed = 0, bytes = 0;
    void merge(const ConvertStats& o);
};

/// Runs the conversion. Returns the exit code: 0 every game converted, 1 some game invalid
/// (passed through or dropped), 2 usage or I/O error.
int run_convert(const ConvertRunOptions& opts);

} // namespace pgnkit::app
