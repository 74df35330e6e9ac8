// tags --suggest-names (cmd/tags/name_suggestions.hpp): one player's spellings grouped, two
// players with one initial kept apart, the most played spelling canonical.
#include "pgnkit/cmd/tags/name_suggestions.hpp"

#include <catch2/catch.hpp>

using namespace pgnkit::app;

TEST_CASE("tags --suggest-names: groups by folded surname and given names") {
    NameCounts c{{"Carlsen, Magnus", 10}, {"Carlsen,M", 3},          {"carlsen, magnus", 1},
                 {"Anand, V", 2},         {"Anand, Viswanathan", 5}, {"Kasparov, Garry", 4},
                 {"Polgar, Judit", 3},    {"Polgar, Susan", 2},      {"Polgar, J", 1},
                 {"Polgar, Zsuzsa", 1},   {"Polgár, Judit", 1}};
    const std::string t = name_suggestions(c);
    CHECK(t.find("Carlsen,M\tCarlsen, Magnus\n") != t.npos);
    CHECK(t.find("carlsen, magnus\tCarlsen, Magnus\n") != t.npos);
    CHECK(t.find("Anand, V\tAnand, Viswanathan\n") != t.npos);
    CHECK(t.find("Polgár, Judit\tPolgar, Judit\n") != t.npos);
    CHECK(t.find("Polgar, J\tPolgar, Judit\n") != t.npos); // only Judit begins with J
    CHECK(t.find("Kasparov") == t.npos);                   // one spelling: no group
    CHECK(t.find("Polgar, Susan\t") == t.npos);            // another player
    CHECK(t.find("\tPolgar, Susan") == t.npos);
    CHECK(t.find("Zsuzsa\t") == t.npos);
}

TEST_CASE("tags --suggest-names: an initial of two players stays apart") {
    NameCounts c{{"Carlsen, Magnus", 10}, {"Carlsen, Martin", 3}, {"Carlsen, M", 3}};
    const std::string t = name_suggestions(c);
    CHECK(t.find("Carlsen, M\t") == t.npos);
}

TEST_CASE("tags --suggest-names: a name that begins another is another name") {
    NameCounts c{{"Xu, Yinglun", 7}, {"Xu, Yi", 7}, {"Xu, Y", 1}};
    const std::string t = name_suggestions(c);
    CHECK(t.find("Xu, Yi\t") == t.npos);
    CHECK(t.find("\tXu, Yi\n") == t.npos);
    CHECK(t.find("Xu, Y\t") == t.npos); // two players could be Y
}
