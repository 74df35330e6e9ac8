#pragma once
/// PGN dates written the standard way (PGN standard §8.1.1.3: `YYYY.MM.DD`, `?` for unknown
/// digits), for `pgnkit tags --normalize-dates`.

#include <optional>
#include <string>
#include <string_view>

namespace pgnkit::app {

/// `date` in the form `YYYY.MM.DD` when it is a date written otherwise: month and day of one
/// digit (`2024.3.5`), `/` or `-` between the parts (`2024/03/05`, `2024-03-05`), a year alone
/// (`2024` → `2024.??.??`) or with its month. Nothing (std::nullopt) when the date is already
/// standard or is not a date of that form (`05/03/2024` stays: its day and month are not
/// told apart), or its month or day are out of range.
std::optional<std::string> normalized_pgn_date(std::string_view date);

} // namespace pgnkit::app
