#pragma once
/// The fields `filter --where` knows (the names of the flags that test the same thing), and
/// their values for one game (filter::WhereFields over a GameView).

#include "pgnkit/cmd/filter/criteria.hpp"
#include "pgnkit/cmd/filter/where.hpp"

#include <span>

namespace pgnkit::app {

/// The field table of --where, in the order of WhereField.
std::span<const filter::FieldSpec> where_field_specs();

/// What the fields with these indices need of a game (Need::Tags or Need::Replay).
Need where_need(const filter::WhereExpr& expr);
/// Whether the expression reads how the main line ended (FactsWanted::endings).
bool where_uses_endings(const filter::WhereExpr& expr);

/// `--where`: the expression holds for the game.
CriterionPtr where_criterion(filter::WhereExpr expr);

} // namespace pgnkit::app
