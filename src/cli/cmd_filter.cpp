// pgnkit filter: select games by number, tags, replay facts and positions; write them byte
// for byte (the others to --rejected), count them or list them.

#include "common.hpp"
#include "pgnkit/cmd/filter/criterion_error.hpp"
#include "pgnkit/cmd/filter/filter.hpp"
#include "pgnkit/cmd/filter/game_criteria.hpp"
#include "pgnkit/cmd/filter/option_values.hpp"
#include "pgnkit/cmd/filter/pgn_date.hpp"
#include "pgnkit/cmd/filter/where.hpp"
#include "pgnkit/cmd/filter/where_fields.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <fstream>
#include <memory>
#include <optional>
#include <regex>
#include <set>

namespace pgnkit::cli {

namespace {

/// One option's values as given (each repetition of the option one string).
using Values = std::vector<std::string>;

struct FilterCli {
    const CLI::App* cmd = nullptr;
    app::FilterRunOptions run;
    CompressionOptions compression;
    SeverityOptions severities;
    ProgressOptions progress;
    PieceLetterOptions letters;
    std::string format = "pgn", games_from;
    std::string eco_file;
    std::optional<openings::OpeningTable> opening_table; ///< --eco-file's, when given
    int jobs = 0;
    bool no_timing = false, any = false;
    // which games
    Values games;
    std::uint64_t first = 0, skip = 0, seed = 0;
    double sample = -1;
    // tags
    Values player, white, black, event, site, round, annotator, opening_name;
    bool exact = false, regex = false;
    Values elo, elo_white, elo_black, elo_avg, elo_diff, result, eco, time_control;
    Values tag, has_tag, no_tag, variant, date, where;
    bool setup = false, no_setup = false;
    // game facts
    Values plies, moves, ending, castling, code;
    bool underpromotion = false, en_passant = false, valid_only = false, invalid_only = false;
    bool has_comments = false, has_variations = false, has_clock = false, has_eval = false;
    // positions
    Values moves_prefix;
    std::string ply_range;
    bool mark = false;
};

/// A value of `option` that is wrong: `pgnkit filter: error: OPTION 'VALUE': column N: WHY`.
struct BadValue {
    std::string option, value, why;
    std::size_t column = 1;
};

/// The comma-separated items of an option's values, each parsed by `parse`; an error is
/// located in the value as the user typed it.
template <class T, class Parse>
std::vector<T> each_item(std::string_view option, const Values& values, Parse parse) {
    std::vector<T> out;
    for (const std::string& v : values) {
        std::size_t at = 0;
        for (;;) {
            const std::size_t comma = std::min(v.find(',', at), v.size());
            try {
                out.push_back(parse(std::string_view(v).substr(at, comma - at)));
            } catch (const app::OptionValueError& e) {
                throw BadValue{std::string(option), v, e.what(), at + e.column};
            } catch (const app::filter::CriterionError& e) {
                throw BadValue{std::string(option), v, e.what(), at + e.column};
            }
            if (comma == v.size()) break;
            at = comma + 1;
        }
    }
    return out;
}

/// Each value whole (names and tag tests may hold commas).
template <class T, class Parse>
std::vector<T> each_value(std::string_view option, const Values& values, Parse parse) {
    std::vector<T> out;
    for (const std::string& v : values) {
        try {
            out.push_back(parse(std::string_view(v)));
        } catch (const app::OptionValueError& e) {
            throw BadValue{std::string(option), v, e.what(), e.column};
        } catch (const app::filter::CriterionError& e) {
            throw BadValue{std::string(option), v, e.what(), e.column};
        } catch (const std::regex_error& e) {
            throw BadValue{std::string(option), v,
                           fmt::format("not an ECMAScript regular expression ({})", e.what()), 1};
        }
    }
    return out;
}

/// `--games-from FILE`: `FILE:GAME` lines (--format ids); blank lines and `#` comments are
/// skipped. The game number follows the last colon.
std::set<std::pair<std::string, std::uint64_t>> read_game_ids(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw BadValue{"--games-from", path, "cannot be read", 1};
    std::set<std::pair<std::string, std::uint64_t>> ids;
    std::string line;
    for (std::uint64_t n = 1; std::getline(in, line); ++n) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        const std::size_t colon = line.rfind(':');
        std::uint64_t game = 0;
        const char* end = line.data() + line.size();
        const auto r = colon == std::string::npos
                           ? std::from_chars_result{line.data(), std::errc::invalid_argument}
                           : std::from_chars(line.data() + colon + 1, end, game);
        if (r.ec != std::errc() || r.ptr != end || game == 0)
            throw BadValue{"--games-from", path,
                           fmt::format("line {}: expected FILE:GAME (as --format ids writes), got "
                                       "'{}'",
                                       n, line),
                           1};
        ids.insert({line.substr(0, colon), game});
    }
    return ids;
}

/// The criteria of the options given, in app::Selection; throws BadValue.
void build_selection(FilterCli& o) {
    using namespace app;
    Selection& sel = o.run.selection;
    sel.set_any(o.any);
    // which games
    if (!o.games.empty()) {
        GameNumbers all;
        for (const GameNumbers& g : each_value<GameNumbers>("--games", o.games, parse_game_numbers))
            all.spans.insert(all.spans.end(), g.spans.begin(), g.spans.end());
        sel.add(games_criterion(std::move(all)));
    }
    if (!o.games_from.empty()) sel.add(game_ids_criterion(read_game_ids(o.games_from)));
    if (o.first != 0 || o.skip != 0) sel.add(window_criterion(o.skip, o.first));
    if (o.sample >= 0) sel.add(sample_criterion(o.sample, o.seed));
    // tags
    const NameMatch how = o.exact   ? NameMatch::Exact
                          : o.regex ? NameMatch::Regex
                                    : NameMatch::Folded;
    const auto names = [&](std::string_view option, const Values& v,
                           std::vector<std::string> tags) {
        if (v.empty()) return;
        sel.add(name_criterion(std::move(tags),
                               each_value<NameQuery>(option, v, [how](std::string_view q) {
                                   return NameQuery(q, how);
                               })));
    };
    names("--player", o.player, {"White", "Black"});
    names("--white", o.white, {"White"});
    names("--black", o.black, {"Black"});
    names("--event", o.event, {"Event"});
    names("--site", o.site, {"Site"});
    names("--round", o.round, {"Round"});
    names("--annotator", o.annotator, {"Annotator"});
    if (!o.opening_name.empty()) {
        sel.add(opening_name_criterion(
            each_value<NameQuery>("--opening-name", o.opening_name,
                                  [how](std::string_view q) { return NameQuery(q, how); })));
        o.run.classify_openings = true;
    }
    const auto elo = [&](std::string_view option, const Values& v, EloOf which) {
        if (!v.empty())
            sel.add(elo_criterion(which, each_item<NumberRange>(option, v, parse_number_range)));
    };
    elo("--elo", o.elo, EloOf::Both);
    elo("--elo-white", o.elo_white, EloOf::White);
    elo("--elo-black", o.elo_black, EloOf::Black);
    elo("--elo-avg", o.elo_avg, EloOf::Average);
    elo("--elo-diff", o.elo_diff, EloOf::Difference);
    if (!o.result.empty())
        sel.add(
            result_criterion(each_item<std::string>("--result", o.result, [](std::string_view r) {
                return std::string(parse_result(r));
            })));
    if (!o.eco.empty())
        sel.add(eco_criterion(each_item<EcoRange>("--eco", o.eco, parse_eco_range)));
    if (!o.time_control.empty())
        sel.add(time_control_criterion(
            each_item<std::string>("--time-control", o.time_control, [](std::string_view v) {
                if (v.empty())
                    throw OptionValueError("expected a class (blitz …) or a TimeControl value", 1);
                return std::string(v);
            })));
    if (!o.tag.empty()) {
        auto tests = each_value<TagTest>("--tag", o.tag, parse_tag_test);
        for (std::size_t i = 0; i < tests.size(); ++i)
            if (tests[i].relation == TagRelation::Regex) try {
                    std::regex check(tests[i].value, std::regex::ECMAScript);
                } catch (const std::regex_error& e) {
                    throw BadValue{
                        "--tag", o.tag[i],
                        fmt::format("not an ECMAScript regular expression ({})", e.what()),
                        tests[i].name.size() + 2};
                }
        sel.add(tag_test_criterion(std::move(tests)));
    }
    if (!o.has_tag.empty())
        sel.add(has_tag_criterion(each_item<std::string>("--has-tag", o.has_tag, parse_tag_name),
                                  true));
    if (!o.no_tag.empty())
        sel.add(
            has_tag_criterion(each_item<std::string>("--no-tag", o.no_tag, parse_tag_name), false));
    if (!o.variant.empty())
        sel.add(variant_criterion(
            each_item<std::string>("--variant", o.variant, [](std::string_view v) {
                if (v.empty())
                    throw OptionValueError("expected a variant name (standard, chess960 …)", 1);
                return std::string(v);
            })));
    if (!o.date.empty())
        sel.add(date_criterion(
            each_item<filter::DateRange>("--date", o.date, filter::parse_date_range)));
    if (o.setup) sel.add(setup_criterion(true));
    if (o.no_setup) sel.add(setup_criterion(false));
    // game facts
    if (!o.plies.empty())
        sel.add(
            plies_criterion(each_item<NumberRange>("--plies", o.plies, parse_number_range), false));
    if (!o.moves.empty())
        sel.add(
            plies_criterion(each_item<NumberRange>("--moves", o.moves, parse_number_range), true));
    if (!o.ending.empty()) {
        sel.add(ending_criterion(each_item<Ending>("--ending", o.ending, parse_ending)));
        o.run.facts.endings = true;
    }
    if (o.underpromotion) sel.add(underpromotion_criterion());
    if (o.en_passant) sel.add(en_passant_criterion());
    if (!o.castling.empty())
        sel.add(castling_criterion(each_item<Castling>("--castling", o.castling, parse_castling)));
    if (o.valid_only) sel.add(validity_criterion(true));
    if (o.invalid_only) sel.add(validity_criterion(false));
    if (!o.code.empty())
        sel.add(code_criterion(each_item<Code>("--code", o.code, [](std::string_view c) {
            const auto code = code_from_name(c);
            if (!code)
                throw OptionValueError(
                    fmt::format("unknown code '{}' (see pgnkit validate --list-checks)", c), 1);
            return *code;
        })));
    if (o.has_comments) sel.add(movetext_criterion(MovetextFeature::Comments));
    if (o.has_variations) sel.add(movetext_criterion(MovetextFeature::Variations));
    if (o.has_clock) sel.add(movetext_criterion(MovetextFeature::Clock));
    if (o.has_eval) sel.add(movetext_criterion(MovetextFeature::Eval));
    // Only these need the replay so far: then it may stop once the positions are decided.
    const bool only_positions = sel.most() < Need::Replay;
    for (const auto& w : each_value<filter::WhereExpr>("--where", o.where, [](std::string_view e) {
             return filter::WhereExpr::parse(e, where_field_specs());
         })) {
        o.run.facts.endings |= where_uses_endings(w);
        sel.add(where_criterion(w));
    }
    const bool replay_facts = !(only_positions && sel.most() < Need::Replay);
    // positions
    PositionSpecs& p = o.run.positions;
    if (!o.ply_range.empty()) {
        const NumberRange r =
            each_value<NumberRange>("--ply-range", {o.ply_range}, parse_number_range)[0];
        if (r.lo > 1e9 || r.hi < 0 || r.lo != std::floor(r.lo) ||
            (r.hi != std::floor(r.hi) && r.hi < 1e9))
            throw BadValue{"--ply-range", o.ply_range, "expected whole plies: 10..30, ..20, 40..",
                           1};
        p.first_ply = r.lo < 0 ? 0 : int(r.lo);
        p.last_ply = r.hi > 1e9 ? (1 << 30) : int(r.hi);
    }
    if (!p.empty()) {
        filter::PositionWatch probe;
        std::string option, value;
        PositionIndices indices;
        try {
            indices = build_watch(p, probe, &option, &value);
        } catch (const filter::CriterionError& e) {
            throw BadValue{option, value, e.what(), e.column};
        }
        for (auto& list : indices.per_option) sel.add(position_criterion(std::move(list)));
    }
    if (!o.moves_prefix.empty()) {
        std::vector<std::vector<chess::Move>> lines;
        for (auto& line : each_value<filter::OpeningLine>("--moves-prefix", o.moves_prefix,
                                                          filter::parse_opening_line)) {
            if (line.moves.size() > 64)
                throw BadValue{"--moves-prefix", o.moves_prefix[lines.size()], "at most 64 moves",
                               1};
            o.run.facts.prefix = std::max(o.run.facts.prefix, int(line.moves.size()));
            lines.push_back(std::move(line.moves));
        }
        sel.add(moves_prefix_criterion(std::move(lines)));
    }
    o.run.facts.mark = o.mark;
    o.run.facts.stop_early = !replay_facts;
}

/// Pairs of options that cannot go together.
int check_conflicts(const FilterCli& o) {
    struct Pair {
        bool a, b;
        std::string_view na, nb;
    };
    const Pair pairs[] = {{o.valid_only, o.invalid_only, "--valid-only", "--invalid-only"},
                          {o.setup, o.no_setup, "--setup", "--no-setup"},
                          {o.exact, o.regex, "--exact", "--regex"}};
    for (const Pair& p : pairs)
        if (p.a && p.b) return usage_error("filter", "{} and {} exclude each other", p.na, p.nb);
    if (o.sample > 1 || (o.sample < 0 && o.sample != -1) || o.sample == 0)
        return usage_error("filter", "--sample '{}': expected a fraction above 0, at most 1",
                           o.sample);
    if (o.run.count)
        if (int rc = ignored_option("filter", o.cmd, "--format", "with --count",
                                    "--count writes only the number of games selected"))
            return rc;
    if (o.sample < 0)
        if (int rc = ignored_option("filter", o.cmd, "--seed", "without --sample",
                                    "the seed chooses the sample"))
            return rc;
    if (o.run.positions.empty()) {
        for (const char* option : {"--ply-range", "--in-variations", "--mark"})
            if (int rc = ignored_option("filter", o.cmd, option, "without a position criterion",
                                        "--position, --opening, --pattern, --material, --hash"))
                return rc;
    }
    if (o.run.positions.patterns.empty())
        if (int rc = ignored_option("filter", o.cmd, "--either-colour", "without --pattern",
                                    "it swaps the pattern's colours"))
            return rc;
    if (o.run.positions.materials.empty()) {
        if (int rc = ignored_option("filter", o.cmd, "--material-exact", "without --material",
                                    "it makes the material exact"))
            return rc;
        if (int rc = ignored_option("filter", o.cmd, "--material-as-written", "without --material",
                                    "it fixes the material's colours"))
            return rc;
    }
    if (o.format != "pgn" || o.run.count)
        if (int rc = ignored_option("filter", o.cmd, "--mark",
                                    o.run.count ? "with --count" : "with --format " + o.format,
                                    "only PGN output carries the mark"))
            return rc;
    if (int rc = level_ignored("filter", o.cmd, o.compression, o.run.output)) return rc;
    return ExitOk;
}

int run_filter_cli(FilterCli& o) {
    if (int rc = check_conflicts(o)) return rc;
    if (!inputs_or_stdin("filter", o.run.inputs)) return ExitError;
    if (int rc = refuse_output_clash("filter", o.run.inputs,
                                     {{"-o", o.run.output}, {"--rejected", o.run.rejected}}))
        return rc;
    if (!apply_severity_options("filter", o.severities, o.run.validate.severities) ||
        !resolve_letters("filter", "--input-piece-letters", o.letters.input,
                         o.run.validate.piece_letters))
        return ExitError;
    o.run.validate.details = false; // the replay's verdicts are read, not its messages
    try {
        build_selection(o);
    } catch (const BadValue& e) {
        return usage_error("filter", "{} '{}': column {}: {}", e.option, e.value, e.column, e.why);
    }
    if (!o.run.classify_openings)
        if (int rc = ignored_option("filter", o.cmd, "--eco-file", "without --opening-name",
                                    "only the opening classification reads a table"))
            return rc;
    if (!o.eco_file.empty()) {
        o.run.opening_table = eco_table(o.eco_file, o.opening_table);
        if (!o.run.opening_table) return ExitError;
    }
    o.run.format = o.format == "ndjson" ? app::FilterFormat::Ndjson
                   : o.format == "ids"  ? app::FilterFormat::Ids
                                        : app::FilterFormat::Pgn;
    apply_compression_options(o.compression, o.run.output_options);
    apply_compression_options(o.compression, o.run.rejected_options);
    o.run.shard_numbers = !o.games.empty() || !o.games_from.empty() || o.first != 0 ||
                          o.skip != 0 || o.sample >= 0 || !o.where.empty() ||
                          o.run.format != app::FilterFormat::Pgn;
    if (o.first != 0 && !o.any) o.run.last_game = o.skip + o.first;
    o.run.jobs = jobs_or_default(o.jobs);
    o.run.progress = progress_wanted(o.progress, false);
    o.run.timing = !o.no_timing;
    return app::run_filter(o.run);
}

} // namespace

void add_filter(CLI::App& app, Runner& run) {
    auto o = std::make_shared<FilterCli>();
    auto* cmd = app.add_subcommand(
        "filter", "Select games by number, tags, facts, positions; write them byte for byte");
    o->cmd = cmd;
    const auto list = [&](const std::string& name, Values& values, const std::string& help,
                          const std::string& type, const std::string& group) {
        cmd->add_option(name, values, help)
            ->type_name(type)
            ->expected(1)
            ->allow_extra_args(false)
            ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
            ->group(group);
    };
    cmd->add_option("files", o->run.inputs,
                    "PGN files (.pgn; .zst .gz .bz2 .xz; .zip .7z .tar; - for stdin)")
        ->type_name("FILE");
    const std::string out = "Output";
    cmd->add_option("-o,--output", o->run.output,
                    "Write the selected games to FILE (.zst: zstd) instead of stdout")
        ->type_name("FILE")
        ->group(out);
    cmd->add_option("--rejected", o->run.rejected,
                    "Write the games not selected, byte for byte, to FILE: the two add up to the "
                    "input")
        ->type_name("FILE")
        ->group(out);
    cmd->add_flag("--count", o->run.count, "Write only the number of games selected")->group(out);
    cmd->add_option("-f,--format", o->format,
                    "What to write of each selected game: pgn (byte for byte), ndjson (file, "
                    "game, offset, tags), ids (FILE:GAME lines, for --games-from)")
        ->type_name("FORMAT")
        ->check(CLI::IsMember({"pgn", "ndjson", "ids"}))
        ->group(out);
    cmd->add_flag("--invert", o->run.invert, "Select the games that do not match")->group(out);
    cmd->add_flag("--any", o->any,
                  "A game matches when any criterion holds (else all must; the values of one "
                  "option are always alternatives)")
        ->group(out);
    cmd->add_flag("--summary", o->run.summary, "Print a summary line on stderr")->group(out);
    cmd->add_flag("--no-timing", o->no_timing, "Omit the time from the summary")->group(out);
    add_compression_options(cmd, o->compression,
                            "Output compression of -o and --rejected: auto (by .zst name), zstd, "
                            "none",
                            "zstd compression level (1-19)");

    const std::string which = "Which games";
    list("--games", o->games, "Game numbers within each file, as validate reports them: 57,100-120",
         "LIST", which);
    cmd->add_option("--games-from", o->games_from,
                    "The games listed in FILE as FILE:GAME lines (what --format ids writes)")
        ->type_name("FILE")
        ->group(which);
    cmd->add_option(
           "--first", o->first,
           "Only the first N games of the run (after --skip); reading stops after them unless "
           "--rejected, --invert or --any need the rest")
        ->type_name("N")
        ->check(Count)
        ->group(which);
    cmd->add_option("--skip", o->skip, "Pass over the first N games of the run")
        ->type_name("N")
        ->check(Count)
        ->group(which);
    cmd->add_option("--sample", o->sample,
                    "A reproducible random FRACTION of the games (0 < F <= 1), chosen by --seed, "
                    "the file name and the game number")
        ->type_name("FRACTION")
        ->group(which);
    cmd->add_option("--seed", o->seed, "Seed of --sample (default 0)")
        ->type_name("N")
        ->group(which);

    const std::string tags = "Tags";
    const std::string name_help =
        " (case, accents and punctuation do not count; matches at the start of any word; "
        "repeat for alternatives)";
    list("--player", o->player, "White (Red in a game without White) or Black is NAME" + name_help,
         "NAME", tags);
    list("--white", o->white, "White is NAME" + name_help, "NAME", tags);
    list("--black", o->black, "Black is NAME" + name_help, "NAME", tags);
    list("--event", o->event, "The Event tag matches TEXT", "TEXT", tags);
    list("--site", o->site, "The Site tag matches TEXT", "TEXT", tags);
    list("--round", o->round, "The Round tag matches TEXT", "TEXT", tags);
    list("--annotator", o->annotator, "The Annotator tag matches NAME", "NAME", tags);
    cmd->add_flag("--exact", o->exact, "Names and texts match only byte for byte, the whole value")
        ->group(tags);
    cmd->add_flag("--regex", o->regex,
                  "Names and texts are ECMAScript regular expressions, found anywhere in the value")
        ->group(tags);
    list("--elo", o->elo, "Both ratings in RANGE: 2500.., ..2400, 2400..2600, 2500", "RANGE", tags);
    list("--elo-white", o->elo_white, "WhiteElo in RANGE", "RANGE", tags);
    list("--elo-black", o->elo_black, "BlackElo in RANGE", "RANGE", tags);
    list("--elo-avg", o->elo_avg, "The average of both ratings in RANGE", "RANGE", tags);
    list("--elo-diff", o->elo_diff, "The difference of the ratings (either way) in RANGE", "RANGE",
         tags);
    list("--result", o->result, "Result tag: 1-0, 0-1, 1/2-1/2 (or draw), *; comma-separated",
         "LIST", tags);
    list("--eco", o->eco, "ECO tag in a range: B20..B99, C (C00..C99), E60; comma-separated",
         "LIST", tags);
    list("--time-control", o->time_control,
         "TimeControl in a class (ultrabullet, bullet, blitz, rapid, classical, correspondence) "
         "or exactly a value (180+2); comma-separated",
         "LIST", tags);
    list("--tag", o->tag,
         "Any tag: NAME=VALUE, NAME!=VALUE, NAME~REGEX, NAME<VALUE, <=, >, >= (numbers as "
         "numbers)",
         "TEST", tags);
    list("--has-tag", o->has_tag, "The game has tag NAME", "NAME", tags);
    list("--no-tag", o->no_tag, "The game lacks tag NAME", "NAME", tags);
    list("--variant", o->variant, "Variant tag (standard when absent): chess960 …", "NAME", tags);
    cmd->add_flag("--setup", o->setup, "The game starts from a FEN (SetUp/FEN tags)")->group(tags);
    cmd->add_flag("--no-setup", o->no_setup, "The game starts from the usual position")
        ->group(tags);

    const std::string facts = "Game facts (replayed)";
    list("--plies", o->plies, "Main-line plies in RANGE: 40..80", "RANGE", facts);
    list("--moves", o->moves, "Main-line moves (plies / 2, rounded up) in RANGE", "RANGE", facts);
    list("--ending", o->ending,
         "How the main line ends: checkmate, stalemate, repetition, fifty-moves, seventy-five, "
         "insufficient, dead; comma-separated",
         "LIST", facts);
    cmd->add_flag("--underpromotion", o->underpromotion,
                  "A promotion to a rook, bishop or knight in the main line")
        ->group(facts);
    cmd->add_flag("--en-passant", o->en_passant, "An en-passant capture in the main line")
        ->group(facts);
    list("--castling", o->castling,
         "How the sides castled: none (neither), kingside (both), queenside (both), opposite, "
         "any",
         "LIST", facts);
    cmd->add_flag("--valid-only", o->valid_only, "Games without errors (as validate decides)")
        ->group(facts);
    cmd->add_flag("--invalid-only", o->invalid_only, "Games with an error")->group(facts);
    list("--code", o->code, "Games with a diagnostic of CODE (validate --list-checks)", "CODE",
         facts);
    cmd->add_flag("--has-comments", o->has_comments, "Games with a comment")->group(facts);
    cmd->add_flag("--has-variations", o->has_variations, "Games with a variation")->group(facts);
    cmd->add_flag("--has-clock", o->has_clock, "Games with a [%clk] command")->group(facts);
    cmd->add_flag("--has-eval", o->has_eval, "Games with an [%eval] command")->group(facts);
    list("--date", o->date,
         "The Date tag within a range: 1990..1999, 2024.03.., ..2000.06, 2024.03.05 (a date with "
         "?? parts must lie within it whole); comma-separated",
         "RANGE", tags);
    list("--where", o->where,
         "A boolean expression over the fields (white, elo_white, result, date, plies …) and "
         "tags: 'elo_white >= 2600 and (result = \"1-0\" or plies < 40)'",
         "EXPR", "Expression");

    const std::string positions = "Positions (replayed)";
    const auto many = [&](const std::string& name, std::vector<std::string>& values,
                          const std::string& help, const std::string& type) {
        cmd->add_option(name, values, help)
            ->type_name(type)
            ->expected(1)
            ->allow_extra_args(false)
            ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
            ->group(positions);
    };
    many("--position", o->run.positions.fens,
         "The game reaches the position of FEN (FIDE repetition identity: counters ignored, en "
         "passant only when possible), by any move order",
         "FEN");
    many("--opening", o->run.positions.openings,
         "The game reaches the final position of the line \"e4 c5 Nf3 d6 d4\" by any move "
         "order",
         "MOVES");
    list("--opening-name", o->opening_name,
         "The opening the moves reach (the bundled table or --eco-file's, by position, as "
         "pgnkit eco finds it; "
         "\"Opening: Variation\") matches NAME (as --player; --exact, --regex)",
         "NAME", positions);
    add_eco_file_option(cmd, o->eco_file, "for --opening-name")->group(positions);
    list("--moves-prefix", o->moves_prefix,
         "The main line begins with exactly these moves: \"e4 c5 Nf3\"", "MOVES", positions);
    many("--pattern", o->run.positions.patterns,
         "A board pattern in FEN shape: ? any square, ! empty, * any run, [NB] a class: "
         "\"*k*/*/*/*/*/*/*/*\"",
         "PATTERN");
    many("--material", o->run.positions.materials,
         "A material signature WHITE:BLACK reached by either side, at least that (KRP:KR, "
         "KR2P:KR)",
         "SIG");
    many("--hash", o->run.positions.hashes, "A position with this Polyglot key (hex)", "KEY");
    cmd->add_flag("--in-variations", o->run.positions.in_variations,
                  "Position criteria look in the variations too (else the main line)")
        ->group(positions);
    cmd->add_option("--ply-range", o->ply_range,
                    "Position criteria look only at these plies (0 = the start): 10..30")
        ->type_name("RANGE")
        ->group(positions);
    cmd->add_flag("--either-colour", o->run.positions.either_colour,
                  "--pattern also matches with the colours swapped (the board mirrored)")
        ->group(positions);
    cmd->add_flag("--material-exact", o->run.positions.material_exact,
                  "--material: exactly that material, not at least")
        ->group(positions);
    cmd->add_flag("--material-as-written", o->run.positions.material_as_written,
                  "--material: White has the part before the colon, Black the other (else "
                  "either side may)")
        ->group(positions);
    cmd->add_flag("--mark", o->mark,
                  "Add a comment after the move whose position first matched a position "
                  "criterion (the only output that is not byte for byte)")
        ->group(positions);
    add_severity_options(cmd, o->severities);
    add_piece_letter_options(cmd, o->letters, false);
    add_jobs_option(cmd, o->jobs);
    add_shard_option(cmd, o->run.shard);
    add_progress_options(cmd, o->progress);
    cmd->callback([&run, o] { run = [o] { return run_filter_cli(*o); }; });
}

} // namespace pgnkit::cli
