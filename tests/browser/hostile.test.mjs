// Hostile math in an essay stays text: the fixture site with strings that
// once broke out of MathML, built by `ladder build` and opened in chromium.
// No script runs, no element is injected, and what follows the math is where
// the author put it.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { launch } from "./chromium.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const bin = process.env.LADDER_BIN ?? join(repo, "target", "release", "ladder");

const HOSTILE = [
  "$a<b$",
  "$a \\& b$",
  "$a<img src=x onerror=top.pwned=1>$",
  "$$x<\\text{</math><script>top.pwned=2</script>}$$",
];

let root, browser;

before(async () => {
  root = mkdtempSync(join(tmpdir(), "ladder-hostile-"));
  cpSync(join(repo, "tests", "fixtures", "basic"), root, { recursive: true });
  const essay = join(root, "content", "demo", "one.md");
  const text = readFileSync(essay, "utf8").replace(
    "A 2 × 3 board with its middle column blocked has two parts.",
    HOSTILE.join("\n\n") + "\n\n<p id=\"after\">After the math.</p>",
  );
  writeFileSync(essay, text);
  const build = spawnSync(bin, ["build", "--root", root], { encoding: "utf8" });
  assert.equal(build.status, 0, build.stderr);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

test("hostile math runs no script and leaves the page's structure as written", async () => {
  const page = await browser.newPage();
  const dialogs = [];
  page.on("dialog", (d) => { dialogs.push(d.message()); d.dismiss(); });
  await page.goto(pathToFileURL(join(root, "site", "demo", "one", "index.html")).href);
  const seen = await page.evaluate(() => ({
    pwned: window.pwned ?? null,
    injected: document.querySelectorAll("main script, main img").length,
    maths: [...document.querySelectorAll("main math")].map((m) => m.textContent),
    after: document.querySelector("main #after")?.parentElement?.tagName ?? null,
  }));
  await page.close();
  assert.equal(seen.pwned, null, "a hostile string ran script");
  assert.deepEqual(dialogs, []);
  assert.equal(seen.injected, 0, "a hostile string made an element");
  assert.equal(seen.after, "ARTICLE", "the paragraph after the math is not where the author put it");
  for (const [i, tex] of HOSTILE.entries()) {
    const source = tex.replaceAll("$", "").trim();
    assert.ok(seen.maths.some((m) => m.includes(source)), `math ${i} is not shown as its source ${source}`);
  }
});
