// pgnkit: the command-line front end. Dispatches subcommands; all work is in the library.

#include "commands.hpp"

#include "pgnkit/app/messages.hpp"
#include "pgnkit/app/output.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <string_view>
#include <unistd.h>
#include <vector>

namespace {
// SIGINT/SIGTERM: remove the temporary output files (no partial -o file is left), exit 130.
extern "C" void on_interrupt(int) {
    pgnkit::app::remove_pending_outputs_on_signal();
    ::_exit(130);
}

/// Levenshtein distance (insertions, deletions, substitutions), for "did you mean".
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = up;
        }
    }
    return row[b.size()];
}
} // namespace

int main(int argc, char** argv) {
    std::signal(SIGPIPE, SIG_IGN); // writes to a closed pipe return EPIPE; we end quietly
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);

    CLI::App app{"pgnkit — validate, convert and analyse chess games (PGN) and positions (FEN/EPD)",
                 "pgnkit"};
    app.set_version_flag("-V,--version", std::string("pgnkit ") + PGNKIT_VERSION);
    app.require_subcommand(1, 1);
    app.footer("Run 'pgnkit <command> --help' for a command's options. Exit codes: 0 ok, "
               "1 invalid input found, 2 usage or I/O error.\nEnvironment (see man pgnkit): "
               "NO_COLOR, PGNKIT_ZSTD_WINDOW_LOG_MAX (largest zstd window, log2), PGNKIT_SIMD "
               "(baseline: the SSE2 scans on an AVX2 CPU).");

    pgnkit::cli::Runner run;
    pgnkit::cli::add_validate(app, run);
    pgnkit::cli::add_fen(app, run);
    pgnkit::cli::add_perft(app, run);
    pgnkit::cli::add_board(app, run);
    pgnkit::cli::add_convert(app, run);
    pgnkit::cli::add_stats(app, run);
    pgnkit::cli::add_merge(app, run);

    if (argc <= 1) { // no command: the overview, as a usage error (exit 2)
        std::fputs(app.help().c_str(), stderr);
        return pgnkit::cli::ExitError;
    }
    // A first word that is no command: say so, and name the nearest command when one is close
    // (a typo, not another word).
    std::string names, nearest;
    std::size_t nearest_distance = SIZE_MAX;
    bool known = argv[1][0] == '-';
    for (CLI::App* sub : app.get_subcommands({})) {
        names += (names.empty() ? "" : ", ") + sub->get_name();
        known = known || sub->check_name(argv[1]);
        std::size_t d = edit_distance(argv[1], sub->get_name());
        if (d < nearest_distance) nearest_distance = d, nearest = sub->get_name();
    }
    if (!known) {
        const std::size_t typed = std::string_view(argv[1]).size();
        if (nearest_distance <= std::max<std::size_t>(1, std::min(typed, nearest.size()) / 3))
            std::fprintf(stderr,
                         "pgnkit: error: unknown command '%s': did you mean %s? (see "
                         "pgnkit --help)\n",
                         argv[1], nearest.c_str());
        else
            std::fprintf(stderr,
                         "pgnkit: error: unknown command '%s' (the commands: %s; see pgnkit "
                         "--help)\n",
                         argv[1], names.c_str());
        return pgnkit::cli::ExitError;
    }
    const std::string_view first = argv[1];
    if (first[0] == '-' && first != "-h" && first != "--help" && first != "-V" &&
        first != "--version") { // an option before the command: the top level has no other
        std::fprintf(stderr,
                     "pgnkit: error: unknown option '%s' (options go after the command; see "
                     "pgnkit --help)\n",
                     argv[1]);
        return pgnkit::cli::ExitError;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // Usage errors: one line on stderr, exit 2.
        std::string command = "pgnkit";
        for (const CLI::App* sub : app.get_subcommands()) command += " " + sub->get_name();
        std::fprintf(stderr, "%s: error: %s (see %s --help)\n", command.c_str(), e.what(),
                     command.c_str());
        return pgnkit::cli::ExitError;
    }
    // Every message on stderr from here on names the command: `pgnkit COMMAND: error: …`.
    for (const CLI::App* sub : app.get_subcommands())
        pgnkit::app::set_command_name(sub->get_name());
    try {
        return run ? run() : pgnkit::cli::ExitError;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: error: %s\n", pgnkit::app::message_prefix().c_str(), e.what());
        return pgnkit::cli::ExitError;
    }
}
