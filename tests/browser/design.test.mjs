// The design checks, on the bundled essays as `ladder build` writes them:
// alt text, body-text contrast in both colour schemes, no horizontal scroll at
// phone width, a lang attribute, MathML in the shipped math font, and the
// weight of a page without figures, and the colours of the drawings' roles.
// Screenshots of every essay and of every figure at 390 px and 1280 px, light
// and dark, go to artifacts/ to be looked at.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname, extname, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { launch } from "./chromium.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const bin = process.env.LADDER_BIN ?? join(repo, "target", "release", "ladder");
const artifacts = join(here, "artifacts");
const types = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".svg": "image/svg+xml",
  ".json": "application/json", ".csv": "text/csv", ".woff2": "font/woff2", ".txt": "text/plain" };

let out, server, base, browser, essays;

before(async () => {
  mkdirSync(artifacts, { recursive: true });
  out = mkdtempSync(join(tmpdir(), "ladder-design-"));
  const build = spawnSync(bin, ["build", "--root", repo, "--output-dir", out], { encoding: "utf8" });
  assert.equal(build.status, 0, build.stderr);
  server = createServer((req, res) => {
    let path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    if (path.endsWith("/")) path += "index.html";
    const file = join(out, path);
    if (!file.startsWith(out) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await launch();
  const page = await browser.newPage();
  await page.goto(base + "/");
  essays = await page.$$eval("ol.rungs a", (as) => as.map((a) => new URL(a.href).pathname));
  await page.close();
  assert.ok(essays.length >= 2, "the index lists the essays");
});

after(async () => {
  await browser?.close();
  server?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

/// Contrast ratio of two CSS colours, by WCAG's relative luminance.
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

for (const scheme of ["light", "dark"]) {
  for (const width of [390, 1280]) {
    test(`essays at ${width} px in the ${scheme} scheme: alt text, contrast, no sideways scroll, lang`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      for (const path of ["/", ...essays]) {
        await page.goto(base + path, { waitUntil: "load" });
        const lang = await page.getAttribute("html", "lang");
        assert.ok(lang, `${path}: no lang attribute`);
        const missingAlt = await page.$$eval("img:not([alt]), figure svg:not([aria-label])", (els) => els.length);
        assert.equal(missingAlt, 0, `${path}: ${missingAlt} images or figures without alt text`);
        const untitled = await page.$$eval("figure svg", (els) => els.filter((s) => !s.querySelector("title")).length);
        assert.equal(untitled, 0, `${path}: an SVG without <title>`);
        const colours = await page.evaluate(() => {
          const bg = getComputedStyle(document.body).backgroundColor;
          const sample = [...document.querySelectorAll("main p, main li, figcaption, .where, .data-links a, header.site a")];
          return sample.map((el) => [el.className || el.tagName, getComputedStyle(el).color, bg]);
        });
        for (const [what, fg, bg] of colours) {
          const ratio = contrast(fg, bg);
          assert.ok(ratio >= 4.5, `${path}: ${what} has contrast ${ratio.toFixed(2)} (${fg} on ${bg})`);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `${path}: scrolls sideways by ${overflow} px at ${width} px`);
        if (path !== "/") {
          const name = path.replaceAll("/", "_").replace(/^_|_$/g, "");
          await page.screenshot({ path: join(artifacts, `${name}-${width}-${scheme}.png`), fullPage: true });
        }
      }
      await context.close();
    });
  }
}

// Roles that are surfaces: outlined in ink and read by their labels, not
// marks that must stand out from the paper.
const surfaces = new Set(["paper", "free", "uncomputed"]);

for (const scheme of ["light", "dark"]) {
  for (const width of [390, 1280]) {
    test(`figures at ${width} px in the ${scheme} scheme: every role has its own colour, with contrast`, async (t) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      const seen = new Map(); // role -> [colour, where]
      for (const path of essays) {
        await page.goto(base + path, { waitUntil: "load" });
        const figures = await page.$$eval(".drawing svg", (svgs) => svgs.map((svg) => {
          const roleOf = (el) => [...el.classList].find((c) => c.startsWith("role-"))?.slice(5);
          const paint = (el) => {
            const style = getComputedStyle(el);
            return el.getAttribute("fill") && el.getAttribute("fill") !== "none" ? style.fill : style.stroke;
          };
          const marks = [...svg.querySelectorAll("[fill], [stroke]")]
            .filter((el) => [el.getAttribute("fill"), el.getAttribute("stroke")].some((v) => v && v !== "none"));
          const unroled = marks.filter((el) => !roleOf(el)).map((el) => el.outerHTML.slice(0, 80));
          const roles = marks.filter(roleOf).map((el) => [roleOf(el), paint(el)]);
          // Each label against the filled box it sits on: the last one drawn
          // before it that holds its centre.
          const boxes = [...svg.querySelectorAll("rect")].filter((r) => r.getAttribute("fill") !== "none");
          const labels = [...svg.querySelectorAll("text")].filter((t) => t.textContent.trim()).map((t) => {
            const b = t.getBBox();
            const [x, y] = [b.x + b.width / 2, b.y + b.height / 2];
            const under = boxes.filter((r) => (r.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING)
              && x >= r.x.baseVal.value && x <= r.x.baseVal.value + r.width.baseVal.value
              && y >= r.y.baseVal.value && y <= r.y.baseVal.value + r.height.baseVal.value).pop();
            return [t.textContent.trim(), paint(t), under ? paint(under) : null, under ? roleOf(under) : null];
          });
          return { title: svg.querySelector("title")?.textContent, unroled, roles, labels };
        }));
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        for (const { title, unroled, roles, labels } of figures) {
          assert.deepEqual(unroled, [], `${path}, "${title}": coloured marks without a role`);
          for (const [role, colour] of roles) {
            const [known, where] = seen.get(role) ?? [colour, `${path}, "${title}"`];
            assert.equal(colour, known, `${role} is ${colour} in ${path}, "${title}" but ${known} in ${where}`);
            seen.set(role, [known, where]);
          }
          for (const [text, fg, under, role] of labels) {
            if (!under) continue;
            const ratio = contrast(fg, under);
            assert.ok(ratio >= 4.5, `${path}, "${title}": "${text}" on ${role} has contrast ${ratio.toFixed(2)} (${fg} on ${under})`);
          }
        }
        const names = await page.$$eval("figure", (fs) => fs.map((f) => f.id));
        for (const id of names) {
          const name = path.replaceAll("/", "_").replace(/^_|_$/g, "");
          await page.locator(`#${id}`).screenshot({ path: join(artifacts, `${name}-${id}-${width}-${scheme}.png`) });
        }
        assert.equal(seen.get("paper")?.[0] ?? bg, bg, `${path}: drawings are not on the page's background`);
      }
      assert.ok(seen.size >= 10, `only ${seen.size} roles drawn`);
      const paper = seen.get("paper")[0];
      const roles = [...seen.entries()];
      for (const [i, [role, [colour]]] of roles.entries()) {
        for (const [other, [theirs]] of roles.slice(i + 1)) {
          assert.notEqual(colour, theirs, `${role} and ${other} share ${colour}`);
        }
        const need = role === "ink" ? 4.5 : 3;
        const ratio = contrast(colour, paper);
        t.diagnostic(`${role} ${colour}: ${ratio.toFixed(2)} against the paper`);
        if (!surfaces.has(role)) {
          assert.ok(ratio >= need, `${role} (${colour}) has contrast ${ratio.toFixed(2)} against the paper (${paper})`);
        }
      }
      await context.close();
    });
  }
}

test("math is set in the shipped STIX math font", async () => {
  const page = await browser.newPage();
  const withMath = [];
  for (const path of essays) {
    await page.goto(base + path, { waitUntil: "load" });
    if (await page.locator("math").count()) withMath.push(path);
  }
  assert.ok(withMath.length > 0, "no essay has math");
  await page.goto(base + withMath[0], { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready);
  const loaded = await page.evaluate(() => [...document.fonts].some((f) => f.family.includes("STIX Math") && f.status === "loaded"));
  assert.ok(loaded, "the STIX Math font did not load");
  await page.close();
});

test("a page without figures weighs under 50 KB", () => {
  const html = statSync(join(out, "index.html")).size;
  const css = statSync(join(out, "style.css")).size;
  assert.ok(html + css < 50 * 1024, `index.html + style.css = ${html + css} bytes`);
});
