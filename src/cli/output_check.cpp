// The output check every command that writes files runs before it reads anything.

#include "commands.hpp"

#include <fmt/format.h>

namespace pgnkit::cli {

int refuse_output_clash(std::string_view command, const std::vector<std::string>& inputs,
                        const std::vector<app::RunOutput>& outputs, std::string_view hint) {
    const auto clash = app::find_output_clash(inputs, outputs);
    if (!clash) return ExitOk;
    fmt::print(stderr, "pgnkit {}: error: {}{}\n", command, clash->message,
               clash->with_input ? hint : std::string_view{});
    return ExitError;
}

} // namespace pgnkit::cli
