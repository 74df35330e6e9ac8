#pragma once
// What the subcommands share: the --error/--warn/--ignore/--strict options, --jobs, the
// progress line, the piece-letter options, number checks, list splitting, the terminal checks
// (stdin, stdout, stderr) and --color, --compress/--level, the output check and the one error
// format (`pgnkit COMMAND: error: …`).

#include "commands.hpp"
#include "pgnkit/diagnostics/diagnostic.hpp"
#include "pgnkit/io/output.hpp"
#include "pgnkit/io/output_paths.hpp"
#include "pgnkit/openings/opening_table.hpp"
#include "pgnkit/run/shard.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::cli {

/// Prints `pgnkit COMMAND: error: MESSAGE` on stderr; returns ExitError (a usage error).
template <class... Args>
int usage_error(std::string_view command, fmt::format_string<Args...> format, Args&&... args) {
    fmt::print(stderr, "pgnkit {}: error: {}\n", command,
               fmt::format(format, std::forward<Args>(args)...));
    return ExitError;
}

/// The message for a first word that is no command: "pgnkit: error: unknown command 'x'",
/// with "did you mean validate?" when a command is a few edits away, else the command list.
std::string unknown_command(const CLI::App& app, std::string_view word);

/// Splits repeated, comma-separated option values ("a,b" "c" → a b c).
std::vector<std::string> split_list(const std::vector<std::string>& values);

/// Accepts an integer from `lo` to `hi` (shown as "N:lo-hi" in --help); says "expected a
/// number, got 'abc'" or "expected a number from lo to hi, got '0'" otherwise.
CLI::Validator number_in(long long lo, long long hi);
/// Accepts a non-negative integer (a count), with the same messages.
extern const CLI::Validator Count;

/// --error/--warn/--ignore CODE and --strict, with validate's meaning.
struct SeverityOptions {
    std::vector<std::string> errors, warns, ignores;
    bool strict = false;
};
void add_severity_options(CLI::App* cmd, SeverityOptions& o);
/// Applies the options to `table` (--strict first, then error, warn, ignore); false after
/// printing a usage error for an unknown code.
bool apply_severity_options(std::string_view command, const SeverityOptions& o,
                            SeverityTable& table);

/// -j,--jobs N (1-1024; 0 = not given).
CLI::Option* add_jobs_option(CLI::App* cmd, int& jobs,
                             const std::string& help = "Worker threads (default: all cores)");
/// The worker count: `jobs` if given, else one per core.
int jobs_or_default(int jobs);

/// --shard K/N (run/shard.hpp): the help says what a shard takes and reads, and where its
/// numbers begin.
CLI::Option* add_shard_option(CLI::App* cmd, app::ShardSpec& shard);

/// Whether standard input, output or error is a terminal.
bool stdin_is_terminal();
bool stdout_is_terminal();
bool stderr_is_terminal();

/// --progress and --no-progress.
struct ProgressOptions {
    bool progress = false, no_progress = false;
};
void add_progress_options(CLI::App* cmd, ProgressOptions& o);
/// Whether to draw the progress line: asked for, or (`automatic`) stderr is a terminal.
bool progress_wanted(const ProgressOptions& o, bool automatic = true);

/// Whether to colour the output for --color `when` (auto, always, never): always, or auto
/// with stdout a terminal, NO_COLOR unset or empty (no-color.org) and `text_output` (a
/// format that programs read is coloured only when asked).
bool color_wanted(const std::string& when, bool text_output);

/// --piece-letters (what is written; `output` may be null for commands that write no SAN)
/// and --input-piece-letters (what is read; English unless given).
struct PieceLetterOptions {
    std::string output, input;
};
void add_piece_letter_options(CLI::App* cmd, PieceLetterOptions& o, bool writes_san,
                              const std::string& output_help = "");
/// Resolves `spec` (see app::resolve_piece_letters) into `out`; false after printing a
/// usage error naming `option`.
bool resolve_letters(std::string_view command, std::string_view option, const std::string& spec,
                     std::string& out);

/// The inputs, or "-" when there are none. With no file given and a terminal on stdin, a
/// usage error is printed and false returned: nobody types PGN into a terminal, and a
/// silent wait looks like a hang.
bool inputs_or_stdin(std::string_view command, std::vector<std::string>& inputs);

/// Whether the output is zstd: --compress zstd, or auto (the default) and a .zst name.
bool writes_zstd(const std::string& compress, const std::string& output);

/// --compress MODE (auto, zstd, none) and --level N (1-19) of a command that writes a file.
struct CompressionOptions {
    std::string compress = "auto";
    int level = 3;
};
void add_compression_options(CLI::App* cmd, CompressionOptions& o, const std::string& compress_help,
                             const std::string& level_help);
/// The usage error for --level given while `output` is written without zstd, else 0.
int level_ignored(std::string_view command, const CLI::App* cmd, const CompressionOptions& o,
                  const std::string& output);
/// Sets the compression and level of `out` from the options.
void apply_compression_options(const CompressionOptions& o, app::OutputOptions& out);

/// A usage error for an option that the choice of another makes do nothing
/// ("pgnkit fen: error: --columns does nothing with --format fen (…)"; `chosen` is the
/// "with …" or "without …" part), or 0 when `ignored` was not given.
int ignored_option(std::string_view command, const CLI::App* cmd, const std::string& ignored,
                   std::string_view chosen, std::string_view why);

/// Before a run reads anything: whether an output is an input or two outputs are one file
/// (app::find_output_clash). A clash is printed as `pgnkit COMMAND: error: …` with ExitError
/// returned; `hint` is added when an output is an input. ExitOk when there is none.
int refuse_output_clash(std::string_view command, const std::vector<std::string>& inputs,
                        const std::vector<app::RunOutput>& outputs, std::string_view hint = {});

/// --eco-file FILE: the opening table of the options that classify games by their moves (eco,
/// split --by eco, filter --opening-name, validate --eco-check, stats -t openings); `use`
/// ends the help ("for --by eco").
CLI::Option* add_eco_file_option(CLI::App* cmd, std::string& path, std::string_view use = {});
/// The opening table of --eco-file `path`: the bundled lichess table when `path` is "", else
/// the file loaded into `storage` (made then), its problems printed on stderr (`file:line: …`).
/// nullptr after printing why the table cannot be used (unreadable, a line that is no entry, no
/// entries): the command then exits with status 2, having read and written nothing.
const openings::OpeningTable* eco_table(const std::string& path,
                                        std::optional<openings::OpeningTable>& storage);

} // namespace pgnkit::cli
