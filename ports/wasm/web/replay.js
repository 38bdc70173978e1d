// replay.js - a finished game played again move by move (play, pause, a
// step on or back, the speed), and the links that carry a board or a whole
// game: the board (its size and mines, level and seed, or its mines' layout
// for a board given by its rows) and, for a game, its moves.

import { Game, LEVELS, PRESETS, dealOf, firstLine, presetOf } from "./model.js";

// ---- links ----

const MOVE_LETTER = { 1: "o", 2: "f", 3: "c" }; // open, flag, chord
const LETTER_MOVE = { o: 1, f: 2, c: 3 };
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// Moves as a link holds them: "1 8 15", "2 2 3" as "o8.15f2.3".
export function packMoves(moves) {
  return moves.map((m) => {
    const [k, r, c] = m.split(" ");
    return `${MOVE_LETTER[k]}${r}.${c}`;
  }).join("");
}

export function unpackMoves(text) {
  const out = [];
  const re = /([ofc])(\d{1,4})\.(\d{1,4})/y;
  let m;
  while (re.lastIndex < text.length && (m = re.exec(text))) out.push(`${LETTER_MOVE[m[1]]} ${+m[2]} ${+m[3]}`);
  return re.lastIndex === text.length || text === "" ? out : null;
}

// A board given by its rows ("NEW r c" then rows of _ and *): its mines, a
// bit a cell, six to a character.
function packLayout(rows) {
  const bits = rows.join("").split("").map((ch) => (ch === "*" ? 1 : 0));
  let out = "";
  for (let i = 0; i < bits.length; i += 6) {
    let v = 0;
    for (let b = 0; b < 6; b++) v = (v << 1) | (bits[i + b] || 0);
    out += B64[v];
  }
  return out;
}

function unpackLayout(text, rows, cols) {
  const bits = [];
  for (const ch of text) {
    const v = B64.indexOf(ch);
    if (v < 0) return null;
    for (let b = 5; b >= 0; b--) bits.push((v >> b) & 1);
  }
  if (bits.length < rows * cols) return null;
  const out = [];
  for (let r = 0; r < rows; r++) out.push(bits.slice(r * cols, (r + 1) * cols).map((x) => (x ? "*" : "_")).join(""));
  return out;
}

// The query of a link to a deal's board; with moves, to the game.
export function linkQuery(deal, moves = null, seconds = NaN) {
  const q = new URLSearchParams();
  const preset = presetOf(deal);
  if (deal.seed === null) {
    q.set("rows", deal.rows);
    q.set("cols", deal.cols);
    q.set("layout", packLayout(deal.line.split("\n").slice(1)));
  } else {
    if (preset) q.set("board", preset);
    else { q.set("rows", deal.rows); q.set("cols", deal.cols); q.set("mines", deal.mines); }
    if (deal.level) q.set("level", deal.level.toLowerCase());
    q.set("seed", deal.seed);
  }
  if (moves) q.set("moves", packMoves(moves));
  if (Number.isFinite(seconds)) q.set("time", seconds.toFixed(2));
  return `?${q}`;
}

// What a link's query asks for: the form's settings (preset, rows, cols,
// mines, level, seed: strings), and when it names a board, `line`, the NEW
// that deals it; with moves, the game's (null when they do not read), and
// its time in seconds (NaN when not given).
export function readLink(search) {
  const q = new URLSearchParams(search);
  const level = (q.get("level") || "").toUpperCase();
  const out = { preset: "", rows: q.get("rows"), cols: q.get("cols"), mines: q.get("mines"),
    level: LEVELS.includes(level) ? level : "", seed: q.get("seed") || "", line: null,
    moves: q.has("moves") ? unpackMoves(q.get("moves")) : undefined, time: Number(q.get("time") ?? NaN) };
  if (PRESETS[q.get("board")]) {
    out.preset = q.get("board");
    [out.rows, out.cols, out.mines] = PRESETS[out.preset].map(String);
  } else if (out.rows) out.preset = "custom";
  const [r, c] = [Number(out.rows), Number(out.cols)];
  if (q.has("layout") && r > 0 && c > 0) {
    const rows = unpackLayout(q.get("layout"), r, c);
    if (rows) out.line = `NEW ${r} ${c}\n${rows.join("\n")}`;
    out.mines = rows ? String(rows.join("").split("*").length - 1) : out.mines;
    out.seed = "";
  } else if (out.preset && /^\d+$/.test(out.seed))
    out.line = `NEW ${out.rows} ${out.cols} ${out.mines} ${out.seed}${out.level ? " " + out.level : ""}`;
  return out;
}

// ---- the replay ----

export class Replay {
  // play: play.js's; ui: panels.js's Panels (its replay bar).
  constructor(play, ui) {
    this.play = play;
    this.ui = ui;
    this.timer = null;
    this.at = 0;
    this.moves = [];
    this.onMode = () => {}; // the page shows the mode changed
  }

  get open() {
    return this.play.mode === "replay";
  }

  // A game to replay: its deal, its moves, and what the moves do not tell
  // ({ time: seconds, guesses }); false when the engine refuses the deal.
  start(deal, moves, meta = {}) {
    this.deal = deal;
    this.moves = moves;
    this.meta = meta;
    this.play.mode = "replay";
    this.ui.replayBar(true);
    this.onMode();
    if (!this.seek(0)) {
      this.close();
      return false;
    }
    this.ui.dealt(this.play.game.deal, false);
    return true;
  }

  // A fresh deal of the game, its first k moves played without drawing,
  // then drawn whole.
  seek(k) {
    this.pause();
    const reply = this.play.req(this.deal.line);
    const deal = dealOf(this.deal.line, reply);
    if (!deal) {
      this.play.error(firstLine(reply));
      return false;
    }
    const g = new Game(deal.rows, deal.cols, deal.mines, deal);
    g.counted = true; // a replay is never counted
    this.at = 0;
    while (this.at < k && this.at < this.moves.length) {
      if (!g.apply(this.moves[this.at], this.play.req(this.moves[this.at]), 0)) break;
      this.at++;
    }
    this.timed(g);
    this.play.begin(g);
    if (g.over) this.play.finish();
    this.ui.replayAt(this.at, this.moves.length, false);
    return true;
  }

  // The game's time and guesses are the recorded ones, not the replay's.
  timed(g) {
    g.started = 0;
    g.ended = (this.meta.time ?? NaN) * 1000;
    g.guesses = this.meta.guesses ?? NaN;
  }

  // One move on, only its changed cells drawn.
  step() {
    const g = this.play.game;
    if (!this.open || this.at >= this.moves.length || !g) return this.pause();
    const line = this.moves[this.at];
    const reply = this.play.req(line);
    const res = g.apply(line, reply, 0);
    if (!res) {
      this.play.error(`move ${this.at + 1}, ${line}: ${firstLine(reply)}`);
      return this.pause();
    }
    this.at++;
    this.timed(g);
    if (res.end) this.play.finish();
    else {
      this.play.view.paintSome(res.changed);
      this.ui.status(g);
    }
    this.ui.replayAt(this.at, this.moves.length, !!this.timer);
    if (this.at >= this.moves.length) this.pause();
  }

  back() {
    if (this.open && this.at > 0) this.seek(this.at - 1);
  }

  restart() {
    if (this.open) this.seek(0);
  }

  toggle() {
    if (this.timer) return this.pause();
    if (!this.open) return;
    if (this.at >= this.moves.length) this.seek(0);
    const tick = () => {
      this.step();
      if (this.timer) this.timer = setTimeout(tick, 1000 / this.ui.replaySpeed());
    };
    this.timer = setTimeout(tick, 1000 / this.ui.replaySpeed());
    this.ui.replayAt(this.at, this.moves.length, true);
  }

  pause() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.open) this.ui.replayAt(this.at, this.moves.length, false);
  }

  // Back to play: the game as its moves left it (the session holds it),
  // or as far as it was replayed when another game follows (finish false).
  close(finish = true) {
    if (!this.open) return;
    if (finish && this.at < this.moves.length) this.seek(this.moves.length);
    this.pause();
    this.play.mode = "play";
    this.ui.replayBar(false);
    this.onMode();
  }
}
