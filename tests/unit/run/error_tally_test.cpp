#include "pgnkit/run/error_tally.hpp"

#include <catch2/catch.hpp>

using namespace pgnkit;
using namespace pgnkit::app;

namespace {
Diagnostic diag(Code code, Severity severity) {
    Diagnostic d;
    d.code = code;
    d.severity = severity;
    return d;
}
} // namespace

TEST_CASE("error_tally: a game counts under the code of its first error, warnings skipped",
          "[error_tally]") {
    ErrorTally t;
    t.add({diag(Code::MissingTag, Severity::Warning), diag(Code::IllegalMove, Severity::Error),
           diag(Code::ResultMismatch, Severity::Error)});
    t.add({diag(Code::ResultMismatch, Severity::Error)});
    t.add({diag(Code::ResultMismatch, Severity::Error)});
    t.add({diag(Code::MissingTag, Severity::Warning)}); // no error: not counted
    CHECK(t.total() == 3);
    CHECK(t.by_code() == "result-mismatch 2, illegal-move 1");
}

TEST_CASE("error_tally: the remedy names --fix-result only for a result error where it applies",
          "[error_tally]") {
    ErrorTally result;
    result.add({diag(Code::ResultMismatch, Severity::Error)});
    CHECK(result.remedy(true).find("--fix-result") != std::string::npos);
    CHECK(result.remedy(false) == "--warn result-mismatch makes that check a warning");
    ErrorTally moves;
    moves.add({diag(Code::IllegalMove, Severity::Error)});
    CHECK(moves.remedy(true) == "--warn illegal-move makes that check a warning");
    CHECK(ErrorTally().remedy(true).empty());
}

TEST_CASE("error_tally: merging adds the counts of every worker", "[error_tally]") {
    ErrorTally a, b;
    a.add({diag(Code::IllegalMove, Severity::Error)});
    b.add({diag(Code::IllegalMove, Severity::Error)});
    b.add({diag(Code::BadSan, Severity::Error)});
    a.merge(b);
    CHECK(a.total() == 3);
    CHECK(a.by_code() == "illegal-move 2, bad-san 1");
}
