// The design checks, on the bundled essays as `ladder build` writes them:
// alt text, body-text contrast in both colour schemes, no horizontal scroll at
// phone width, a lang attribute, MathML in the shipped math font, and the
// weight of a page without figures, and the colours of the drawings' roles.
// Screenshots of every essay and of every figure at 390 px and 1280 px, light
// and dark, go to artifacts/ to be looked at.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { artifacts, contrast, openSite, shotName } from "./site.mjs";

const here = dirname(fileURLToPath(import.meta.url));

let site, out, base, browser, essays;

before(async () => {
  site = await openSite();
  ({ out, base, browser, essays } = site);
});

after(async () => {
  await site?.close();
});

for (const scheme of ["light", "dark"]) {
  for (const width of [390, 1280]) {
    test(`essays at ${width} px in the ${scheme} scheme: alt text, contrast, no sideways scroll, lang`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      for (const path of ["/", ...essays]) {
        await page.goto(base + path, { waitUntil: "load" });
        const lang = await page.getAttribute("html", "lang");
        assert.ok(lang, `${path}: no lang attribute`);
        // A picture carries its alt text; a table or catalogue is text.
        const missingAlt = await page.$$eval("img:not([alt]), .drawing:has(> svg):not([role=img][aria-label])",
          (els) => els.length);
        assert.equal(missingAlt, 0, `${path}: ${missingAlt} images or figures without alt text`);
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
          const name = shotName(path);
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
          const title = svg.closest("figure")?.id;
          return { title, unroled, roles, labels };
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
          const name = shotName(path);
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

test("math is set in the shipped math font", async () => {
  const page = await browser.newPage();
  const withMath = [];
  for (const path of essays) {
    await page.goto(base + path, { waitUntil: "load" });
    if (await page.locator("math").count()) withMath.push(path);
  }
  assert.ok(withMath.length > 0, "no essay has math");
  await page.goto(base + withMath[0], { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready);
  const loaded = await page.evaluate(() => [...document.fonts].some((f) => f.family.includes("Ladder Math") && f.status === "loaded"));
  assert.ok(loaded, "the math font did not load");
  await page.close();
});

test("a page without figures weighs under 50 KB", () => {
  const html = statSync(join(out, "index.html")).size;
  const css = statSync(join(out, "style.css")).size;
  assert.ok(html + css < 50 * 1024, `index.html + style.css = ${html + css} bytes`);
});

test("the header marks the current ladder; the index and a ladder page are shot at both widths and schemes", async () => {
  const essay = essays[0];
  const ladder = essay.split("/").slice(0, 2).join("/") + "/";
  const page = await browser.newPage();
  const marked = async (path) => {
    await page.goto(base + path, { waitUntil: "load" });
    return page.$$eval("header.site nav a[aria-current]", (as) => as.map((a) => [new URL(a.href).pathname, a.getAttribute("aria-current")]));
  };
  assert.deepEqual(await marked(essay), [[ladder, "true"]], `${essay}: the header should mark ${ladder}`);
  assert.deepEqual(await marked(ladder), [[ladder, "page"]], `${ladder}: the header should mark itself as the page`);
  assert.deepEqual(await marked("/"), [], "the index marks no ladder");
  await page.close();
  for (const scheme of ["light", "dark"]) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      const shot = await context.newPage();
      for (const [path, name] of [["/", "index"], [ladder, `ladder-${ladder.replaceAll("/", "")}`]]) {
        await shot.goto(base + path, { waitUntil: "load" });
        await shot.screenshot({ path: join(artifacts, `${name}-${width}-${scheme}.png`), fullPage: true });
      }
      await context.close();
    }
  }
});

test("every page names itself and passes axe-core's checks, in both schemes", async () => {
  const axe = readFileSync(join(here, "node_modules", "axe-core", "axe.min.js"), "utf8");
  const pages = ["/", "/essays/", "/search/", "/404.html", ...new Set(essays.map((e) => e.replace(/[^/]+\/$/, ""))), ...essays];
  const found = [];
  for (const scheme of ["light", "dark"]) {
    // axe-core is the test's script, not the page's: the page's policy refuses
    // it, as it should, so this context looks past the policy.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: scheme, bypassCSP: true });
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(base + path, { waitUntil: "load" });
      const named = await page.evaluate(() => ({
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.content ?? "",
        og: document.querySelector('meta[property="og:description"]')?.content ?? "",
        site: document.querySelector("header.site a.home").textContent,
      }));
      assert.ok(named.title.endsWith(` · ${named.site}`), `${path}: the title "${named.title}" does not end with the site's`);
      assert.ok(named.description.length >= 10, `${path}: no description`);
      assert.equal(named.og, named.description, `${path}: og:description differs from the description`);
      await page.addScriptTag({ content: axe });
      const violations = await page.evaluate(async () => (await window.axe.run(document)).violations
        .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`));
      for (const v of violations) found.push(`${scheme} ${path}: ${v}`);
    }
    await context.close();
  }
  assert.deepEqual(found, []);
});

test("the front page shows every ladder with a picture, and a ladder page every rung with its summary and picture", async () => {
  const page = await browser.newPage();
  await page.goto(base + "/", { waitUntil: "load" });
  const ladders = await page.$$eval("section.ladder", (ss) => ss.map((s) => ({
    title: s.querySelector("h2").textContent,
    drawn: !!s.querySelector(".lead .thumb svg") && s.querySelector(".lead").getBoundingClientRect().width > 40,
  })));
  assert.ok(ladders.length >= 2);
  assert.deepEqual(ladders.filter((l) => !l.drawn).map((l) => l.title), [], "ladders without a picture");
  for (const ladder of new Set(essays.map((e) => e.replace(/[^/]+\/$/, "")))) {
    await page.goto(base + ladder, { waitUntil: "load" });
    const rungs = await page.$$eval("ol.rungs > li", (ls) => ls.map((l) => ({
      title: l.querySelector(".listing a").textContent,
      summary: !!l.querySelector(".listing p"),
      drawn: !!l.querySelector(".lead .thumb svg"),
    })));
    assert.ok(rungs.length >= 1, ladder);
    for (const r of rungs) assert.ok(r.summary && r.drawn, `${ladder}: ${r.title} lacks ${r.summary ? "a picture" : "a summary"}`);
  }
  await page.close();
});

test("an essay reads at a measure of 60 to 75 characters at 1280 px, its contents beside it, its display math centred", async () => {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const path of essays) {
      await page.goto(base + path, { waitUntil: "load" });
      const got = await page.evaluate(() => {
        // Characters a line: each long paragraph's text over its lines.
        const measures = [];
        for (const p of document.querySelectorAll(".prose > p")) {
          const text = p.textContent;
          if (text.length < 300) continue;
          const lines = Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight));
          if (lines >= 3) measures.push(text.length / lines);
        }
        const toc = document.querySelector(".toc")?.getBoundingClientRect();
        const prose = document.querySelector(".prose").getBoundingClientRect();
        const maths = [...document.querySelectorAll('math[display="block"]')].map((m) => {
          const box = m.getBoundingClientRect(), parent = m.parentElement.getBoundingClientRect();
          const inner = [...m.children].reduce((b, c) => {
            const r = c.getBoundingClientRect();
            return { left: Math.min(b.left, r.left), right: Math.max(b.right, r.right) };
          }, { left: Infinity, right: -Infinity });
          return { left: inner.left - parent.left, right: parent.right - inner.right };
        });
        return { measures, toc: toc && { right: toc.right, top: toc.top }, proseLeft: prose.left, proseTop: prose.top, maths };
      });
      if (width === 1280) {
        const median = got.measures.sort((a, b) => a - b)[Math.floor(got.measures.length / 2)];
        assert.ok(got.measures.length >= 2, `${path}: too few long paragraphs to measure`);
        assert.ok(median >= 60 && median <= 75, `${path}: ${median.toFixed(1)} characters a line at 1280 px`);
        if (got.toc) assert.ok(got.toc.right <= got.proseLeft, `${path}: the contents are not beside the text`);
      } else if (got.toc) {
        assert.ok(got.toc.top < got.proseTop, `${path}: the contents are not above the text on a phone`);
      }
      for (const m of got.maths) assert.ok(Math.abs(m.left - m.right) <= 2, `${path}: display math off centre (${JSON.stringify(m)})`);
    }
    await page.close();
  }
});
