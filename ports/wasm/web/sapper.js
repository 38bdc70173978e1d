// sapper.js - the page's one module: the core's protocol session in
// WebAssembly (Session, also what node runs in ports/wasm/run.mjs), and
// the page that draws and plays it (when loaded by index.html).
// No framework, no build step; ports/wasm/README.md describes both.

// ---- the session ------------------------------------------------------------

// One protocol session (core/sapper.h section 9) in a sapper.wasm instance.
export class Session {
  // bytes: sapper.wasm's contents; seed(): a uint32 for a NEW without one.
  static async create(bytes, seed) {
    const { instance } = await WebAssembly.instantiate(bytes, {
      env: { sapw_seed: () => seed() >>> 0 },
    });
    return new Session(instance.exports);
  }

  constructor(exports) {
    this.x = exports;
    this.cap = exports.sapw_io_bytes();
    this.closed = false;
    this.reset();
  }

  // A fresh session: no game, options off.
  reset() {
    this.x.sapw_init();
    this.closed = false;
  }

  // The build's limits, and how its block pool has served so far.
  limits() {
    const x = this.x;
    return {
      maxRows: x.sapw_max_rows(), maxCols: x.sapw_max_cols(), maxCells: x.sapw_max_cells(),
      poolBytes: x.sapw_pool_bytes(), sessionBytes: x.sapw_session_bytes(),
      blocksRefused: x.sapw_blocks_refused(), blocksPeak: x.sapw_blocks_peak(),
    };
  }

  // Every reply byte ready, each chunk handed to out (a Uint8Array view,
  // valid until the next call).
  drain(out) {
    const x = this.x;
    for (;;) {
      const n = x.sapw_poll();
      if (n > 0) out(new Uint8Array(x.memory.buffer, x.sapw_output(), n));
      else if (!x.sapw_busy()) return;
    }
  }

  // Feeds request bytes (a Uint8Array), handing reply bytes to out.  False
  // once the session takes no more input (BYE, a line too long): the rest
  // is not read, as sapperd stops reading such a connection.
  feed(bytes, out) {
    const x = this.x;
    for (let at = 0; at < bytes.length; ) {
      if (this.closed) return false;
      const n = Math.min(this.cap, bytes.length - at);
      new Uint8Array(x.memory.buffer, x.sapw_input(), n).set(bytes.subarray(at, at + n));
      let done = 0;
      while (done < n) {
        done += x.sapw_sink(done, n - done);
        this.drain(out);
        if (x.sapw_closing()) {
          this.closed = true;
          return false;
        }
      }
      at += n;
    }
    return true;
  }

  // The end of input: a last line without its line end is answered.
  finish(out) {
    this.x.sapw_finish();
    this.drain(out);
    this.closed = true;
  }

  // One request (its body lines joined by "\n"): its whole reply as text.
  // A session that closes (BYE) is started afresh for the next one.
  request(text) {
    const parts = [];
    let bytes = new TextEncoder().encode(text.endsWith("\n") ? text : text + "\n");
    this.feed(bytes, (chunk) => parts.push(chunk.slice()));
    if (this.closed) this.reset();
    let total = 0;
    for (const p of parts) total += p.length;
    bytes = new Uint8Array(total);
    total = 0;
    for (const p of parts) {
      bytes.set(p, total);
      total += p.length;
    }
    return new TextDecoder().decode(bytes);
  }
}

// A seed from the platform's randomness (the page's and node's crypto).
export function randomSeed() {
  return globalThis.crypto.getRandomValues(new Uint32Array(1))[0];
}

// ---- the page ---------------------------------------------------------------

if (typeof document !== "undefined") startPage();

const PRESETS = {
  beginner: [9, 9, 10],
  intermediate: [16, 16, 40],
  expert: [16, 30, 99],
};
const PAGE_MAX = 100; // the page's form asks for boards up to 100 x 100
// ColorBrewer YlOrBr, 9 classes: a sequential palette the colour-blind read.
const PALETTE = ["#ffffe5", "#fff7bc", "#fee391", "#fec44f", "#fe9929",
  "#ec7014", "#cc4c02", "#993404", "#662506"];
const GLYPH_TEXT = { "#": "", P: "⚑", "?": "?", ".": "", "*": "✹", "@": "✹", X: "⚑" };
const GLYPH_CLASS = { "#": "c", P: "c flag", "?": "c mark", ".": "c open", "*": "c mine",
  "@": "c boom", X: "c wrong" };

function median(a) {
  if (a.length === 0) return NaN;
  const s = [...a].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// The view of the game as VIEW draws it: rows, cols, glyphs, the status.
function parseView(text) {
  const lines = text.split("\n");
  const end = lines.lastIndexOf("END");
  if (!lines[0] || lines[0].startsWith("ERR") || end < 2) return null;
  const status = lines[end - 1];
  const last = lines[end - 2].trim().split(" ");
  const rows = Number(last[0]);
  const cols = last.length - 1;
  const glyphs = [];
  for (const line of lines.slice(end - 1 - rows, end - 1)) glyphs.push(...line.trim().split(" ").slice(1));
  const m = /^mines left (-?\d+) of (\d+) {2}clicks (\d+) {2}(.*)$/.exec(status);
  return { rows, cols, glyphs, minesLeft: m ? +m[1] : 0, mines: m ? +m[2] : 0,
    clicks: m ? +m[3] : 0, state: m ? m[4] : status };
}

async function startPage() {
  const $ = (id) => document.getElementById(id);
  const board = $("board");
  const perf = { hint: [], prob: [], overlay: [], move: [], ready: NaN, wasmBytes: 0 };
  const bytes = await (await fetch(new URL("sapper.wasm", import.meta.url))).arrayBuffer();
  perf.wasmBytes = bytes.byteLength;
  const session = await Session.create(bytes, randomSeed);

  // Every request goes through req: one at a time; HINT and PROB timed.
  function req(text) {
    if (text !== "HINT" && text !== "PROB") return session.request(text);
    const t0 = performance.now();
    const reply = session.request(text);
    (text === "HINT" ? perf.hint : perf.prob).push(performance.now() - t0);
    return reply;
  }

  const st = {
    mode: "play",
    view: null, // the last VIEW
    cells: [], // the cell elements, row by row
    rows: 0, cols: 0,
    cursor: [1, 1],
    started: NaN, ended: NaN, lastState: "",
    guesses: 0,
    prob: null, // the last PROB, covered cells' percentages (null when not known)
    hint: null,
    auto: null,
    tool: "#",
  };

  // ---- drawing ----
  function layout(rows, cols) {
    board.textContent = "";
    board.style.setProperty("--cols", cols);
    board.classList.toggle("small", cols > 40 || rows > 40);
    const frag = document.createDocumentFragment();
    st.cells = [];
    for (let r = 1; r <= rows; r++)
      for (let c = 1; c <= cols; c++) {
        const d = document.createElement("div");
        d.className = "c";
        d.dataset.r = r;
        d.dataset.c = c;
        d.dataset.v = "#";
        d.setAttribute("role", "gridcell");
        frag.appendChild(d);
        st.cells.push(d);
      }
    board.appendChild(frag);
    st.rows = rows;
    st.cols = cols;
    st.cursor = [Math.min(st.cursor[0], rows), Math.min(st.cursor[1], cols)];
  }

  function cellAt(r, c) {
    return st.cells[(r - 1) * st.cols + (c - 1)];
  }

  // The cell's look from its glyph, the overlay and the hint.
  function paint(i) {
    const d = st.cells[i];
    const g = st.view ? st.view.glyphs[i] : "#";
    let cls = GLYPH_CLASS[g] || `c open n${g}`;
    let text = GLYPH_TEXT[g] ?? g;
    let bg = "", title = "";
    const p = st.prob && (g === "#" || g === "P" || g === "?") ? st.prob[i] : undefined;
    if (p !== undefined && p !== null) {
      cls += " p";
      bg = PALETTE[Math.min(8, Math.floor((p * 9) / 100.0001))];
      if (p >= 60) cls += " dark";
      title = `${p}% mine`;
      if (g === "#") {
        if (p === 0) { cls += " sure-safe"; text = "✓"; title = "certainly safe"; }
        else if (p === 100) { cls += " sure-mine"; text = "✹"; title = "certainly a mine"; }
        else text = String(p);
      }
    }
    if (st.hint && st.hint.i === i) cls += ` hint hint-${st.hint.kind.toLowerCase()}`;
    if (st.mode !== "none" && i === (st.cursor[0] - 1) * st.cols + st.cursor[1] - 1 && st.kbd) cls += " cur";
    if (d.className !== cls) d.className = cls;
    if (d.textContent !== text) d.textContent = text;
    if (d.dataset.v !== g) d.dataset.v = g;
    if (p === undefined || p === null) { if ("p" in d.dataset) delete d.dataset.p; }
    else if (d.dataset.p !== String(p)) d.dataset.p = p;
    if (d.style.background !== bg) d.style.background = bg;
    if (d.title !== title) d.title = title;
  }

  function paintAll() {
    for (let i = 0; i < st.cells.length; i++) paint(i);
  }

  // The game as the engine has it now: VIEW, then the overlay and the hint.
  function refresh() {
    const v = parseView(req("VIEW"));
    st.view = v;
    st.hint = null;
    st.prob = null;
    if (!v) {
      layout(0, 0);
      $("mines-left").textContent = "0";
      $("state").textContent = "no game";
      return;
    }
    if (v.rows !== st.rows || v.cols !== st.cols) layout(v.rows, v.cols);
    trackState(v);
    if (st.mode === "analyse" || ($("show-hints").checked && v.state === "playing")) loadHint();
    // The overlay's redraw, timed: PROB, its parse, every cell repainted.
    const t0 = performance.now();
    if ((st.mode === "analyse" || $("overlay").checked) && !over()) loadProb();
    paintAll();
    if (st.prob) perf.overlay.push(performance.now() - t0);
    $("mines-left").textContent = v.minesLeft;
    $("state").textContent = v.state;
    if (st.mode === "analyse") showAnalysis();
  }

  function over() {
    return st.view && (st.view.state === "won" || st.view.state === "lost");
  }

  // PROB: the covered cells' percentages, by cell index.
  function loadProb() {
    const text = req("PROB");
    if (text.startsWith("ERR")) {
      st.prob = null;
      $("hint").textContent = text.trim();
      return;
    }
    const prob = new Array(st.rows * st.cols).fill(null);
    let i = 0;
    for (const line of text.split("\n", st.rows))
      for (const tok of line.split(" ")) {
        if (tok.endsWith("%")) prob[i] = Number(tok.slice(0, -1));
        i++;
      }
    st.prob = prob;
  }

  // HINT: the cell highlighted, its reason in words.
  function loadHint() {
    const text = req("HINT").trim();
    const m = /^(SAFE|MINE|GUESS) (\d+) (\d+)(?: ([\d.]+)%)?: (.*)$/.exec(text);
    if (!m) {
      st.hint = null;
      $("hint").textContent = text;
      return null;
    }
    st.hint = { kind: m[1], r: +m[2], c: +m[3], i: (m[2] - 1) * st.cols + (m[3] - 1), p: m[4], why: m[5] };
    const what = { SAFE: "safe", MINE: "mine", GUESS: `guess (${m[4]}% mine)` }[m[1]];
    const h = $("hint");
    h.textContent = "";
    const b = document.createElement("b");
    b.textContent = what;
    h.append(b, ` at row ${m[2]}, column ${m[3]}: ${m[5]}`);
    h.dataset.hint = text;
    return st.hint;
  }

  // ---- the game's clock and its end ----
  function trackState(v) {
    const s = v.state;
    if (s === "not started" || s.startsWith("a position")) {
      st.started = NaN;
      st.ended = NaN;
      if (st.lastState !== s) st.guesses = 0;
      $("end").hidden = true;
    } else if (s === "playing" && Number.isNaN(st.started)) {
      st.started = performance.now();
    } else if ((s === "won" || s === "lost") && Number.isNaN(st.ended)) {
      if (Number.isNaN(st.started)) st.started = performance.now();
      st.ended = performance.now();
      showEnd(v);
    }
    st.lastState = s;
  }

  function elapsed() {
    if (Number.isNaN(st.started)) return 0;
    return ((Number.isNaN(st.ended) ? performance.now() : st.ended) - st.started) / 1000;
  }

  function showEnd(v) {
    const s = /^3BV (\d+) OPENINGS \d+ ISLANDS \d+ CLICKS (\d+)/.exec(req("STATS"));
    const t = Math.max(elapsed(), 0.01);
    const bbbv = s ? +s[1] : NaN, clicks = s ? +s[2] : v.clicks;
    $("end-title").textContent = v.state === "won" ? "Won" : "Lost";
    $("end-time").textContent = `${t.toFixed(2)} s`;
    $("end-3bv").textContent = bbbv;
    $("end-3bvs").textContent = (bbbv / t).toFixed(2);
    $("end-clicks").textContent = clicks;
    $("end-eff").textContent = clicks ? `${Math.round((100 * bbbv) / clicks)} %` : "–";
    $("end-guesses").textContent = st.guesses;
    $("end").hidden = false;
  }

  setInterval(() => {
    $("timer").textContent = Math.floor(elapsed());
  }, 250);

  // ---- moves ----
  function glyph(r, c) {
    return st.view ? st.view.glyphs[(r - 1) * st.cols + (c - 1)] : "#";
  }

  // A guess: a move that opens a cell not certainly safe (the first click
  // of a random board never is a mine, and is no guess).
  function countGuess(cells) {
    if (!st.view || st.view.state !== "playing") return;
    const text = req("PROB");
    if (text.startsWith("ERR")) return;
    const toks = text.split("\n", st.rows).map((l) => l.split(" "));
    if (cells.some(([r, c]) => toks[r - 1][c - 1] !== "0%")) st.guesses++;
  }

  function neighbours(r, c) {
    const out = [];
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++) {
        const rr = r + dr, cc = c + dc;
        if ((dr || dc) && rr >= 1 && cc >= 1 && rr <= st.rows && cc <= st.cols) out.push([rr, cc]);
      }
    return out;
  }

  function move(text) {
    const t0 = performance.now();
    const reply = req(text);
    perf.move.push(performance.now() - t0);
    if (reply.startsWith("ERR")) $("hint").textContent = reply.trim();
    refresh();
    return reply;
  }

  function open(r, c) {
    if (st.mode === "analyse") return paintCell(r, c, st.tool);
    if (!st.view || over()) return;
    const g = glyph(r, c);
    if (g === "#" || g === "?") {
      countGuess([[r, c]]);
      move(`1 ${r} ${c}`);
    } else if (/[1-8]/.test(g)) {
      const around = neighbours(r, c).filter(([rr, cc]) => glyph(rr, cc) === "#" || glyph(rr, cc) === "?");
      const flags = neighbours(r, c).filter(([rr, cc]) => glyph(rr, cc) === "P").length;
      if (around.length === 0 || flags !== Number(g)) return;
      countGuess(around);
      move(`3 ${r} ${c}`);
    }
  }

  function flag(r, c) {
    if (st.mode === "analyse") return paintCell(r, c, glyph(r, c) === "P" ? "#" : "P");
    if (!st.view || over()) return;
    const g = glyph(r, c);
    if (g === "#" || g === "?" || g === "P") {
      // _ -> P -> ? -> _ in the engine; without ? marks, P goes straight back.
      if (g === "P" && !$("marks").checked) req(`2 ${r} ${c}`);
      move(`2 ${r} ${c}`);
    }
  }

  // ---- new games and the replay link ----
  function settings() {
    const preset = $("preset").value;
    const [rows, cols, mines] = PRESETS[preset] ||
      [+$("rows").value, +$("cols").value, +$("mines").value];
    return { preset, rows, cols, mines, level: $("level").value, seed: $("seed").value.trim() };
  }

  function linkFor(s, seed) {
    const q = new URLSearchParams();
    if (PRESETS[s.preset]) q.set("board", s.preset);
    else { q.set("rows", s.rows); q.set("cols", s.cols); q.set("mines", s.mines); }
    if (s.level) q.set("level", s.level.toLowerCase());
    q.set("seed", seed);
    return `${location.pathname}?${q}`;
  }

  function newGame() {
    stopAuto();
    setMode("play");
    const s = settings();
    if (!PRESETS[s.preset] && (s.rows > PAGE_MAX || s.cols > PAGE_MAX)) {
      $("hint").textContent = `The page draws boards up to ${PAGE_MAX} × ${PAGE_MAX}.`;
      return;
    }
    const words = ["NEW", s.rows, s.cols, s.mines];
    if (s.seed !== "") words.push(s.seed);
    if (s.level) words.push(s.level);
    const reply = req(words.join(" ")).trim();
    const m = /^OK \d+ \d+ \d+(?: SEED (\d+))?$/.exec(reply);
    $("hint").textContent = m ? "" : reply;
    if (m) {
      const seed = m[1] ?? s.seed;
      const link = linkFor(s, seed);
      $("replay").href = link;
      $("replay").textContent = `replay link (seed ${seed})`;
      history.replaceState(null, "", link);
    }
    st.guesses = 0;
    st.lastState = "";
    refresh();
  }

  function fromUrl() {
    const q = new URLSearchParams(location.search);
    const b = q.get("board");
    if (b && PRESETS[b]) $("preset").value = b;
    else if (q.has("rows")) {
      $("preset").value = "custom";
      $("rows").value = q.get("rows");
      $("cols").value = q.get("cols");
      $("mines").value = q.get("mines");
    }
    const level = (q.get("level") || "").toUpperCase();
    $("level").value = level === "NOGUESS" || level === "CASUAL" ? level : "";
    $("seed").value = q.get("seed") || "";
    $("custom").hidden = $("preset").value !== "custom";
  }

  // ---- auto play ----
  function stopAuto() {
    if (st.auto) clearTimeout(st.auto);
    st.auto = null;
    $("autoplay").classList.remove("on");
  }

  function autoStep() {
    if (!st.view || over() || st.mode !== "play") return stopAuto();
    if (st.view.state === "playing" && req("HINT").startsWith("GUESS")) st.guesses++;
    const reply = req("PLAY 1");
    refresh();
    if (reply.startsWith("ERR") || /\nERR/.test(reply)) {
      $("hint").textContent = reply.split("\n").find((l) => l.startsWith("ERR"));
      return stopAuto();
    }
    st.auto = setTimeout(autoStep, 1000 / +$("speed").value);
  }

  // ---- analysis ----
  function setMode(mode) {
    if (st.mode === mode) return;
    stopAuto();
    st.mode = mode;
    $("mode-play").classList.toggle("on", mode === "play");
    $("mode-analyse").classList.toggle("on", mode === "analyse");
    $("play-controls").hidden = mode !== "play";
    $("analyse-controls").hidden = mode !== "analyse";
    $("analysis").hidden = mode !== "analyse";
    $("end").hidden = true;
    $("hint").textContent = "";
  }

  function analyse(rows, cols, mines, glyphRows) {
    const reply = req(`ANALYZE ${rows} ${cols} ${mines}\n${glyphRows.join("\n")}`).trim();
    $("hint").textContent = reply === "OK" ? "" : reply;
    refresh();
    return reply;
  }

  function analyseEmpty() {
    setMode("analyse");
    const rows = Math.min(PAGE_MAX, +$("a-rows").value), cols = Math.min(PAGE_MAX, +$("a-cols").value);
    return analyse(rows, cols, +$("a-mines").value, Array(rows).fill("#".repeat(cols)));
  }

  function analyseGame() {
    const v = st.view;
    if (!v) return analyseEmpty();
    setMode("analyse");
    const map = { "*": "#", "@": "#", X: "P" };
    const rows = [];
    for (let r = 0; r < v.rows; r++)
      rows.push(v.glyphs.slice(r * v.cols, (r + 1) * v.cols).map((g) => map[g] || g).join(""));
    $("a-rows").value = v.rows;
    $("a-cols").value = v.cols;
    $("a-mines").value = v.mines;
    return analyse(v.rows, v.cols, v.mines, rows);
  }

  function paintCell(r, c, tool) {
    if (!st.view || !st.view.state.startsWith("a position")) analyseEmpty();
    const reply = req(`CELL ${r} ${c} ${tool}`).trim();
    refresh();
    if (reply !== "OK") $("hint").textContent = reply;
    return reply;
  }

  function showAnalysis() {
    let safe = 0, mines = 0;
    if (st.prob) for (let i = 0; i < st.prob.length; i++) {
      if (st.prob[i] === 0 && st.view.glyphs[i] === "#") safe++;
      if (st.prob[i] === 100 && st.view.glyphs[i] === "#") mines++;
    }
    const a = $("analysis");
    a.textContent = st.prob ? `${safe} safe cells, ${mines} mines certain` : "odds not known";
    a.dataset.safe = safe;
    a.dataset.mines = mines;
  }

  // ---- input: mouse, touch, keyboard ----
  const cellOf = (e) => {
    const d = e.target.closest(".c");
    return d && board.contains(d) ? [+d.dataset.r, +d.dataset.c] : null;
  };
  let touchAt = -1e9, pressTimer = null, pressed = null;
  board.addEventListener("click", (e) => {
    if (performance.now() - touchAt < 800) return;
    const rc = cellOf(e);
    if (rc) open(...rc);
  });
  board.addEventListener("contextmenu", (e) => {
    e.preventDefault();
    if (performance.now() - touchAt < 800) return;
    const rc = cellOf(e);
    if (rc) flag(...rc);
  });
  board.addEventListener("auxclick", (e) => {
    const rc = cellOf(e);
    if (e.button === 1 && rc && /[1-8]/.test(glyph(...rc))) open(...rc);
  });
  board.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch") return;
    touchAt = performance.now();
    pressed = cellOf(e);
    clearTimeout(pressTimer);
    pressTimer = setTimeout(() => {
      if (pressed) flag(...pressed);
      pressed = null;
      if (navigator.vibrate) navigator.vibrate(20);
    }, 450);
  });
  board.addEventListener("pointerup", (e) => {
    if (e.pointerType !== "touch") return;
    touchAt = performance.now();
    clearTimeout(pressTimer);
    if (pressed) open(...pressed);
    pressed = null;
  });
  board.addEventListener("pointercancel", () => {
    clearTimeout(pressTimer);
    pressed = null;
  });

  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const [r, c] = st.cursor;
    let handled = true;
    if (moves[k] && st.rows) {
      st.kbd = true;
      const old = (r - 1) * st.cols + c - 1;
      st.cursor = [Math.min(st.rows, Math.max(1, r + moves[k][0])), Math.min(st.cols, Math.max(1, c + moves[k][1]))];
      paint(old);
      paint((st.cursor[0] - 1) * st.cols + st.cursor[1] - 1);
    } else if (k === " " || k === "Enter") {
      st.kbd = true;
      if (st.mode === "analyse") paintCell(r, c, st.tool);
      else open(r, c);
    } else if (k === "f" || k === "F") flag(r, c);
    else if (k === "h" || k === "H") doHint();
    else if (k === "o" || k === "O") { $("overlay").checked = !$("overlay").checked; refresh(); }
    else if (k === "a" || k === "A") toggleAuto();
    else if (k === "n" || k === "N") newGame();
    else if (st.mode === "analyse" && /^[0-8.#]$/.test(k)) paintCell(r, c, k === "0" ? "." : k);
    else handled = false;
    if (handled) e.preventDefault();
  });

  function doHint() {
    if (st.mode === "play" && over()) return;
    loadHint();
    paintAll();
  }

  function toggleAuto() {
    if (st.auto) return stopAuto();
    if (st.mode !== "play" || !st.view || over()) return;
    $("autoplay").classList.add("on");
    autoStep();
  }

  $("new").addEventListener("click", newGame);
  $("preset").addEventListener("change", () => {
    $("custom").hidden = $("preset").value !== "custom";
  });
  $("hint-button").addEventListener("click", doHint);
  $("overlay").addEventListener("change", refresh);
  $("show-hints").addEventListener("change", refresh);
  $("autoplay").addEventListener("click", toggleAuto);
  $("speed").addEventListener("input", () => ($("speed-out").textContent = $("speed").value));
  $("mode-play").addEventListener("click", () => { setMode("play"); newGame(); });
  $("mode-analyse").addEventListener("click", () => analyseGame());
  $("a-clear").addEventListener("click", analyseEmpty);
  $("a-from-game").addEventListener("click", () => { setMode("play"); analyseGame(); });
  $("a-mines").addEventListener("change", () => {
    const reply = req(`MINES ${+$("a-mines").value}`).trim();
    refresh();
    if (reply !== "OK") $("hint").textContent = reply;
  });
  $("tools").addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    st.tool = b.dataset.tool;
    for (const x of $("tools").children) x.classList.toggle("on", x === b);
  });

  // ---- the contract: window.sapper ----
  let queue = Promise.resolve();
  window.sapper = {
    // One request (body lines joined by "\n") to the page's session; the
    // page redraws what it changed.  A promise of the whole reply text.
    send(text) {
      const run = queue.then(() => {
        const reply = req(String(text));
        refresh();
        return reply;
      });
      queue = run.catch(() => {});
      return run;
    },
    // Figures measured in this page (milliseconds).
    perf() {
      return { hintMedian: median(perf.hint), hints: perf.hint.length,
        probMedian: median(perf.prob), overlayMedian: median(perf.overlay),
        overlayMax: Math.max(0, ...perf.overlay), overlays: perf.overlay.length, moveMedian: median(perf.move),
        ready: perf.ready, wasmBytes: perf.wasmBytes };
    },
    limits: { rows: session.limits().maxRows, cols: session.limits().maxCols, page: PAGE_MAX },
  };

  fromUrl();
  newGame();
  perf.ready = performance.now();
  document.body.dataset.ready = "1";
  $("figures").textContent = `engine: sapper.wasm ${Math.round(bytes.byteLength / 1024)} KB, ` +
    `ready ${perf.ready.toFixed(0)} ms after the page began loading`;
}
