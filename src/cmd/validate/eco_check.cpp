#include "pgnkit/cmd/validate/eco_check.hpp"

#include "pgnkit/openings/game_opening.hpp"
#include "pgnkit/openings/opening_table.hpp"
#include "pgnkit/openings/table_formats.hpp"

#include <fmt/format.h>

#include <string>

namespace pgnkit::app {

/// Classifies the main line (GameOpeningVisitor) and keeps the ECO tag and where it is.
struct EcoTagCheck::Visitor final : openings::GameOpeningVisitor {
    explicit Visitor(const openings::OpeningTable& table) : GameOpeningVisitor(table) {}
    void begin_game(const GameSpan& span) {
        GameOpeningVisitor::begin_game(span);
        eco.clear();
        has_eco = false;
    }
    void tag(std::string_view name, std::string_view value, const SourceLocation& loc) {
        GameOpeningVisitor::tag(name, value, loc);
        if (name != "ECO") return;
        eco.assign(value);
        at = loc;
        has_eco = true;
    }
    std::string eco;
    SourceLocation at;
    bool has_eco = false;
};

EcoTagCheck::EcoTagCheck(const openings::OpeningTable& table)
    : visitor_(std::make_unique<Visitor>(table)) {}
EcoTagCheck::~EcoTagCheck() = default;

std::optional<Diagnostic> EcoTagCheck::check(const GameSpan& span, Severity severity,
                                             std::uint64_t game) {
    reader_.read(span, *visitor_);
    const Visitor& v = *visitor_;
    if (!v.has_eco || v.eco.empty() || v.eco == "?") return std::nullopt;
    const openings::Opening* o = v.opening();
    if (!o || openings::same_eco(v.eco, o->eco)) return std::nullopt;
    Diagnostic d;
    d.code = Code::EcoMismatch;
    d.severity = severity;
    d.loc = v.at;
    d.game = game;
    d.token = v.eco;
    std::string reached = fmt::format("{} {}", o->eco, o->name);
    if (!o->variation.empty()) reached += fmt::format(": {}", o->variation);
    d.message =
        fmt::format("ECO tag \"{}\" but the moves reach {} (ply {})", v.eco, reached, v.ply());
    return d;
}

} // namespace pgnkit::app
