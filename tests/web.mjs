// tests/web.mjs - the page of build/web in headless Chromium, driven as a
// person drives it (real mouse clicks and keys through playwright-core), its
// drawing checked against the engine's own answers: the page's
// window.sapper.send and build/sapperd --stdin.  Run by tests/t_web.sh;
// prints "ok"/"FAIL" lines, the figures measured in the page, and
// "t_web: N passed, M failed".  A failure saves a screenshot under build/.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launch, serve, top } from "../ports/wasm/browser.mjs";

let passed = 0, failed = 0, shots = 0;
let page;
async function check(name, cond, detail = "") {
  if (cond) {
    passed++;
    console.log(`ok   ${name}`);
    return true;
  }
  failed++;
  console.log(`FAIL ${name}${detail ? `: ${detail}` : ""}`);
  if (page) {
    mkdirSync(join(top, "build/web-test"), { recursive: true });
    const file = join(top, `build/web-test/failure-${++shots}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    console.log(`     screenshot: ${file}`);
  }
  return false;
}

// build/sapperd --stdin's answer to a stream.
function host(text) {
  return execFileSync(join(top, "build/sapperd"), ["--stdin"], { input: text }).toString();
}

const server = await serve();
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
// Every request the page makes is seen here: those to the page's own
// server go on, any other is refused and counted.
const foreign = [];
await context.route("**/*", (route) => {
  const url = route.request().url();
  if (url.startsWith(server.origin + "/")) return route.continue();
  foreign.push(url);
  return route.abort();
});
page = await context.newPage();
const errors = [];
page.on("pageerror", (e) => errors.push(e.message));

async function load(query) {
  const t0 = Date.now();
  await page.goto(`${server.origin}/${query}`);
  await page.waitForSelector("body[data-ready]");
  return Date.now() - t0;
}
const send = (text) => page.evaluate((t) => window.sapper.send(t), text);
// The drawn board: each cell's glyph (data-v, VIEW's glyphs) row by row,
// on the page or another (the touch screen's).
const drawn = (on = page) => on.evaluate(() =>
  [...document.querySelectorAll("#board .c")].map((d) => d.dataset.v).join(""));
// SHOW's map in VIEW's glyphs.
const showGlyphs = (show) => show.trim().split("\n").map((l) => l.split(" ")
  .map((t) => (t === "_" ? "#" : t === "0" ? "." : t)).join("")).join("");
// VIEW's rows (between the rulers and the status line) as one string.
function viewGlyphs(view) {
  const lines = view.split("\n");
  const end = lines.lastIndexOf("END");
  const last = lines[end - 2].trim().split(" ");
  return lines.slice(end - 1 - Number(last[0]), end - 1)
    .map((l) => l.trim().split(" ").slice(1).join("")).join("");
}
async function cellBox(r, c, on = page) {
  const box = await on.locator(`#board .c[data-r="${r}"][data-c="${c}"]`).boundingBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}
async function click(r, c, button = "left") {
  const [x, y] = await cellBox(r, c);
  await page.mouse.click(x, y, { button });
}

// 1. A seeded expert game, won by real mouse clicks following the page's
// own HINT (the Hint button, its cell and reason read from the page), the
// drawing checked against SHOW after every move.
const loadMs = await load("?board=expert&seed=1");
await check("the page loads with its board", (await page.locator("#board .c").count()) === 480);
let moves = 0, mismatch = "", hintsShown = 0, state = "";
for (let guard = 0; guard < 1000; guard++) {
  await page.click("#hint-button");
  const hint = await page.locator("#hint").getAttribute("data-hint");
  const m = /^(SAFE|MINE|GUESS) (\d+) (\d+)/.exec(hint || "");
  if (!m) { mismatch = `no hint: ${hint}`; break; }
  const highlighted = await page.locator(`#board .c.hint[data-r="${m[2]}"][data-c="${m[3]}"]`).count();
  hintsShown += highlighted;
  await click(+m[2], +m[3], m[1] === "MINE" ? "right" : "left");
  moves++;
  const board = await drawn();
  const show = await send("SHOW");
  if (board !== showGlyphs(show)) { mismatch = `after move ${moves} (${hint})`; break; }
  state = await page.locator("#state").textContent();
  if (state !== "playing") break;
}
await check(`expert seed 1 won by ${moves} clicks following the page's HINT`, state === "won" && !mismatch,
  `state ${state} ${mismatch}`);
await check("every hint's cell highlighted on the board", hintsShown === moves, `${hintsShown} of ${moves}`);
await check("the board drawn equals SHOW after every move", !mismatch, mismatch);
const stats = (await send("STATS")).trim();
const end = await page.evaluate(() => Object.fromEntries(["title", "3bv", "clicks", "eff", "guesses", "time", "3bvs"]
  .map((k) => [k, document.getElementById(`end-${k}`).textContent])));
const sm = /^3BV (\d+) OPENINGS \d+ ISLANDS \d+ CLICKS (\d+)/.exec(stats);
await check("the end panel: won, 3BV and clicks as STATS, efficiency, guesses",
  (await page.locator("#end").isVisible()) && end.title === "Won" && sm && end["3bv"] === sm[1] &&
  end.clicks === sm[2] && end.eff === `${Math.round((100 * sm[1]) / sm[2])} %` && /^\d+$/.test(end.guesses) &&
  /^\d+\.\d\d s$/.test(end.time), `${JSON.stringify(end)} vs ${stats}`);
const hostWin = host("NEW EXPERT 1\nPLAY\n");
await check("sapperd wins the same game by the same moves",
  hostWin.split("\n").filter((l) => /^[123] /.test(l)).length === moves && hostWin.includes("\nWIN\n"));

// 2. The overlay against PROB, mid-game on an expert board.
await load("?board=expert&seed=7");
await click(8, 15);
for (let i = 0; i < 12; i++) {
  await page.click("#hint-button");
  const m = /^(SAFE|MINE|GUESS) (\d+) (\d+)/.exec(await page.locator("#hint").getAttribute("data-hint"));
  if (!m || m[1] === "GUESS") break;
  await click(+m[2], +m[3], m[1] === "MINE" ? "right" : "left");
}
await page.click("#overlay");
const cellsP = await page.evaluate(() =>
  [...document.querySelectorAll("#board .c")].map((d) => [d.dataset.v, d.dataset.p ?? null, d.textContent,
    getComputedStyle(d).backgroundColor]));
const prob = (await send("PROB")).trim().split("\n").flatMap((l) => l.split(" "));
let probBad = "";
prob.forEach((tok, i) => {
  const [v, p, text] = cellsP[i];
  const want = tok.endsWith("%") ? tok.slice(0, -1) : null;
  if (p !== want) probBad ||= `cell ${i}: drawn ${p}, PROB ${tok}`;
  else if (want === "0" && v === "#" && text !== "✓") probBad ||= `cell ${i}: a certain safe cell not marked`;
  else if (want === "100" && v === "#" && text !== "✹") probBad ||= `cell ${i}: a certain mine not marked`;
  else if (want !== null && want !== "0" && want !== "100" && v === "#" && text !== want)
    probBad ||= `cell ${i}: the percentage ${want} not in the cell (${text})`;
});
await check("the overlay's percentages are PROB's, certain cells marked", !probBad && prob.length === 480, probBad);
const tints = new Set(cellsP.filter((c) => c[1] !== null).map((c) => `${c[1]}:${c[3]}`));
const byP = new Map();
for (const t of tints) byP.set(t.split(":")[0], (byP.get(t.split(":")[0]) || 0) + 1);
await check("each probability has one tint", [...byP.values()].every((n) => n === 1));
const title = await page.locator('#board .c[data-p]:not([data-p="0"]):not([data-p="100"])').first().getAttribute("title");
await check("a percentage on hover (the cell's title)", /^\d+% mine$/.test(title || ""), title);
// Redraw the overlay a few times to measure it.
for (let i = 0; i < 10; i++) await page.click("#overlay");

// 3. A flag, a chord and a loss, drawn as VIEW draws them (the README's
// beginner game: a right flag, a chord, a wrong flag, the mine hit).
await load("?board=beginner&seed=42");
await click(5, 5);
await click(2, 3, "right");
const flagged = await page.locator('#board .c[data-r="2"][data-c="3"]').getAttribute("data-v");
await check("a right click flags", flagged === "P", flagged);
await click(2, 2); // 1 with its flag placed: opens (1, 3)
const chord = await page.locator('#board .c[data-r="1"][data-c="3"]').getAttribute("data-v");
await check("a click on a number whose flag is placed chords", /^[1-8.]$/.test(chord), chord);
await click(7, 1, "right");
await click(7, 2);
const lostView = host("NEW 9 9 10 42\n1 5 5\n2 2 3\n3 2 2\n2 7 1\n1 7 2\nVIEW\n");
const lostDrawn = await drawn();
await check("a loss drawn as VIEW draws it (@ the mine hit, X the wrong flag, * the others)",
  lostDrawn === viewGlyphs(lostView) && lostDrawn.includes("@") && lostDrawn.includes("X"),
  `${lostDrawn} vs ${viewGlyphs(lostView)}`);
await check("the loss's cells: the hit mine red, the wrong flag crossed",
  (await page.locator('#board .c.boom[data-r="7"][data-c="2"]').count()) === 1 &&
  (await page.locator('#board .c.wrong[data-r="7"][data-c="1"]').count()) === 1);
await check("the end panel says lost", (await page.locator("#end-title").textContent()) === "Lost");

// 4. The keyboard: arrows to (5, 5), Space opens, F flags, H hints.
await load("?board=beginner&seed=42");
await page.locator("#board").focus();
for (let i = 0; i < 4; i++) {
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowRight");
}
await page.keyboard.press("Space");
await page.keyboard.press("ArrowUp");
await page.keyboard.press("ArrowUp");
await page.keyboard.press("ArrowUp");
await page.keyboard.press("ArrowLeft");
await page.keyboard.press("ArrowLeft");
await page.keyboard.press("f");
await page.keyboard.press("h");
const keyed = await drawn();
await check("the keyboard opens and flags where the cursor is",
  keyed === viewGlyphs(host("NEW 9 9 10 42\n1 5 5\n2 2 3\nVIEW\n")));
await check("the keyboard asks for a hint", /^(SAFE|MINE|GUESS) /.test(
  (await page.locator("#hint").getAttribute("data-hint")) || ""));
await check("the cursor is drawn", (await page.locator('#board .c.cur[data-r="2"][data-c="3"]').count()) === 1);

// 5. Analysis: the README's position painted with the mouse (the tools),
// the odds and the best move against ANALYZE typed to sapperd.
await page.click("#mode-analyse");
await page.fill("#a-rows", "6");
await page.fill("#a-cols", "8");
await page.fill("#a-mines", "7");
await page.click("#a-clear");
const paint = { "2": [[3, 7], [4, 7]], "1": [[3, 8], [5, 7], [6, 7]], ".": [[4, 8], [5, 8], [6, 8]] };
for (const [tool, cells] of Object.entries(paint)) {
  await page.click(`#tools button[data-tool="${tool}"]`);
  for (const [r, c] of cells) await click(r, c);
}
const rowsTyped = ["########", "########", "######21", "######2.", "######1.", "######1."];
const hostA = host(`ANALYZE 6 8 7\n${rowsTyped.join("\n")}\nHINT\nPROB\n`).split("\n");
async function analysisMatches(hint, probLines) {
  const got = await page.evaluate(() => ({
    hint: document.getElementById("hint").dataset.hint,
    p: [...document.querySelectorAll("#board .c")].map((d) => d.dataset.p ?? d.dataset.v),
    safe: document.getElementById("analysis").dataset.safe,
    mines: document.getElementById("analysis").dataset.mines,
  }));
  const want = probLines.join(" ").split(" ").map((t) => (t.endsWith("%") ? t.slice(0, -1) : t === "0" ? "." : t));
  const safe = want.filter((t) => t === "0").length, mines = want.filter((t) => t === "100").length;
  return [got.hint === hint && got.p.join(" ") === want.join(" ") && +got.safe === safe && +got.mines === mines,
    `${JSON.stringify(got)} vs ${hint} ${want.join(" ")}`];
}
let [same, why] = await analysisMatches(hostA[1], hostA.slice(2, 8));
await check("analysis: a painted position's odds, safe cells, mines and best move are ANALYZE's", same, why);
await click(2, 8); // the tool is still ".": no, a 1 is what the README's move showed
await page.click('#tools button[data-tool="1"]');
await click(2, 8);
await click(1, 1, "right");
await page.fill("#a-mines", "8");
await page.locator("#a-mines").dispatchEvent("change");
const hostB = host(`ANALYZE 6 8 7\n${rowsTyped.join("\n")}\nCELL 2 8 .\nCELL 2 8 1\nCELL 1 1 P\nMINES 8\nHINT\nPROB\n`)
  .split("\n");
[same, why] = await analysisMatches(hostB[5], hostB.slice(6, 12));
await check("analysis: edits (a cell, a flag, the mine count) as CELL and MINES give them", same, why);
const flagA = await page.locator('#board .c[data-r="1"][data-c="1"]').getAttribute("data-v");
await check("analysis: a right click flags", flagA === "P", flagA);

// 6. The URL replays a board: a random game's link, opened again, deals
// the same board to the same clicks; a link with its settings in it too.
await page.click("#mode-play");
await page.selectOption("#preset", "intermediate");
await page.fill("#seed", "");
await page.click("#new");
const link = await page.locator("#replay").getAttribute("href");
await click(8, 8);
const first = await drawn();
await load(link.replace(/^\//, ""));
await click(8, 8);
await check("the replay link deals the same board", (await drawn()) === first && /seed=\d+/.test(link), link);
await load("?rows=10&cols=12&mines=20&seed=77&level=noguess");
await click(5, 5);
await check("a link's size, mines, seed and level (no-guess) are the game's",
  (await drawn()) === viewGlyphs(host("NEW 10 12 20 77 NOGUESS\n1 5 5\nVIEW\n")));
await load("?board=expert&seed=3&level=casual");
await click(3, 3);
await check("a casual board from its link",
  (await drawn()) === viewGlyphs(host("NEW EXPERT 3 CASUAL\n1 3 3\nVIEW\n")));

// 7. Auto play: PLAY at the speed chosen, to the end.
await load("?board=beginner&seed=9");
await page.locator("#speed").fill("60");
await page.click("#autoplay");
await page.waitForFunction(() => /won|lost/.test(document.getElementById("state").textContent), null,
  { timeout: 20000 }).catch(() => {});
const autoState = await page.locator("#state").textContent();
const hostAuto = host("NEW BEGINNER 9\nPLAY\nVIEW\n");
await check("auto play plays HINT's moves to the end, as PLAY does",
  (await drawn()) === viewGlyphs(hostAuto) && /won|lost/.test(autoState), autoState);

// 8. Touch: a tap opens.
const touch = await browser.newContext({ hasTouch: true, viewport: { width: 800, height: 900 } });
await touch.route("**/*", (route) =>
  route.request().url().startsWith(server.origin + "/") ? route.continue() : (foreign.push(route.request().url()), route.abort()));
const tpage = await touch.newPage();
await tpage.goto(`${server.origin}/?board=beginner&seed=42`);
await tpage.waitForSelector("body[data-ready]");
await tpage.touchscreen.tap(...(await cellBox(5, 5, tpage)));
await check("a tap opens", (await drawn(tpage)) === viewGlyphs(host("NEW 9 9 10 42\n1 5 5\nVIEW\n")));
// A held press, as a finger holds it: touchscreen.tap lifts at once, so
// the touch goes down and up through the DevTools protocol, 700 ms apart
// (the page flags at 450 ms; its release must then open nothing).
const cdp = await touch.newCDPSession(tpage);
async function hold(r, c) {
  const [x, y] = await cellBox(r, c, tpage);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  await tpage.waitForTimeout(700);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await tpage.waitForTimeout(50);
  return drawn(tpage);
}
await check("a press held flags a covered cell, and its release opens nothing",
  (await hold(9, 1)) === viewGlyphs(host("NEW 9 9 10 42\n1 5 5\n2 9 1\nVIEW\n")));
await check("a press held on a flag takes it off",
  (await hold(9, 1)) === viewGlyphs(host("NEW 9 9 10 42\n1 5 5\nVIEW\n")));
await touch.close();

// 9. Nothing but the page's own files was asked for.
const files = new Set(server.served);
await check("no request leaves the page's own files", foreign.length === 0 &&
  [...files].every((p) => ["/", "/sapper.js", "/sapper.css", "/sapper.wasm"].includes(p.split("?")[0])),
  `${foreign.join(" ")} ${[...files].join(" ")}`);
await check("no error in the page", errors.length === 0, errors.join("; "));

// The figures, measured in the page.
await load("?board=expert&seed=1");
const ready = await page.evaluate(() => window.sapper.perf().ready);
await page.click("#overlay");
const perf = await page.evaluate(async () => {
  // HINT on expert positions: a game followed by HINT, each timed.
  const times = [];
  for (let i = 0; i < 400; i++) {
    const t0 = performance.now();
    const hint = await window.sapper.send("HINT");
    times.push(performance.now() - t0);
    const m = /^(SAFE|MINE|GUESS) (\d+) (\d+)/.exec(hint);
    if (!m) break;
    const reply = await window.sapper.send(`${m[1] === "MINE" ? 2 : 1} ${m[2]} ${m[3]}`);
    if (/WIN|LOSE/.test(reply)) break;
  }
  return window.sapper.perf();
});
// (the page times HINT and PROB in the engine alone, and the overlay's
// redraw from PROB to every cell repainted, after each move)
console.log(`     figures: page ready ${ready.toFixed(0)} ms after navigation (load seen from node ${loadMs} ms);` +
  ` HINT median ${perf.hintMedian.toFixed(3)} ms over ${perf.hints} expert positions;` +
  ` overlay redraw median ${perf.overlayMedian.toFixed(2)} ms (max ${perf.overlayMax.toFixed(2)} ms,` +
  ` ${perf.overlays} redraws; PROB alone ${perf.probMedian.toFixed(3)} ms)`);
await check("HINT's median on expert positions in the page is under 1 ms", perf.hintMedian < 1, perf.hintMedian);
await check("the overlay's redraw on expert fits a 60 Hz frame (median under 16 ms)",
  perf.overlayMedian < 16, perf.overlayMedian);
await check("the page is ready within 1 s of navigation (300 ms is the aim)", ready < 1000, ready);

await browser.close();
await server.close();
console.log(`t_web: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
