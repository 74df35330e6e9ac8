#pragma once
// What the subcommands share: the --error/--warn/--ignore/--strict options, --jobs, the
// progress line, the piece-letter options, number checks, the "stdin is a terminal" check,
// the output check and the one error format (`pgnkit COMMAND: error: …`).

#include "commands.hpp"
#include "pgnkit/io/output_paths.hpp"
#include "pgnkit/check/diagnostic.hpp"

#include <fmt/format.h>

#include <cstdio>
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

/// --progress and --no-progress.
struct ProgressOptions {
    bool progress = false, no_progress = false;
};
void add_progress_options(CLI::App* cmd, ProgressOptions& o);
/// Whether to draw the progress line: asked for, or (`automatic`) stderr is a terminal.
bool show_progress(const ProgressOptions& o, bool automatic = true);

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

} // namespace pgnkit::cli
