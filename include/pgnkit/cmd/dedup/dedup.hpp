#pragma once
/// `pgnkit dedup`: finds games that are the same game (cmd/dedup/game_key.hpp), keeps one of
/// each group and writes it byte for byte, the others to `--duplicates`, with a report of
/// every duplicate and conflict.

#include "pgnkit/check/validator.hpp"
#include "pgnkit/cmd/dedup/game_key.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/pgn/name_table.hpp"
#include "pgnkit/run/shard.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace pgnkit::app {

/// Which game of a group is kept.
enum class DedupKeep {
    First,        ///< the first in input order
    Longest,      ///< the most main-line plies (ties: the first)
    MostAnnotated ///< the most comments, NAGs, variations and clock commands (ties: the first)
};

/// What is written to the output.
enum class DedupFormat {
    Pgn, ///< the kept games, byte for byte
    /// One line per game read, kept or not: `KEY MOVES SCORE PLIES ERROR GAME OFFSET FILE`,
    /// tab-separated (key_hex() of the key and of the moves key, the --keep score): what
    /// `pgnkit dedup --from-keys` reads to find duplicates across shards; framed by a first
    /// and a last line (cmd/dedup/key_file.hpp).
    Keys
};

/// The default --memory-limit: 16 GiB (100 million distinct games need 15 GiB at the
/// doubling that makes room for them; see KeyTable).
inline constexpr std::uint64_t default_dedup_memory = std::uint64_t{16} << 30;

/// A piece of a key file for --from-keys: the bytes [begin, end) of `path` ("-" = stdin),
/// whose first line is line `first_line` of the file (for messages).
struct KeyFilePart {
    std::string path;
    std::uint64_t begin = 0;
    std::uint64_t end = ~std::uint64_t{0};
    std::uint64_t first_line = 1;
};

struct DedupRunOptions {
    std::vector<std::string> inputs;  ///< paths, "-" = stdin
    std::vector<std::string> against; ///< reference databases (--against): never written
    /// --from-keys: the inputs are key files (DedupFormat::Keys) of shards, not PGN.
    bool from_keys = false;
    /// --from-keys: the pieces to read, in this order (empty: each input whole). `pgnkit merge`
    /// gives the shards of key files in shard order (cmd/dedup/key_merge.hpp).
    std::vector<KeyFilePart> key_parts;
    DedupKey key = DedupKey::MovesPlayers;
    /// --names: names keyed as their canonical spelling (FoldedSpellings); empty: as written.
    NameTable names;
    DedupKeep keep = DedupKeep::First;
    DedupFormat format = DedupFormat::Pgn;
    std::string output = "-"; ///< "-" = stdout
    OutputOptions output_options;
    std::string duplicates; ///< the games not kept, byte for byte ("" = none)
    OutputOptions duplicates_options;
    std::string report; ///< NDJSON, a line per duplicate and conflict, then a summary
    ValidateOptions validate;
    int jobs = 1;
    ShardSpec shard;
    std::uint64_t memory_limit = default_dedup_memory;
    bool progress = false;
    bool summary = true; ///< a summary line on stderr
    bool timing = true;  ///< with the time taken
};

/// The name of a key and of a keep rule as the options spell them.
std::string_view dedup_key_name(DedupKey k);
std::string_view dedup_keep_name(DedupKeep k);

/// Runs dedup. Returns 0 on success, 2 on an I/O error or when the distinct games pass the
/// memory limit (then nothing is written: the outputs are not committed).
int run_dedup(const DedupRunOptions& opts);

} // namespace pgnkit::app
