// Measures a rendered pgnkit HTML report in the browser; tests/browser/render.sh injects it
// into a copy of the page (the report itself has no scripts) and reads the result from the
// DOM that `chromium --dump-dom` prints: <pre id="pgnkit-measure">JSON</pre>.
(function () {
  "use strict";
  const out = { charts: [], overlaps: [], clipped: [], details: null, tables: [] };
  // The four corners of an SVG element's box on the screen (rotation included).
  function corners(el) {
    const b = el.getBBox(), m = el.getScreenCTM();
    return [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height],
            [b.x, b.y + b.height]].map(([x, y]) => [m.a * x + m.c * y + m.e,
                                                    m.b * x + m.d * y + m.f]);
  }
  // Whether two convex polygons overlap by more than a hair (separating axis theorem).
  function overlap(p, q) {
    const edges = (s) => s.map((a, i) => {
      const b = s[(i + 1) % s.length];
      return [a[1] - b[1], b[0] - a[0]];
    });
    for (const [ax, ay] of edges(p).concat(edges(q))) {
      const len = Math.hypot(ax, ay) || 1;
      const proj = (s) => s.map(([x, y]) => (x * ax + y * ay) / len);
      const a = proj(p), b = proj(q);
      if (Math.max(...a) <= Math.min(...b) + 0.5 || Math.max(...b) <= Math.min(...a) + 0.5)
        return false;
    }
    return true;
  }
  for (const fig of document.querySelectorAll("figure.chart")) {
    const svg = fig.querySelector("svg");
    const chart = {
      table: fig.dataset.table, group: fig.dataset.group || "",
      labels: JSON.parse(svg.dataset.labels),
      series: [...fig.querySelectorAll("g.series")].map((g) => ({
        column: g.dataset.column,
        rects: [...g.querySelectorAll("rect")].map((r) => {
          const b = r.getBBox();
          return { width: b.width, height: b.height, fill: getComputedStyle(r).fill };
        }),
      })),
      legend: [...fig.querySelectorAll("[data-legend]")].map((e) => ({
        name: e.dataset.legend, color: getComputedStyle(e.querySelector("i")).backgroundColor,
      })),
      axis_labels: 0,
    };
    // Every text of the chart (bin labels, tick labels, value labels) against every other.
    const texts = [...svg.querySelectorAll("text")].filter((t) => t.textContent.trim() !== "");
    chart.axis_labels = svg.querySelectorAll("g.axis-labels text").length;
    const polys = texts.map(corners);
    const box = svg.getBoundingClientRect();
    polys.forEach((p, i) => {
      for (let j = i + 1; j < polys.length; ++j)
        if (overlap(p, polys[j]))
          out.overlaps.push([chart.table, texts[i].textContent, texts[j].textContent]);
      if (p.some(([x, y]) => x < box.left - 1 || x > box.right + 1 || y < box.top - 1 ||
                             y > box.bottom + 1))
        out.clipped.push([chart.table, texts[i].textContent]);
    });
    out.charts.push(chart);
  }
  const d = document.querySelector("details.valid");
  if (d) {
    // Closed, the section is its summary line and the list is not shown; opened, both grow.
    const list = d.querySelector("ol");
    const closed = !d.open, before = d.getBoundingClientRect().height;
    const shown_before = list.checkVisibility();
    d.open = true;
    const after = d.getBoundingClientRect().height;
    out.details = { closed, before, after, shown_before, shown_after: list.checkVisibility(),
                    items: list.children.length };
  }
  for (const s of document.querySelectorAll("section.tbl")) {
    out.tables.push({ id: s.id, rows: s.querySelectorAll("tbody tr").length,
                      header: s.querySelectorAll("thead").length,
                      nodata: s.querySelectorAll("p.nodata").length });
  }
  const pre = document.createElement("pre");
  pre.id = "pgnkit-measure";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
