// pgnkit convert: rewrite games in the PGN export format.

#include "commands.hpp"
#include "pgnkit/app/convert.hpp"
#include "pgnkit/app/pipeline.hpp"

#include <fmt/format.h>

#include <memory>

namespace pgnkit::cli {

namespace {
struct ConvertCli {
    app::ConvertRunOptions run;
    std::string moves = "san", tags = "all", compress = "auto";
    std::string piece_letters, input_piece_letters;
    std::vector<std::string> strip;
    bool reduced = false, have_input_letters = false, no_progress = false;
    int level = 3, jobs = 0;
};

/// Splits repeated, comma-separated option values.
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

int run_convert_cli(ConvertCli& o) {
    auto& w = o.run.writer;
    if (o.run.inputs.empty()) {
        fmt::print(stderr, "pgnkit convert: no input files (use - for stdin)\n");
        return ExitError;
    }
    w.moves = o.moves == "lan"        ? app::MoveNotation::Lan
              : o.moves == "uci"      ? app::MoveNotation::Uci
              : o.moves == "figurine" ? app::MoveNotation::Figurine
                                      : app::MoveNotation::San;
    if (!o.piece_letters.empty() && !app::resolve_piece_letters(o.piece_letters, w.piece_letters)) {
        fmt::print(stderr,
                   "pgnkit convert: --piece-letters '{}': give en, de, fr, es, it, nl or 5-6 "
                   "distinct upper-case letters in KQRBN(P) order\n",
                   o.piece_letters);
        return ExitError;
    }
    // The same letters are read back unless the input's are given separately.
    w.input_piece_letters = w.piece_letters;
    if (!o.input_piece_letters.empty() &&
        !app::resolve_piece_letters(o.input_piece_letters, w.input_piece_letters)) {
        fmt::print(stderr,
                   "pgnkit convert: --input-piece-letters '{}': give en, de, fr, es, "
                   "it, nl or 5-6 distinct upper-case letters in KQRBN(P) order\n",
                   o.input_piece_letters);
        return ExitError;
    }
    for (const auto& s : split_list(o.strip)) {
        if (s == "comments")
            w.strip_comments = true;
        else if (s == "variations")
            w.strip_variations = true;
        else if (s == "nags")
            w.strip_nags = true;
        else if (s == "clocks")
            w.strip_clocks = true;
        else if (s == "evals")
            w.strip_evals = true;
        else {
            fmt::print(stderr,
                       "pgnkit convert: --strip '{}': one of comments, variations, nags, clocks, "
                       "evals\n",
                       s);
            return ExitError;
        }
    }
    if (o.tags == "all")
        w.tags = app::TagSelection::All;
    else if (o.tags == "str")
        w.tags = app::TagSelection::Str;
    else if (o.tags == "none")
        w.tags = app::TagSelection::None;
    else {
        w.tags = app::TagSelection::List;
        w.tag_list = split_list({o.tags});
    }
    if (o.reduced) {
        // PGN §3.2.4: the roster only, no commentary, no variations, no NAGs.
        w.tags = app::TagSelection::Str;
        w.strip_comments = w.strip_variations = w.strip_nags = true;
    }
    o.run.output_options.compression = o.compress == "zstd"   ? app::OutputCompression::Zstd
                                       : o.compress == "none" ? app::OutputCompression::None
                                                              : app::OutputCompression::Auto;
    o.run.output_options.zstd_level = o.level;
    o.run.jobs = o.jobs > 0 ? o.jobs : app::default_jobs();
    if (o.no_progress) o.run.progress = false;
    return app::run_convert(o.run);
}
} // namespace

void add_convert(CLI::App& app, Runner& run) {
    auto o = std::make_shared<ConvertCli>();
    auto* cmd = app.add_subcommand(
        "convert", "Rewrite games in the PGN export format (SAN/LAN/UCI/figurine, tags, strip)");
    cmd->add_option("files", o->run.inputs, "PGN files (.pgn, .pgn.zst, .pgn.gz; - for stdin)");
    cmd->add_option("-o,--output", o->run.output, "Write to FILE (.zst: zstd) instead of stdout");
    cmd->add_option("--moves", o->moves, "Move notation: san, lan, uci, figurine")
        ->check(CLI::IsMember({"san", "lan", "uci", "figurine"}));
    cmd->add_option("--piece-letters", o->piece_letters,
                    "SAN piece letters (KQRBN order, e.g. KDTLS) or en, de, fr, es, it, nl; "
                    "for output and, unless --input-piece-letters, for input");
    cmd->add_option("--input-piece-letters", o->input_piece_letters,
                    "SAN piece letters of the input when they differ from the output's");
    cmd->add_option("--strip", o->strip,
                    "Remove comments, variations, nags, clocks ([%clk]), evals ([%eval]); "
                    "comma-separated, repeatable")
        ->type_name("LIST")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    cmd->add_option("--tags", o->tags,
                    "Tags to keep: all, str (Seven Tag Roster), none, or a comma-separated list")
        ->type_name("WHICH");
    cmd->add_flag("--sort-tags", o->run.writer.sort_tags,
                  "Order the tags after the roster by name");
    cmd->add_flag("--reduced", o->reduced,
                  "Reduced export format (PGN 3.2.4): roster only, no comments, NAGs, variations");
    cmd->add_flag("--fix-result", o->run.writer.fix_result,
                  "Set the result from the final position when it decides the game (mate, "
                  "stalemate, automatic draw); each fix is reported on stderr");
    cmd->add_flag("--fix-fen", o->run.writer.fix_fen,
                  "Repair FEN tags whose defect has one meaning (castling rights without their "
                  "king or rook dropped, fullmove number 0 written as 1); each fix is reported");
    cmd->add_flag("--add-plycount", o->run.writer.add_plycount, "Add a PlyCount tag");
    cmd->add_flag("--add-fen", o->run.writer.add_fen,
                  "Add a FinalFEN tag with the final position of the main line");
    cmd->add_flag("--valid-only", o->run.valid_only,
                  "Drop games with errors instead of passing them through unchanged");
    cmd->add_flag("--summary", o->run.summary,
                  "Always print the summary on stderr (else only when a game was invalid)");
    cmd->add_option("--compress", o->compress,
                    "Output compression: auto (by .zst name), zstd, none")
        ->check(CLI::IsMember({"auto", "zstd", "none"}));
    cmd->add_option("--level", o->level, "zstd compression level (1-19)")->check(CLI::Range(1, 19));
    cmd->add_option("-j,--jobs", o->jobs, "Worker threads (default: all cores)")
        ->check(CLI::Range(1, 1024));
    cmd->add_flag("--progress", o->run.progress, "Show a progress line on stderr");
    cmd->add_flag("--no-progress", o->no_progress, "Never show the progress line");
    cmd->callback([&run, o] { run = [o] { return run_convert_cli(*o); }; });
}

} // namespace pgnkit::cli
