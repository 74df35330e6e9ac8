#pragma once
/// Text made safe in markup: the one escaper of the HTML pages (stats --html, validate --html)
/// and of the SVG board, in the two spellings their outputs use.

#include <string>
#include <string_view>

namespace pgnkit::app::html {

/// Appends `s` escaped for HTML text and attribute values (& < > " ' become references, the
/// apostrophe as `&#39;`). Text that is not valid UTF-8 is transcoded from Latin-1 first;
/// control characters other than tab, newline and carriage return become U+FFFD, so the page
/// stays valid UTF-8 whatever the input held.
void append_escaped(std::string& out, std::string_view s);
/// append_escaped() into a new string.
std::string escape(std::string_view s);

/// Appends `s` escaped for the text and attribute values of an XML document (the SVG board):
/// as append_escaped() (Latin-1 transcoded, control characters U+FFFD), with the apostrophe
/// spelt as XML's `&apos;`. Not a second rule set: both spellings are valid in HTML5 and in
/// XML; the SVG images keep the one they always had.
void append_xml_escaped(std::string& out, std::string_view s);
/// append_xml_escaped() into a new string.
std::string xml_escape(std::string_view s);

} // namespace pgnkit::app::html
