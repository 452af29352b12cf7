// Figures checked the way a reader reads them, on every bundled page at 390 px
// and 1280 px in both colour schemes:
//
// - every mark of a chart (bar ends and sides, point centres, line vertices,
//   value labels' anchors) stands where its value maps to on its axes, within
//   1 px, each axis's mapping taken from its data attributes and checked in
//   turn against its ticks (each tick at its value, its label reading it);
// - no marker is laid inside or over a bar, and the legend's key of each
//   series shows the marks the chart draws for it, no other;
// - no bar stands on a log axis;
// - no category name is broken inside a name ("2 ×" over "6");
// - no ASCII game notation in a figure's drawing or tables: no `*`, `^`,
//   `+-`, hyphen-minus before a digit, or bar without the notation's thin
//   spaces; and none in the prose: no `{a|b}` without thin spaces, no hyphen
//   for a minus;
// - a chart's Data table writes no number with more decimals than the chart's
//   labels;
// - the caption follows the drawing directly, and the data table, data links
//   and reproduce command sit in one closed disclosure after it.
//
// The numbers found are reported as the test's diagnostics.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { openSite } from "./site.mjs";

let site;

before(async () => {
  site = await openSite();
});

after(async () => {
  await site?.close();
});

/// Everything measured on one page, in the page.
function measure() {
  const thin = "\u2009";
  const out = { marks: 0, off: [], maxOff: 0, ticks: 0, logBars: 0, broken: [], ascii: [],
    digits: [], order: [], overlaid: [], keys: [], figures: 0, charts: 0 };
  const point = (svg, x, y) => {
    const p = svg.createSVGPoint();
    p.x = x;
    p.y = y;
    return p.matrixTransform(svg.getScreenCTM());
  };
  const pair = (text) => text.split(" ").map(Number);
  for (const figure of document.querySelectorAll("figure")) {
    out.figures++;
    const id = figure.id;
    // The caption directly after the drawing, the apparatus closed after it.
    const drawing = figure.querySelector(":scope > .drawing");
    const caption = drawing?.nextElementSibling;
    if (!drawing || caption?.tagName !== "FIGCAPTION") out.order.push(`${id}: no caption right after the drawing`);
    const details = caption?.nextElementSibling;
    if (details && details.tagName === "DETAILS") {
      if (details.open) out.order.push(`${id}: the apparatus is open`);
      if (details.nextElementSibling) out.order.push(`${id}: something follows the apparatus`);
    } else if (figure.querySelector("details, .reproduce, .data-links")) {
      out.order.push(`${id}: the apparatus is not one disclosure after the caption`);
    }
    // ASCII notation in what the figure shows: its drawing and its tables.
    const texts = [];
    const walker = document.createTreeWalker(figure, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (el.closest("figcaption, code, summary, .data-links, .reproduce")) continue;
      const t = n.textContent.trim();
      if (t) texts.push(t);
    }
    for (const t of texts) {
      const bad = /\*|\^|\+-|-\d/.test(t) ||
        (t.includes("{") && /[^\u2009|{]\||\|[^\u2009|}]/.test(t));
      if (bad) out.ascii.push(`${id}: "${t.slice(0, 40)}"`);
    }
    for (const svg of figure.querySelectorAll("svg")) {
      if (!svg.checkVisibility()) continue;
      const plot = svg.querySelector("g.plot");
      if (!plot) continue;
      out.charts++;
      const d = plot.dataset;
      const axis = (name) => {
        const scale = d[`${name}Scale`];
        const [d0, d1] = pair(d[`${name}Domain`]);
        const [r0, r1] = pair(d[`${name}Range`]);
        const f = scale === "log" ? Math.log10 : (v) => v;
        return (v) => r0 + (f(v) - f(d0)) / (f(d1) - f(d0)) * (r1 - r0);
      };
      const [xOf, yOf] = [axis("x"), axis("y")];
      const at = (x, y) => point(svg, xOf(x), yOf(y));
      const note = (what, drawn, want) => {
        const off = Math.hypot(drawn.x - want.x, drawn.y - want.y);
        out.marks++;
        out.maxOff = Math.max(out.maxOff, off);
        if (off > 1) out.off.push(`${id} ${what}: ${off.toFixed(1)} px off`);
      };
      // Ticks: each where its value maps to, its label reading its value.
      const places = Number(d.places);
      for (const tick of plot.querySelectorAll("g.tick")) {
        const v = Number(tick.dataset.value);
        const line = tick.querySelector("polyline").points;
        const start = point(svg, line[0].x, line[0].y);
        const vertical = line[0].x === line[line.length - 1].x;
        out.ticks++;
        const want = vertical ? point(svg, xOf(v), 0) : point(svg, 0, yOf(v));
        const [drawn, wanted] = vertical ? [start.x, want.x] : [start.y, want.y];
        if (Math.abs(drawn - wanted) > 1) out.off.push(`${id} tick ${v}: ${Math.abs(drawn - wanted).toFixed(1)} px off`);
        // A number's label reads its value (a category's is its name).
        if (tick.dataset.name === undefined) {
          const label = tick.querySelector("text").textContent.trim();
          const read = Number(label.replace(/\u2212/g, "-").replace(/[,%]/g, "")) /
            (label.endsWith("%") ? 100 : 1);
          if (!(Math.abs(read - v) <= 1e-9 * Math.max(1, Math.abs(v)))) {
            out.off.push(`${id} tick ${v} labelled ${label}`);
          }
        }
        // A category's name, broken only between words.
        const name = tick.dataset.name;
        if (name !== undefined) {
          const lines = [...tick.querySelectorAll("text")].map((t) => t.textContent.trim());
          const breaks = lines.slice(1).every((l, i) => /[\p{L}\p{N}]$/u.test(lines[i]) && /^[\p{L}\p{N}]/u.test(l));
          if (lines.join(" ") !== name || !breaks) out.broken.push(`${id}: ${JSON.stringify(lines)} for "${name}"`);
        }
      }
      const bars = new Map();
      for (const mark of plot.querySelectorAll("[data-y]")) {
        const [x, y] = [Number(mark.dataset.x), Number(mark.dataset.y)];
        const what = `${mark.tagName} of series ${mark.dataset.series} at ${x}`;
        if (mark.tagName === "rect") {
          if (d.yScale === "log") out.logBars++;
          const [rx, ry, rw, rh] = ["x", "y", "width", "height"].map((a) => Number(mark.getAttribute(a)));
          const top = point(svg, rx, ry), foot = point(svg, rx + rw, ry + rh);
          const [end, zero] = [yOf(y), yOf(0)];
          note(what + " (end)", { x: 0, y: y >= 0 ? top.y : foot.y }, { x: 0, y: point(svg, 0, end).y });
          note(what + " (base)", { x: 0, y: y >= 0 ? foot.y : top.y }, { x: 0, y: point(svg, 0, zero).y });
          // Within its category's band.
          const [lo, hi] = [point(svg, xOf(x - 0.5), 0).x, point(svg, xOf(x + 0.5), 0).x];
          if (top.x < lo - 1 || foot.x > hi + 1) out.off.push(`${id} ${what}: outside its band`);
          bars.set(`${mark.dataset.series} ${x}`, (top.x + foot.x) / 2);
        } else if (mark.tagName === "circle") {
          const c = point(svg, Number(mark.getAttribute("cx")), Number(mark.getAttribute("cy")));
          note(what, c, at(x, y));
        } else if (mark.tagName === "polygon") {
          const ps = [...mark.points];
          const c = point(svg, ps.reduce((s, p) => s + p.x, 0) / ps.length, ps.reduce((s, p) => s + p.y, 0) / ps.length);
          note(what, c, at(x, y));
        } else if (mark.tagName === "text") {
          const anchor = point(svg, Number(mark.getAttribute("x")), Number(mark.getAttribute("y")));
          const centre = bars.get(`${mark.dataset.series} ${x}`);
          note(what + " (label)", { x: anchor.x, y: anchor.y }, { x: centre ?? NaN, y: point(svg, 0, yOf(y)).y });
        }
      }
      // Nothing drawn over a bar: no marker's centre inside one, and every
      // shape that carries no value (a ring of paper) right under its marker.
      const rects = [...plot.querySelectorAll("rect[data-y]")].map((r) => r.getBBox());
      for (const shape of plot.querySelectorAll("circle, polygon")) {
        if (!shape.dataset.y && !shape.nextElementSibling?.dataset.y) out.overlaid.push(`${id}: a shape with no value`);
        const b = shape.getBBox();
        const [cx, cy] = [b.x + b.width / 2, b.y + b.height / 2];
        if (rects.some((r) => cx > r.x && cx < r.x + r.width && cy > r.y && cy < r.y + r.height)) {
          out.overlaid.push(`${id}: a marker over a bar`);
        }
      }
      // Each series' key shows what is drawn of it.
      const drawn = (k, selector) => plot.querySelector(selector.split(",").map((x) => `${x}[data-series="${k}"]`).join(",")) !== null;
      [...figure.querySelectorAll(".legend > li")].forEach((li, k) => {
        const key = li.querySelector("svg.key");
        if (!key) return;
        const has = (selector) => key.querySelector(selector) !== null;
        const want = [drawn(k, "rect"), drawn(k, "circle,polygon"), drawn(k, "polyline")];
        const shown = [has("rect"), has("circle, polygon"), has("polyline")];
        if (want.join() !== shown.join()) out.keys.push(`${id}: series ${k}'s key shows ${shown} for ${want}`);
      });
      for (const line of plot.querySelectorAll("polyline[data-points]")) {
        const values = line.dataset.points.split(" ").map((p) => p.split(",").map(Number));
        [...line.points].forEach((p, i) => note(`line ${line.dataset.series} vertex ${i}`, point(svg, p.x, p.y), at(...values[i])));
      }
      // The chart's Data table: no number with more places than its labels.
      const table = figure.querySelector("details table");
      for (const cell of table ? table.querySelectorAll("tbody td.num, tbody th.num") : []) {
        const fraction = cell.textContent.trim().replace("%", "").split(".")[1] ?? "";
        if (fraction.length > places) out.digits.push(`${id}: "${cell.textContent.trim()}" in a chart of ${places} places`);
      }
    }
  }
  // The prose and captions write games and negative numbers as the figures do:
  // a claim's game literal is typeset, a minus is not a hyphen.
  const prose = document.createTreeWalker(document.querySelector("main") ?? document.body, NodeFilter.SHOW_TEXT);
  for (let n = prose.nextNode(); n; n = prose.nextNode()) {
    if (n.parentElement.closest("code, pre, math, script, style, .drawing, details, .dates, time")) continue;
    const t = n.textContent;
    const bad = /(^|[\s(])-\d/.test(t) || /\{[^}]*([^\u2009|{]\||\|[^\u2009|}])/.test(t);
    if (bad) out.ascii.push(`prose: "${t.trim().slice(0, 60)}"`);
  }
  return out;
}

test("every figure as drawn: marks at their values, names whole, the reader's notation, caption first", async (t) => {
  const { browser, base, essays } = site;
  const pages = ["/", ...essays, ...new Set(essays.map((p) => p.split("/").slice(0, 2).join("/") + "/"))];
  const total = { marks: 0, maxOff: 0, ticks: 0, logBars: 0, broken: 0, ascii: 0, digits: 0, order: 0, overlaid: 0,
    keys: 0, figures: 0, charts: 0 };
  for (const scheme of ["light", "dark"]) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      for (const path of pages) {
        await page.goto(base + path, { waitUntil: "load" });
        const found = await page.evaluate(measure);
        const where = `${path} at ${width} px, ${scheme}`;
        assert.deepEqual(found.off.slice(0, 10), [], `${where}: marks off their values`);
        assert.equal(found.logBars, 0, `${where}: bars on a log axis`);
        assert.deepEqual(found.broken, [], `${where}: category names broken inside a name`);
        assert.deepEqual(found.ascii, [], `${where}: ASCII game notation`);
        assert.deepEqual(found.digits.slice(0, 10), [], `${where}: Data table numbers finer than the chart's labels`);
        assert.deepEqual(found.order, [], `${where}: caption and apparatus`);
        assert.deepEqual(found.overlaid, [], `${where}: marks laid over bars`);
        assert.deepEqual(found.keys, [], `${where}: legend keys`);
        for (const key of ["marks", "ticks", "logBars", "figures", "charts"]) total[key] += found[key];
        for (const key of ["broken", "ascii", "digits", "order", "overlaid", "keys"]) total[key] += found[key].length;
        total.maxOff = Math.max(total.maxOff, found.maxOff);
      }
      await context.close();
    }
  }
  t.diagnostic(`figures ${total.figures}, charts drawn ${total.charts}, marks checked ${total.marks}, ` +
    `largest offset ${total.maxOff.toFixed(2)} px, ticks checked ${total.ticks}, bars on log axes ${total.logBars}, ` +
    `markers over bars ${total.overlaid}, legend keys wrong ${total.keys}, names broken ${total.broken}, ` +
    `ASCII notation ${total.ascii}, table numbers too fine ${total.digits}, captions out of place ${total.order}`);
  assert.ok(total.marks > 500, `only ${total.marks} marks checked`);
  assert.ok(total.maxOff <= 1, `a mark ${total.maxOff} px off`);
});
