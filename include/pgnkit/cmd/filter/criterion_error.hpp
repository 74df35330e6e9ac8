#pragma once
/// The error every `filter` criterion parser throws: what is wrong, and where in the option's
/// value (docs/ARCHITECTURE.md "Principles": every mistake is located).

#include <cstddef>
#include <stdexcept>
#include <string>

namespace pgnkit::app::filter {

/// A malformed criterion (a bad FEN, an unknown field, a date that is no date …). The command
/// line turns it into a usage error naming the option, before any input is read.
struct CriterionError : std::runtime_error {
    /// `column` is 1-based in the option's value; `message` says what is wrong there.
    CriterionError(std::size_t column_, const std::string& message)
        : std::runtime_error(message), column(column_) {}
    std::size_t column;
};

} // namespace pgnkit::app::filter
