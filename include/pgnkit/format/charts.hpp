#pragma once
/// Charts of the HTML pages, drawn as inline SVG: horizontal bar charts and histograms.
///
/// Every chart carries the numbers it draws in `data-values` attributes (one per series,
/// copied verbatim from the table cells that the JSON output prints, as json_number_text()
/// writes them) and its labels in `data-labels`, so tests can compare a chart with
/// `--format json`. Text (titles, labels, names) is escaped here.

#include <string>
#include <vector>

namespace pgnkit::app::html {

/// One series of a chart: numbers as text (exactly as the table cell / JSON prints them).
struct ChartSeries {
    std::string name;                ///< legend entry and `data-column`
    std::vector<std::string> values; ///< one per label; "" = no value (drawn as 0)
    std::string color = "#3b6ea5";
    std::vector<std::string> colors; ///< per value, when bars differ (e.g. by severity)
};

/// An entry of a chart's legend.
struct LegendEntry {
    std::string name, color;
    std::string detail = {}; ///< shown after the name (e.g. a count)
};

/// A bar chart (horizontal bars) or a histogram (vertical columns, bins in order).
struct Chart {
    std::string table; ///< `data-table`: the table or summary the numbers come from
    std::string title;
    std::vector<std::string> labels;
    std::vector<ChartSeries> series;
    bool columns = false;     ///< vertical columns (a histogram) instead of horizontal bars
    std::string group;        ///< `data-group` (stats --by), "" = none
    std::string value_suffix; ///< appended to value labels (e.g. " games"); bars only
    /// The legend; empty = one entry per series when there are several.
    std::vector<LegendEntry> legend;
};

/// The chart as a <figure> holding one inline <svg> (responsive width, fixed aspect).
std::string render_chart(const Chart& chart);

} // namespace pgnkit::app::html
