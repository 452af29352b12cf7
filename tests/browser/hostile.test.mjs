// The hostile corpus (tests/hostile/corpus.txt) as a reader's browser meets
// it: every fragment the build accepts is built into a page of its own with
// the default settings, opened in chromium and tried as a reader would (on
// load, then every element of the essay focused, hovered and clicked). No page
// may run a script, and no page's DOM may carry a handler, a script element or
// a script URL. (The Rust tests check that each fragment is accepted or
// refused as the corpus says.)
//
// The search page is tried the same way: every query below is searched, and
// every result, sub-result and filter clicked; what Pagefind's UI draws may
// carry nothing that runs (issue 44, S1 and S2).
//
// HOSTILE_CORPUS=FILE adds a corpus of one fragment per line (a public list
// of XSS vectors, say): each is checked alone with `ladder check`, and those
// the build accepts are opened the same way.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch } from "./chromium.mjs";
import { bin, repo, serve } from "./site.mjs";

/// The corpus's fragments: `{ refuse, why, text }`.
function corpus() {
  const fragments = [];
  for (const line of readFileSync(join(repo, "tests", "hostile", "corpus.txt"), "utf8").split("\n")) {
    if (line.startsWith("%%%")) continue;
    const head = line.match(/^%% (accept|refuse): (.*)$/);
    if (head) fragments.push({ refuse: head[1] === "refuse", why: head[2], text: "" });
    else if (fragments.length) fragments.at(-1).text += line + "\n";
  }
  return fragments.map((f) => ({ ...f, text: f.text.trimEnd() + "\n" }));
}

/// An essay whose body is `body`, with the data block the corpus's claims name.
function essay(title, rung, body) {
  return `+++\ntitle = ${JSON.stringify(title)}\nladder = "h"\nrung = ${rung}\n+++\n\n` +
    "```data\nid = \"b\"\ngenerator = \"blocked-board\"\nrows = 2\ncols = 3\nblocked_columns = [2]\n```\n\n" +
    `${body}\n\n<p id="after">After.</p>\n`;
}

/// Whether the build accepts `body` alone (`ladder check`, which writes nothing).
function accepted(root, body) {
  writeFileSync(join(root, "content", "h", "x.md"), essay("x", 1, body));
  const run = spawnSync(bin, ["check", "--root", root], { encoding: "utf8" });
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  return run.status === 0;
}

let root, browser, server, base;
/// The pages built, with what each holds: `[{ url, why }]`.
let pages = [];

before(async () => {
  root = mkdtempSync(join(tmpdir(), "ladder-hostile-"));
  mkdirSync(join(root, "content", "h"), { recursive: true });
  const fragments = corpus().filter((f) => !f.refuse).map((f) => ({ why: f.why, text: f.text }));
  if (process.env.HOSTILE_CORPUS) {
    const outside = readFileSync(process.env.HOSTILE_CORPUS, "utf8").split("\n").filter((l) => l.trim());
    let kept = 0;
    for (const [i, text] of outside.entries()) {
      if (accepted(root, text)) {
        fragments.push({ why: `outside corpus line ${i + 1}`, text });
        kept++;
      }
    }
    console.log(`outside corpus: ${outside.length} fragments, ${kept} accepted by the build`);
  }
  rmSync(join(root, "content", "h", "x.md"), { force: true });
  // Text the search page shows as excerpts, sub-results and filters: markup
  // as text (a code span, an escaped tag, math), in prose and a heading.
  fragments.push({ why: "markup as text in the search index", text: [
    "## Zebra `<img src=x onerror=alert(1)>` heading",
    "",
    "Zebra \\<img src=x onerror=alert(2)> and `<svg onload=alert(3)>` and $a<b$ &lt;script&gt;alert(4)&lt;/script&gt;.",
    "",
    "<span data-pagefind-filter=\"tag:zebra\">zebra</span> <span data-pagefind-meta=\"url:/h/\">x</span>",
  ].join("\n") });
  for (const [i, f] of fragments.entries()) {
    const name = `f${String(i).padStart(4, "0")}`;
    writeFileSync(join(root, "content", "h", `${name}.md`), essay(name, i + 1, f.text));
    pages.push({ url: `/h/${name}/`, why: f.why, text: f.text });
  }
  const build = spawnSync(bin, ["build", "--root", root], { encoding: "utf8" });
  assert.equal(build.status, 0, build.stderr);
  ({ base, server } = await serve(join(root, "site")));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/// Run in every frame before the page's own code: records every call of
/// the dialog functions, and keeps clicks from leaving the page (but for
/// script URLs, which must be seen to run if they are there).
function watch() {
  window.__ran = [];
  for (const f of ["alert", "confirm", "prompt", "print"]) {
    window[f] = (...args) => { window.__ran.push(`${f}(${args.join(",")})`); };
  }
  const leaves = (e) => {
    const link = e.target.closest?.("a, area");
    if (!link) return;
    const href = typeof link.href === "string" ? link.href : link.href?.animVal ?? "";
    if (!/^\s*javascript:/i.test(href)) e.preventDefault();
  };
  document.addEventListener("click", leaves, true);
  document.addEventListener("submit", (e) => e.preventDefault(), true);
}

/// What in the frame's DOM could run script: script and plug-in elements,
/// handlers, and URL-valued attributes (an animation's values where it
/// animates a link) whose URL, as this browser parses it, has a scheme that
/// runs script or shows active content.
function scripted(within) {
  const found = [];
  const urlAttributes = new Set(["href", "src", "action", "formaction", "data", "poster", "background", "cite",
    "longdesc", "lowsrc", "dynsrc", "codebase", "manifest", "icon", "profile", "classid", "archive", "xml:base"]);
  const scripted = (url) => {
    let protocol;
    try { protocol = new URL(url, document.baseURI).protocol; } catch { return false; }
    return ["javascript:", "vbscript:", "blob:"].includes(protocol) ||
      (protocol === "data:" && !/^[\x00-\x20]*data:\s*image\/(png|jpeg|gif|webp)\s*[;,]/i.test(url));
  };
  const urls = (el, attr, value) => {
    if (urlAttributes.has(attr)) return [value];
    if (attr === "srcset" || attr === "imagesrcset") return value.split(",").map((c) => c.trim().split(/\s+/)[0]);
    if (attr === "ping") return value.split(/\s+/);
    const target = (el.getAttribute("attributeName") ?? "").toLowerCase().replace(/^xlink:/, "");
    if (["animate", "set"].includes(el.localName) && target === "href" && ["values", "to", "from", "by"].includes(attr)) {
      return value.split(";");
    }
    if (el.localName === "meta" && attr === "content" && /refresh/i.test(el.getAttribute("http-equiv") ?? "")) {
      return value.split(/[;,]/).map((p) => p.replace(/^\s*url\s*=\s*/i, "").replace(/^['"]|['"]$/g, ""));
    }
    return [];
  };
  const all = [];
  const collect = (root) => {
    for (const el of root.querySelectorAll("*")) {
      all.push(el);
      if (el.localName === "template") collect(el.content);
    }
  };
  collect(within ? document.querySelector(within) : document);
  for (const el of all) {
    const name = el.localName.toLowerCase();
    if (["script", "object", "embed", "applet", "frame", "base"].includes(name)) found.push(`<${name}>`);
    for (const a of el.attributes) {
      const xml = a.namespaceURI === "http://www.w3.org/XML/1998/namespace";
      const attr = (xml ? "xml:" : "") + a.localName.toLowerCase();
      if (attr.startsWith("on")) found.push(`${attr} on <${name}>`);
      // Not String.trim, which strips what the URL parser keeps (U+2028).
      const ascii = (u) => u.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, "");
      if (urls(el, attr, a.value).some((u) => ascii(u) && scripted(u))) found.push(`${attr}=${a.value} on <${name}>`);
    }
  }
  return found;
}

/// A page of a new context that records what runs ([`watch`]) and every
/// dialog it opens: `{ context, page, dialogs }`.
async function watchedPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(watch);
  const page = await context.newPage();
  const dialogs = [];
  page.on("dialog", (d) => { dialogs.push(d.message()); d.dismiss(); });
  return { context, page, dialogs };
}

test("no page of the hostile corpus runs a script or carries one, on load, focus, hover or click", async () => {
  assert.ok(pages.length >= 60, `${pages.length} pages`);
  const { context, page, dialogs } = await watchedPage();
  const failures = [];
  for (const { url, why, text } of pages) {
    dialogs.length = 0;
    await page.goto(base + url, { waitUntil: "load" });
    await page.waitForTimeout(50);
    const targets = await page.$$("article *");
    for (const el of targets) {
      await el.focus().catch(() => {});
      const box = await el.boundingBox().catch(() => null);
      if (box && box.width > 0 && box.height > 0) {
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      }
    }
    await page.waitForTimeout(50);
    if (new URL(page.url()).pathname !== url) failures.push(`${why}: the page left for ${page.url()}`);
    const ran = [];
    const dom = [];
    // The page and the frames of its own documents (srcdoc, blank); another
    // site's page (or the browser's error page for one) is not ours.
    const ours = (f) => f.url().startsWith(base) || /^about:(srcdoc|blank)$/.test(f.url());
    for (const frame of page.frames().filter(ours)) {
      ran.push(...await frame.evaluate(() => window.__ran ?? []).catch(() => []));
      dom.push(...await frame.evaluate(scripted).catch(() => []));
    }
    if (ran.length || dialogs.length || dom.length) {
      failures.push(`${why} (${JSON.stringify(text)}): ran ${JSON.stringify([...ran, ...dialogs])}, DOM ${JSON.stringify(dom)}`);
    }
  }
  await context.close();
  assert.deepEqual(failures, []);
});

test("the search page shows the index of the hostile corpus as text: searching and clicking runs nothing", async () => {
  const { context, page, dialogs } = await watchedPage();
  const failures = [];
  let shown = 0;
  for (const query of ["zebra", "alert", "img", "script", "onerror", "svg", "javascript"]) {
    await page.goto(base + "/search/?q=" + encodeURIComponent(query), { waitUntil: "load" });
    await page.waitForFunction(() => {
      const said = document.querySelector(".pagefind-ui__message")?.textContent ?? "";
      return /result/.test(said) && !document.querySelector(".pagefind-ui__loading");
    }, null, { timeout: 10000 });
    shown += await page.$$eval(".pagefind-ui__result", (r) => r.length);
    const targets = await page.$$("#search a, #search input[type=checkbox], #search summary, #search button");
    for (const el of targets) {
      await el.focus().catch(() => {});
      await el.click({ timeout: 1000 }).catch(() => {});
    }
    await page.waitForTimeout(100);
    if (!new URL(page.url()).pathname.startsWith("/search/")) failures.push(`${query}: the page left for ${page.url()}`);
    const ran = await page.evaluate(() => window.__ran ?? []);
    // Pagefind's own search form submits nowhere (its action is
    // `javascript:void(0);`, which the policy's form-action refuses anyway).
    const own = "action=javascript:void(0); on <form>";
    const dom = (await page.evaluate(scripted, "#search")).filter((d) => d !== own);
    if (ran.length || dialogs.length || dom.length) {
      failures.push(`${query}: ran ${JSON.stringify([...ran, ...dialogs])}, DOM ${JSON.stringify(dom)}`);
    }
  }
  await context.close();
  assert.ok(shown >= 5, `the searches showed ${shown} results`);
  assert.deepEqual(failures, []);
});
