#pragma once
/// The name every message on stderr starts with: `pgnkit COMMAND: error: …` (and
/// `… warning: …`), set once by the front end when it knows the command.

#include <string>
#include <string_view>

namespace pgnkit::app {

/// Sets the command the messages name ("validate", "fen", …); "" = none (just "pgnkit").
void set_command_name(std::string_view name);

/// "pgnkit COMMAND" (or "pgnkit" before a command is known).
const std::string& message_prefix();

} // namespace pgnkit::app
