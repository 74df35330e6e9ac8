#pragma once
/// `pgnkit stats --html`: the statistics as a page of charts and tables, built with the
/// skeleton of format/html_page.hpp and the charts of format/charts.hpp.

#include "pgnkit/cmd/stats/stats.hpp"

#include <string>
#include <vector>

namespace pgnkit::app {

/// The whole page (charts of results, lengths, Elo, openings and dates, then every selected
/// table), per --by group when grouped. Charts read the same build_tables() rows that the
/// JSON prints; text from the games is escaped (Latin-1 when not UTF-8).
std::string render_stats_html(const StatsGroups& groups, const StatsView& view,
                              const std::vector<std::string>& inputs = {});

namespace html {
/// A stats Table as an HTML <table> (numbers right-aligned; notes below).
void append_table(std::string& out, const Table& table);
} // namespace html

} // namespace pgnkit::app
