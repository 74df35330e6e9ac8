#include "pgnkit/format/json.hpp"

#include <fmt/format.h>

namespace pgnkit::app {

namespace {

/// The escaper, for both kinds of buffer.
template <class Out>
void json_string(Out& out, std::string_view s) {
    out += '"';
    for (unsigned char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20 || c == 0x7F)
                out += fmt::format("\\u{:04x}", c);
            else
                out += char(c);
        }
    }
    out += '"';
}

} // namespace

void append_json_string(std::string& out, std::string_view s) { json_string(out, s); }
void append_json_string(OutBuffer& out, std::string_view s) { json_string(out, s); }

void append_json_strings(std::string& out, const std::vector<std::string>& items) {
    out += '[';
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out += ',';
        append_json_string(out, items[i]);
    }
    out += ']';
}

} // namespace pgnkit::app
