#pragma once
/// Readings of tag values shared by the validator's tag rules (src/check/tag_rules.cpp, where
/// they are defined), its result checks (src/check/result.cpp) and the xiangqi validator's
/// tag checks (src/check/xiangqi_validator.cpp). Internal to src/check/.

#include <span>
#include <string>
#include <string_view>

namespace pgnkit::detail {

/// Whether `v` is one of the four results the Result tag may hold: 1-0, 0-1, 1/2-1/2, *.
bool is_result_value(std::string_view v);
/// Appends the ASCII letters and digits of `s`, lower-cased, to `out`.
void lower_alnum(std::string_view s, std::string& out);
/// The ASCII letters and digits of `s`, lower-cased.
std::string lower_alnum(std::string_view s);
/// Whether a Termination tag says time forfeit ("Time forfeit", "time-forfeit", …).
bool says_time_forfeit(std::string_view t);

/// The bad-date report of the date tag `name` (Date, UTCDate, EventDate) holding `value`
/// (PGN standard §8.1.1.3: "YYYY.MM.DD", unknown parts as "??"), or "" when it is a date.
std::string date_tag_problem(std::string_view name, std::string_view value);

/// The number a PlyCount tag holds (up to 9 digits), or -1 when it holds none.
long plycount_value(std::string_view value);
/// The report of a PlyCount tag holding `tag` on a main line of `plies` plies.
std::string plycount_mismatch_message(long tag, int plies);

/// The report of a game without any tag.
inline constexpr std::string_view no_tags_message =
    "game without tags (the Seven Tag Roster is missing)";
/// The missing-tag report of a roster of tags, `seen` with bit k set when roster[k] is there
/// (some missing): appends the missing names to `names` ("Site, Round"); returns the message
/// ("missing tags 'Site', 'Round' (Seven Tag Roster)") when `details`, else "".
std::string missing_roster_message(std::span<const std::string_view> roster, unsigned seen,
                                   bool details, std::string& names);

} // namespace pgnkit::detail
