#include "pgnkit/diagnostics/diagnostic.hpp"

namespace pgnkit {

namespace {
constexpr CodeInfo table[] = {
#define X(name, str, sev, text) {Code::name, str, Severity::sev, text},
#include "pgnkit/diagnostics/codes.def"
#undef X
};
static_assert(sizeof(table) / sizeof(table[0]) == code_count);
} // namespace

const CodeInfo& code_info(Code c) { return table[static_cast<int>(c)]; }
std::string_view code_name(Code c) { return table[static_cast<int>(c)].name; }

std::optional<Code> code_from_name(std::string_view name) {
    for (const auto& row : table)
        if (row.name == name) return row.code;
    return std::nullopt;
}

std::string_view severity_name(Severity s) {
    switch (s) {
    case Severity::Ignore: return "ignore";
    case Severity::Info: return "info";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
    }
    return "?";
}

SeverityTable::SeverityTable() {
    for (const auto& row : table) sev_[static_cast<int>(row.code)] = row.default_severity;
}

void SeverityTable::make_strict() {
    for (auto& s : sev_)
        if (s == Severity::Warning) s = Severity::Error;
}

} // namespace pgnkit
