#include "pgnkit/pgn/name_match.hpp"

#include <catch2/catch.hpp>

using namespace pgnkit;

namespace {
std::string folded(std::string_view s) {
    std::string out;
    fold_text(s, out);
    return out;
}
bool matches(std::string_view query, std::string_view value, NameMatch how = NameMatch::Folded,
             bool utf8 = true) {
    std::string scratch;
    return NameQuery(query, how).matches(value, utf8, scratch);
}
} // namespace

TEST_CASE("filter names: folding drops case, accents and punctuation", "[filter]") {
    CHECK(folded("Nepomniachtchi, Ian") == "nepomniachtchi ian");
    CHECK(folded("  Ding,Liren ") == "ding liren");
    CHECK(folded("Hübner, Robert") == "hubner robert");
    CHECK(folded("Łukasz Ćwiek-Øster") == "lukasz cwiek oster");
    CHECK(folded("Straße") == "strasse");
    CHECK(folded("Ș. Țurcanu") == "s turcanu");
    CHECK(folded("Карпов, Анатолий") == "карпов анатолий");
    CHECK(folded("e\xCC\x81") == "e"); // decomposed é
    CHECK(folded("?") == "");
}

TEST_CASE("filter names: a query matches at the start of a word", "[filter]") {
    CHECK(matches("nepomniachtchi ian", "Nepomniachtchi, Ian"));
    CHECK(matches("Nepomniachtchi, Ian", "nepomniachtchi ian"));
    CHECK(matches("carlsen", "Carlsen, Magnus"));
    CHECK(matches("carlsen m", "Carlsen, Magnus"));
    CHECK(matches("Magnus", "Carlsen, Magnus"));
    CHECK(matches("hubner", "Hübner, Robert"));
    CHECK_FALSE(matches("arlsen", "Carlsen, Magnus"));
    CHECK_FALSE(matches("magnus carlsen", "Carlsen, Magnus"));
    CHECK_FALSE(matches("kasparov", "Karpov, Anatoly"));
}

TEST_CASE("filter names: a Latin-1 value is read as Windows-1252", "[filter]") {
    CHECK(matches("hubner",
                  "H\xFC"
                  "bner, Robert",
                  NameMatch::Folded, false));
    CHECK(matches("Hübner",
                  "H\xFC"
                  "bner",
                  NameMatch::Exact, false));
}

TEST_CASE("filter names: exact and regular expressions", "[filter]") {
    CHECK(matches("Carlsen, Magnus", "Carlsen, Magnus", NameMatch::Exact));
    CHECK_FALSE(matches("carlsen, magnus", "Carlsen, Magnus", NameMatch::Exact));
    CHECK_FALSE(matches("Carlsen", "Carlsen, Magnus", NameMatch::Exact));
    CHECK(matches("^Carl.*Mag", "Carlsen, Magnus", NameMatch::Regex));
    CHECK_FALSE(matches("^Mag", "Carlsen, Magnus", NameMatch::Regex));
    CHECK_THROWS_AS(NameQuery("(", NameMatch::Regex), std::regex_error);
}
