// ports/wasm/browser.mjs - what the browser test (tests/web.mjs) and `make
// web-screenshot` share: build/web served on 127.0.0.1 by node's own http
// server, and headless Chromium (Debian's /usr/bin/chromium, CHROMIUM to
// name another) driven by npm's playwright-core from build/npm
// (tests/deps.sh installs it; no browser is downloaded).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const top = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const web = join(top, "build/web");
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8", ".wasm": "application/wasm" };

// Serves the files of build/web (no directory listing, nothing else); the
// paths asked for are kept in served.
export async function serve() {
  const served = [];
  const server = createServer(async (req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    const name = path === "/" ? "index.html" : path.slice(1);
    served.push(path);
    const ext = name.slice(name.lastIndexOf("."));
    if (!/^[a-z]+\.[a-z]+$/.test(name) || !TYPES[ext]) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(join(web, name));
      // Cross-origin isolated, so that performance.now() reads to 5 us
      // rather than 100 us: the page's figures are below a millisecond.
      res.writeHead(200, { "content-type": TYPES[ext], "cache-control": "no-store",
        "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" })
        .end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return { origin: `http://127.0.0.1:${server.address().port}`, served,
    close: () => new Promise((ok) => server.close(ok)) };
}

export async function launch() {
  const require = createRequire(join(top, "build/npm/"));
  const { chromium } = require("playwright-core");
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
}
