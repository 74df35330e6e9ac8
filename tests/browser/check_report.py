#!/usr/bin/env python3
"""Checks for the HTML reports of pgnkit, used by tests/browser/render.sh.

  check_report.py stats HTML JSON        charts equal the tables of `stats --format json`;
                                         histograms keep their empty bins
  check_report.py validate HTML JSON     the by-code chart equals the JSON summary; every
                                         error and warning of the JSON lines is listed with
                                         its location (valid games' too)
  check_report.py static HTML            self-contained: no scripts, no external resources
  check_report.py png PNG                the screenshot is not blank (pure Python PNG decoder)
  check_report.py inject HTML OUT JS     OUT = HTML with the script JS at the end of <body>
  check_report.py measured-stats DOM JSON      what measure.js found in the browser (DOM from
  check_report.py measured-validate DOM JSON   --dump-dom): no overlapping or clipped chart
                                         text, a rect per bin, "no data" for empty tables; the
                                         by-code bars ordered by count, coloured by severity,
                                         the valid games' section collapsed and opening

Exit status 0 when the check passes; a message on stderr otherwise.
"""
import html.parser
import json
import struct
import sys
import zlib


class Charts(html.parser.HTMLParser):
    """Collects every chart: (table, group) -> {column: values}, and the labels."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.charts = {}
        self.current = None
        self.tags = []
        self.external = []
        self.listed = []  # (location, code) of each diagnostic in a game's list
        self.lists = []  # open <ul>/<ol>: is it a list of diagnostics
        self.item = None  # the diagnostic <li> being read: {"loc": ..., "code": ...}
        self.field = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append(tag)
        if tag == "figure" and "chart" in (a.get("class") or "").split():
            self.current = (a.get("data-table"), a.get("data-group", ""))
            self.charts[self.current] = {"labels": None, "series": {}}
        elif tag == "svg" and self.current and "data-labels" in a:
            self.charts[self.current]["labels"] = json.loads(a["data-labels"])
        elif tag == "g" and self.current and "data-values" in a:
            self.charts[self.current]["series"][a["data-column"]] = json.loads(a["data-values"])
        for k in ("src", "href", "xlink:href", "action", "poster", "data"):
            v = a.get(k)
            if v and not v.startswith("#"):
                self.external.append(f"<{tag} {k}={v}>")
        if "style" in a and "url(" in a["style"]:
            self.external.append(f"<{tag} style={a['style']}>")
        classes = (a.get("class") or "").split()
        if tag in ("ul", "ol"):
            self.lists.append("diags" in classes or "dl" in classes)
        elif tag == "li" and self.lists and self.lists[-1]:
            self.item = {"loc": "", "code": ""}
        elif self.item is not None and tag == "span" and "loc" in classes:
            self.field = "loc"
        elif self.item is not None and tag == "code" and not self.item["code"]:
            self.field = "code"

    def handle_data(self, data):
        if self.item is not None and self.field:
            self.item[self.field] += data

    def handle_endtag(self, tag):
        if tag == "figure":
            self.current = None
        elif tag in ("span", "code"):
            self.field = None
        elif tag == "li" and self.item is not None:
            self.listed.append((self.item["loc"].split(", ply")[0], self.item["code"]))
            self.item = None
        elif tag in ("ul", "ol") and self.lists:
            self.lists.pop()


def parse(path):
    p = Charts()
    with open(path, encoding="utf-8") as f:  # must be valid UTF-8
        text = f.read()
    p.feed(text)
    return p, text


def fail(msg):
    print(f"check_report: {msg}", file=sys.stderr)
    sys.exit(1)


def check_stats(html_path, json_path):
    p, _ = parse(html_path)
    with open(json_path, encoding="utf-8") as f:
        doc = json.load(f)
    groups = [("", doc["tables"])] if doc.get("by") is None else [
        (g["key"], g["tables"]) for g in doc["groups"]]
    compared = 0
    for key, tables in groups:
        by_name = {t["name"]: t for t in tables}
        for (table, group), chart in p.charts.items():
            if group != key:
                continue
            t = by_name.get(table)
            if t is None:
                fail(f"chart {table!r} has no table in the JSON")
            labels = [r[0] for r in t["rows"]]
            rows = t["rows"]
            if table == "dates":
                # The chart adds the periods without games as bars of 0; the JSON lists only
                # the periods with games, so compare the chart without its zero bars (and
                # check below that every year is there).
                present = set(labels)
                keep = [i for i, label in enumerate(chart["labels"]) if label in present]
                for i, label in enumerate(chart["labels"]):
                    if label not in present and any(v[i] != 0 for v in chart["series"].values()):
                        fail(f"chart 'dates': {label} is not in the JSON but has games")
                years = [int(x) for x in chart["labels"] if x.isdigit()]
                if not t["notes"] and any(b - a != 1 for a, b in zip(years, years[1:])):
                    fail(f"dates chart: a year is missing: {chart['labels']}")
                chart = {"labels": [chart["labels"][i] for i in keep],
                         "series": {c: [v[i] for i in keep] for c, v in chart["series"].items()}}
            if chart["labels"] != labels:
                fail(f"chart {table!r}: labels {chart['labels']} != JSON {labels}")
            for col, values in chart["series"].items():
                c = t["columns"].index(col)
                want = [r[c] for r in rows]
                if values != want:
                    fail(f"chart {table!r}/{col}: {values} != JSON {want}")
                compared += 1
    needed = {"results", "lengths", "ratings", "eco", "dates"}
    have = {t for t, _ in p.charts}
    if not needed <= have:
        fail(f"missing charts: {sorted(needed - have)}")
    # Histograms keep their empty bins: Elo bins 100 apart (years: in the chart, above).
    for _, tables in groups:
        for t in tables:
            labels = [r[0] for r in t["rows"]]
            if t["name"] == "ratings":
                lows = [int(x.split("-")[0]) for x in labels if x[:1].isdigit() and "-" in x]
                if any(b - a != 100 for a, b in zip(lows, lows[1:])):
                    fail(f"ratings: a bin is missing: {labels}")
    print(f"stats: {len(p.charts)} charts, {compared} series equal to the JSON, "
          "histograms without missing bins")


def check_validate(html_path, json_path):
    p, text = parse(html_path)
    summary = None
    diagnostics = []
    with open(json_path, encoding="utf-8") as f:
        for line in f:
            obj = json.loads(line)
            if "summary" in obj:
                summary = obj["summary"]
            elif obj.get("severity") in ("error", "warning"):
                diagnostics.append(obj)
    if summary is None:
        fail("no summary in the validate JSON")
    chart = p.charts.get(("by_code", ""))
    if chart is None:
        fail("no by_code chart")
    got = dict(zip(chart["labels"], chart["series"]["count"]))
    if got != summary["by_code"]:
        fail(f"by_code chart {got} != JSON {summary['by_code']}")
    games = text.count('<section class="game"')
    boards = text.count('<figure class="board"')
    arrows = text.count('class="arrow"')
    if summary["invalid"] and games == 0:
        fail("no game blocks")
    # Every error and warning is listed with its location, those of valid games too.
    listed = set(p.listed)
    missing = [d for d in diagnostics
               if (f"{d['file']}:{d['line']}:{d['column']}", d["code"]) not in listed]
    if missing:
        fail(f"{len(missing)} of {len(diagnostics)} diagnostics are not listed, e.g. "
             f"{missing[0]['file']}:{missing[0]['line']}:{missing[0]['column']} "
             f"{missing[0]['code']}")
    if "<details class=\"valid\">" not in text and any(
            d["severity"] == "warning" for d in diagnostics):
        fail("no collapsible section of the valid games' warnings")
    print(f"validate: by_code chart equals the JSON ({len(got)} codes); {games} game blocks, "
          f"{boards} boards, {arrows} arrows; all {len(diagnostics)} errors and warnings "
          "listed with their location")


def check_static(html_path):
    p, text = parse(html_path)
    if '<meta charset="utf-8">' not in text:
        fail("no <meta charset=\"utf-8\">")
    if "script" in p.tags:
        fail("the page has a <script> element")
    for tag in ("link", "img", "iframe", "object", "embed", "image", "use"):
        if tag in p.tags and tag != "use":
            fail(f"the page has a <{tag}> element")
    if p.external:
        fail(f"external references: {p.external[:5]}")
    if "@page" not in text or "@media print" not in text:
        fail("no print style sheet")


def png_pixels(path):
    """Decodes an 8-bit RGB/RGBA PNG (non-interlaced): width, height, channels, rows."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path}: not a PNG")
    pos, idat = 8, []
    width = height = ctype = None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                fail(f"{path}: unsupported PNG (depth {depth}, type {ctype})")
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    ch = 3 if ctype == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * ch
    prev = bytearray(stride)
    rows = []
    i = 0
    for _ in range(height):
        ft = raw[i]
        cur = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        if ft == 1:
            for x in range(ch, stride):
                cur[x] = (cur[x] + cur[x - ch]) & 255
        elif ft == 2:
            cur = bytearray((a + b) & 255 for a, b in zip(cur, prev))
        elif ft == 3:
            for x in range(stride):
                left = cur[x - ch] if x >= ch else 0
                cur[x] = (cur[x] + ((left + prev[x]) >> 1)) & 255
        elif ft == 4:
            for x in range(stride):
                a = cur[x - ch] if x >= ch else 0
                b = prev[x]
                c = prev[x - ch] if x >= ch else 0
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                cur[x] = (cur[x] + pr) & 255
        rows.append(cur)
        prev = cur
    return width, height, ch, rows


def check_png(path):
    w, h, ch, rows = png_pixels(path)
    colours = set()
    ink = 0  # pixels clearly not background (page background is near-white)
    for r in rows[::2]:
        for x in range(0, w * ch, ch * 2):
            px = bytes(r[x:x + 3])
            colours.add(px)
            if sum(px) < 600:
                ink += 1
    sampled = ((h + 1) // 2) * ((w + 1) // 2)
    share = ink / sampled
    print(f"{path}: {w}x{h}, {len(colours)} distinct colours (sampled), "
          f"{100 * share:.1f}% non-background pixels")
    if len(colours) < 50:
        fail(f"{path}: looks blank ({len(colours)} colours)")
    if share < 0.02:
        fail(f"{path}: looks blank ({100 * share:.2f}% ink)")


def inject(html_path, out_path, js_path):
    with open(html_path, encoding="utf-8") as f:
        text = f.read()
    with open(js_path, encoding="utf-8") as f:
        js = f.read()
    at = text.rindex("</body>")
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(text[:at] + "<script>\n" + js + "</script>\n" + text[at:])


def measured(dom_path):
    with open(dom_path, encoding="utf-8") as f:
        text = f.read()
    start = text.rfind('<pre id="pgnkit-measure">')
    if start < 0:
        fail(f"{dom_path}: measure.js left no result (did the script run?)")
    start = text.index(">", start) + 1
    return json.loads(html.unescape(text[start:text.index("</pre>", start)]))


def check_measured_common(m, name):
    if not m["charts"]:
        fail(f"{name}: the browser found no chart")
    if m["overlaps"]:
        fail(f"{name}: chart texts overlap in the browser: {m['overlaps'][:5]}")
    if m["clipped"]:
        fail(f"{name}: chart texts stick out of their chart: {m['clipped'][:5]}")
    for c in m["charts"]:
        for s in c["series"]:
            if len(s["rects"]) != len(c["labels"]):
                fail(f"{name}: chart {c['table']}/{s['column']} draws {len(s['rects'])} bars "
                     f"for {len(c['labels'])} bins")


def check_measured_stats(dom_path, json_path):
    m = measured(dom_path)
    check_measured_common(m, "stats")
    with open(json_path, encoding="utf-8") as f:
        doc = json.load(f)
    tables = doc["tables"] if doc.get("by") is None else [
        t for g in doc["groups"] for t in g["tables"]]
    empty = sorted({t["name"] for t in tables if not t["rows"]})
    for t in m["tables"]:
        name = t["id"][2:]  # "t-NAME"
        if name in empty and (t["nodata"] != 1 or t["header"] or t["rows"]):
            fail(f"stats: empty table {name} does not say 'no data' (or shows a header): {t}")
    labels = sum(c["axis_labels"] for c in m["charts"])
    print(f"stats (browser): {len(m['charts'])} charts, {labels} bin labels, no text overlaps "
          f"or sticks out; a bar per bin; empty tables say no data: {empty}")


def check_measured_validate(dom_path, json_path):
    m = measured(dom_path)
    check_measured_common(m, "validate")
    severity = {}
    with open(json_path, encoding="utf-8") as f:
        for line in f:
            obj = json.loads(line)
            if "code" in obj:
                severity[obj["code"]] = obj["severity"]
    chart = next((c for c in m["charts"] if c["table"] == "by_code"), None)
    if chart is None:
        fail("validate: no by_code chart in the browser")
    widths = [r["width"] for r in chart["series"][0]["rects"]]
    if any(b > a + 0.01 for a, b in zip(widths, widths[1:])):
        fail(f"validate: by_code bars not ordered by count: {widths}")
    legend = {e["name"]: e["color"] for e in chart["legend"]}
    checked = 0
    for code, rect in zip(chart["labels"], chart["series"][0]["rects"]):
        sev = severity.get(code)
        if sev is None:
            continue
        if legend.get(sev) is None or rect["fill"] != legend[sev]:
            fail(f"validate: bar {code} ({sev}) is {rect['fill']}, legend says {legend}")
        checked += 1
    if len(set(legend.values())) != len(legend):
        fail(f"validate: severities share a colour: {legend}")
    d = m["details"]
    if d is None:
        fail("validate: no collapsible section of valid games in the browser")
    if (not d["closed"] or d["shown_before"] or not d["shown_after"] or d["before"] > 80
            or d["after"] < d["before"] + 20 * min(d["items"], 10) or d["items"] == 0):
        fail(f"validate: the valid games' section does not open and close: {d}")
    print(f"validate (browser): by_code bars ordered by count, {checked} coloured by severity "
          f"{legend}; the section of {d['items']} valid games is collapsed and opens "
          f"({d['after']:.0f} px)")


def main(argv):
    if len(argv) < 3:
        fail(__doc__)
    what = argv[1]
    if what == "stats":
        check_stats(argv[2], argv[3])
    elif what == "validate":
        check_validate(argv[2], argv[3])
    elif what == "static":
        check_static(argv[2])
    elif what == "png":
        check_png(argv[2])
    elif what == "inject":
        inject(argv[2], argv[3], argv[4])
    elif what == "measured-stats":
        check_measured_stats(argv[2], argv[3])
    elif what == "measured-validate":
        check_measured_validate(argv[2], argv[3])
    else:
        fail(f"unknown check {what}")


if __name__ == "__main__":
    main(sys.argv)
