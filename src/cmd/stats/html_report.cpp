// The stats page: summary cards, charts of some tables, then every table (see html_report.hpp).

#include "pgnkit/cmd/stats/html_report.hpp"

#include "pgnkit/format/charts.hpp"
#include "pgnkit/format/html.hpp"
#include "pgnkit/format/html_page.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace pgnkit::app {

namespace html {

namespace {
/// A table's notes, one paragraph each.
void append_notes(std::string& out, const std::vector<std::string>& notes) {
    for (const auto& note : notes) {
        out += "<p class=\"note\">Note: ";
        append_escaped(out, note);
        out += "</p>\n";
    }
}
} // namespace

void append_table(std::string& out, const Table& t) {
    out += "<section class=\"tbl\" id=\"t-";
    append_escaped(out, t.name);
    out += "\"><h3>";
    append_escaped(out, t.title);
    out += "<code>";
    append_escaped(out, t.name);
    out += "</code></h3>\n";
    if (t.rows.empty()) { // no bare header
        out += "<p class=\"nodata\">no data</p>\n";
        append_notes(out, t.notes);
        out += "</section>\n";
        return;
    }
    out += "<div class=\"scroll\"><table>\n<thead><tr>";
    // A column is numeric when its cells are.
    std::vector<bool> numeric(t.columns.size(), false);
    for (std::size_t col = 0; col < t.columns.size(); ++col)
        for (const auto& r : t.rows)
            if (col < r.size() && r[col].number) numeric[col] = true;
    for (std::size_t col = 0; col < t.columns.size(); ++col) {
        out += numeric[col] ? "<th class=\"n\">" : "<th>";
        append_escaped(out, t.columns[col]);
        out += "</th>";
    }
    out += "</tr></thead>\n<tbody>\n";
    for (const auto& r : t.rows) {
        out += "<tr>";
        for (std::size_t col = 0; col < r.size(); ++col) {
            out += r[col].number || (col < numeric.size() && numeric[col]) ? "<td class=\"n\">"
                                                                           : "<td>";
            append_escaped(out, r[col].text);
            out += "</td>";
        }
        out += "</tr>\n";
    }
    out += "</tbody></table></div>\n";
    append_notes(out, t.notes);
    out += "</section>\n";
}

} // namespace html

namespace {

const Table* find_table(const std::vector<Table>& tables, std::string_view name) {
    for (const auto& t : tables)
        if (t.name == name) return &t;
    return nullptr;
}

/// A chart of some columns of a table (labels from column 0).
html::Chart chart_of(const Table& t, std::string title, const std::vector<std::string>& cols,
                     bool columns, const std::string& group) {
    static const char* const colors[] = {"#3b6ea5", "#c9822b", "#4f9a6b", "#8a5ca8"};
    html::Chart c;
    c.table = t.name;
    c.title = std::move(title);
    c.columns = columns;
    c.group = group;
    for (const auto& r : t.rows) c.labels.push_back(r.empty() ? std::string() : r[0].text);
    for (std::size_t k = 0; k < cols.size(); ++k) {
        auto it = std::find(t.columns.begin(), t.columns.end(), cols[k]);
        if (it == t.columns.end()) continue;
        std::size_t col = std::size_t(it - t.columns.begin());
        html::ChartSeries s;
        s.name = cols[k];
        s.color = colors[k % 4];
        for (const auto& r : t.rows) s.values.push_back(col < r.size() ? r[col].text : "");
        c.series.push_back(std::move(s));
    }
    return c;
}

void render_aggregate(std::string& out, const std::vector<Table>& tables,
                      const std::string& group) {
    if (const Table* s = find_table(tables, "summary"); s && !s->rows.empty()) {
        const auto& games = s->rows[0];
        out += "<div class=\"cards\">";
        if (games.size() >= 4) {
            html::append_card(out, games[3].text, "games", false);
            html::append_card(out, games[1].text, "valid", false);
            html::append_card(out, games[2].text, "invalid", games[2].text != "0");
        }
        if (s->rows.size() >= 3 && s->rows[2].size() >= 4)
            html::append_card(out, s->rows[2][3].text, "plies per game", false);
        out += "</div>\n";
        html::append_notes(out, s->notes);
    }
    std::string charts;
    auto add = [&](std::string_view name, std::string title, std::vector<std::string> cols,
                   bool columns) {
        if (const Table* t = find_table(tables, name))
            charts += html::render_chart(chart_of(*t, std::move(title), cols, columns, group));
    };
    add("results", "Results", {"games"}, false);
    add("lengths", "Game length (plies, main line)", {"games"}, true);
    add("ratings", "Elo distribution", {"white", "black"}, true);
    add("eco", "Openings (ECO)", {"games"}, false);
    add("openings", "Openings (by the moves)", {"games"}, false);
    add("first-moves", "First moves", {"games"}, false);
    add("dates", "Games per period (Date tag)", {"games"}, true);
    if (!charts.empty()) {
        out += "<h2>Charts</h2>\n<div class=\"charts\">\n";
        out += charts;
        out += "</div>\n";
    }
    out += "<h2>Tables</h2>\n";
    for (const auto& t : tables) html::append_table(out, t);
}

} // namespace

std::string render_stats_html(const StatsGroups& g, const StatsView& printed,
                              const std::vector<std::string>& inputs) {
    StatsView view = printed;
    view.fill_date_gaps = true; // a year without games is a gap in the chart
    std::string out = html::page_begin("pgnkit stats", "Game statistics");
    out += "<p class=\"sub\">";
    if (!inputs.empty()) {
        out += "Input: ";
        html::append_inputs(out, inputs);
        out += ". ";
    }
    out += "Numbers as in <code>pgnkit stats --format json</code>.</p>\n";
    if (g.by.empty()) {
        render_aggregate(out, build_tables(g.all, view), "");
    } else {
        auto groups = g.groups.top(0);
        out += "<p class=\"sub\">Grouped by <code>";
        html::append_escaped(out, g.by);
        out +=
            fmt::format("</code>: {} group{}.</p>\n", groups.size(), groups.size() == 1 ? "" : "s");
        if (!g.groups.exact())
            out += fmt::format("<p class=\"note\">Note: approximate: more than {} groups; the "
                               "largest are kept, counts may be low by at most {}.</p>\n",
                               g.groups.limit(), g.groups.error());
        for (auto [k, a] : groups) {
            out += "<h2 class=\"group\">";
            html::append_escaped(out, g.by);
            out += " = ";
            html::append_escaped(out, k->empty() ? std::string("(no tag)") : *k);
            out += "</h2>\n";
            render_aggregate(out, build_tables(*a, view), *k);
        }
    }
    out += html::page_end();
    return out;
}

} // namespace pgnkit::app
