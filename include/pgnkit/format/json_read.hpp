#pragma once
/// A small JSON reader for the JSON pgnkit writes: `pgnkit merge` reads back the outputs of
/// `stats --format json` and `validate --format json` with it. Not a general-purpose parser:
/// numbers keep their text, and `\u` escapes are read as one BMP code point each (the
/// writers, format/json.hpp, escape only control bytes).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pgnkit::app {

/// A parsed JSON value. An object's members are two parallel vectors: a
/// `std::pair<std::string, JsonValue>` element would need JsonValue complete inside its own
/// definition (libstdc++ with clang rejects it); `std::vector` of the incomplete type is
/// allowed (C++17).
struct JsonValue {
    enum class Type { Null, Bool, Number, String, Array, Object } type = Type::Null;
    std::string text;               ///< string value or number text
    std::vector<JsonValue> items;   ///< array elements
    std::vector<std::string> keys;  ///< object member names …
    std::vector<JsonValue> values;  ///< … and their values
    std::string_view what = "JSON"; ///< what the document is, for the messages

    /// The member `k` of an object, or nullptr.
    const JsonValue* get(std::string_view k) const;
    /// The member `k`; throws std::runtime_error "WHAT: missing 'k'" if absent.
    const JsonValue& need(std::string_view k) const;
    /// An unsigned integer; throws std::runtime_error otherwise.
    std::uint64_t u64() const;
    bool is_null() const { return type == Type::Null; }
};

/// Parses one JSON document (blanks around it allowed); `what` names it in the messages of
/// JsonValue::need() and u64() ("stats JSON: missing 'raw'"). Throws std::runtime_error
/// "invalid JSON at byte N: …" on a syntax error.
JsonValue parse_json(std::string_view text, std::string_view what = "JSON");

} // namespace pgnkit::app
