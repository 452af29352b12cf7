// Real-browser tests of `ladder serve` on the fixture site: pages load cleanly,
// math is MathML, figures are displayed, edits reload the open page, a broken
// edit shows the error overlay and the fix clears it. Screenshots go to
// artifacts/ to be looked at.
//
// Needs Debian's chromium (/usr/bin/chromium, or $CHROMIUM) and a release
// build of ladder (../../target/release/ladder, or $LADDER_BIN).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { request } from "node:http";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const bin = process.env.LADDER_BIN ?? join(repo, "target", "release", "ladder");
const artifacts = join(here, "artifacts");
const port = 1100 + Math.floor(Math.random() * 800);
const base = `http://127.0.0.1:${port}`;

let root, server, browser;

before(async () => {
  mkdirSync(artifacts, { recursive: true });
  root = mkdtempSync(join(tmpdir(), "ladder-browser-"));
  cpSync(join(repo, "tests", "fixtures", "basic"), root, { recursive: true });
  server = spawn(bin, ["serve", "--root", root, "--port", String(port)], { stdio: ["ignore", "pipe", "pipe"] });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("ladder serve did not start")), 30000);
    server.stdout.on("data", (chunk) => {
      if (chunk.toString().includes("serving http://")) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.on("exit", (code) => reject(new Error(`ladder serve exited with ${code}`)));
  });
  // The server listens before the first build is done, answering 503 meanwhile.
  for (let tries = 0; ; tries++) {
    const r = await fetch(base + "/");
    await r.arrayBuffer();
    if (r.status !== 503) break;
    assert.ok(tries < 300, "the first build did not finish within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
});

after(async () => {
  await browser?.close();
  server?.kill();
  if (root) rmSync(root, { recursive: true, force: true });
});

/// Opens a page and records console errors and failed requests.
async function open(path, options = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => {
    // The reload script's long poll is cut when a page closes or reloads.
    if (!r.url().includes("/__ladder/events")) problems.push(`failed: ${r.url()}`);
  });
  page.on("response", (r) => { if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`); });
  await page.goto(base + path, { waitUntil: "load" });
  return { page, context, problems };
}

const essay = () => join(root, "content", "demo", "one.md");

test("every page loads with no console errors and no failed requests", async () => {
  for (const path of ["/", "/demo/", "/demo/one/", "/demo/two/"]) {
    const { context, problems } = await open(path);
    assert.deepEqual(problems, [], `${path}: ${problems.join("; ")}`);
    await context.close();
  }
});

test("math is laid out as MathML and every figure's drawing is displayed", async () => {
  const { page, context } = await open("/demo/one/");
  const math = await page.locator("math").count();
  assert.ok(math >= 3, `expected MathML, found ${math} <math> elements`);
  const box = await page.locator("math").first().boundingBox();
  assert.ok(box && box.width > 0 && box.height > 0, "MathML is not laid out");
  const figures = page.locator("figure");
  assert.ok((await figures.count()) >= 1);
  for (const svg of await page.locator("figure svg").all()) {
    assert.ok(await svg.isVisible(), "a figure's SVG is not displayed");
    const b = await svg.boundingBox();
    assert.ok(b.width > 20 && b.height > 20, `figure drawn at ${b.width} x ${b.height}`);
  }
  await page.screenshot({ path: join(artifacts, "serve-essay.png"), fullPage: true });
  await context.close();
});

test("an edit shows on the open page within two seconds", async () => {
  const { page, context } = await open("/demo/one/");
  const text = readFileSync(essay(), "utf8");
  const started = Date.now();
  writeFileSync(essay(), text.replace("has two parts.", "has two parts, freshly edited."));
  await page.waitForFunction(() => document.body.innerText.includes("freshly edited"), null, { timeout: 2000 });
  const took = Date.now() - started;
  assert.ok(took < 2000, `took ${took} ms`);
  writeFileSync(essay(), text);
  await page.waitForFunction(() => !document.body.innerText.includes("freshly edited"), null, { timeout: 2000 });
  await context.close();
});

test("a broken edit shows the error overlay and the fix clears it", async () => {
  const { page, context } = await open("/demo/one/");
  const text = readFileSync(essay(), "utf8");
  writeFileSync(essay(), text.replace("{{ b.parts.0 = 2 }}", "{{ b.parts.0 = 3 }}"));
  const overlay = page.locator("#ladder-errors");
  await overlay.waitFor({ state: "visible", timeout: 2000 });
  const message = await overlay.innerText();
  assert.match(message, /one\.md:19:\d+: error: claim `b\.parts\.0 = 3` is false/);
  assert.ok(await page.locator("figure svg").first().isVisible(), "the last good page is gone");
  await page.screenshot({ path: join(artifacts, "serve-overlay.png") });
  writeFileSync(essay(), text);
  await overlay.waitFor({ state: "detached", timeout: 2000 });
  await context.close();
});

test("paths outside the site are refused and unknown paths get a 404 page", async () => {
  // Sent as written: fetch() would resolve the dots before sending.
  const raw = (path) => new Promise((resolve, reject) => {
    request({ host: "127.0.0.1", port, path }, (r) => { r.resume(); resolve(r.statusCode); }).on("error", reject).end();
  });
  for (const path of ["/../../etc/passwd", "/..%2f..%2fetc%2fpasswd", "/demo/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/%2e%2e/Cargo.toml", "/demo/..%5c..%5cCargo.toml"]) {
    assert.equal(await raw(path), 403, path);
  }
  const r = await fetch(base + "/no/such/page/");
  assert.equal(r.status, 404);
  assert.match(await r.text(), /Not found/);
});

test("a folder asked for without its trailing slash is redirected to it", async () => {
  const r = await fetch(base + "/demo/one?x=1");
  assert.equal(r.status, 200);
  assert.equal(r.url, base + "/demo/one/?x=1");
  assert.equal(r.redirected, true);
});

test("built pages carry no script but the search page; only serve injects one", async () => {
  const served = await (await fetch(base + "/demo/one/")).text();
  assert.match(served, /<script[\s>]/);
  const out = mkdtempSync(join(tmpdir(), "ladder-built-"));
  const build = spawn(bin, ["build", "--root", root, "--output-dir", out]);
  const code = await new Promise((resolve) => build.on("exit", resolve));
  assert.equal(code, 0);
  const pages = readdirSync(out, { recursive: true }).filter((f) => f.endsWith(".html")).sort();
  assert.ok(pages.includes(join("demo", "one", "index.html")), pages.join(", "));
  for (const page of pages) {
    const html = readFileSync(join(out, page), "utf8");
    if (page === join("search", "index.html")) {
      assert.match(html, /<script[\s>]/, "the search page runs Pagefind's UI");
    } else {
      assert.doesNotMatch(html, /<script/, `${page} carries a script`);
    }
  }
  rmSync(out, { recursive: true, force: true });
});

test("serve's search page says that ladder build writes the index, and lists every essay", async () => {
  const { page, context, problems } = await open("/search/");
  await page.waitForSelector("#search-missing:not([hidden])", { timeout: 5000 });
  assert.match(await page.textContent("#search-missing"), /ladder build/);
  const listed = await page.$$eval(".every-essay ol.rungs a", (as) => as.map((a) => new URL(a.href).pathname));
  for (const essay of ["/demo/one/", "/demo/two/"]) assert.ok(listed.includes(essay), listed.join(", "));
  // The bundle is missing by design: its requests are the only ones to fail
  // (Chromium's console names no address for them).
  const expected = (p) => p.includes("/pagefind/pagefind-ui.") || p.startsWith("console: Failed to load resource");
  assert.deepEqual(problems.filter((p) => !expected(p)), []);
  await context.close();
});
