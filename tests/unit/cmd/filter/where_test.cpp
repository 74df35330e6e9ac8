// --where expressions: grammar, precedence, every operator, absent values, error columns
// (src/cmd/filter/where.cpp).

#include "pgnkit/cmd/filter/criterion_error.hpp"
#include "pgnkit/cmd/filter/where.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <string>

using namespace pgnkit::app::filter;

namespace {

enum Field { EloWhite, EloBlack, Plies, Result, Eco, Date, Checkmate, Stalemate };

constexpr FieldSpec fields[] = {
    {"elo_white", FieldType::Number}, {"elo_black", FieldType::Number},
    {"plies", FieldType::Number},     {"result", FieldType::Text},
    {"eco", FieldType::Text},         {"date", FieldType::Date},
    {"checkmate", FieldType::Bool},   {"stalemate", FieldType::Bool},
};

/// A game as a map of tags; the fields are read from them (absent when the tag is).
struct Game : WhereFields {
    std::map<std::string, std::string, std::less<>> tags;
    bool mate = false;

    std::optional<std::string_view> tag(std::string_view name) const override {
        auto it = tags.find(name);
        if (it == tags.end()) return std::nullopt;
        return std::string_view(it->second);
    }
    std::optional<double> number(int field) const override {
        const char* name = field == EloWhite   ? "WhiteElo"
                           : field == EloBlack ? "BlackElo"
                                               : "Plies";
        auto v = tag(name);
        return v ? parse_number(*v) : std::nullopt;
    }
    std::optional<std::string_view> text(int field) const override {
        return tag(field == Result ? "Result" : "ECO");
    }
    std::optional<DateSpan> date(int) const override {
        auto v = tag("Date");
        return v ? parse_pgn_date(*v) : std::nullopt;
    }
    bool boolean(int field) const override { return field == Checkmate && mate; }
};

Game game(std::initializer_list<std::pair<const std::string, std::string>> tags,
          bool mate = false) {
    Game g;
    g.tags = tags;
    g.mate = mate;
    return g;
}

bool holds(std::string_view expr, const Game& g) {
    return WhereExpr::parse(expr, fields).matches(g);
}

/// The CriterionError of parsing `expr`: its column and message (column 0 when none).
std::pair<std::size_t, std::string> error_of(std::string_view expr) {
    try {
        WhereExpr::parse(expr, fields);
    } catch (const CriterionError& e) {
        return {e.column, e.what()};
    }
    return {0, ""};
}

const Game strong = game({{"WhiteElo", "2650"},
                          {"BlackElo", "2580"},
                          {"Plies", "35"},
                          {"Result", "1-0"},
                          {"ECO", "B90"},
                          {"Date", "2024.03.05"},
                          {"Event", "Tata Steel"}},
                         true);
const Game weak = game({{"WhiteElo", "1800"},
                        {"Plies", "90"},
                        {"Result", "1/2-1/2"},
                        {"ECO", "C42"},
                        {"Date", "2024.??.??"}});

} // namespace

TEST_CASE("where: the issue's example", "[filter][where]") {
    const auto e =
        WhereExpr::parse("elo_white >= 2600 and (result = \"1-0\" or plies < 40)", fields);
    CHECK(e.matches(strong));
    CHECK_FALSE(e.matches(weak));
    CHECK(e.uses_field(EloWhite));
    CHECK(e.uses_field(Result));
    CHECK(e.uses_field(Plies));
    CHECK_FALSE(e.uses_field(Eco));
    CHECK_FALSE(e.uses_tags());
}

TEST_CASE("where: every operator on numbers", "[filter][where]") {
    CHECK(holds("elo_white = 2650", strong));
    CHECK(holds("elo_white == 2650", strong));
    CHECK_FALSE(holds("elo_white != 2650", strong));
    CHECK(holds("elo_white <> 2600", strong));
    CHECK(holds("elo_white < 2651", strong));
    CHECK_FALSE(holds("elo_white < 2650", strong));
    CHECK(holds("elo_white <= 2650", strong));
    CHECK(holds("elo_white > 2649", strong));
    CHECK_FALSE(holds("elo_white > 2650", strong));
    CHECK(holds("elo_white >= 2650", strong));
    CHECK(holds("elo_black > -100", strong));
    CHECK(holds("elo_white>=2650", strong)); // no spaces needed
    CHECK(holds("elo_white = 2650.0", strong));
}

TEST_CASE("where: text compares bytes, ~ searches a regular expression", "[filter][where]") {
    CHECK(holds("result = \"1-0\"", strong));
    CHECK(holds("result = 1-0", strong)); // a WORD is text for a text field
    CHECK(holds("result = 1/2-1/2", weak));
    CHECK_FALSE(holds("result = \"1-0 \"", strong));
    CHECK(holds("eco >= \"B20\" and eco <= \"B99\"", strong));
    CHECK_FALSE(holds("eco >= \"B20\" and eco <= \"B99\"", weak));
    CHECK(holds("eco ~ \"^B9\"", strong));
    CHECK_FALSE(holds("eco ~ \"^b9\"", strong)); // case-sensitive
    CHECK(holds("eco ~ \"[0-9]$\"", strong));
    CHECK(holds("eco != \"C42\"", strong));
}

TEST_CASE("where: dates with ?? parts", "[filter][where]") {
    CHECK(holds("date = 2024.03.05", strong));
    CHECK(holds("date = 2024.03.??", strong));
    CHECK(holds("date = 2024.03", strong));
    CHECK(holds("date = \"2024\"", strong));
    CHECK(holds("date >= 2024.03", strong));
    CHECK_FALSE(holds("date >= 2024.03", weak)); // may be January
    CHECK(holds("date >= 2024", weak));
    CHECK(holds("date < 2025", weak));
    CHECK_FALSE(holds("date < 2024.06", weak));
    CHECK(holds("date > 2023.12.31", weak));
}

TEST_CASE("where: tags by name, has()", "[filter][where]") {
    CHECK(holds("tag(\"Event\") = \"Tata Steel\"", strong));
    CHECK(holds("tag.Event ~ \"Tata\"", strong));
    CHECK_FALSE(holds("tag.event ~ \"Tata\"", strong)); // tag names are case-sensitive
    CHECK(holds("has(\"Event\")", strong));
    CHECK_FALSE(holds("has(\"Event\")", weak));
    CHECK(holds("not has(Event)", weak));
    CHECK(holds("tag.WhiteElo > 2600", strong)); // a number WORD: numbers compare
    CHECK_FALSE(holds("tag.WhiteElo > 2600", weak));
    CHECK(holds("tag.WhiteElo < \"2\"", weak));  // a quoted literal: byte order
    CHECK(holds("tag.Date >= 2024.03", strong)); // a tag ending in Date: dates compare
    CHECK_FALSE(holds("tag.Date >= 2024.03", weak));
    CHECK(holds("tag.Result = 1-0", strong)); // not a number: text
    CHECK(WhereExpr::parse("has(\"X\")", fields).uses_tags());
}

TEST_CASE("where: precedence and parentheses", "[filter][where]") {
    // not > and > or.
    CHECK(holds("checkmate or elo_white > 9000 and plies > 9000", strong));
    CHECK_FALSE(holds("(checkmate or elo_white > 9000) and plies > 9000", strong));
    CHECK(holds("not stalemate and checkmate", strong));
    CHECK_FALSE(holds("not (stalemate or checkmate)", strong));
    CHECK(holds("not not checkmate", strong));
    CHECK(holds("((((checkmate))))", strong));
    CHECK(holds("stalemate or stalemate or checkmate", strong));
    CHECK_FALSE(holds("checkmate and checkmate and stalemate", strong));
}

TEST_CASE("where: keywords and field names in any case", "[filter][where]") {
    CHECK(holds("ELO_WHITE >= 2600 AND NOT Stalemate Or Plies > 1000", strong));
    CHECK(holds("Has(\"Event\") aNd TAG.Event = \"Tata Steel\"", strong));
}

TEST_CASE("where: an absent value makes every comparison false, != too", "[filter][where]") {
    const Game empty = game({});
    CHECK_FALSE(holds("elo_black = 2580", weak));
    CHECK_FALSE(holds("elo_black != 2580", weak));
    CHECK_FALSE(holds("elo_black < 9999", weak));
    CHECK(holds("not elo_black = 2580", weak));
    CHECK_FALSE(holds("date = 2024", empty));
    CHECK_FALSE(holds("date != 2024", empty));
    CHECK_FALSE(holds("tag.Event != \"x\"", empty));
    CHECK_FALSE(holds("eco ~ \".\"", empty));
    CHECK_FALSE(holds("tag.WhiteElo != 5", game({{"WhiteElo", "-"}}))); // not a number
    CHECK_FALSE(holds("date != 2023", game({{"Date", "????.??.??"}})));
}

TEST_CASE("where: mistakes name their column", "[filter][where]") {
    struct Case {
        const char* expr;
        std::size_t column;
        const char* says;
    };
    const Case cases[] = {
        {"elo_whit >= 2600", 1, "unknown field 'elo_whit' (did you mean elo_white?)"},
        {"plies > 3 and (result = \"1-0\"", 30, "expected ')'"},
        {"plies > 3)", 10, "')' without its '('"},
        {"plies >", 8, "expected a value"},
        {"plies 40", 7, "expected a comparison"},
        {"plies > \"x\"", 9, "expected a number"},
        {"result = \"1-0", 10, "unterminated string"},
        {"date = 2024.13", 13, "month 13"},
        {"date = \"2024.02.30\"", 17, "day 30"},
        {"eco ~ \"(\"", 7, "bad regular expression"},
        {"plies ~ \"1\"", 7, "'~' applies to text"},
        {"checkmate = 1", 11, "yes/no field"},
        {"plies > 3 and", 14, "expected a condition"},
        {"and plies > 3", 1, "needs a condition before it"},
        {"plies > 3 or or plies < 2", 14, "needs a condition before it"},
        {"", 1, "empty expression"},
        {"   ", 4, "empty expression"},
        {"()", 2, "empty parentheses"},
        {"plies > 3 checkmate", 11, "expected 'and', 'or' or the end"},
        {"plies > 3 && checkmate", 11, "write and, or, not"},
        {"result = '1-0'", 10, "double quotes"},
        {"plies > 3 # x", 11, "unexpected character '#'"},
        {"has(Event", 10, "expected ')'"},
        {"tag. = 3", 6, "expected a tag name"},
        {"tag(\"\") = 3", 5, "empty tag name"},
        {"true", 1, "unknown field 'true'"},
        {"zzzzzz = 1", 1, "unknown field 'zzzzzz'"},
    };
    for (const Case& c : cases) {
        INFO(c.expr);
        const auto [column, message] = error_of(c.expr);
        CHECK(column == c.column);
        CHECK_THAT(message, Catch::Contains(c.says));
    }
    CHECK(error_of("zzzzzz = 1").second.find("did you mean") == std::string::npos);
}

TEST_CASE("where: deep nesting is an error, not a crash", "[filter][where]") {
    const std::string deep = std::string(1000, '(') + "checkmate" + std::string(1000, ')');
    CHECK_THAT(error_of(deep).second, Catch::Contains("nested too deeply"));
    std::string nots;
    for (int i = 0; i < 1000; ++i) nots += "not ";
    CHECK_THAT(error_of(nots + "checkmate").second, Catch::Contains("nested too deeply"));
    const std::string fine = std::string(50, '(') + "checkmate" + std::string(50, ')');
    CHECK(holds(fine, strong));
}

TEST_CASE("where: a parsed expression is a value (copies evaluate alike)", "[filter][where]") {
    const WhereExpr a = WhereExpr::parse("eco ~ \"^B\" and checkmate", fields);
    const WhereExpr b = a;
    CHECK(a.matches(strong));
    CHECK(b.matches(strong));
    CHECK_FALSE(b.matches(weak));
}
