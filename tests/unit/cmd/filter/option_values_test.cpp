#include "pgnkit/cmd/filter/option_values.hpp"

#include <catch2/catch.hpp>

using namespace pgnkit::app;

namespace {
std::size_t error_column(void (*f)(std::string_view), std::string_view text) {
    try {
        f(text);
    } catch (const OptionValueError& e) {
        return e.column;
    }
    return 0;
}
} // namespace

TEST_CASE("filter values: number ranges", "[filter]") {
    NumberRange r = parse_number_range("2500..");
    CHECK(r.contains(2500));
    CHECK(r.contains(3000));
    CHECK_FALSE(r.contains(2499));
    r = parse_number_range("..2400");
    CHECK(r.contains(0));
    CHECK_FALSE(r.contains(2401));
    r = parse_number_range("40..80");
    CHECK(r.contains(40));
    CHECK(r.contains(80));
    CHECK_FALSE(r.contains(81));
    r = parse_number_range("2500");
    CHECK(r.contains(2500));
    CHECK_FALSE(r.contains(2501));
    CHECK(error_column([](std::string_view t) { parse_number_range(t); }, "25x0..") == 3);
    CHECK(error_column([](std::string_view t) { parse_number_range(t); }, "2500..abc") == 7);
    CHECK(error_column([](std::string_view t) { parse_number_range(t); }, "..") == 1);
    CHECK(error_column([](std::string_view t) { parse_number_range(t); }, "80..40") == 1);
}

TEST_CASE("filter values: game numbers", "[filter]") {
    const GameNumbers g = parse_game_numbers("57,100-120,200..201,900-");
    CHECK(g.contains(57));
    CHECK_FALSE(g.contains(58));
    CHECK(g.contains(100));
    CHECK(g.contains(120));
    CHECK_FALSE(g.contains(121));
    CHECK(g.contains(201));
    CHECK(g.contains(123456));
    CHECK(error_column([](std::string_view t) { parse_game_numbers(t); }, "57,x") == 4);
    CHECK(error_column([](std::string_view t) { parse_game_numbers(t); }, "57,,3") == 4);
    CHECK(error_column([](std::string_view t) { parse_game_numbers(t); }, "0") == 1);
    CHECK(error_column([](std::string_view t) { parse_game_numbers(t); }, "1-2x") == 4);
}

TEST_CASE("filter values: ECO codes and ranges", "[filter]") {
    CHECK(eco_number("B20") == 120);
    CHECK(eco_number("b20") == 120);
    CHECK(eco_number("E99") == 499);
    CHECK(eco_number("?") == -1);
    CHECK(eco_number("B200") == -1);
    EcoRange r = parse_eco_range("B20..B99");
    CHECK(r.contains(120));
    CHECK(r.contains(199));
    CHECK_FALSE(r.contains(119));
    r = parse_eco_range("C");
    CHECK(r.lo == 200);
    CHECK(r.hi == 299);
    CHECK(error_column([](std::string_view t) { parse_eco_range(t); }, "B20..F10") == 6);
    CHECK(error_column([](std::string_view t) { parse_eco_range(t); }, "B2x") == 2);
}

TEST_CASE("filter values: results, tag tests, tag names", "[filter]") {
    CHECK(parse_result("draw") == "1/2-1/2");
    CHECK(parse_result("1-0") == "1-0");
    CHECK(parse_result("*") == "*");
    CHECK_THROWS_AS(parse_result("2-0"), OptionValueError);
    TagTest t = parse_tag_test("WhiteElo>=2500");
    CHECK(t.name == "WhiteElo");
    CHECK(t.relation == TagRelation::GreaterEqual);
    CHECK(t.value == "2500");
    t = parse_tag_test("Event~^World");
    CHECK(t.relation == TagRelation::Regex);
    CHECK(t.value == "^World");
    t = parse_tag_test("Site!=");
    CHECK(t.relation == TagRelation::NotEqual);
    CHECK(t.value.empty());
    CHECK(error_column([](std::string_view s) { parse_tag_test(s); }, "Event") == 6);
    CHECK(error_column([](std::string_view s) { parse_tag_test(s); }, "=x") == 1);
    CHECK(error_column([](std::string_view s) { parse_tag_test(s); }, "Ev ent=x") == 3);
    CHECK(error_column([](std::string_view s) { parse_tag_name(s); }, "Wh-ite") == 3);
}

TEST_CASE("filter values: time-control classes", "[filter]") {
    CHECK(time_class("15") == TimeClass::UltraBullet);
    CHECK(time_class("60+0") == TimeClass::Bullet);
    CHECK(time_class("180+2") == TimeClass::Blitz);
    CHECK(time_class("600+5") == TimeClass::Rapid);
    CHECK(time_class("5400+30") == TimeClass::Classical);
    CHECK(time_class("40/7200:3600") == TimeClass::Classical);
    CHECK(time_class("-") == TimeClass::Correspondence);
    CHECK(time_class("?") == TimeClass::None);
    CHECK(parse_time_class("Blitz") == TimeClass::Blitz);
    CHECK(parse_time_class("180+2") == TimeClass::None);
}

TEST_CASE("filter values: endings and castling", "[filter]") {
    CHECK(parse_ending("fifty-moves") == Ending::FiftyMoves);
    CHECK(parse_ending("Checkmate") == Ending::Checkmate);
    CHECK_THROWS_AS(parse_ending("resign"), OptionValueError);
    CHECK(parse_castling("opposite") == Castling::Opposite);
    CHECK_THROWS_AS(parse_castling("long"), OptionValueError);
}
