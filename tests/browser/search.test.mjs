// Search on the bundled site as `ladder build` writes it: the search page finds
// an essay by a word from its body; without JavaScript it lists every essay;
// Pagefind's UI takes the site's colours. Screenshots of the search page with
// results at 390 px and 1280 px, light and dark, go to artifacts/.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { artifacts, contrast, openSite } from "./site.mjs";

let site, base, browser, essays;

before(async () => {
  site = await openSite();
  ({ base, browser, essays } = site);
});

after(async () => {
  await site?.close();
});

/// Each essay's words: those of its body's paragraphs, of its whole article,
/// and of its title.
async function essayWords() {
  const page = await browser.newPage();
  const words = [];
  for (const path of essays) {
    await page.goto(base + path, { waitUntil: "load" });
    const [body, all, title] = await page.evaluate(() => [
      [...document.querySelectorAll("article .prose > p")].map((p) => p.textContent).join(" "),
      document.querySelector("article").textContent,
      document.querySelector("h1").textContent,
    ]);
    const split = (text) => new Set(text.toLowerCase().match(/\p{L}+/gu) ?? []);
    words.push({ path, body: split(body), all: split(all), title: split(title) });
  }
  await page.close();
  return words;
}

/// The results the search page lists for `query`, as paths, once Pagefind
/// has said how many it found and drawn them.
async function search(page, query) {
  await page.fill(".pagefind-ui__search-input", query);
  await page.waitForFunction((q) => {
    const said = document.querySelector(".pagefind-ui__message")?.textContent ?? "";
    return /results? for/.test(said) && said.includes(q) && !document.querySelector(".pagefind-ui__loading");
  }, query, { timeout: 10000 });
  return page.$$eval(".pagefind-ui__result-link", (as) => as.map((a) => new URL(a.href).pathname));
}

test("search finds an essay by a word from its body", async () => {
  const words = await essayWords();
  // For each essay, a long word of its body's prose that no other essay uses
  // and that is not in its title: only the index of its body can find it.
  const picks = words.map(({ path, body, title }) => {
    const others = words.filter((w) => w.path !== path);
    const word = [...body].find((w) => w.length >= 8 && !title.has(w) && others.every((o) => !o.all.has(w)));
    return { path, word };
  }).filter((p) => p.word);
  assert.ok(picks.length >= 2, `too few essays with a word of their own: ${JSON.stringify(picks)}`);
  const { page, problems } = await openPage("/search/");
  for (const { path, word } of picks) {
    const found = await search(page, word);
    assert.ok(found.includes(path), `searching "${word}" lists ${found.join(", ") || "nothing"}, not ${path}`);
  }
  assert.deepEqual(problems, []);
  await page.context().close();
});

/// An essay's prose as words: its article without what is not prose (the
/// figures' drawings and apparatus, the contents, its place and dates).
async function proseWords(page, path) {
  await page.goto(base + path, { waitUntil: "load" });
  return page.evaluate(() => {
    const article = document.querySelector("article").cloneNode(true);
    // Math as a reader sees it: its MathML, not the TeX annotation behind it.
    for (const el of article.querySelectorAll(".drawing, figure details, .data-links, .reproduce, .toc, .where, .dates, annotation")) el.remove();
    return article.textContent.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  });
}

/// Whether `words` stand in `text` one after another.
function within(words, text) {
  outer: for (let i = 0; i + words.length <= text.length; i++) {
    for (let j = 0; j < words.length; j++) if (text[i + j] !== words[j]) continue outer;
    return true;
  }
  return false;
}

test("search excerpts are sentences of the essays' prose, never a figure's text", async () => {
  const reader = await browser.newPage();
  const prose = new Map();
  for (const path of essays) prose.set(path, await proseWords(reader, path));
  await reader.close();
  const { page, problems } = await openPage("/search/");
  let checked = 0;
  for (const query of ["Domineering", "Grundy", "position"]) {
    await search(page, query);
    // Every result with its sub-results: Pagefind's button loads more.
    while (await page.$(".pagefind-ui__button")) {
      await page.click(".pagefind-ui__button");
      await page.waitForTimeout(200);
    }
    const results = await page.$$eval(".pagefind-ui__result", (rs) => rs.map((r) => ({
      path: new URL(r.querySelector(".pagefind-ui__result-link").href).pathname,
      excerpts: [...r.querySelectorAll(".pagefind-ui__result-excerpt")].map((e) => e.textContent),
    })));
    assert.ok(results.length >= 2, `"${query}" finds ${results.length} essays`);
    for (const { path, excerpts } of results) {
      for (const excerpt of excerpts) {
        const words = excerpt.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
        assert.ok(words.length >= 5, `"${query}" on ${path}: a short excerpt "${excerpt}"`);
        assert.ok(within(words, prose.get(path)), `"${query}" on ${path}: "${excerpt}" is not the essay's prose`);
        checked++;
      }
    }
  }
  assert.ok(checked >= 10, `${checked} excerpts`);
  // A result's title is a link, and looks like one.
  const link = await page.$eval(".pagefind-ui__result-link", (a) => {
    const style = getComputedStyle(a);
    return { line: style.textDecorationLine, colour: style.color,
      site: getComputedStyle(document.querySelector("header.site a.home")).color };
  });
  assert.equal(link.line, "underline");
  assert.equal(link.colour, link.site);
  // The search box has a visible label of its own.
  const label = await page.evaluate(() => {
    const input = document.querySelector(".pagefind-ui__search-input");
    const label = input.labels?.[0];
    return label && !label.hidden && label.getBoundingClientRect().height > 0 ? label.textContent : null;
  });
  assert.equal(label, "Search the essays");
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("the search page takes a query from its address", async () => {
  const { page, problems } = await openPage("/search/?q=grundy");
  await page.waitForSelector(".pagefind-ui__result-link", { timeout: 10000 });
  assert.equal(await page.inputValue(".pagefind-ui__search-input"), "grundy");
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("without JavaScript the search page lists every essay", async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(base + "/search/", { waitUntil: "load" });
  const listed = await page.$$eval(".every-essay ol.rungs a", (as) => as.map((a) => new URL(a.href).pathname));
  assert.deepEqual([...listed].sort(), [...essays].sort());
  assert.equal(await page.$$eval(".pagefind-ui", (els) => els.length), 0);
  assert.match(await page.textContent("main noscript p"), /needs JavaScript/);
  await context.close();
});

for (const scheme of ["light", "dark"]) {
  for (const width of [390, 1280]) {
    test(`search results at ${width} px in the ${scheme} scheme: the site's colours, with contrast, no sideways scroll`, async () => {
      const { page, problems } = await openPage("/search/", { viewport: { width, height: 900 }, colorScheme: scheme });
      await search(page, "game");
      const colours = await page.evaluate(() => {
        const bg = getComputedStyle(document.body).backgroundColor;
        const sample = [...document.querySelectorAll(".pagefind-ui__search-input, .pagefind-ui__message, "
          + ".pagefind-ui__result-link, .pagefind-ui__result-excerpt")];
        return sample.map((el) => [el.className, getComputedStyle(el).color, bg,
          getComputedStyle(el).backgroundColor]);
      });
      assert.ok(colours.length >= 4, "the results are drawn");
      for (const [what, fg, bg, own] of colours) {
        // A box with its own background is read against it.
        const behind = own === "rgba(0, 0, 0, 0)" ? bg : own;
        const ratio = contrast(fg, behind);
        assert.ok(ratio >= 4.5, `${what} has contrast ${ratio.toFixed(2)} (${fg} on ${behind})`);
      }
      const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const input = await page.$eval(".pagefind-ui__search-input", (el) => getComputedStyle(el).backgroundColor);
      assert.equal(input, body, "the search box sits on the page's own background");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the search page scrolls sideways by ${overflow} px at ${width} px`);
      await page.screenshot({ path: join(artifacts, `search-${width}-${scheme}.png`), fullPage: true });
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
}

/// Opens a page of the built site, recording console errors and failed requests.
async function openPage(path, options = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`failed: ${r.url()}`));
  page.on("response", (r) => { if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`); });
  await page.goto(base + path, { waitUntil: "load" });
  return { page, problems };
}
