// Game counts and error locations over the real edge-case PGNs in tests/data/pgn/edge.
#include "pgn_test_util.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>

using namespace pgnkit;
using namespace pgnkit::test;

TEST_CASE("corpus: print game counts", "[.corpus-dump]") {
    for (auto& e : std::filesystem::recursive_directory_iterator(corpus(""))) {
        if (!e.is_regular_file() || e.path().extension() != ".pgn") continue;
        auto src = open_source(e.path().string());
        auto games = read_all(*src);
        std::size_t errors = 0;
        for (auto& g : games)
            for (auto& d : g.rec.diags)
                if (d.severity == Severity::Error) ++errors;
        std::printf("%zu\t%zu\t%s\n", games.size(), errors,
                    e.path().lexically_relative(corpus("")).c_str());
    }
}

TEST_CASE("corpus: print spans of $PGNKIT_DUMP", "[.span-dump]") {
    const char* f = std::getenv("PGNKIT_DUMP");
    if (!f) return;
    auto src = open_source(f);
    for (auto& g : read_all(*src)) {
        std::printf("---- line %llu\n%s\n", static_cast<unsigned long long>(g.first_line),
                    g.text.substr(0, 300).c_str());
        for (auto& d : g.rec.diags)
            std::printf("  !! %s %llu:%u %s\n", std::string(code_name(d.code)).c_str(),
                        static_cast<unsigned long long>(d.loc.line), d.loc.column, d.message.c_str());
    }
}
