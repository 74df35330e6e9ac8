// pgnkit convert: rewrite games in the PGN export format.

#include "common.hpp"
#include "pgnkit/cmd/convert/convert.hpp"
#include "pgnkit/cmd/convert/xiangqi_writer.hpp"
#include "pgnkit/run/pipeline.hpp"

#include <fmt/format.h>

#include <memory>

namespace pgnkit::cli {

namespace {
struct ConvertCli {
    const CLI::App* cmd = nullptr;
    app::ConvertRunOptions run;
    std::string moves, tags = "all"; ///< moves "": SAN for chess, each xiangqi game's own
    std::string variant = "auto";
    CompressionOptions compression;
    PieceLetterOptions letters;
    SeverityOptions severities;
    ProgressOptions progress;
    std::vector<std::string> strip;
    bool reduced = false;
    int jobs = 0;
};

/// Options that the chosen notation or mode makes do nothing: usage errors, not silence.
int check_ignored_options(const ConvertCli& o) {
    if (o.moves == "uci" || o.moves == "figurine")
        if (int rc = ignored_option("convert", o.cmd, "--piece-letters", "with --moves " + o.moves,
                                    o.moves == "uci" ? "UCI moves have no piece letters"
                                                     : "figurines are glyphs, not letters"))
            return rc;
    if (o.reduced) {
        if (int rc = ignored_option("convert", o.cmd, "--tags", "with --reduced",
                                    "the reduced export format keeps the Seven Tag Roster"))
            return rc;
        if (int rc = ignored_option("convert", o.cmd, "--strip", "with --reduced",
                                    "the reduced export format has no comments, NAGs or "
                                    "variations"))
            return rc;
    }
    if (o.reduced || o.tags == "str" || o.tags == "none")
        if (int rc =
                ignored_option("convert", o.cmd, "--sort-tags",
                               o.reduced ? std::string("with --reduced") : "with --tags " + o.tags,
                               "no tags follow the Seven Tag Roster"))
            return rc;
    return level_ignored("convert", o.cmd, o.compression, o.run.output);
}

/// --in-place and the options it cannot go with; without it, no output may be an input.
int check_in_place(const ConvertCli& o) {
    if (!o.run.in_place)
        return refuse_output_clash("convert", o.run.inputs, {{"-o", o.run.output}},
                                   "; to rewrite an input, use --in-place");
    const auto refuse = [](std::string_view why) {
        return usage_error("convert", "--in-place {}", why);
    };
    if (o.run.valid_only)
        return refuse("with --valid-only would delete the invalid games from the inputs; write "
                      "to a new file with -o instead");
    std::vector<app::RunOutput> targets;
    for (const auto& in : o.run.inputs) {
        if (in == "-") return refuse("rewrites files: standard input (-) has none to rewrite");
        targets.push_back({"the input", in});
    }
    // The same file given twice would be rewritten from its own output.
    return refuse_output_clash("convert", {}, targets);
}

int run_convert_cli(ConvertCli& o) {
    auto& w = o.run.writer;
    if (int rc = check_ignored_options(o)) return rc;
    if (o.run.inputs.empty()) return usage_error("convert", "no input files (use - for stdin)");
    if (int rc = check_in_place(o); rc != ExitOk) return rc;
    w.game = *parse_game_choice(o.variant); // (checked by CLI11)
    w.xiangqi_moves = app::is_xiangqi_moves(o.moves) ? o.moves : "";
    w.xiangqi_only_moves = app::is_xiangqi_only_moves(o.moves);
    w.moves = o.moves == "lan"        ? app::MoveNotation::Lan
              : o.moves == "uci"      ? app::MoveNotation::Uci
              : o.moves == "figurine" ? app::MoveNotation::Figurine
                                      : app::MoveNotation::San;
    // The letters written and the letters read are separate: English is read unless told.
    if (!resolve_letters("convert", "--piece-letters", o.letters.output, w.piece_letters) ||
        !resolve_letters("convert", "--input-piece-letters", o.letters.input,
                         w.input_piece_letters) ||
        !apply_severity_options("convert", o.severities, o.run.severities))
        return ExitError;
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
            return usage_error("convert",
                               "--strip '{}': one of comments, variations, nags, clocks, evals", s);
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
    apply_compression_options(o.compression, o.run.output_options);
    o.run.jobs = jobs_or_default(o.jobs);
    o.run.progress = progress_wanted(o.progress, false);
    return app::run_convert(o.run);
}
} // namespace

void add_convert(CLI::App& app, Runner& run) {
    auto o = std::make_shared<ConvertCli>();
    auto* cmd = app.add_subcommand(
        "convert", "Rewrite games in the PGN export format (SAN/LAN/UCI/figurine, tags, strip)");
    o->cmd = cmd;
    cmd->add_option("files", o->run.inputs,
                    "PGN files (.pgn; .zst .gz .bz2 .xz; .zip .7z .tar; - for stdin)")
        ->type_name("FILE");
    auto* output = cmd->add_option("-o,--output", o->run.output,
                                   "Write to FILE (.zst: zstd) instead of stdout")
                       ->type_name("FILE");
    cmd->add_flag("--in-place", o->run.in_place,
                  "Rewrite each input FILE with its converted games (a .zst stays zstd): through "
                  "a temporary file renamed over it only when the input was read to its end; "
                  "not with -o, --valid-only or stdin")
        ->excludes(output);
    cmd->add_option("--moves", o->moves,
                    "Move notation: san (the default), lan, uci, figurine; for xiangqi games: "
                    "iccs, uci, san (WinBoard), wxf, chinese, chinese-simplified (default: the "
                    "game's own; chess games are passed through with iccs, wxf or chinese)")
        ->type_name("NOTATION")
        ->check(CLI::IsMember(
            {"san", "lan", "uci", "figurine", "iccs", "wxf", "chinese", "chinese-simplified"}));
    cmd->add_option("--variant", o->variant,
                    "Which game the games are: auto (by the tags: [Variant \"xiangqi\"], "
                    "[Game \"Chinese Chess\"] or a xiangqi FEN make a game xiangqi; the "
                    "default), chess, or xiangqi (for untagged xiangqi files)")
        ->type_name("GAME")
        ->check(CLI::IsMember({"auto", "chess", "xiangqi"}));
    add_piece_letter_options(cmd, o->letters, true,
                             "SAN piece letters written (san, lan): en, de, fr, es, it, nl or "
                             "5-6 upper-case letters in KQRBN(P) order, e.g. KDTLS (default: en)");
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
    add_severity_options(cmd, o->severities);
    cmd->add_flag("--summary", o->run.summary,
                  "Always print the summary on stderr (else only when a game was invalid)");
    add_compression_options(cmd, o->compression,
                            "Output compression: auto (by .zst name), zstd, none",
                            "zstd compression level (1-19)");
    add_jobs_option(cmd, o->jobs);
    add_shard_option(cmd, o->run.shard);
    add_progress_options(cmd, o->progress);
    cmd->callback([&run, o] { run = [o] { return run_convert_cli(*o); }; });
}

} // namespace pgnkit::cli
