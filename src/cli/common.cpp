// What the subcommands share (see common.hpp).

#include "common.hpp"

#include "pgnkit/cmd/convert/pgn_writer.hpp"
#include "pgnkit/openings/table_formats.hpp"
#include "pgnkit/run/messages.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>

namespace pgnkit::cli {

namespace {
/// Levenshtein distance (insertions, deletions, substitutions).
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

std::string unknown_command(const CLI::App& app, std::string_view word) {
    std::string names, nearest;
    std::size_t nearest_distance = SIZE_MAX;
    for (const CLI::App* sub : app.get_subcommands({})) {
        names += (names.empty() ? "" : ", ") + sub->get_name();
        std::size_t d = edit_distance(word, sub->get_name());
        if (d < nearest_distance) nearest_distance = d, nearest = sub->get_name();
    }
    // Close means a typo, not another word: at most one edit per three letters.
    if (nearest_distance <= std::max<std::size_t>(1, std::min(word.size(), nearest.size()) / 3))
        return fmt::format("pgnkit: error: unknown command '{}': did you mean {}? (see pgnkit "
                           "--help)",
                           word, nearest);
    return fmt::format("pgnkit: error: unknown command '{}' (the commands: {}; see pgnkit --help)",
                       word, names);
}

std::vector<std::string> split_list(const std::vector<std::string>& values) {
    std::vector<std::string> out;
    for (const auto& v : values) {
        std::size_t b = 0;
        while (b <= v.size()) {
            std::size_t e = v.find(',', b);
            if (e == std::string::npos) e = v.size();
            if (e > b) out.push_back(v.substr(b, e - b));
            b = e + 1;
        }
    }
    return out;
}

namespace {
/// The integer `s` spells (an optional sign, then digits), or an error message.
std::string parse_integer(const std::string& s, long long& value) {
    std::size_t i = s.size() > 1 && (s[0] == '-' || s[0] == '+') ? 1 : 0;
    bool digits = i < s.size() && s.size() - i <= 18;
    for (; i < s.size(); ++i) digits = digits && s[i] >= '0' && s[i] <= '9';
    if (!digits) return "expected a number, got '" + s + "'";
    value = std::stoll(s);
    return {};
}
} // namespace

CLI::Validator number_in(long long lo, long long hi) {
    return CLI::Validator(
        [lo, hi](std::string& s) {
            long long v = 0;
            std::string error = parse_integer(s, v);
            if (error.empty() && (v < lo || v > hi))
                error = fmt::format("expected a number from {} to {}, got '{}'", lo, hi, s);
            return error;
        },
        fmt::format("{}-{}", lo, hi));
}

const CLI::Validator Count(
    [](std::string& s) {
        long long v = 0;
        std::string error = parse_integer(s, v);
        if (error.empty() && v < 0) error = "expected a number ≥ 0, got '" + s + "'";
        return error;
    },
    "");

namespace {
CLI::Option* add_code_option(CLI::App* cmd, const std::string& name,
                             std::vector<std::string>& codes, const std::string& help) {
    return cmd->add_option(name, codes, help)
        ->type_name("CODE")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}
} // namespace

void add_severity_options(CLI::App* cmd, SeverityOptions& o) {
    add_code_option(cmd, "--error", o.errors,
                    "Treat CODE as an error (repeatable; comma-separated list allowed; "
                    "the codes: pgnkit validate --list-checks)");
    add_code_option(cmd, "--warn", o.warns,
                    "Treat CODE as a warning (repeatable; comma-separated list allowed)");
    add_code_option(cmd, "--ignore", o.ignores,
                    "Do not report CODE (repeatable; comma-separated list allowed)");
    cmd->add_flag("--strict", o.strict, "Make every warning an error");
}

bool apply_severity_options(std::string_view command, const SeverityOptions& o,
                            SeverityTable& table) {
    if (o.strict) table.make_strict();
    const std::pair<const std::vector<std::string>*, Severity> lists[] = {
        {&o.errors, Severity::Error},
        {&o.warns, Severity::Warning},
        {&o.ignores, Severity::Ignore}};
    for (auto [names, severity] : lists) {
        for (const auto& n : split_list(*names)) {
            auto c = code_from_name(n);
            if (!c) {
                usage_error(command, "unknown check '{}' (see pgnkit validate --list-checks)", n);
                return false;
            }
            table.set(*c, severity);
        }
    }
    return true;
}

CLI::Option* add_jobs_option(CLI::App* cmd, int& jobs, const std::string& help) {
    return cmd->add_option("-j,--jobs", jobs, help)->type_name("N")->check(number_in(1, 1024));
}

int jobs_or_default(int jobs) { return jobs > 0 ? jobs : app::default_jobs(); }

CLI::Option* add_shard_option(CLI::App* cmd, app::ShardSpec& shard) {
    return cmd
        ->add_option_function<std::string>(
            "--shard",
            [&shard](const std::string& text) {
                if (!app::parse_shard(text, shard))
                    throw CLI::ValidationError("--shard", "expected K/N with 1 <= K <= N <= "
                                                          "1000000, got '" +
                                                              text + "'");
            },
            "Only shard K of N runs over the same inputs (together every game once): a plain "
            "file is cut into N byte ranges at certain game starts, each read alone; a "
            "compressed file, archive or stdin gives every N-th game and each shard still "
            "reads the whole stream. Line and game numbers of a plain file count from the "
            "shard's first byte (pgnkit merge renumbers; see the man page, SHARDS)")
        ->type_name("K/N");
}

bool stdin_is_terminal() { return ::isatty(STDIN_FILENO); }
bool stdout_is_terminal() { return ::isatty(STDOUT_FILENO); }
bool stderr_is_terminal() { return ::isatty(STDERR_FILENO); }

void add_progress_options(CLI::App* cmd, ProgressOptions& o) {
    cmd->add_flag("--progress", o.progress, "Show a progress line on stderr");
    cmd->add_flag("--no-progress", o.no_progress, "Never show the progress line");
}

bool progress_wanted(const ProgressOptions& o, bool automatic) {
    if (o.no_progress) return false;
    return o.progress || (automatic && stderr_is_terminal());
}

bool color_wanted(const std::string& when, bool text_output) {
    const bool terminal = stdout_is_terminal();
    const char* no_color = std::getenv("NO_COLOR");
    return when == "always" ||
           (when == "auto" && terminal && !(no_color && *no_color) && text_output);
}

void add_piece_letter_options(CLI::App* cmd, PieceLetterOptions& o, bool writes_san,
                              const std::string& output_help) {
    if (writes_san)
        cmd->add_option("--piece-letters", o.output,
                        output_help.empty()
                            ? "SAN piece letters written: en, de, fr, es, it, nl or 5-6 "
                              "upper-case letters in KQRBN(P) order (default: en)"
                            : output_help)
            ->type_name("LETTERS");
    cmd->add_option("--input-piece-letters", o.input,
                    "SAN piece letters read: en, de, fr, es, it, nl or 5-6 upper-case letters "
                    "in KQRBN(P) order, e.g. KDTLS (default: en)")
        ->type_name("LETTERS");
}

bool resolve_letters(std::string_view command, std::string_view option, const std::string& spec,
                     std::string& out) {
    if (spec.empty() || app::resolve_piece_letters(spec, out)) return true;
    usage_error(command,
                "{} '{}': give en, de, fr, es, it, nl or 5-6 distinct upper-case letters in "
                "KQRBN(P) order",
                option, spec);
    return false;
}

bool inputs_or_stdin(std::string_view command, std::vector<std::string>& inputs) {
    if (!inputs.empty()) return true;
    if (stdin_is_terminal()) {
        usage_error(command, "no input files, and standard input is a terminal (give FILE, or - "
                             "to read standard input)");
        return false;
    }
    inputs.push_back("-");
    return true;
}

bool writes_zstd(const std::string& compress, const std::string& output) {
    // As OutputFile decides (a name that is only ".zst" is no .zst name).
    return compress == "zstd" ||
           (compress == "auto" && output.size() > 4 && output.ends_with(".zst"));
}

void add_compression_options(CLI::App* cmd, CompressionOptions& o, const std::string& compress_help,
                             const std::string& level_help) {
    cmd->add_option("--compress", o.compress, compress_help)
        ->type_name("MODE")
        ->check(CLI::IsMember({"auto", "zstd", "none"}));
    cmd->add_option("--level", o.level, level_help)->type_name("N")->check(number_in(1, 19));
}

int level_ignored(std::string_view command, const CLI::App* cmd, const CompressionOptions& o,
                  const std::string& output) {
    if (writes_zstd(o.compress, output)) return 0;
    return ignored_option(command, cmd, "--level",
                          o.compress == "none" ? "with --compress none"
                                               : "with an output not named .zst",
                          "the level is zstd's; use --compress zstd or -o FILE.zst");
}

void apply_compression_options(const CompressionOptions& o, app::OutputOptions& out) {
    out.compression = o.compress == "zstd"   ? app::OutputCompression::Zstd
                      : o.compress == "none" ? app::OutputCompression::None
                                             : app::OutputCompression::Auto;
    out.zstd_level = o.level;
}

int ignored_option(std::string_view command, const CLI::App* cmd, const std::string& ignored,
                   std::string_view chosen, std::string_view why) {
    if (cmd->count(ignored) == 0) return 0;
    return usage_error(command, "{} does nothing {} ({})", ignored, chosen, why);
}

int refuse_output_clash(std::string_view command, const std::vector<std::string>& inputs,
                        const std::vector<app::RunOutput>& outputs, std::string_view hint) {
    const auto clash = app::find_output_clash(inputs, outputs);
    if (!clash) return ExitOk;
    fmt::print(stderr, "pgnkit {}: error: {}{}\n", command, clash->message,
               clash->with_input ? hint : std::string_view{});
    return ExitError;
}

} // namespace pgnkit::cli

namespace pgnkit::cli {

CLI::Option* add_eco_file_option(CLI::App* cmd, std::string& path, std::string_view use) {
    std::string help = "The opening table: a lichess chess-openings TSV, a Scid .eco or a "
                       "pgn-extract eco.pgn, told by its text (default: the bundled lichess "
                       "table)";
    if (!use.empty()) help += fmt::format("; {}", use);
    return cmd->add_option("--eco-file", path, help)->type_name("FILE");
}

const openings::OpeningTable* eco_table(const std::string& path,
                                        std::optional<openings::OpeningTable>& storage) {
    if (path.empty()) return &openings::bundled_table();
    std::vector<openings::TableProblem> problems;
    storage.emplace();
    try {
        openings::load_table_file(path, *storage, problems);
    } catch (const std::exception& e) {
        fmt::print(stderr, "{}: error: --eco-file: {}\n", app::message_prefix(), e.what());
        return nullptr;
    }
    bool malformed = false;
    std::string text;
    for (const openings::TableProblem& p : problems) {
        app::append_display(text, p.file, true);
        text += fmt::format(":{}: {}: ", p.line, p.malformed ? "error" : "warning");
        app::append_display(text, p.message, true);
        text += '\n';
        malformed = malformed || p.malformed;
    }
    std::fwrite(text.data(), 1, text.size(), stderr);
    if (malformed) {
        fmt::print(stderr,
                   "{}: error: --eco-file '{}' has lines that are no table entry "
                   "(nothing was read or written)\n",
                   app::message_prefix(), path);
        return nullptr;
    }
    if (storage->size() == 0) {
        fmt::print(stderr, "{}: error: --eco-file '{}' has no entries\n", app::message_prefix(),
                   path);
        return nullptr;
    }
    return &*storage;
}

} // namespace pgnkit::cli
