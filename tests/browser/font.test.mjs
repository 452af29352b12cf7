// The math font as a reader gets it, on the bundled site: every <math> of every
// essay, at 390 px and 1280 px in both colour schemes, is drawn pixel for pixel
// as with the whole font (templates/fonts/LadderMath-Regular.ttf) in place of
// the site's cut-down one; and the heaviest essay, with everything it loads
// (HTML, CSS, fonts, images), weighs at most 80 KB gzipped.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { openSite, repo } from "./site.mjs";

const FONT = "fonts/LadderMath-Regular.woff2";
const whole = readFileSync(join(repo, "templates", "fonts", "LadderMath-Regular.ttf"));

let site, base, browser, essays;

before(async () => {
  site = await openSite();
  ({ base, browser, essays } = site);
});

after(async () => {
  await site?.close();
});

/// Screenshots of every <math> of every essay, in order, by "path #index",
/// with the page's math font or, when `font` is given, with those bytes served
/// in its place.
async function shots(width, scheme, font) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
  if (font) {
    await context.route(`**/${FONT}`, (route) => route.fulfill({ body: font, contentType: "font/ttf" }));
  }
  const page = await context.newPage();
  const found = [];
  for (const path of essays) {
    await page.goto(base + path, { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    const maths = page.locator("math");
    const count = await maths.count();
    if (count) {
      const loaded = await page.evaluate(() =>
        [...document.fonts].some((f) => f.family.includes("Ladder Math") && f.status === "loaded"));
      assert.ok(loaded, `${path}: the math font did not load${font ? " (the whole font)" : ""}`);
    }
    for (let i = 0; i < count; i++) {
      found.push([`${path} #${i}`, await maths.nth(i).screenshot()]);
    }
  }
  await context.close();
  return found;
}

for (const scheme of ["light", "dark"]) {
  for (const width of [390, 1280]) {
    test(`every essay's math at ${width} px in the ${scheme} scheme is drawn as with the whole font`, async (t) => {
      const cut = await shots(width, scheme);
      const full = await shots(width, scheme, whole);
      assert.ok(cut.length > 50, `only ${cut.length} <math> elements on the essays`);
      assert.equal(cut.length, full.length);
      const differ = cut.filter(([, png], i) => !png.equals(full[i][1])).map(([name]) => name);
      t.diagnostic(`${cut.length} <math> elements, ${differ.length} drawn differently`);
      assert.deepEqual(differ, [], `drawn differently with the whole font: ${differ.join(", ")}`);
    });
  }
}

/// Bytes as a server sends them: text gzipped, fonts and images as they are
/// (WOFF2, PNG and JPEG are compressed already).
function sent(type, body) {
  return /^(text\/|image\/svg|application\/(json|javascript))/.test(type) ? gzipSync(body, { level: 9 }).length : body.length;
}

test("the heaviest essay weighs at most 80 KB gzipped with everything it loads", async (t) => {
  const weights = [];
  for (const path of essays) {
    // A new context each time: nothing comes from the cache.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const responses = [];
    page.on("response", (response) => responses.push(response));
    await page.goto(base + path, { waitUntil: "load" });
    // A reader who reads to the end loads what is lazy too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.evaluate(() => document.fonts.ready);
    await page.waitForLoadState("networkidle");
    let bytes = 0;
    const kinds = new Set();
    for (const response of responses) {
      const type = response.headers()["content-type"] ?? "";
      bytes += sent(type, await response.body());
      kinds.add(type.split(";")[0]);
    }
    weights.push([bytes, path, [...kinds].sort().join(", ")]);
    await context.close();
  }
  weights.sort((a, b) => b[0] - a[0]);
  for (const [bytes, path, kinds] of weights.slice(0, 3)) {
    t.diagnostic(`${path}: ${(bytes / 1024).toFixed(1)} KB (${kinds})`);
  }
  assert.ok(weights.some(([, , kinds]) => kinds.includes("font/woff2")), "no essay loads the math font");
  const [bytes, path, kinds] = weights[0];
  assert.ok(bytes <= 80 * 1024, `${path} weighs ${(bytes / 1024).toFixed(1)} KB gzipped with ${kinds}`);
});
