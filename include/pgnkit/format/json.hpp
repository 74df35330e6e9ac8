#pragma once
/// JSON text: the one string escaper of every JSON output (validate, stats, fen, and the
/// `data-*` attributes of the HTML charts) and the small pieces those writers share.

#include "pgnkit/io/output.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::app {

/// Appends `s` as a JSON string, quotes included: `"` and `\` escaped, newline, carriage
/// return and tab as `\n` `\r` `\t`, the other control characters and DEL as `\u00XX`; every
/// other byte is copied (the callers pass UTF-8).
void append_json_string(std::string& out, std::string_view s);
/// append_json_string() into an output buffer (the fen command's lines).
void append_json_string(OutBuffer& out, std::string_view s);

/// Appends the strings as a JSON array of strings (`["a","b"]`, no spaces).
void append_json_strings(std::string& out, const std::vector<std::string>& items);

/// A number printed as text for people ("12", "+3.5") as JSON writes it: without the leading
/// '+' (JSON numbers have no plus sign). Stats tables and the HTML charts share it, so a
/// chart's `data-values` equal the numbers of `--format json`.
constexpr std::string_view json_number_text(std::string_view s) {
    return !s.empty() && s[0] == '+' ? s.substr(1) : s;
}

} // namespace pgnkit::app
