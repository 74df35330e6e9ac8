#pragma once
/// The criteria of `filter` that its options make (criteria.hpp): which games (numbers,
/// sample), tags (names, ratings, result, ECO, time control, any tag) and game facts (plies,
/// ending, special moves, castling, validity, diagnostics, comments …). Each function takes
/// an option's values, which are alternatives of each other.

#include "pgnkit/cmd/filter/criteria.hpp"
#include "pgnkit/cmd/filter/option_values.hpp"
#include "pgnkit/cmd/filter/pgn_date.hpp"
#include "pgnkit/pgn/name_match.hpp"

#include <memory>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace pgnkit::app {

// ---- which games

/// `--games`: the game's number in its input is listed.
CriterionPtr games_criterion(GameNumbers numbers);
/// `--games-from FILE`: the game (its input's name and number, as `--format ids` writes them)
/// is listed.
CriterionPtr game_ids_criterion(std::set<std::pair<std::string, std::uint64_t>> ids);
/// `--skip N`, `--first N`: the game's number in the run is past `skip` and at most
/// `skip + first` (first 0: no limit).
CriterionPtr window_criterion(std::uint64_t skip, std::uint64_t first);
/// `--sample F --seed S`: a fraction F of the games, chosen by a hash of (S, the input's name,
/// the game's number in it): the same games for every --jobs and every run.
CriterionPtr sample_criterion(double fraction, std::uint64_t seed);
/// The hash sample_criterion() draws by, as a number in [0, 1).
double sample_draw(std::uint64_t seed, std::string_view file, std::uint64_t in_file);

// ---- tags

/// `--player` (tags White and Black), `--white`, `--event` …: a query matches the value of
/// one of `tags`. A game without a White tag is read for its Red one instead (xiangqi files
/// from xqbase name the first player Red).
CriterionPtr name_criterion(std::vector<std::string> tags, std::vector<NameQuery> queries);
/// `--opening-name`: a query matches the name of the opening the main line reaches
/// (GameView::opening), "Opening: Variation" as the table has it.
CriterionPtr opening_name_criterion(std::vector<NameQuery> queries);
/// Which rating a `--elo…` option reads.
enum class EloOf { Both, White, Black, Average, Difference };
/// `--elo` (both players in range), `--elo-white`, `--elo-black`, `--elo-avg`, `--elo-diff`
/// (the absolute difference). A missing or non-numeric rating matches no range.
CriterionPtr elo_criterion(EloOf which, std::vector<NumberRange> ranges);
/// `--result`: the Result tag is one of `results` (parse_result()'s spellings).
CriterionPtr result_criterion(std::vector<std::string> results);
/// `--eco`: the ECO tag lies in one of the ranges.
CriterionPtr eco_criterion(std::vector<EcoRange> ranges);
/// `--time-control`: a class name (blitz …: TimeClass) or the TimeControl tag exactly.
CriterionPtr time_control_criterion(std::vector<std::string> values);
/// `--tag`: one of the tests holds (tag_test_holds()).
CriterionPtr tag_test_criterion(std::vector<TagTest> tests);
/// Whether `test` holds for a game with these tags. An absent tag makes every relation false
/// but `!=`, which it makes true. `<`, `<=`, `>`, `>=` compare numbers as numbers when both
/// sides are numbers, else the texts byte by byte; a tag named `*Date` against a date compares
/// dates, `??` parts included, by filter::compare_dates (true only when certain);
/// `=` and `!=` compare the texts exactly; `~` searches `regex` (the test's value compiled as
/// an ECMAScript regular expression).
bool tag_test_holds(const TagTest& test, const GameTags& tags, const std::regex* regex);
/// `--date`: the Date tag lies within one of the ranges (filter::date_within: every day the
/// date may be, so "2024.??.??" is not within "2024.03..").
CriterionPtr date_criterion(std::vector<filter::DateRange> ranges);
/// `--has-tag` (present) or `--no-tag` (absent): one of `names` is so.
CriterionPtr has_tag_criterion(std::vector<std::string> names, bool present);
/// `--variant`: the Variant tag is one of `variants`, case, blanks and punctuation aside
/// ("Chess 960" is chess960); a game without one is "standard".
CriterionPtr variant_criterion(std::vector<std::string> variants);
/// `--setup` (the game starts from a FEN: a SetUp "1" or a FEN tag) or `--no-setup`.
CriterionPtr setup_criterion(bool setup);

// ---- game facts

/// `--plies` or, `moves` true, `--moves` (full moves: a game of 41 plies has 21).
CriterionPtr plies_criterion(std::vector<NumberRange> ranges, bool moves);
/// `--ending`.
CriterionPtr ending_criterion(std::vector<Ending> endings);
/// `--underpromotion`, `--en-passant` in the main line.
CriterionPtr underpromotion_criterion();
CriterionPtr en_passant_criterion();
/// `--castling`.
CriterionPtr castling_criterion(std::vector<Castling> kinds);
/// `--valid-only` (valid true) or `--invalid-only`: as validate decides.
CriterionPtr validity_criterion(bool valid);
/// `--code`: the game has a diagnostic of one of the codes (at its severity, not ignored).
CriterionPtr code_criterion(std::vector<Code> codes);
/// `--has-comments`, `--has-variations`, `--has-clock` ([%clk]), `--has-eval` ([%eval]).
enum class MovetextFeature { Comments, Variations, Clock, Eval };
CriterionPtr movetext_criterion(MovetextFeature feature);

} // namespace pgnkit::app
