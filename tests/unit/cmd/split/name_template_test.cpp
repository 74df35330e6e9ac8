// split's name template (cmd/split/name_template.hpp) and keys (split_key): placeholders,
// widths, braces, the column of a mistake, unknown values, extensions.
#include "pgnkit/cmd/split/name_template.hpp"
#include "pgnkit/cmd/split/split.hpp"

#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

using namespace pgnkit::app;

namespace {
std::string render(std::string_view text, std::optional<std::string_view> key, std::uint64_t n,
                   std::vector<std::optional<std::string_view>> tags = {}) {
    auto t = NameTemplate::parse(text);
    REQUIRE(t.ok());
    return t->render(key, n, tags);
}
std::string error_of(std::string_view text) {
    auto t = NameTemplate::parse(text);
    REQUIRE_FALSE(t.ok());
    return t.error();
}
std::string key(SplitBy by, std::string_view value) {
    std::string scratch;
    const auto k = split_key(by, value, scratch);
    return k ? std::string(*k) : "<unknown>";
}
} // namespace

TEST_CASE("name template: placeholders", "[split]") {
    CHECK(render("{key}.pgn", "Tata Steel", 1) == "Tata Steel.pgn");
    CHECK(render("{key}.pgn", std::nullopt, 1) == "unknown.pgn");
    CHECK(render("{n:5}.pgn", std::nullopt, 42) == "00042.pgn");
    CHECK(render("{n}-{n:2}.pgn", std::nullopt, 123) == "123-123.pgn");
    CHECK(render("{Event}-{White}-{Event}.pgn", "k", 1, {"Open", std::nullopt}) ==
          "Open-unknown-Open.pgn");
    CHECK(render("{{{key}}}.pgn", "a/b", 1) == "{a_b}.pgn");
    CHECK(render("{key}", "CON", 1) == "_CON");
    auto t = NameTemplate::parse("{n} {Event} {Site} {Event}.pgn.zst");
    REQUIRE(t.ok());
    CHECK(t->tags() == std::vector<std::string>{"Event", "Site"});
    CHECK(t->extension() == ".pgn.zst");
    CHECK(t->uses_number());
    CHECK_FALSE(t->uses_key());
    auto plain = NameTemplate::parse("{key}");
    REQUIRE(plain.ok());
    CHECK(plain->extension().empty());
    plain->append_literal(".zst");
    CHECK(plain->extension() == ".zst");
}

TEST_CASE("name template: mistakes name their column", "[split]") {
    CHECK(error_of("{key}/x.pgn").starts_with("column 6: '/'"));
    CHECK(error_of("a\\b{n}").starts_with("column 2:"));
    CHECK(error_of("{key.pgn").starts_with("column 1: '{' without '}'"));
    CHECK(error_of("x{ke y}").starts_with("column 5: ' ' cannot be in a tag name"));
    CHECK(error_of("x}{n}").starts_with("column 2: '}' without '{'"));
    CHECK(error_of("{}.pgn").starts_with("column 2: a placeholder needs a name"));
    CHECK(error_of("{n:0}").starts_with("column 4: the width"));
    CHECK(error_of("{n:21}").starts_with("column 4: the width"));
    CHECK(error_of("{key:3}").starts_with("column 6: only {n} takes a width"));
    CHECK(error_of("a?{n}").starts_with("column 2:"));
    CHECK(error_of("") == "the template is empty");
}

TEST_CASE("split keys: tags, ECO, year, month and the unknown bucket", "[split]") {
    CHECK(key(SplitBy::Tag, "  Open  ") == "Open");
    CHECK(key(SplitBy::Tag, "?") == "<unknown>");
    CHECK(key(SplitBy::Tag, "") == "<unknown>");
    CHECK(key(SplitBy::Tag, "??") == "<unknown>");
    CHECK(key(SplitBy::EcoLetter, "B90") == "B");
    CHECK(key(SplitBy::EcoLetter, "c42") == "C");
    CHECK(key(SplitBy::Eco, "b90a") == "B90");
    CHECK(key(SplitBy::Eco, "F00") == "<unknown>");
    CHECK(key(SplitBy::Eco, "B9") == "<unknown>");
    CHECK(key(SplitBy::Eco, "?") == "<unknown>");
    CHECK(key(SplitBy::Year, "1999.03.12") == "1999");
    CHECK(key(SplitBy::Year, "1999.??.??") == "1999");
    CHECK(key(SplitBy::Year, "1999") == "1999");
    CHECK(key(SplitBy::Year, "????.??.??") == "<unknown>");
    CHECK(key(SplitBy::Year, "19990312") == "<unknown>");
    CHECK(key(SplitBy::Month, "1999.03.12") == "1999-03");
    CHECK(key(SplitBy::Month, "2001-12-01") == "2001-12");
    CHECK(key(SplitBy::Month, "1999.??.??") == "<unknown>");
    CHECK(key(SplitBy::Month, "1999.13.01") == "<unknown>");
    CHECK(key(SplitBy::Month, "1999.00.01") == "<unknown>");
}
