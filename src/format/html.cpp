#include "pgnkit/format/html.hpp"

#include "pgnkit/pgn/reader.hpp"

namespace pgnkit::app::html {

namespace {

/// How the two spellings differ (see html.hpp).
enum class Spelling { Html, Xml };

/// The escaper: the five markup characters and the control characters (neither HTML nor XML
/// 1.0 allows them: U+FFFD).
template <Spelling S>
void escape_markup(std::string& out, std::string_view s) {
    for (char ch : s) {
        const unsigned char c = static_cast<unsigned char>(ch);
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += S == Spelling::Html ? "&#39;" : "&apos;"; break;
        default:
            if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F)
                out += "\xEF\xBF\xBD"; // U+FFFD
            else
                out += ch;
        }
    }
}

/// Text that is not valid UTF-8 is read as Latin-1 (Windows-1252), as the reader reads such
/// games, so that the page or the image stays valid UTF-8.
template <Spelling S>
void escape_text(std::string& out, std::string_view s) {
    if (is_valid_utf8(s)) {
        escape_markup<S>(out, s);
        return;
    }
    std::string u;
    cp1252_to_utf8(s, u);
    escape_markup<S>(out, u);
}

} // namespace

void append_escaped(std::string& out, std::string_view s) { escape_text<Spelling::Html>(out, s); }

std::string escape(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 8);
    append_escaped(out, s);
    return out;
}

void append_xml_escaped(std::string& out, std::string_view s) {
    escape_text<Spelling::Xml>(out, s);
}

std::string xml_escape(std::string_view s) {
    std::string out;
    append_xml_escaped(out, s);
    return out;
}

} // namespace pgnkit::app::html
