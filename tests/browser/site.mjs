// The bundled site as `ladder build` writes it, served over HTTP from a
// temporary folder, with a headless chromium and the list of essays: what the
// design and figure tests look at.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname, extname, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { launch } from "./chromium.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const repo = join(here, "..", "..");
export const bin = process.env.LADDER_BIN ?? join(repo, "target", "release", "ladder");
export const artifacts = join(here, "artifacts");
const types = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".svg": "image/svg+xml",
  ".json": "application/json", ".csv": "text/csv", ".woff2": "font/woff2", ".txt": "text/plain",
  ".js": "text/javascript" };

/// Serves the folder `out` over HTTP on a free port: `{ base, server }`.
export async function serve(out) {
  const server = createServer((req, res) => {
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
  return { base: `http://127.0.0.1:${server.address().port}`, server };
}

/// Builds the bundled site and serves it: `{ out, base, browser, essays, close }`.
export async function openSite() {
  mkdirSync(artifacts, { recursive: true });
  const out = mkdtempSync(join(tmpdir(), "ladder-site-"));
  const build = spawnSync(bin, ["build", "--root", repo, "--output-dir", out], { encoding: "utf8" });
  assert.equal(build.status, 0, build.stderr);
  const { base, server } = await serve(out);
  const browser = await launch();
  const page = await browser.newPage();
  await page.goto(base + "/");
  const essays = await page.$$eval("ol.rungs a", (as) => as.map((a) => new URL(a.href).pathname));
  await page.close();
  assert.ok(essays.length >= 2, "the index lists the essays");
  const close = async () => {
    await browser.close();
    server.close();
    rmSync(out, { recursive: true, force: true });
  };
  return { out, base, browser, essays, close };
}

/// The file name an essay's screenshots start with.
export function shotName(path) {
  return path.replaceAll("/", "_").replace(/^_|_$/g, "");
}

/// Contrast ratio of two CSS colours, by WCAG's relative luminance.
export function contrast(a, b) {
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
