#include "pgnkit/pgn/span_tags.hpp"

namespace pgnkit {

void unescape_tag_value(std::string_view raw, std::string& out) {
    if (raw.find('\\') == std::string_view::npos) { // the usual value: nothing escaped
        out.append(raw);
        return;
    }
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\')) ++i;
        out += raw[i];
    }
}

void append_escaped_tag_value(std::string_view value, std::string& out) {
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
}

} // namespace pgnkit
