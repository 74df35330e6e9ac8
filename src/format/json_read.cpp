#include "pgnkit/format/json_read.hpp"

#include "pgnkit/io/utf8.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace pgnkit::app {

const JsonValue* JsonValue::get(std::string_view k) const {
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (keys[i] == k) return &values[i];
    return nullptr;
}

const JsonValue& JsonValue::need(std::string_view k) const {
    const JsonValue* v = get(k);
    if (!v) throw std::runtime_error(fmt::format("{}: missing '{}'", what, k));
    return *v;
}

std::uint64_t JsonValue::u64() const {
    if (type != Type::Number || text.empty() || text.size() > 20 ||
        text.find_first_not_of("0123456789") != std::string::npos)
        throw std::runtime_error(fmt::format("{}: expected an unsigned integer", what));
    return std::stoull(text);
}

namespace {

class Parser {
  public:
    Parser(std::string_view s, std::string_view what) : s_(s), what_(what) {}
    JsonValue document() {
        JsonValue v = value(0);
        blanks();
        if (i_ != s_.size()) fail("trailing text");
        return v;
    }

  private:
    [[noreturn]] void fail(const char* what) const {
        throw std::runtime_error(fmt::format("invalid JSON at byte {}: {}", i_, what));
    }
    void blanks() {
        while (i_ < s_.size() &&
               (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t'))
            ++i_;
    }
    bool eat(char c) {
        blanks();
        if (i_ < s_.size() && s_[i_] == c) {
            ++i_;
            return true;
        }
        return false;
    }
    JsonValue value(int depth) {
        if (depth > 64) fail("nested too deep");
        blanks();
        if (i_ >= s_.size()) fail("unexpected end");
        JsonValue v;
        v.what = what_;
        char c = s_[i_];
        if (c == '{') {
            ++i_;
            v.type = JsonValue::Type::Object;
            if (eat('}')) return v;
            do {
                blanks();
                std::string k = string();
                if (!eat(':')) fail("expected ':'");
                v.keys.push_back(std::move(k));
                v.values.push_back(value(depth + 1));
            } while (eat(','));
            if (!eat('}')) fail("expected '}'");
        } else if (c == '[') {
            ++i_;
            v.type = JsonValue::Type::Array;
            if (eat(']')) return v;
            do v.items.push_back(value(depth + 1));
            while (eat(','));
            if (!eat(']')) fail("expected ']'");
        } else if (c == '"') {
            v.type = JsonValue::Type::String;
            v.text = string();
        } else if (s_.substr(i_, 4) == "null") {
            i_ += 4;
        } else if (s_.substr(i_, 4) == "true") {
            v.type = JsonValue::Type::Bool, v.text = "true", i_ += 4;
        } else if (s_.substr(i_, 5) == "false") {
            v.type = JsonValue::Type::Bool, v.text = "false", i_ += 5;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            std::size_t b = i_;
            while (i_ < s_.size() &&
                   (std::string_view("+-.eE0123456789").find(s_[i_]) != std::string_view::npos))
                ++i_;
            v.type = JsonValue::Type::Number;
            v.text = std::string(s_.substr(b, i_ - b));
        } else {
            fail("unexpected character");
        }
        return v;
    }
    std::string string() {
        if (i_ >= s_.size() || s_[i_] != '"') fail("expected a string");
        ++i_;
        std::string out;
        while (i_ < s_.size() && s_[i_] != '"') {
            char c = s_[i_++];
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i_ >= s_.size()) fail("unterminated escape");
            char e = s_[i_++];
            switch (e) {
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'u': {
                if (i_ + 4 > s_.size()) fail("bad \\u escape");
                unsigned cp = 0;
                for (int k = 0; k < 4; ++k) {
                    char h = s_[i_++];
                    cp <<= 4;
                    if (h >= '0' && h <= '9')
                        cp |= unsigned(h - '0');
                    else if (h >= 'a' && h <= 'f')
                        cp |= unsigned(h - 'a' + 10);
                    else if (h >= 'A' && h <= 'F')
                        cp |= unsigned(h - 'A' + 10);
                    else
                        fail("bad \\u escape");
                }
                // Our writer escapes only control bytes; encode the BMP code point as UTF-8.
                char b[4];
                out.append(b, put_utf8(b, cp));
                break;
            }
            default: out += e; break; // \" \\ \/
            }
        }
        if (i_ >= s_.size()) fail("unterminated string");
        ++i_;
        return out;
    }
    std::string_view s_;
    std::string_view what_;
    std::size_t i_ = 0;
};

} // namespace

JsonValue parse_json(std::string_view text, std::string_view what) {
    return Parser(text, what).document();
}

} // namespace pgnkit::app
