#include "pgnkit/format/html_page.hpp"

#include "pgnkit/format/html.hpp"

namespace pgnkit::app::html {

namespace {

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

void append_inputs(std::string& out, const std::vector<std::string>& inputs) {
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (i) out += ", ";
        out += "<code>";
        append_escaped(out, inputs[i] == "-" ? "(stdin)" : inputs[i]);
        out += "</code>";
    }
}

void append_card(std::string& out, std::string_view value, std::string_view label, bool bad) {
    out += bad ? "<div class=\"card bad\"><b>" : "<div class=\"card\"><b>";
    append_escaped(out, value.empty() ? "–" : value);
    out += "</b><span>";
    append_escaped(out, label);
    out += "</span></div>";
}

} // namespace pgnkit::app::html
