// HTML reports: escaping, inline SVG charts, the page skeleton, and the stats and validate
// pages built from them (see html_report.hpp).

#include "pgnkit/cmd/validate/html_report.hpp"

#include "pgnkit/io/output.hpp"
#include "pgnkit/format/svg_board.hpp"
#include "pgnkit/check/validator.hpp"
#include "pgnkit/chess/bitboard.hpp"
#include "pgnkit/chess/fen.hpp"
#include "pgnkit/chess/san.hpp"
#include "pgnkit/pgn/reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <numbers>
#include <stdexcept>

namespace pgnkit::app {

namespace html {

namespace {

void escape_utf8(std::string& out, std::string_view s) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default:
            if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F)
                out += "\xEF\xBF\xBD"; // U+FFFD
            else
                out += char(c);
        }
    }
}

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
std::string json_number(const std::string& s) {
    if (s.empty()) return "null";
    return s[0] == '+' ? s.substr(1) : s;
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

constexpr std::string_view Style = R"css(
:root{--ink:#1d2430;--muted:#5d6573;--line:#d9dee6;--panel:#fff;--bg:#f4f6f8;
--accent:#3b6ea5;--err:#b3261e;--warn:#9a5b00;--info:#1f6f8b}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--ink);
font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",Arial,sans-serif}
main{max-width:1120px;margin:0 auto;padding:26px 28px 40px}
h1{font-size:27px;margin:0 0 4px;letter-spacing:-.01em}
h2{font-size:20px;margin:30px 0 12px;padding-bottom:5px;border-bottom:2px solid var(--line)}
h3{font-size:16px;margin:0 0 4px}
p.sub{color:var(--muted);margin:0 0 14px}
.cards{display:flex;flex-wrap:wrap;gap:12px;margin:14px 0 6px}
.card{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:9px 16px;
min-width:128px}
.card b{display:block;font-size:23px;font-variant-numeric:tabular-nums}
.card span{color:var(--muted);font-size:13px}
.card.bad b{color:var(--err)}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(440px,1fr));gap:16px}
figure.chart{margin:0;background:var(--panel);border:1px solid var(--line);border-radius:8px;
padding:12px 14px 8px}
figure.chart figcaption{font-weight:600;margin:0 0 6px}
figure.chart svg{display:block;width:100%;max-width:660px;height:auto}
figure.chart .empty{color:var(--muted);font-style:italic}
p.nodata{color:var(--muted);font-style:italic;margin:4px 0}
.legend{display:flex;gap:14px;font-size:12.5px;color:var(--muted);margin:4px 0 0}
.legend i{display:inline-block;width:11px;height:11px;border-radius:2px;margin-right:5px;
vertical-align:-1px}
section.tbl{margin:18px 0 22px}
section.tbl h3 code{font-weight:400;color:var(--muted);font-size:12px;margin-left:6px}
.scroll{overflow-x:auto}
table{border-collapse:collapse;background:var(--panel);font-size:13.5px;margin:4px 0}
th,td{border:1px solid var(--line);padding:4px 9px;text-align:left;vertical-align:top}
th{background:#eaeef3;font-weight:600}
td code{white-space:nowrap}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
p.note{color:var(--muted);font-size:13px;margin:3px 0}
code,.mono{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,"DejaVu Sans Mono",monospace;
font-size:.88em}
.fen{word-break:break-all;color:var(--muted)}
.sev{display:inline-block;min-width:58px;text-align:center;font-size:11px;font-weight:700;
text-transform:uppercase;letter-spacing:.04em;padding:1px 6px;border-radius:4px;color:#fff;
background:var(--info)}
.sev.error{background:var(--err)}
.sev.warning{background:var(--warn)}
.game{background:var(--panel);border:1px solid var(--line);border-left:5px solid var(--err);
border-radius:8px;padding:13px 16px 12px;margin:14px 0;break-inside:avoid;page-break-inside:avoid}
.game .meta{color:var(--muted);font-size:13.5px;margin:0 0 10px}
.game .meta span+span:before{content:"\00b7";margin:0 7px;color:#aab1bc}
.game .body{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
figure.board{margin:0;flex:0 0 auto;width:290px}
figure.board svg{display:block;width:100%;height:auto}
figure.board figcaption{font-size:12.5px;color:var(--muted);margin-top:5px}
ul.diags{list-style:none;margin:0;padding:0;flex:1 1 300px;min-width:0}
ul.diags li{margin:0 0 9px;overflow-wrap:anywhere}
ul.diags .loc{color:var(--muted);font-size:12.5px}
ul.diags .hint{color:var(--muted);font-size:13px;margin-left:64px}
ol.brief{margin:8px 0;padding-left:0;list-style:none;font-size:13.5px}
ol.brief>li{padding:4px 8px;border-bottom:1px solid var(--line);overflow-wrap:anywhere;
break-inside:avoid;page-break-inside:avoid}
ol.brief>li:nth-child(odd){background:#fbfcfd}
ul.dl{list-style:none;margin:3px 0 0;padding:0 0 0 14px}
ul.dl li{margin:2px 0}
ul.dl .loc{color:var(--muted);font-size:12.5px}
ul.dl .sev{min-width:52px;font-size:10px}
ul.dl .hint{color:var(--muted)}
details.valid{background:var(--panel);border:1px solid var(--line);border-left:5px solid var(--warn);
border-radius:8px;padding:8px 14px;margin:12px 0}
details.valid>summary{cursor:pointer;font-weight:600}
.callout{background:#fff7e0;border:1px solid #ead79a;border-radius:8px;padding:8px 12px;
margin:12px 0}
footer{color:var(--muted);font-size:12px;margin-top:36px;border-top:1px solid var(--line);
padding-top:8px}
@page{size:A4;margin:14mm 12mm}
@media print{
body{background:#fff;font-size:10.5pt;-webkit-print-color-adjust:exact;print-color-adjust:exact}
main{max-width:none;padding:0}
h2{break-after:avoid;page-break-after:avoid}
h3{break-after:avoid;page-break-after:avoid}
.charts{display:block}
figure.chart{break-inside:avoid;page-break-inside:avoid;margin:0 0 10px}
figure.chart svg{max-height:95mm}
.scroll{overflow:visible}
tr{break-inside:avoid;page-break-inside:avoid}
.game{border-radius:0;margin:0 0 8mm}
figure.board{width:64mm}
a{color:inherit;text-decoration:none}
}
)css";

} // namespace

void append_escaped(std::string& out, std::string_view s) {
    if (is_valid_utf8(s)) {
        escape_utf8(out, s);
        return;
    }
    std::string u;
    cp1252_to_utf8(s, u);
    escape_utf8(out, u);
}

std::string escape(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 8);
    append_escaped(out, s);
    return out;
}

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

    std::string labels_json = "[";
    for (std::size_t i = 0; i < n; ++i) {
        if (i) labels_json += ',';
        append_json_string(labels_json, c.labels[i]);
    }
    labels_json += ']';

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

std::string page_begin(std::string_view title, std::string_view heading) {
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                      "<meta name=\"generator\" content=\"pgnkit\">\n<title>";
    append_escaped(out, title);
    out += "</title>\n<style>";
    out += Style;
    out += "</style>\n</head>\n<body>\n<main>\n<h1>";
    append_escaped(out, heading);
    out += "</h1>\n";
    return out;
}

std::string page_end() {
    return "<footer>Generated by pgnkit. Self-contained page: no scripts, fonts or external "
           "resources.</footer>\n</main>\n</body>\n</html>\n";
}

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
        for (const auto& note : t.notes) {
            out += "<p class=\"note\">Note: ";
            append_escaped(out, note);
            out += "</p>\n";
        }
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
    for (const auto& note : t.notes) {
        out += "<p class=\"note\">Note: ";
        append_escaped(out, note);
        out += "</p>\n";
    }
    out += "</section>\n";
}

} // namespace html

// ---------------------------------------------------------------------------- stats page

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
        auto card = [&](const std::string& value, std::string_view label, bool bad) {
            out += bad ? "<div class=\"card bad\"><b>" : "<div class=\"card\"><b>";
            html::append_escaped(out, value.empty() ? "–" : value);
            out += "</b><span>";
            html::append_escaped(out, label);
            out += "</span></div>";
        };
        if (games.size() >= 4) {
            card(games[3].text, "games", false);
            card(games[1].text, "valid", false);
            card(games[2].text, "invalid", games[2].text != "0");
        }
        if (s->rows.size() >= 3 && s->rows[2].size() >= 4)
            card(s->rows[2][3].text, "plies per game", false);
        out += "</div>\n";
        for (const auto& note : s->notes) {
            out += "<p class=\"note\">Note: ";
            html::append_escaped(out, note);
            out += "</p>\n";
        }
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

/// The input files, each in <code>, separated by commas (`-` as "(stdin)").
void append_inputs(std::string& out, const std::vector<std::string>& inputs) {
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (i) out += ", ";
        out += "<code>";
        html::append_escaped(out, inputs[i] == "-" ? "(stdin)" : inputs[i]);
        out += "</code>";
    }
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
        append_inputs(out, inputs);
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

// ------------------------------------------------------------------------- validate page

using namespace chess;

AttemptedMove find_attempted_move(const Position& pos, std::string_view token,
                                  std::string_view piece_letters) {
    AttemptedMove am;
    San san;
    SanParseOptions po;
    po.piece_letters = piece_letters;
    if (!parse_san(token, san, po)) return am;
    const Color us = pos.side_to_move();
    if (san.kind == San::Kind::Null) return am;
    if (san.kind == San::Kind::CastleKing || san.kind == San::Kind::CastleQueen) {
        CastleSide side = san.kind == San::Kind::CastleKing ? CastleSide::King : CastleSide::Queen;
        am.to = Position::castle_king_to(us, side);
        if (pos.king_square(us) != NoSquare) am.from.push_back(pos.king_square(us));
        return am;
    }
    am.to = san.to;
    if (am.to == NoSquare) return am;
    // A legal move (the diagnostic is about something else) or an ambiguous one.
    SanResolution res = resolve_san(pos, san, false);
    if (res.ok && !res.move.is_null()) {
        am.from.push_back(res.move.from());
        return am;
    }
    if (res.origins) {
        for (Bitboard b = res.origins; b;) am.from.push_back(pop_lsb(b));
        return am;
    }
    // The written origin square of LAN / UCI.
    if (san.from_file >= 0 && san.from_rank >= 0) {
        am.from.push_back(make_square(san.from_file, san.from_rank));
        return am;
    }
    // Pieces of the named type that attack (pawns: reach) the target.
    const Bitboard occ = pos.pieces();
    Bitboard cand = 0;
    switch (san.piece) {
    case PieceType::Knight: cand = knight_attacks(am.to); break;
    case PieceType::Bishop: cand = bishop_attacks(am.to, occ); break;
    case PieceType::Rook: cand = rook_attacks(am.to, occ); break;
    case PieceType::Queen: cand = queen_attacks(am.to, occ); break;
    case PieceType::King: cand = king_attacks(am.to); break;
    case PieceType::Pawn: {
        const int dir = us == Color::White ? -1 : 1; // towards our side
        const int r = rank_of(am.to), f = file_of(am.to);
        if (san.capture || (san.from_file >= 0 && san.from_file != f)) {
            cand = pawn_attacks(~us, am.to);
        } else if (r + dir >= 0 && r + dir <= 7) {
            Square one = make_square(f, r + dir);
            if (!pos.empty(one))
                cand = bb(one);
            else if (r + 2 * dir >= 0 && r + 2 * dir <= 7)
                cand = bb(make_square(f, r + 2 * dir));
        }
        break;
    }
    default: break;
    }
    if (san.piece == PieceType::None) return am;
    cand &= pos.pieces(us, san.piece);
    for (Bitboard b = cand; b;) {
        Square s = pop_lsb(b);
        if (san.from_file >= 0 && file_of(s) != san.from_file) continue;
        if (san.from_rank >= 0 && rank_of(s) != san.from_rank) continue;
        am.from.push_back(s);
    }
    return am;
}

namespace {

/// Text from a game: transcoded from Latin-1 when the game is not UTF-8, then escaped.
void append_game_text(std::string& out, std::string_view s, bool utf8) {
    if (utf8) {
        html::append_escaped(out, s);
        return;
    }
    std::string u;
    cp1252_to_utf8(s, u);
    html::append_escaped(out, u);
}

bool shown(const Diagnostic& d, bool show_info) {
    return d.severity == Severity::Error || d.severity == Severity::Warning ||
           (d.severity == Severity::Info && show_info);
}

std::string_view sev_class(Severity s) {
    return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "info";
}

/// "12." or "12..." from a FEN (fullmove and side fields), "" if not found.
std::string move_number(std::string_view fen) {
    std::vector<std::string_view> f;
    std::size_t b = 0;
    while (b < fen.size()) {
        std::size_t e = fen.find(' ', b);
        if (e == std::string_view::npos) e = fen.size();
        if (e > b) f.push_back(fen.substr(b, e - b));
        b = e + 1;
    }
    if (f.size() < 2) return {};
    std::string n = f.size() >= 6 ? std::string(f[5]) : std::string("?");
    return n + (f[1] == "b" ? "..." : ".");
}

void append_players(std::string& out, const GameInfo& info, bool utf8) {
    append_game_text(out, info.white.empty() ? std::string_view("?") : info.white, utf8);
    out += " – ";
    append_game_text(out, info.black.empty() ? std::string_view("?") : info.black, utf8);
}

bool has_value(const std::string& s) { return !s.empty() && s != "?" && s != "-"; }

/// One diagnostic as a list item of the brief form: severity, location, code, message.
void append_diagnostic_item(std::string& b, const Diagnostic& d, std::string_view file, bool utf8) {
    b += fmt::format("<li><span class=\"sev {0}\">{0}</span> <span class=\"loc mono\">",
                     sev_class(d.severity));
    html::append_escaped(b, file);
    b += fmt::format(":{}:{}", d.loc.line, d.loc.column);
    if (d.ply > 0) b += fmt::format(", ply {}", d.ply);
    b += fmt::format("</span> <code>{}</code> ", code_name(d.code));
    append_game_text(b, d.message, utf8);
    if (!d.suggestion.empty()) {
        b += " <span class=\"hint\">(did you mean: ";
        html::append_escaped(b, d.suggestion);
        b += ")</span>";
    }
    b += "</li>\n";
}

} // namespace

HtmlBlock render_text_between_games(std::string_view file, const Diagnostic& d, bool utf8) {
    HtmlBlock block;
    block.valid = true;
    block.between_games = true;
    block.listed = 1;
    block.brief = "<li><b>Text between games</b>\n<ul class=\"dl\">\n";
    append_diagnostic_item(block.brief, d, file, utf8);
    block.brief += "</ul></li>\n";
    return block;
}

HtmlBlock render_validate_game(const HtmlGameInput& g) {
    HtmlBlock block;
    static const GameInfo no_info{};
    static const std::vector<Diagnostic> no_diags;
    const GameInfo& info = g.info ? *g.info : no_info;
    const auto& diags = g.diagnostics ? *g.diagnostics : no_diags;
    const Diagnostic* first_error = nullptr;
    const Diagnostic* board_diag = nullptr;
    for (const auto& d : diags) {
        if (d.severity != Severity::Error) continue;
        if (!first_error) first_error = &d;
        if (!board_diag && !d.fen.empty()) board_diag = &d;
    }
    const Diagnostic* lead = first_error ? first_error : (diags.empty() ? nullptr : &diags[0]);

    block.valid = first_error == nullptr;
    for (const auto& d : diags) block.listed += shown(d, g.show_info);
    if (block.valid && block.listed == 0) return block; // nothing to show

    // The brief form: the game, then every diagnostic shown, each with its location.
    std::string& b = block.brief;
    b += fmt::format("<li id=\"game-{}\"><b>Game {}</b> ", g.index, g.number);
    append_players(b, info, g.utf8);
    if (has_value(info.round)) {
        b += ", round ";
        append_game_text(b, info.round, g.utf8);
    }
    if (has_value(info.event)) {
        b += " · ";
        append_game_text(b, info.event, g.utf8);
    }
    b += "\n<ul class=\"dl\">\n";
    for (const auto& d : diags)
        if (shown(d, g.show_info)) append_diagnostic_item(b, d, g.file, g.utf8);
    b += "</ul></li>\n";
    if (!g.board || block.valid) return block;

    // The full block.
    std::string& o = block.full;
    o += fmt::format("<section class=\"game\" id=\"game-{}\">\n<h3>Game {}: ", g.index, g.number);
    append_players(o, info, g.utf8);
    o += "</h3>\n<p class=\"meta\">";
    if (has_value(info.event)) {
        o += "<span>";
        append_game_text(o, info.event, g.utf8);
        o += "</span>";
    }
    if (has_value(info.round)) {
        o += "<span>Round ";
        append_game_text(o, info.round, g.utf8);
        o += "</span>";
    }
    if (lead) {
        o += "<span class=\"mono\">";
        html::append_escaped(o, g.file);
        o += fmt::format(":{}:{}</span>", lead->loc.line, lead->loc.column);
    }
    o += "</p>\n<div class=\"body\">\n";
    if (board_diag) {
        auto parsed = parse_fen(board_diag->fen, FenParseOptions{true, true});
        if (parsed) {
            const Position& pos = parsed.value().position;
            AttemptedMove am = find_attempted_move(pos, board_diag->token, g.piece_letters);
            SvgOptions so;
            so.id_prefix = fmt::format("g{}-", g.index);
            so.square_size = 40;
            std::string move = move_number(board_diag->fen);
            std::string token;
            append_game_text(token, board_diag->token, g.utf8);
            so.title = fmt::format("Position before {} {}", move, board_diag->token);
            if (am.to != NoSquare) so.highlights.push_back(am.to);
            for (Square f : am.from) so.arrows.push_back({f, am.to, "#c62828"});
            o += "<figure class=\"board\" data-arrows=\"";
            o += fmt::format("{}\" data-target=\"", am.from.size());
            if (am.to != NoSquare) o += square_name(am.to);
            o += "\">\n";
            // svg_board escapes the title itself; the rest is our own markup.
            std::string svg = svg_board(pos, so);
            o += svg;
            o += "<figcaption>Before <b>";
            o += move;
            o += ' ';
            o += token;
            o += "</b> (";
            o += pos.side_to_move() == Color::White ? "White" : "Black";
            o += " to move)";
            if (am.from.empty() && am.to != NoSquare)
                o += "; no piece found that could make it: target square marked";
            else if (!am.from.empty())
                o += "; the attempted move is drawn as an arrow";
            o += ".<br><span class=\"fen mono\">";
            html::append_escaped(o, board_diag->fen);
            o += "</span></figcaption>\n</figure>\n";
        }
    }
    o += "<ul class=\"diags\">\n";
    for (const auto& d : diags) {
        if (!shown(d, g.show_info)) continue;
        o += fmt::format("<li><span class=\"sev {0}\">{0}</span> <code>{1}</code> ",
                         sev_class(d.severity), code_name(d.code));
        append_game_text(o, d.message, g.utf8);
        o += "<br><span class=\"loc mono\">";
        html::append_escaped(o, g.file);
        o += fmt::format(":{}:{}", d.loc.line, d.loc.column);
        if (d.ply > 0) o += fmt::format(", ply {}", d.ply);
        o += "</span>";
        if (!d.suggestion.empty()) {
            o += "<br><span class=\"hint\">did you mean: ";
            html::append_escaped(o, d.suggestion);
            o += "</span>";
        }
        o += "</li>\n";
    }
    o += "</ul>\n</div>\n</section>\n";
    return block;
}

ValidateHtmlReport::ValidateHtmlReport(std::string path, std::size_t max_boards,
                                       std::vector<std::string> inputs)
    : file_(std::make_unique<OutputFile>(path)), max_boards_(max_boards),
      inputs_(std::move(inputs)) {
    spool_ = std::tmpfile();
    valid_spool_ = std::tmpfile();
    if (!spool_ || !valid_spool_)
        throw std::runtime_error("cannot create a temporary file for the HTML report");
}

ValidateHtmlReport::~ValidateHtmlReport() {
    if (spool_) std::fclose(spool_);
    if (valid_spool_) std::fclose(valid_spool_);
}

void ValidateHtmlReport::add(const HtmlBlock& block) {
    if (block.valid) {
        if (block.brief.empty()) return;
        ++(block.between_games ? between_games_ : valid_games_);
        valid_listed_ += block.listed;
        if (std::fwrite(block.brief.data(), 1, block.brief.size(), valid_spool_) !=
                block.brief.size() &&
            error_.empty())
            error_ = "cannot write the temporary file of the HTML report";
        return;
    }
    ++games_;
    const std::string* text = &block.brief;
    std::string buf;
    if (full_.load(std::memory_order_relaxed) < max_boards_ && !block.full.empty()) {
        full_.fetch_add(1, std::memory_order_relaxed);
        text = &block.full;
    } else {
        if (!in_list_) {
            buf = "<h2 id=\"more\">Further invalid games (no board)</h2>\n"
                  "<ol class=\"brief\">\n";
            in_list_ = true;
        }
        ++brief_;
    }
    buf += *text;
    if (std::fwrite(buf.data(), 1, buf.size(), spool_) != buf.size() && error_.empty())
        error_ = "cannot write the temporary file of the HTML report";
}

namespace {

/// A severity's colour (the style sheet's --err, --warn, --info).
std::string_view sev_color(Severity s) {
    return s == Severity::Error ? "#b3261e" : s == Severity::Warning ? "#c47f00" : "#1f6f8b";
}

/// Copies a spool file to the report; false if it cannot be read.
bool copy_spool(OutputFile& file, std::FILE* spool) {
    std::rewind(spool);
    std::string buf(1 << 16, '\0');
    std::size_t got;
    while ((got = std::fread(buf.data(), 1, buf.size(), spool)) > 0)
        file.write(std::string_view(buf.data(), got));
    return !std::ferror(spool);
}

} // namespace

std::string ValidateHtmlReport::finish(const ValidateStats& s, bool show_info,
                                       const SeverityTable& severities) {
    if (!error_.empty()) return error_;
    std::string out = html::page_begin("pgnkit validate report", "Validation report");
    out += "<p class=\"sub\">Input: ";
    append_inputs(out, inputs_);
    out += ".</p>\n<div class=\"cards\">";
    auto card = [&](std::uint64_t v, std::string_view label, bool bad) {
        out += fmt::format("<div class=\"card{}\"><b>{}</b><span>{}</span></div>",
                           bad && v ? " bad" : "", v, label);
    };
    card(s.files, s.files == 1 ? "file" : "files", false);
    card(s.games, "games", false);
    card(s.valid, "valid", false);
    card(s.invalid, "invalid", true);
    card(s.errors, s.errors == 1 ? "error" : "errors", true);
    card(s.warnings, s.warnings == 1 ? "warning" : "warnings", false);
    if (s.infos) card(s.infos, s.infos == 1 ? "note" : "notes", false);
    out += "</div>\n<h2>Summary by code</h2>\n";
    // The codes by count (largest first; ties: the more severe first, then code order), each
    // bar in its severity's colour, so that a few errors stand out beside many warnings.
    std::vector<int> codes;
    for (int i = 0; i < code_count; ++i)
        if (s.by_code[std::size_t(i)]) codes.push_back(i);
    std::stable_sort(codes.begin(), codes.end(), [&](int a, int b) {
        if (s.by_code[std::size_t(a)] != s.by_code[std::size_t(b)])
            return s.by_code[std::size_t(a)] > s.by_code[std::size_t(b)];
        return severities.get(Code(a)) > severities.get(Code(b));
    });
    html::Chart chart;
    chart.table = "by_code";
    chart.title = "Diagnostics by code";
    html::ChartSeries series;
    series.name = "count";
    series.color = "#5b6f8c";
    std::array<std::uint64_t, 4> per_severity{};
    std::string rows;
    for (int i : codes) {
        std::uint64_t n = s.by_code[std::size_t(i)];
        const CodeInfo& ci = code_info(Code(i));
        const Severity sev = severities.get(Code(i));
        per_severity[std::size_t(sev)] += n;
        chart.labels.emplace_back(ci.name);
        series.values.push_back(fmt::format("{}", n));
        series.colors.emplace_back(sev_color(sev));
        rows += fmt::format("<tr><td><code>{}</code></td><td><span class=\"sev {}\">{}</span></td>"
                            "<td class=\"n\">{}</td><td>",
                            ci.name, sev_class(sev), severity_name(sev), n);
        html::append_escaped(rows, ci.explanation);
        rows += "</td></tr>\n";
    }
    chart.series.push_back(std::move(series));
    for (Severity sev : {Severity::Error, Severity::Warning, Severity::Info})
        if (per_severity[std::size_t(sev)])
            chart.legend.push_back({std::string(severity_name(sev)), std::string(sev_color(sev)),
                                    fmt::format("({})", per_severity[std::size_t(sev)])});
    if (rows.empty()) {
        out += "<p>No diagnostics: every game is valid.</p>\n";
    } else {
        out += "<div class=\"charts\">";
        out += html::render_chart(chart);
        out += "</div>\n<div class=\"scroll\"><table>\n<thead><tr><th>code</th><th>severity"
               "</th><th class=\"n\">count</th><th>explanation</th></tr></thead>\n"
               "<tbody>\n";
        out += rows;
        out += "</tbody></table></div>\n<p class=\"note\">Counts include every diagnostic (also "
               "those of valid games, listed <a href=\"#warnings\">below</a>).</p>\n";
    }
    out += fmt::format("<h2 id=\"games\">Invalid games ({})</h2>\n", games_);
    if (games_ == 0)
        out += "<p>No invalid games.</p>\n";
    else if (brief_)
        out += fmt::format("<p class=\"callout\">The first {} invalid game{} are shown with a "
                           "board of the position before the offending move; the other {} are "
                           "<a href=\"#more\">listed without a board</a> below (limit set by "
                           "<code>--html-max</code>).</p>\n",
                           games_ - brief_, games_ - brief_ == 1 ? "" : "s", brief_);
    if (!show_info && s.infos)
        out += "<p class=\"note\">Notes (info-level diagnostics) are not listed; use "
               "<code>--verbose</code>.</p>\n";

    try {
        OutputFile& file = *file_;
        file.write(out);
        if (!copy_spool(file, spool_)) return "cannot read the temporary file of the HTML report";
        out = in_list_ ? "</ol>\n" : "";
        out += fmt::format("<h2 id=\"warnings\">Valid games with {} ({})</h2>\n",
                           show_info ? "warnings or notes" : "warnings", valid_games_);
        if (valid_games_ + between_games_ == 0) {
            out += fmt::format("<p>No valid game has {}.</p>\n",
                               show_info ? "a warning or a note" : "a warning");
        } else {
            std::string what =
                fmt::format("{} valid game{}", valid_games_, valid_games_ == 1 ? "" : "s");
            if (between_games_)
                what += fmt::format(" and {} passage{} of text between games", between_games_,
                                    between_games_ == 1 ? "" : "s");
            out += fmt::format("<details class=\"valid\"><summary>{}, with {} diagnostic{}: "
                               "click to show or hide</summary>\n<ol class=\"brief\">\n",
                               what, valid_listed_, valid_listed_ == 1 ? "" : "s");
            file.write(out);
            if (!copy_spool(file, valid_spool_))
                return "cannot read the temporary file of the HTML report";
            out = "</ol>\n</details>\n";
        }
        out += html::page_end();
        file.write(out);
        if (!file.error().empty()) return file.error();
        file.commit();
    } catch (const std::exception& e) {
        return e.what();
    }
    return {};
}

} // namespace pgnkit::app
