#include "pgnkit/io/output.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <string>

using namespace pgnkit::app;

TEST_CASE("OutBuffer appends, writes in place and keeps its memory when cleared") {
    OutBuffer b;
    CHECK(b.empty());
    b.append("ab", 2).append(std::string_view("cd"));
    b += 'e';
    b += std::string("fg");
    CHECK(b.view() == "abcdefg");
    // Room past the text survives growth (bytes written there but not committed yet).
    char* p = b.room(3);
    std::memcpy(p, "xyz", 3);
    b.reserve(b.capacity() + 1);
    CHECK(std::string_view(b.data() + b.size(), 3) == "xyz");
    b.set_size(b.size() + 3);
    CHECK(b.view() == "abcdefgxyz");
    std::string big(200000, 'q');
    b.append(big);
    CHECK(b.size() == 10 + big.size());
    CHECK(b.view().substr(10) == big);
    const std::size_t cap = b.capacity();
    b.clear();
    CHECK(b.empty());
    CHECK(b.capacity() == cap);
    OutBuffer c = std::move(b);
    CHECK(c.capacity() == cap);
    CHECK(b.capacity() == 0);
    c.push_back('!');
    CHECK(c.view() == "!");
}
