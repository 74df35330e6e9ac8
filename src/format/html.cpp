#include "pgnkit/format/html.hpp"

#include "pgnkit/pgn/reader.hpp"

namespace pgnkit::app::html {

namespace {

/// How the two spellings differ (see html.hpp).
enum class Spelling { Html, Xml };

/// The escaper: the five markup characters, and for HTML the control characters.
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
            if (S == Spelling::Html &&
                ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F))
                out += "\xEF\xBF\xBD"; // U+FFFD
            else
                out += ch;
        }
    }
}

} // namespace

void append_escaped(std::string& out, std::string_view s) {
    if (is_valid_utf8(s)) {
        escape_markup<Spelling::Html>(out, s);
        return;
    }
    std::string u;
    cp1252_to_utf8(s, u);
    escape_markup<Spelling::Html>(out, u);
}

std::string escape(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 8);
    append_escaped(out, s);
    return out;
}

void append_xml_escaped(std::string& out, std::string_view s) {
    escape_markup<Spelling::Xml>(out, s);
}

std::string xml_escape(std::string_view s) {
    std::string out;
    append_xml_escaped(out, s);
    return out;
}

} // namespace pgnkit::app::html
