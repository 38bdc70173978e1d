// ports/wasm/screenshot.mjs FILE - `make web-screenshot`: the page in the
// same headless Chromium as the browser test, an expert game mid-play (seed
// 7, 60 of HINT's moves) with the odds overlay on and the next hint shown,
// saved as a PNG.
import { launch, serve } from "./browser.mjs";

const file = process.argv[2] || "ports/wasm/screenshot.png";
const server = await serve();
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 800, height: 690 } });
await page.goto(`${server.origin}/?board=expert&seed=7`);
await page.waitForSelector("body[data-ready]");
await page.evaluate(() => window.sapper.send("PLAY 60"));
await page.click("#overlay");
await page.click("#hint-button");
await page.mouse.move(0, 0);
await page.screenshot({ path: file, clip: { x: 0, y: 0, width: 800, height: 690 } });
await browser.close();
await server.close();
console.log(file);
