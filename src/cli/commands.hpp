#pragma once
// The subcommands. Each cmd_*.cpp fills a plain options struct from CLI11 and calls the
// library; only src/cli/ includes CLI11.

#include <CLI/CLI.hpp>

#include <functional>

namespace pgnkit::cli {

/// A subcommand's run function returns the process exit code.
using Runner = std::function<int()>;

/// Adds the subcommand to `app`; `run` is set to what runs it when it was chosen.
void add_perft(CLI::App& app, Runner& run);
void add_validate(CLI::App& app, Runner& run);
void add_filter(CLI::App& app, Runner& run);
void add_dedup(CLI::App& app, Runner& run);
void add_fen(CLI::App& app, Runner& run);
void add_board(CLI::App& app, Runner& run);
void add_convert(CLI::App& app, Runner& run);
void add_stats(CLI::App& app, Runner& run);
void add_merge(CLI::App& app, Runner& run);
void add_split(CLI::App& app, Runner& run);
void add_eco(CLI::App& app, Runner& run);
void add_tags(CLI::App& app, Runner& run);
/// `pgnkit completions SHELL`: a completion script made from the commands `app` has when it runs.
void add_completions(CLI::App& app, Runner& run);

/// Exit codes (ripgrep's convention): 0 ok, 1 "found something" (invalid input), 2 trouble.
inline constexpr int ExitOk = 0, ExitFound = 1, ExitError = 2;

} // namespace pgnkit::cli
