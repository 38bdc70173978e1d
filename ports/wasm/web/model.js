// model.js - the game as the page knows it, read from the engine's replies
// alone (core/PROTOCOL.md): the deal a NEW names, a move's changed cells,
// VIEW's drawing, PROB's odds, HINT's line, STATS's figures.  The page
// keeps no rule of the game of its own: what a click does is what its
// reply says it did.

export const PRESETS = {
  beginner: [9, 9, 10],
  intermediate: [16, 16, 40],
  expert: [16, 30, 99],
};
export const LEVELS = ["NOGUESS", "CASUAL"];

// A cell's glyph as VIEW draws it (#, P, ?, ., 1-8; after the end *, @,
// X), from SHOW's or a move's value (_ covered, 0 opened).
export const glyphOf = (v) => (v === "_" ? "#" : v === "0" ? "." : v);
export const isOpened = (g) => g === "." || (g >= "1" && g <= "8");
export const isNumber = (g) => g >= "1" && g <= "8";
// Mines as a finished game's VIEW shows them: every one of them is a *,
// the one hit an @, the rightly flagged a P (a wrong flag is an X).
const isShownMine = (g) => g === "*" || g === "@" || g === "P";

export const firstLine = (reply) => reply.split("\n", 1)[0];
export const isErr = (reply) => reply.startsWith("ERR");

// The 8 neighbours of a cell (1-based) on a board.
export function neighbours(r, c, rows, cols) {
  const out = [];
  for (let dr = -1; dr <= 1; dr++)
    for (let dc = -1; dc <= 1; dc++) {
      const rr = r + dr, cc = c + dc;
      if ((dr || dc) && rr >= 1 && cc >= 1 && rr <= rows && cc <= cols) out.push([rr, cc]);
    }
  return out;
}

// ---- deals: what a NEW dealt, so that it can be dealt again ----------------

// The deal of an accepted NEW (text, and its reply "OK r c m [SEED s]"):
// rows, cols, mines, seed (null for a board given by its rows), level
// ("", NOGUESS, CASUAL) and `line`, the request that deals it again: "NEW
// r c m seed [level]" (a preset written as its numbers), or the request
// itself with its rows.  Null when the reply is no OK.
export function dealOf(text, reply) {
  const ok = /^OK (\d+) (\d+) (\d+)(?: SEED (\d+))?$/.exec(firstLine(reply));
  if (!ok) return null;
  const [rows, cols, mines] = [+ok[1], +ok[2], +ok[3]];
  const lines = text.trim().split("\n").map((l) => l.trim()).filter((l) => l !== "");
  const words = lines[0].toUpperCase().split(/[\s(),]+/);
  if (lines.length > 1)
    return { rows, cols, mines, seed: null, level: "", line: [`NEW ${rows} ${cols}`, ...lines.slice(1)].join("\n") };
  const level = LEVELS.includes(words.at(-1)) ? words.at(-1) : "";
  // the seed: the reply's, else the one given (NEW's fourth place; a preset's second)
  const seed = ok[4] ?? words.slice(PRESETS[words[1]?.toLowerCase()] ? 2 : 4).find((w) => /^\d+$/.test(w));
  return { rows, cols, mines, seed: String(seed), level,
    line: `NEW ${rows} ${cols} ${mines} ${seed}${level ? " " + level : ""}` };
}

// The name statistics keep a kind of game under: the preset's, or
// "rows x cols / mines", then the level ("expert", "expert noguess",
// "10x12/20 casual").
export function kindOf(deal) {
  return (presetOf(deal) || `${deal.rows}x${deal.cols}/${deal.mines}`) + (deal.level ? " " + deal.level.toLowerCase() : "");
}

// The preset a deal's size and mines are, or undefined.
export function presetOf({ rows, cols, mines }) {
  return Object.keys(PRESETS).find((k) => PRESETS[k].join() === [rows, cols, mines].join());
}

// ---- the game ---------------------------------------------------------------

// A game the page draws: its cells' glyphs and state, the moves the engine
// took (to rebuild, store and replay it), its clock and guesses.  A
// position typed in (ANALYZE) is one too, with no deal.
export class Game {
  constructor(rows, cols, mines, deal = null) {
    this.rows = rows;
    this.cols = cols;
    this.mines = mines;
    this.deal = deal;
    this.glyphs = new Array(rows * cols).fill("#");
    this.flags = 0; // P and X: VIEW's "mines left" is mines - flags
    this.clicks = 0;
    this.state = deal ? "not started" : "a position typed in (ANALYZE)";
    this.moves = []; // every move line the engine took, in order
    this.started = NaN; // epoch ms of the first move, and of the end
    this.ended = NaN;
    this.guesses = 0;
    this.assisted = false; // auto play moved in it
    this.counted = false; // its end is in the statistics
  }

  index(r, c) {
    return (r - 1) * this.cols + (c - 1);
  }

  glyph(r, c) {
    return this.glyphs[this.index(r, c)];
  }

  get minesLeft() {
    return this.mines - this.flags;
  }

  get over() {
    return this.state === "won" || this.state === "lost";
  }

  get playing() {
    return this.state === "playing";
  }

  setGlyph(i, g) {
    const old = this.glyphs[i];
    this.flags += (g === "P" || g === "X") - (old === "P" || old === "X");
    this.glyphs[i] = g;
  }

  // A move's reply (core/PROTOCOL.md: "RUNNING: [<x, y, v>, ...]", then
  // WIN; LOSE; INVALID; an ERR) applied at time now: the indices of the
  // cells it changed and the end it reached ("WIN", "LOSE" or ""), or
  // null when the engine did not take the move.
  apply(line, reply, now) {
    const first = firstLine(reply);
    if (isErr(first) || first === "INVALID" || !/^(RUNNING: |LOSE$)/.test(first)) return null;
    this.moves.push(line);
    this.clicks++;
    if (Number.isNaN(this.started)) this.started = now;
    this.state = "playing";
    const changed = [];
    for (const m of first.matchAll(/<(\d+), (\d+), ([^>]+)>/g)) {
      const i = this.index(+m[1], +m[2]);
      this.setGlyph(i, glyphOf(m[3]));
      changed.push(i);
    }
    const end = first === "LOSE" ? "LOSE" : /\nWIN(\n|$)/.test(reply) ? "WIN" : "";
    if (end) {
      this.state = end === "WIN" ? "won" : "lost";
      this.ended = now;
    }
    return { changed, end };
  }

  // VIEW's whole drawing and status taken as the game's (after an end, to
  // show the mines; a position; a rebuilt game).
  takeView(view) {
    this.glyphs.fill("#");
    this.flags = 0;
    view.glyphs.forEach((g, i) => this.setGlyph(i, g));
    this.state = view.state;
    this.clicks = view.clicks;
    this.mines = view.mines;
  }
}

// ---- replies read ------------------------------------------------------------

// VIEW: rows, cols, glyphs (row by row), mines left, mines, clicks, the
// state ("not started", "playing", "won", "lost", "a position typed in
// (ANALYZE)"); null for an ERR.
export function parseView(text) {
  const lines = text.split("\n");
  const end = lines.lastIndexOf("END");
  if (!lines[0] || isErr(lines[0]) || end < 2) return null;
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

// PROB: every cell's whole percent by index (null where opened), or null
// for an ERR.
export function parseProb(text, cells) {
  if (isErr(text)) return null;
  const prob = new Array(cells).fill(null);
  let i = 0;
  for (const line of text.split("\n"))
    for (const tok of line.split(" ")) {
      if (i >= cells) return prob;
      if (tok.endsWith("%")) prob[i] = Number(tok.slice(0, -1));
      if (tok !== "") i++;
    }
  return prob;
}

// PROB's token for one cell (1-based) without reading the rest.
export function probToken(text, r, c) {
  let at = 0;
  for (let k = 1; k < r; k++) at = text.indexOf("\n", at) + 1;
  return text.slice(at, text.indexOf("\n", at)).split(" ")[c - 1];
}

// HINT: { kind: SAFE | MINE | GUESS, r, c, p (GUESS's percent), why,
// line }, or null (an ERR).
export function parseHint(text) {
  const line = text.trim();
  const m = /^(SAFE|MINE|GUESS) (\d+) (\d+)(?: ([\d.]+)%)?: (.*)$/.exec(line);
  return m ? { kind: m[1], r: +m[2], c: +m[3], p: m[4], why: m[5], line } : null;
}

// STATS: { bv3, openings, islands, clicks }, or null.
export function parseStats(text) {
  const m = /^3BV (\d+) OPENINGS (\d+) ISLANDS (\d+) CLICKS (\d+)/.exec(text);
  return m ? { bv3: +m[1], openings: +m[2], islands: +m[3], clicks: +m[4] } : null;
}

// PLAY's reply: each move's line and its own reply, then the ERR that
// ended it, if one did.
export function parsePlay(text) {
  const moves = [];
  let err = "";
  for (const line of text.split("\n")) {
    if (/^[123] \d+ \d+$/.test(line)) moves.push({ line, reply: "" });
    else if (isErr(line)) err = line;
    else if (line !== "END" && line !== "" && moves.length) moves.at(-1).reply += line + "\n";
  }
  return { moves, err };
}

// The 3BV a finished game solved, read from its end VIEW (every mine
// shown): STATS's count (core/stats.c) of the openings (8-connected groups
// of safe cells with no mine around) and of the numbered cells touching
// none, of which only those the player opened: an opening with a cell
// opened, a numbered cell opened.  A won game solved all of them.
export function solved3BV(glyphs, rows, cols) {
  const n = rows * cols;
  const mine = glyphs.map(isShownMine);
  const zero = new Uint8Array(n);
  const around = (i) => neighbours(Math.floor(i / cols) + 1, (i % cols) + 1, rows, cols)
    .map(([r, c]) => (r - 1) * cols + c - 1);
  for (let i = 0; i < n; i++) zero[i] = !mine[i] && !around(i).some((j) => mine[j]) ? 1 : 0;
  let solved = 0;
  const seen = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (zero[i] && !seen[i]) {
      let opened = false;
      const stack = [i];
      seen[i] = 1;
      while (stack.length) {
        const j = stack.pop();
        opened ||= isOpened(glyphs[j]);
        for (const k of around(j)) if (zero[k] && !seen[k]) { seen[k] = 1; stack.push(k); }
      }
      solved += opened;
    } else if (!zero[i] && !mine[i] && isOpened(glyphs[i]) && !around(i).some((j) => zero[j])) solved++;
  }
  return solved;
}
