#pragma once
/// `pgnkit split`: every game, byte for byte, into one of many files of a folder — N games per
/// file, or a file per value of a tag, ECO letter or code, year or month — named by a
/// template (cmd/split/name_template.hpp), with a bounded number of files open at once
/// (io/output_set.hpp). Tags are read without tokenizing the movetext (pgn/span_tags.hpp).

#include "pgnkit/io/output.hpp"
#include "pgnkit/openings/opening_table.hpp"
#include "pgnkit/run/shard.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::app {

/// What decides a game's file.
enum class SplitBy {
    Games,     ///< --games N: games 1..N in the first file, N+1..2N in the second …
    Tag,       ///< --by TAG: the tag's value
    EcoLetter, ///< --by eco-letter: A to E, the letter of Eco's code
    Eco,       ///< --by eco: the code the moves reach (openings/), else the ECO tag's
    Year,      ///< --by year: the Date tag's year
    Month,     ///< --by month: the Date tag's year and month (YYYY-MM)
};

struct SplitRunOptions {
    std::vector<std::string> inputs; ///< paths, "-" = stdin
    std::string folder;              ///< -o DIR
    SplitBy by = SplitBy::Games;
    std::uint64_t games = 0; ///< --games N
    std::string tag;         ///< --by TAG
    /// The opening table of --by eco and eco-letter (--eco-file); null: the bundled one.
    const openings::OpeningTable* eco_table = nullptr;
    /// --name: the file name template ("" = default_name_template(by)); parsed by the front
    /// end already (NameTemplate::parse).
    std::string name;
    /// --compress: zstd adds ".zst" to names that lack it; auto compresses names ending in it
    OutputCompression compression = OutputCompression::Auto;
    int zstd_level = 3;
    std::size_t max_open = 64; ///< files open at once
    bool force = false;        ///< replace files of the same names
    int jobs = 1;
    bool summary = false; ///< print the summary line on stderr
    /// --list: print each file written on stdout, `NAME<tab>GAMES`, in the order they began
    bool list = false;
    bool progress = false;
    /// --shard K/N (run/shard.hpp): each shard writes into a folder of its own. A file of one
    /// name in several shards' folders holds consecutive games of one run's file of that
    /// name: concatenated in shard order (plain files) it is that file. --games counts the
    /// games of the whole run (piece k holds games (k-1)N+1 … kN of one run, and is named by
    /// k), so a piece may begin in one shard and end in the next.
    ShardSpec shard;
};

/// The template used without --name: `{n:5}.pgn` for --games (00001.pgn, 00002.pgn …: in
/// name order the files are in input order), else `{key}.pgn`.
std::string default_name_template(SplitBy by);

/// The key of a game with a tag value `value` (the --by tag's, ECO's or Date's): the value
/// without surrounding blanks (Tag), the ECO letter (`B`) or code (`B90`, upper case), the
/// year (`1999`) or month (`1999-03`); nullopt for the unknown bucket (a value that is empty
/// or only `?`, an ECO that is no A00-E99, a date without a year or month). A view into
/// `value` or `scratch`.
std::optional<std::string_view> split_key(SplitBy by, std::string_view value, std::string& scratch);

/// Runs the split. Returns the exit code: 0 ok, 2 usage or I/O error (nothing written in
/// the folder when it refuses before the end: an output would replace a file, or the folder
/// holds an input).
int run_split(const SplitRunOptions& opts);

} // namespace pgnkit::app
