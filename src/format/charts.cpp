#include "pgnkit/format/charts.hpp"

#include "pgnkit/format/html.hpp"
#include "pgnkit/format/json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numbers>

namespace pgnkit::app::html {

namespace {

/// A number for SVG coordinates: at most two decimals, no trailing zeros.
std::string n2(double v) {
    if (std::fabs(v) < 0.005) return "0";
    std::string s = fmt::format("{:.2f}", v);
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
}

/// Cuts a label to at most `max` code points (adding an ellipsis).
std::string shorten(std::string_view s, std::size_t max) {
    std::size_t cps = 0, i = 0, cut = std::string_view::npos;
    for (; i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;
        if (cps == max - 1) cut = i;
        if (++cps > max) break;
    }
    if (cps <= max) return std::string(s);
    return std::string(s.substr(0, cut)) + "\xE2\x80\xA6";
}

std::size_t code_points(std::string_view s) {
    std::size_t n = 0;
    for (unsigned char c : s)
        if ((c & 0xC0) != 0x80) ++n;
    return n;
}

/// The numeric value of a cell's text ("" or unparsable = 0).
double value_of(const std::string& s) {
    if (s.empty()) return 0;
    char* end = nullptr;
    double v = std::strtod(s.c_str(), &end);
    return std::isfinite(v) ? v : 0;
}

/// Cell text as a JSON number, as the JSON output writes it ("" = null, no '+').
std::string_view json_number(std::string_view s) {
    return s.empty() ? "null" : json_number_text(s);
}

/// A round upper bound for an axis (1, 2, 5 × 10^k) and its step.
std::pair<double, double> nice_axis(double max, int ticks) {
    if (max <= 0) return {1, 1};
    double raw = max / ticks;
    double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = mag;
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (raw <= m * mag) {
            step = m * mag;
            break;
        }
    if (step < 1 && max >= 1) step = 1;
    return {std::ceil(max / step) * step, step};
}

/// The ` fill="…"` of a bar whose colour differs from its series' (ChartSeries::colors).
void append_fill(std::string& out, const ChartSeries& s, std::size_t i) {
    if (i >= s.colors.size() || s.colors[i].empty()) return;
    out += " fill=\"";
    append_escaped(out, s.colors[i]);
    out += '"';
}

// Bin labels of a histogram (font-size 11): a generous width per character (digits and
// letters of the sans-serif fonts the style sheet names are narrower), the height of a line,
// and the angle of rotated labels.
constexpr double AxisCharWidth = 6.6;
constexpr double AxisLineHeight = 14;
constexpr double AxisAngle = 50 * std::numbers::pi / 180;

/// The step between shown bin labels: a round number (1, 2, 5, 10, 20, 25, 50, …) >= `min`.
std::size_t label_step(std::size_t min) {
    for (std::size_t mag = 1;; mag *= 10)
        for (std::size_t m : {1, 2, 5, 10, 20, 25, 50})
            if (m * mag >= min) return m * mag;
}

/// The first bin label shown when every `step`-th is: for bins that are numbers (years), the
/// one that is a multiple of the step (1750, 1760, …), else the first.
std::size_t first_label(const std::vector<std::string>& labels, std::size_t step) {
    if (step <= 1 || labels.empty()) return 0;
    const std::string& l = labels[0];
    if (l.empty() || l.size() > 9 || l.find_first_not_of("0123456789") != std::string::npos)
        return 0;
    const std::size_t v = std::size_t(std::stoul(l));
    return (step - v % step) % step;
}

std::string tick_label(double v) {
    if (std::fabs(v - std::round(v)) < 1e-9) {
        long long n = std::llround(v);
        if (n >= 1000000 && n % 100000 == 0) return fmt::format("{:g}M", double(n) / 1e6);
        if (n >= 10000 && n % 1000 == 0) return fmt::format("{}k", n / 1000);
        return fmt::format("{}", n);
    }
    return fmt::format("{:g}", v);
}

} // namespace

std::string render_chart(const Chart& c) {
    std::string out;
    out += "<figure class=\"chart\" data-table=\"";
    append_escaped(out, c.table);
    out += '"';
    if (!c.group.empty()) {
        out += " data-group=\"";
        append_escaped(out, c.group);
        out += '"';
    }
    out += "><figcaption>";
    append_escaped(out, c.title);
    out += "</figcaption>\n";

    const std::size_t n = c.labels.size();
    double max = 0;
    for (const auto& s : c.series)
        for (const auto& v : s.values) max = std::max(max, value_of(v));

    std::string labels_json;
    append_json_strings(labels_json, c.labels);

    auto series_open = [&](const ChartSeries& s) {
        out += "<g class=\"series\" data-column=\"";
        append_escaped(out, s.name);
        out += "\" data-values=\"[";
        for (std::size_t i = 0; i < s.values.size(); ++i) {
            if (i) out += ',';
            append_escaped(out, json_number(s.values[i]));
        }
        out += "]\" fill=\"";
        append_escaped(out, s.color);
        out += "\">\n";
    };

    if (n == 0) {
        // Still carry the (empty) data, so that a test finds every chart.
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 600 30\" role=\"img\" "
               "data-labels=\"[]\">";
        for (const auto& s : c.series) {
            series_open(s);
            out += "</g>";
        }
        out += "<text x=\"0\" y=\"20\" font-size=\"13\" fill=\"#5d6573\">no data</text></svg>\n";
        out += "</figure>\n";
        return out;
    }

    const double W = 600;
    const std::size_t ns = std::max<std::size_t>(1, c.series.size());
    if (!c.columns) {
        // Horizontal bars: label | bar | value.
        std::size_t longest = 0;
        for (const auto& l : c.labels) longest = std::max(longest, code_points(shorten(l, 30)));
        const double label_w = std::clamp(double(longest) * 7.0 + 12, 40.0, 220.0);
        std::size_t vlen = 0;
        for (const auto& s : c.series)
            for (const auto& v : s.values) vlen = std::max(vlen, v.size());
        const double value_w = double(vlen + c.value_suffix.size()) * 7.0 + 14;
        const double bar_w = W - label_w - value_w;
        const double sub = ns > 1 ? 13 : 18, row = sub * double(ns) + 8;
        const double H = row * double(n) + 4;
        out += fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" "
                           "role=\"img\" font-size=\"12.5\" data-labels=\"",
                           n2(W), n2(H));
        append_escaped(out, labels_json);
        out += "\">\n";
        out += "<g fill=\"#1d2430\" text-anchor=\"end\">\n";
        for (std::size_t i = 0; i < n; ++i) {
            double y = row * double(i) + row / 2 + 4;
            out += fmt::format("<text x=\"{}\" y=\"{}\">", n2(label_w - 8), n2(y));
            if (code_points(c.labels[i]) > 30) {
                out += "<title>";
                append_escaped(out, c.labels[i]);
                out += "</title>";
            }
            append_escaped(out,
                           c.labels[i].empty() ? std::string("(empty)") : shorten(c.labels[i], 30));
            out += "</text>\n";
        }
        out += "</g>\n";
        out += fmt::format("<line x1=\"{0}\" y1=\"0\" x2=\"{0}\" y2=\"{1}\" stroke=\"#9aa3b0\"/>\n",
                           n2(label_w), n2(H));
        for (std::size_t k = 0; k < c.series.size(); ++k) {
            const ChartSeries& s = c.series[k];
            series_open(s);
            for (std::size_t i = 0; i < n && i < s.values.size(); ++i) {
                double v = value_of(s.values[i]);
                double len = max > 0 ? std::max(0.0, v) / max * bar_w : 0;
                double y = row * double(i) + 4 + sub * double(k);
                // A small count stays visible beside a large one (6 beside 1,610).
                out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"2\"",
                                   n2(label_w), n2(y), n2(std::max(len, v > 0 ? 3.0 : 0.0)),
                                   n2(sub - 3));
                append_fill(out, s, i);
                out += '>';
                out += "<title>";
                append_escaped(out, c.labels[i]);
                if (ns > 1) append_escaped(out, " (" + s.name + ")");
                out += ": ";
                append_escaped(out, s.values[i]);
                out += "</title></rect>";
                out += fmt::format("<text x=\"{}\" y=\"{}\" fill=\"#1d2430\">",
                                   n2(label_w + len + 5), n2(y + sub - 5));
                append_escaped(out, s.values[i]);
                append_escaped(out, c.value_suffix);
                out += "</text>\n";
            }
            out += "</g>\n";
        }
        out += "</svg>\n";
    } else {
        // Vertical columns: y axis with round ticks, bins along x.
        const double left = 52, right = 8, top = 10, plot_h = 190;
        const double plot_w = W - left - right, slot = plot_w / double(n);
        // Bin labels never overlap: level when the widest fits its slot, else rotated; every
        // k-th only when even rotated labels are closer than a line of text.
        std::size_t longest = 0;
        for (const auto& l : c.labels) longest = std::max(longest, code_points(shorten(l, 14)));
        const double label_w = double(longest) * AxisCharWidth;
        const bool rotate = label_w + 6 > slot;
        const double pitch = rotate ? AxisLineHeight / std::sin(AxisAngle) : label_w + 6;
        const std::size_t every = label_step(std::size_t(std::ceil(pitch / slot)));
        const double bottom = rotate ? label_w * std::sin(AxisAngle) + 20 : 26;
        const double H = top + plot_h + bottom;
        auto [ymax, step] = nice_axis(max, 4);
        out += fmt::format("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" "
                           "role=\"img\" font-size=\"11\" data-labels=\"",
                           n2(W), n2(H));
        append_escaped(out, labels_json);
        out += "\">\n";
        out += "<g stroke=\"#e3e7ed\" fill=\"#5d6573\" text-anchor=\"end\">\n";
        for (double t = 0; t <= ymax + step / 2; t += step) {
            double y = top + plot_h - t / ymax * plot_h;
            out += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", n2(left), n2(y),
                               n2(W - right), n2(y));
            out += fmt::format("<text x=\"{}\" y=\"{}\" stroke=\"none\">{}</text>\n", n2(left - 6),
                               n2(y + 4), tick_label(t));
        }
        out += "</g>\n";
        const double gap = slot > 8 ? std::min(6.0, slot * 0.18) : 0.5;
        const double bw = (slot - gap) / double(ns);
        for (std::size_t k = 0; k < c.series.size(); ++k) {
            const ChartSeries& s = c.series[k];
            series_open(s);
            for (std::size_t i = 0; i < n && i < s.values.size(); ++i) {
                double v = std::max(0.0, value_of(s.values[i]));
                double h = max > 0 ? v / ymax * plot_h : 0;
                if (v > 0 && h < 1) h = 1;
                double x = left + slot * double(i) + gap / 2 + bw * double(k);
                out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"", n2(x),
                                   n2(top + plot_h - h), n2(std::max(bw, 0.5)), n2(h));
                append_fill(out, s, i);
                out += '>';
                out += "<title>";
                append_escaped(out, c.labels[i]);
                if (ns > 1) append_escaped(out, " (" + s.name + ")");
                out += ": ";
                append_escaped(out, s.values[i]);
                out += "</title></rect>";
            }
            out += "</g>\n";
        }
        out +=
            fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{1}\" stroke=\"#9aa3b0\"/>\n",
                        n2(left), n2(top + plot_h), n2(W - right));
        out += "<g class=\"axis-labels\" fill=\"#1d2430\">\n";
        for (std::size_t i = first_label(c.labels, every); i < n; i += every) {
            double x = left + slot * (double(i) + 0.5), y = top + plot_h + 14;
            if (rotate)
                out += fmt::format("<text x=\"{0}\" y=\"{1}\" text-anchor=\"end\" "
                                   "transform=\"rotate(-{2} {0} {1})\">",
                                   n2(x + 3), n2(y - 4), n2(AxisAngle * 180 / std::numbers::pi));
            else
                out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">", n2(x), n2(y));
            append_escaped(out, shorten(c.labels[i], 14));
            out += "</text>\n";
        }
        out += "</g>\n</svg>\n";
    }
    std::vector<LegendEntry> legend = c.legend;
    if (legend.empty() && c.series.size() > 1)
        for (const auto& s : c.series) legend.push_back({s.name, s.color});
    if (!legend.empty()) {
        out += "<div class=\"legend\">";
        for (const auto& e : legend) {
            out += "<span data-legend=\"";
            append_escaped(out, e.name);
            out += "\"><i style=\"background:";
            append_escaped(out, e.color);
            out += "\"></i>";
            append_escaped(out, e.name);
            if (!e.detail.empty()) {
                out += ' ';
                append_escaped(out, e.detail);
            }
            out += "</span>";
        }
        out += "</div>\n";
    }
    out += "</figure>\n";
    return out;
}

} // namespace pgnkit::app::html
