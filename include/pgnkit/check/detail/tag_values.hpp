#pragma once
/// Readings of tag values shared by the validator's tag rules (src/check/tag_rules.cpp, where
/// they are defined) and its result checks (src/check/result.cpp). Internal to src/check/.

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

} // namespace pgnkit::detail
