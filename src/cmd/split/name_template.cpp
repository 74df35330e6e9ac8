#include "pgnkit/cmd/split/name_template.hpp"

#include "pgnkit/io/file_names.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace pgnkit::app {

namespace {

bool is_tag_name_byte(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/// Why a literal byte of a template cannot be in a file name ("" if it can).
std::string_view refused_literal(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '/' || c == '\\') return "a path separator (pieces are written in DIR itself)";
    if (u < 0x20 || u == 0x7F) return "a control character";
    if (std::string_view("<>:\"|?*").find(c) != std::string_view::npos)
        return "a character that Windows refuses in file names";
    return {};
}

} // namespace

Result<NameTemplate, std::string> NameTemplate::parse(std::string_view text) {
    NameTemplate t;
    const auto fail = [&](std::size_t at, std::string_view why) {
        return Err{fmt::format("column {}: {}", at + 1, why)};
    };
    std::string literal;
    const auto end_literal = [&] {
        if (!literal.empty()) t.parts_.push_back({Kind::Literal, std::move(literal), 0, 0});
        literal.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '}') {
            if (i + 1 < text.size() && text[i + 1] == '}') {
                literal += '}';
                ++i;
                continue;
            }
            return fail(i, "'}' without '{' (write '}}' for a brace)");
        }
        if (c != '{') {
            if (const std::string_view why = refused_literal(c); !why.empty())
                return fail(i, fmt::format("'{}' is {}", c < 0x20 ? '?' : c, why));
            literal += c;
            continue;
        }
        if (i + 1 < text.size() && text[i + 1] == '{') {
            literal += '{';
            ++i;
            continue;
        }
        const std::size_t close = text.find('}', i);
        if (close == std::string_view::npos)
            return fail(i, "'{' without '}' (write '{{' for a brace)");
        std::string_view inside = text.substr(i + 1, close - i - 1);
        std::string_view width;
        if (const std::size_t colon = inside.find(':'); colon != std::string_view::npos) {
            width = inside.substr(colon + 1);
            inside = inside.substr(0, colon);
        }
        if (inside.empty()) return fail(i + 1, "a placeholder needs a name: {key}, {n} or {Tag}");
        for (std::size_t k = 0; k < inside.size(); ++k)
            if (!is_tag_name_byte(inside[k]))
                return fail(i + 1 + k, fmt::format("'{}' cannot be in a tag name", inside[k]));
        end_literal();
        Part part;
        if (inside == "key") {
            part.kind = Kind::Key;
            t.uses_key_ = true;
        } else if (inside == "n") {
            part.kind = Kind::Number;
            t.uses_number_ = true;
        } else {
            part.kind = Kind::Tag;
            const auto it = std::find(t.tags_.begin(), t.tags_.end(), inside);
            part.index = std::size_t(it - t.tags_.begin());
            if (it == t.tags_.end()) t.tags_.emplace_back(inside);
        }
        if (!width.empty() || text[i + 1 + inside.size()] == ':') {
            const std::size_t at = i + 2 + inside.size();
            if (part.kind != Kind::Number)
                return fail(at, "only {n} takes a width ({n:4} is 0001)");
            if (width.empty() || width.size() > 2 ||
                !std::all_of(width.begin(), width.end(),
                             [](char d) { return d >= '0' && d <= '9'; }))
                return fail(at, "the width of {n:W} is a number from 1 to 20");
            part.width = std::size_t(std::stoi(std::string(width)));
            if (part.width < 1 || part.width > 20)
                return fail(at, "the width of {n:W} is a number from 1 to 20");
        }
        t.parts_.push_back(std::move(part));
        i = close;
    }
    end_literal();
    if (t.parts_.empty()) return Err{std::string("the template is empty")};
    t.find_extension();
    return t;
}

bool NameTemplate::uses_tag(std::string_view tag) const {
    return std::find(tags_.begin(), tags_.end(), tag) != tags_.end();
}

void NameTemplate::find_extension() {
    extension_.clear();
    if (parts_.empty() || parts_.back().kind != Kind::Literal) return;
    const std::string& tail = parts_.back().text;
    const std::size_t dot = tail.find('.');
    // A template that is all literal text has no stem before its extension: none.
    if (dot != std::string::npos && (parts_.size() > 1 || dot > 0)) extension_ = tail.substr(dot);
}

void NameTemplate::append_literal(std::string_view suffix) {
    if (!parts_.empty() && parts_.back().kind == Kind::Literal)
        parts_.back().text += suffix;
    else
        parts_.push_back({Kind::Literal, std::string(suffix), 0, 0});
    find_extension();
}

std::string
NameTemplate::render(std::optional<std::string_view> key, std::uint64_t n,
                     std::span<const std::optional<std::string_view>> tag_values) const {
    std::string name;
    const auto value = [&](std::optional<std::string_view> v) {
        if (!v || !append_name_part(name, *v, max_value_bytes)) name += unknown_name;
    };
    for (const Part& part : parts_) {
        switch (part.kind) {
        case Kind::Literal: name += part.text; break;
        case Kind::Key: value(key); break;
        case Kind::Number: name += fmt::format("{:0{}}", n, part.width); break;
        case Kind::Tag:
            value(part.index < tag_values.size() ? tag_values[part.index] : std::nullopt);
            break;
        }
    }
    make_portable_name(name, extension_.size());
    return name;
}

} // namespace pgnkit::app
