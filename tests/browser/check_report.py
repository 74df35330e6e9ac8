#!/usr/bin/env python3
"""Checks for the HTML reports of pgnkit, used by tests/browser/render.sh.

  check_report.py stats HTML JSON        charts equal the tables of `stats --format json`
  check_report.py validate HTML JSON     the by-code chart equals the JSON summary
  check_report.py static HTML            self-contained: no scripts, no external resources
  check_report.py png PNG                the screenshot is not blank (pure Python PNG decoder)

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

    def handle_endtag(self, tag):
        if tag == "figure":
            self.current = None


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
            if chart["labels"] != labels:
                fail(f"chart {table!r}: labels {chart['labels']} != JSON {labels}")
            for col, values in chart["series"].items():
                c = t["columns"].index(col)
                want = [r[c] for r in t["rows"]]
                if values != want:
                    fail(f"chart {table!r}/{col}: {values} != JSON {want}")
                compared += 1
    needed = {"results", "lengths", "ratings", "eco", "dates"}
    have = {t for t, _ in p.charts}
    if not needed <= have:
        fail(f"missing charts: {sorted(needed - have)}")
    print(f"stats: {len(p.charts)} charts, {compared} series equal to the JSON")


def check_validate(html_path, json_path):
    p, text = parse(html_path)
    summary = None
    with open(json_path, encoding="utf-8") as f:
        for line in f:
            obj = json.loads(line)
            if "summary" in obj:
                summary = obj["summary"]
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
    print(f"validate: by_code chart equals the JSON ({len(got)} codes); {games} game blocks, "
          f"{boards} boards, {arrows} arrows")


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
    else:
        fail(f"unknown check {what}")


if __name__ == "__main__":
    main(sys.argv)
