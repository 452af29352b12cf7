// The figures as a reader sees them, on every bundled essay at 390 px and
// 1280 px in both colour schemes: every text inside a figure (its drawing, its
// "Data and how to reproduce" disclosure opened) renders at 12 CSS px or more,
// no figure is wider than the column, every data link resolves, each figure's
// CSV holds the values of its table (exactly, where the table writes them in
// the reader's notation; to the table's places, where it rounds them), and
// every data file is linked and none is a copy; and no essay's HTML weighs
// over 150 KB.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { openSite } from "./site.mjs";

let site;

before(async () => {
  site = await openSite();
});

after(async () => {
  await site?.close();
});

/// Parses CSV (RFC 4180: quoted fields, doubled quotes) into rows of fields.
function parseCsv(text) {
  const rows = [];
  let row = [], field = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { row.push(field); field = ""; }
    else if (c === "\n") { row.push(field); rows.push(row); row = []; field = ""; }
    else field += c;
  }
  if (field || row.length) { row.push(field); rows.push(row); }
  return rows;
}

/// A cell as a comparable value: a number written for readers (thousands
/// separators, the minus sign) as the number, a game in the reader's notation
/// read back into CGSuite's (∗ as *, ↑ as ^, ↓ as v, ± as +-, no thin
/// spaces), anything else as its text.
function cell(text) {
  const t = text.trim().replace(/\u2212/g, "-").replace(/\u2217/g, "*").replace(/\u2191/g, "^")
    .replace(/\u2193/g, "v").replace(/\u00b1/g, "+-").replace(/\u2009/g, "");
  const plain = t.replace(/^(-?\d{1,3}(?:,\d{3})+)(\.\d+)?$/, (m) => m.replaceAll(",", ""));
  return plain !== "" && !Number.isNaN(Number(plain)) ? Number(plain) : t;
}

/// Whether a shown cell holds the CSV's `exact` value: written to `places`
/// (of a percentage when `percent`), as an exact fraction (`−3/8`) in a
/// column of fractions, or, in a column of no declared precision, the same
/// value.
function holds(shown, exact, places, percent, fractions) {
  if (fractions && shown.trim() !== "") {
    const [num, den = "1"] = shown.trim().replace(/\u2212/g, "-").replace(/,/g, "").split("/");
    return Number(num) / Number(den) === Number(exact);
  }
  if (places === null || exact === "" || shown.trim() === "") return cell(shown) === cell(exact);
  const read = cell(shown.replace("%", "")) / (percent ? 100 : 1);
  const half = 0.5 * 10 ** -places / (percent ? 100 : 1);
  return Math.abs(read - Number(exact)) <= half * (1 + 1e-9) + 1e-12;
}

for (const scheme of ["light", "dark"]) {
  for (const width of [390, 1280]) {
    test(`figures at ${width} px in the ${scheme} scheme: text of 12 px or more, within the column`, async () => {
      const { browser, base, essays } = site;
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      let measured = 0;
      for (const path of essays) {
        await page.goto(base + path, { waitUntil: "load" });
        const found = await page.evaluate(() => {
          for (const d of document.querySelectorAll("figure details")) d.open = true;
          const main = document.querySelector("main");
          const style = getComputedStyle(main);
          const column = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          const small = [], wide = [];
          let texts = 0;
          for (const figure of document.querySelectorAll("figure")) {
            const box = figure.getBoundingClientRect();
            if (box.width > column + 0.5 || figure.scrollWidth > Math.ceil(column) + 1) {
              wide.push(`${figure.id}: ${Math.round(Math.max(box.width, figure.scrollWidth))} px in a ${Math.round(column)} px column`);
            }
            // SVG text: its font size in user units times the drawing's
            // scale (turned text included).
            for (const t of figure.querySelectorAll("svg text")) {
              if (!t.textContent.trim() || !t.checkVisibility()) continue;
              const m = t.getScreenCTM();
              const scale = m ? Math.hypot(m.a, m.b) : 1;
              const px = parseFloat(getComputedStyle(t).fontSize) * scale;
              texts++;
              if (px < 11.95) small.push(`${figure.id}: "${t.textContent.trim()}" at ${px.toFixed(1)} px`);
            }
            // HTML text: every element holding text of its own.
            for (const el of figure.querySelectorAll(":not(svg, svg *)")) {
              const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
              if (!own || !el.checkVisibility()) continue;
              const px = parseFloat(getComputedStyle(el).fontSize);
              texts++;
              if (px < 11.95) small.push(`${figure.id}: "${el.textContent.trim().slice(0, 30)}" at ${px.toFixed(1)} px`);
            }
          }
          return { small, wide, texts };
        });
        measured += found.texts;
        assert.deepEqual(found.small.slice(0, 10), [], `${path}: text under 12 px (${found.small.length} in all)`);
        assert.deepEqual(found.wide, [], `${path}: figures wider than the column`);
      }
      assert.ok(measured > 100, `only ${measured} texts measured`);
      await context.close();
    });
  }
}

test("every figure's data links resolve, and its CSV holds its table's values", async () => {
  const { browser, base, essays } = site;
  const page = await browser.newPage();
  let compared = 0;
  for (const path of essays) {
    await page.goto(base + path, { waitUntil: "load" });
    const figures = await page.$$eval("figure", (fs) => fs.map((f) => {
      const links = [...f.querySelectorAll(".data-links a")].map((a) => [a.textContent, a.href]);
      // The table a CSV holds: the data table in the figure's disclosure, or
      // the table that is the figure; each column's declared precision.
      const table = f.querySelector("details.apparatus table, .drawing > .table-box table, .drawing > table");
      const rows = table
        ? [...table.querySelectorAll("tr")].map((tr) => [...tr.children].map((c) => c.textContent))
        : null;
      const precision = table
        ? [...table.querySelectorAll("thead th")].map((th) => [th.dataset.places === undefined
          ? null : Number(th.dataset.places), th.dataset.percent !== undefined,
          th.dataset.fractions !== undefined])
        : [];
      const picture = f.querySelector(".drawing[role=img]") !== null;
      return { id: f.id, links, rows, precision, picture, details: f.querySelector("details.apparatus table") !== null };
    }));
    for (const { id, links, rows, precision, picture, details } of figures) {
      const json = links.find(([kind]) => kind === "JSON");
      assert.ok(json, `${path} ${id}: no JSON link`);
      const csv = links.find(([kind]) => kind === "CSV");
      for (const [kind, href] of links) {
        const response = await page.request.get(href);
        assert.equal(response.status(), 200, `${path} ${id}: ${kind} link ${href} does not resolve`);
      }
      if (picture && csv) assert.ok(details, `${path} ${id}: a chart with a CSV has no Data table`);
      if (!csv || !rows) continue;
      const text = await (await page.request.get(csv[1])).text();
      const exact = parseCsv(text);
      assert.deepEqual(rows[0], exact[0], `${path} ${id}: the table's head differs from ${csv[1]}`);
      assert.equal(rows.length, exact.length, `${path} ${id}: the table's rows differ from ${csv[1]}`);
      rows.slice(1).forEach((row, r) => row.forEach((shown, c) => {
        const [places, percent, fractions] = precision[c] ?? [null, false, false];
        const value = exact[r + 1][c];
        assert.ok(holds(shown, value, places, percent, fractions),
          `${path} ${id}: row ${r + 1}, column ${c}: the table shows "${shown}" for ${csv[1]}'s "${value}"`);
      }));
      compared++;
    }
    // Every data file beside the page is linked from it, and no two are alike.
    const linked = new Set(figures.flatMap((f) => f.links.map(([, href]) => new URL(href).pathname.split("/").pop())));
    const folder = join(site.out, path);
    const files = readdirSync(folder).filter((f) => f !== "index.html");
    assert.deepEqual(files.filter((f) => !linked.has(f)), [], `${path}: data files no figure links`);
    const seen = new Map();
    for (const f of files) {
      const bytes = readFileSync(join(folder, f), "utf8");
      assert.ok(!seen.has(bytes), `${path}: ${f} is a copy of ${seen.get(bytes)}`);
      seen.set(bytes, f);
    }
  }
  assert.ok(compared >= 8, `only ${compared} tables compared with their CSV`);
  await page.close();
});

test("no essay's HTML weighs over 150 KB", () => {
  for (const path of site.essays) {
    const size = statSync(join(site.out, path, "index.html")).size;
    assert.ok(size <= 150 * 1024, `${path}: ${size} bytes`);
  }
});
