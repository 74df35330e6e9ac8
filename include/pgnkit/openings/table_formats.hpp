#pragma once
/// Opening table files (docs/GUIDE.md "eco"): the lichess chess-openings TSV (bundled, the
/// default), Scid's `.eco` and pgn-extract's `eco.pgn`. Each entry is an ECO code, a name and
/// a line of SAN moves from the start position.
#include "pgnkit/openings/opening_table.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::openings {

enum class TableFormat {
    LichessTsv, ///< `eco<TAB>name<TAB>pgn`, a header line first (lichess-org/chess-openings)
    ScidEco,    ///< `B90a "Name"  1.e4 c5 … *`, # comments, an entry may span lines (Scid)
    EcoPgn,     ///< PGN games with ECO, Opening and Variation tags, result `*` (pgn-extract)
};

/// The format of a table file told by its text: a first line `eco<TAB>name<TAB>pgn` is the
/// TSV, a first tag line or `{` comment is PGN, anything else Scid's.
TableFormat detect_table_format(std::string_view text);

/// Loads the entries of `text` (the file `file`) into `table`. Every line that is not an
/// entry (no code, no name, unclosed quote, no `*`) and every entry whose moves cannot be
/// played is a problem, with its line; the rest is loaded.
void load_table_text(std::string_view text, std::string_view file, TableFormat format,
                     OpeningTable& table, std::vector<TableProblem>& problems);

/// Reads and loads the table file `path` (format detected). Throws std::runtime_error if the
/// file cannot be read.
void load_table_file(const std::string& path, OpeningTable& table,
                     std::vector<TableProblem>& problems);

/// The bundled lichess table (data/eco/, compiled into the binary): loaded once per process
/// on first use; never has problems (tests/unit/openings checks it).
const OpeningTable& bundled_table();

/// The bundled table's TSV files, as compiled in: {name, text} per file a.tsv … e.tsv.
struct BundledFile {
    std::string name, text;
};
const std::vector<BundledFile>& bundled_table_files();

} // namespace pgnkit::openings
