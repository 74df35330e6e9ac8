// pgnkit: the command-line front end. Dispatches subcommands; all work is in the library.

#include "common.hpp"

#include "pgnkit/io/output.hpp"
#include "pgnkit/io/output_set.hpp"
#include "pgnkit/run/messages.hpp"

#include <fmt/format.h>

#include <csignal>
#include <cstdio>
#include <exception>
#include <string_view>
#include <unistd.h>

namespace {
// SIGINT/SIGTERM: remove the temporary output files (no partial -o file is left), exit 130.
extern "C" void on_interrupt(int) {
    pgnkit::app::remove_pending_outputs_on_signal();
    pgnkit::app::remove_pending_output_set_on_signal();
    ::_exit(130);
}
} // namespace

int main(int argc, char** argv) {
    std::signal(SIGPIPE, SIG_IGN); // writes to a closed pipe return EPIPE; we end quietly
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);

    CLI::App app{"pgnkit — validate, convert and analyse chess and xiangqi games (PGN) and positions (FEN/EPD)",
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
    pgnkit::cli::add_filter(app, run);
    pgnkit::cli::add_dedup(app, run);
    pgnkit::cli::add_merge(app, run);
    pgnkit::cli::add_split(app, run);
    pgnkit::cli::add_eco(app, run);
    pgnkit::cli::add_tags(app, run);
    pgnkit::cli::add_completions(app, run);

    if (argc <= 1) { // no command: the overview, as a usage error (exit 2)
        std::fputs(app.help().c_str(), stderr);
        return pgnkit::cli::ExitError;
    }
    // A first word that is no command: say so (CLI11 would say a command is required).
    bool known = argv[1][0] == '-';
    for (CLI::App* sub : app.get_subcommands({})) known = known || sub->check_name(argv[1]);
    if (!known) {
        std::fprintf(stderr, "%s\n", pgnkit::cli::unknown_command(app, argv[1]).c_str());
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
        std::string help = "pgnkit";
        for (const CLI::App* sub : app.get_subcommands()) help += " " + sub->get_name();
        std::fprintf(stderr, "%s: error: %s (see %s --help)\n", help.c_str(), e.what(),
                     help.c_str());
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
