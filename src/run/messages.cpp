#include "pgnkit/run/messages.hpp"

namespace pgnkit::app {

namespace {
std::string& prefix() {
    static std::string p = "pgnkit";
    return p;
}
} // namespace

void set_command_name(std::string_view name) {
    prefix() = name.empty() ? std::string("pgnkit") : "pgnkit " + std::string(name);
}

const std::string& message_prefix() { return prefix(); }

} // namespace pgnkit::app
