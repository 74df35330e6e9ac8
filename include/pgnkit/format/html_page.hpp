#pragma once
/// The skeleton of the self-contained HTML pages (`pgnkit stats --html`, `pgnkit validate
/// --html`) and the small widgets both put on them.
///
/// A page is one UTF-8 file with an inline style sheet (screen and A4 print) and inline SVG;
/// no scripts, fonts or other assets, so it opens offline and prints on A4. The style sheet
/// holds the classes of every page (charts, tables, game blocks), so pages differ only in
/// what they put between page_begin() and page_end().

#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::app::html {

/// The start of a page: doctype, <meta charset="utf-8">, title, the inline style sheet
/// (screen and A4 print), and the opening of <body> with an <h1>.
std::string page_begin(std::string_view title, std::string_view heading);
/// Closes the page (a footer line naming the generator).
std::string page_end();

/// The input files, each in <code>, separated by commas (`-` as "(stdin)").
void append_inputs(std::string& out, const std::vector<std::string>& inputs);

/// A summary card of the `cards` row: a big value over its label ("" shows as "–"); `bad`
/// colours the value as an error.
void append_card(std::string& out, std::string_view value, std::string_view label, bool bad);

} // namespace pgnkit::app::html
