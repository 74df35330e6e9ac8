#pragma once
// The subcommands. Each cmd_*.cpp fills a plain options struct from CLI11 and calls the
// library; only src/cli/ includes CLI11.

#include "pgnkit/app/output_paths.hpp"

#include <CLI/CLI.hpp>

#include <functional>
#include <string_view>
#include <vector>

namespace pgnkit::cli {

/// A subcommand's run function returns the process exit code.
using Runner = std::function<int()>;

/// Adds the subcommand to `app`; `run` is set to what runs it when it was chosen.
void add_perft(CLI::App& app, Runner& run);
void add_validate(CLI::App& app, Runner& run);
void add_fen(CLI::App& app, Runner& run);
void add_board(CLI::App& app, Runner& run);
void add_convert(CLI::App& app, Runner& run);
void add_stats(CLI::App& app, Runner& run);
void add_merge(CLI::App& app, Runner& run);
/// `pgnkit completions SHELL`: a completion script made from the commands `app` has when it runs.
void add_completions(CLI::App& app, Runner& run);

/// Exit codes (ripgrep's convention): 0 ok, 1 "found something" (invalid input), 2 trouble.
inline constexpr int ExitOk = 0, ExitFound = 1, ExitError = 2;

/// Before a run reads anything: whether an output is an input or two outputs are one file
/// (app::find_output_clash). A clash is printed as `pgnkit COMMAND: error: …` with ExitError
/// returned; `hint` is added when an output is an input. ExitOk when there is none.
int refuse_output_clash(std::string_view command, const std::vector<std::string>& inputs,
                        const std::vector<app::RunOutput>& outputs, std::string_view hint = {});

} // namespace pgnkit::cli
