// play.js - the page's game: every request to the session goes through
// Play, which reads its reply into the model (model.js) and redraws what
// it changed (board.js): a move's own changed cells, never the whole
// board, but at an end or where the odds overlay is on.  Hints and odds
// belong to the game they were asked of; a refused request shows its ERR.

import { Game, dealOf, firstLine, isErr, kindOf, neighbours, parseHint, parsePlay, parseProb,
  parseStats, parseView, probToken, solved3BV } from "./model.js";
import * as store from "./storage.js";

export const now = () => performance.timeOrigin + performance.now();

function median(a) {
  if (a.length === 0) return NaN;
  const s = [...a].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export class Play {
  // session: session.js's; view: board.js's BoardView (its look is this
  // play's); ui: panels.js's Panels.
  constructor(session, view, ui) {
    this.session = session;
    this.view = view;
    this.ui = ui;
    this.game = null;
    this.prob = null; // the overlay's odds, by cell, of this game as it stands
    this.hint = null; // HINT's move for this game as it stands
    this.mode = "play"; // play, analyse or replay
    this.cursor = [1, 1];
    this.kbd = false; // the cursor is shown once the keyboard moved it
    this.perf = { hint: [], prob: [], overlay: [], move: [], requests: {} };
    view.look = (i) => this.look(i);
  }

  // One request to the session, counted by its first word; HINT and PROB
  // timed in the engine alone.
  req(text) {
    const word = text.trim().split(/[\s(),]+/, 1)[0].toUpperCase();
    this.perf.requests[word] = (this.perf.requests[word] || 0) + 1;
    if (word !== "HINT" && word !== "PROB") return this.session.request(text);
    const t0 = performance.now();
    const reply = this.session.request(text);
    (word === "HINT" ? this.perf.hint : this.perf.prob).push(performance.now() - t0);
    return reply;
  }

  // What cell i shows (board.js).
  look(i) {
    const g = this.game ? this.game.glyphs[i] : "#";
    const covered = g === "#" || g === "P" || g === "?";
    return { g, p: this.prob && covered ? this.prob[i] : null,
      hint: this.hint && this.hint.i === i ? this.hint.kind : "",
      cur: this.kbd && this.mode !== "replay" && i === this.cursorIndex() };
  }

  cursorIndex() {
    return (this.cursor[0] - 1) * this.view.cols + this.cursor[1] - 1;
  }

  // ---- any request and its reply ----

  // A request from outside (window.sapper.send): sent, and its reply
  // taken as the page's own are.
  send(text) {
    const reply = this.req(text);
    this.took(text, reply);
    return reply;
  }

  // The page after a request: the model and the drawing follow its reply.
  took(text, reply, safeBefore = null) {
    const word = text.trim().split(/[\s(),]+/, 1)[0].toUpperCase();
    if (/^[123]$/.test(word)) return this.moved(text.trim(), reply, safeBefore);
    if (word === "PLAY") return this.played(reply);
    if (isErr(reply)) return this.error(firstLine(reply)); // refused: nothing changed
    if (word === "NEW") {
      const deal = dealOf(text, reply);
      return deal ? this.begin(new Game(deal.rows, deal.cols, deal.mines, deal)) : this.resync();
    }
    if (word === "ANALYZE" || word === "CELL" || word === "MINES") return this.resync();
    if (word === "0" || word === "BYE") {
      store.forgetGame();
      return this.resync();
    }
    if (word === "HINT") return this.showHint(parseHint(reply));
  }

  // A refusal: its ERR shown, the hint (of a game as it stood) gone.
  error(line) {
    this.dropHint();
    this.ui.error(line);
  }

  dropHint() {
    if (!this.hint) return;
    const i = this.hint.i;
    this.hint = null;
    this.view.paint(i);
  }

  // A game to draw from its start (a NEW's, a rebuilt one's); in play,
  // the form, the board link and the address bar show its deal.
  begin(game) {
    this.game = game;
    this.hint = null;
    this.prob = null;
    this.ui.clearMessage();
    this.ui.hideEnd();
    this.view.layout(game.rows, game.cols);
    this.clampCursor();
    this.redraw();
    if (this.mode === "play" && game.deal) this.ui.dealt(game.deal);
    this.save();
  }

  // The game as VIEW draws it, after a request that changed it as a whole
  // (a position typed in and its edits, the game given up).
  resync() {
    const view = parseView(this.req("VIEW"));
    this.hint = null;
    this.prob = null;
    if (!view) {
      this.game = null;
      this.view.layout(0, 0);
      this.ui.status(null);
      return;
    }
    const dealt = this.game && this.game.deal && view.rows === this.game.rows && view.cols === this.game.cols &&
      !view.state.startsWith("a position");
    if (!dealt) this.game = new Game(view.rows, view.cols, view.mines, null);
    this.game.takeView(view);
    if (view.rows !== this.view.rows || view.cols !== this.view.cols) this.view.layout(view.rows, view.cols);
    this.clampCursor();
    this.redraw();
  }

  clampCursor() {
    this.cursor = [Math.max(1, Math.min(this.cursor[0], this.view.rows)),
      Math.max(1, Math.min(this.cursor[1], this.view.cols))];
  }

  // Every cell drawn again, with the hint and the odds asked anew.
  redraw() {
    const t0 = performance.now();
    this.aids();
    this.view.paintAll();
    if (this.prob) this.perf.overlay.push(performance.now() - t0);
    this.ui.status(this.game);
  }

  // HINT and PROB for the game as it stands, as the options ask (always
  // while analysing); none on a game over.
  aids() {
    const g = this.game;
    this.hint = null;
    this.prob = null;
    const analysing = this.mode === "analyse";
    if (g && !g.over && this.mode !== "replay") {
      if (analysing || (this.ui.showHints() && g.playing)) this.loadHint();
      if (analysing || this.ui.overlay()) this.loadProb();
    }
    if (analysing) this.ui.analysis(this.game, this.prob);
  }

  loadProb() {
    const text = this.req("PROB");
    this.prob = parseProb(text, this.game.rows * this.game.cols);
    if (!this.prob) this.error(firstLine(text));
  }

  loadHint() {
    const text = this.req("HINT");
    const hint = parseHint(text);
    if (!hint) return this.error(firstLine(text));
    this.showHint(hint);
  }

  showHint(hint) {
    this.dropHint();
    if (!hint || !this.game || hint.r > this.game.rows || hint.c > this.game.cols) return;
    this.hint = { ...hint, i: this.game.index(hint.r, hint.c) };
    this.view.paint(this.hint.i);
    this.ui.hint(this.hint);
  }

  // ---- moves ----

  // A click as the player makes it: PROB first where it tells whether the
  // move is a guess (the game in play, a cell opened), then the move.
  move(line) {
    const t0 = performance.now();
    const g = this.game;
    let safeBefore = null;
    if (g && g.playing && line[0] !== "2") {
      const text = this.prob ? null : this.req("PROB");
      if (this.prob) safeBefore = (r, c) => this.prob[g.index(r, c)] === 0;
      else if (!isErr(text)) safeBefore = (r, c) => probToken(text, r, c) === "0%";
    }
    const reply = this.req(line);
    this.took(line, reply, safeBefore);
    this.perf.move.push(performance.now() - t0);
    return reply;
  }

  moved(line, reply, safeBefore) {
    const g = this.game;
    const res = g && g.deal ? g.apply(line, reply, now()) : null;
    if (!res) {
      if (isErr(reply)) this.error(firstLine(reply));
      return;
    }
    if (safeBefore) this.countGuess(line, res, safeBefore);
    this.after(res.changed, res.end);
  }

  // A guess: a move that opened a cell PROB did not prove safe (a chord's
  // are the neighbours its reply opened), or that lost.
  countGuess(line, res, safeBefore) {
    const g = this.game;
    const [k, r, c] = line.split(" ").map(Number);
    const changed = new Set(res.changed);
    const opened = k === 1 ? [[r, c]]
      : neighbours(r, c, g.rows, g.cols).filter(([rr, cc]) => changed.has(g.index(rr, cc)));
    if (res.end === "LOSE" || opened.some(([rr, cc]) => !safeBefore(rr, cc))) g.guesses++;
  }

  // PLAY's moves (auto play, or sent), each applied as the player's are.
  played(reply) {
    const { moves, err } = parsePlay(reply);
    const g = this.game;
    let changed = [], end = "";
    if (g && g.deal)
      for (const m of moves) {
        const res = g.apply(m.line, m.reply, now());
        if (!res) continue;
        g.assisted = true;
        changed = changed.concat(res.changed);
        end ||= res.end;
      }
    if (moves.length) this.after(changed, end);
    if (err) this.error(err);
  }

  // After a move: its changed cells repainted, the stale hint's too, and
  // the new hint's; every cell with the odds overlay on (they all change).
  after(changed, end) {
    if (end) return this.finish();
    this.ui.clearMessage();
    const touched = changed;
    if (this.hint) touched.push(this.hint.i);
    const t0 = performance.now();
    this.aids();
    if (this.hint) touched.push(this.hint.i);
    if (this.prob) {
      this.view.paintAll();
      this.perf.overlay.push(performance.now() - t0); // PROB, its parse, every cell repainted
    } else this.view.paintSome(touched);
    this.ui.status(this.game);
    this.save();
  }

  // The end: the mines shown as VIEW draws them, the end panel, the
  // statistics (a game played here and not by auto play, counted once).
  finish() {
    const g = this.game;
    g.takeView(parseView(this.req("VIEW")));
    this.hint = null;
    this.prob = null;
    this.ui.clearMessage();
    this.view.paintAll();
    this.ui.status(g);
    const fig = this.endFigures(g);
    if (this.mode === "play" && !g.counted) {
      if (!g.assisted) store.recordGame(kindOf(g.deal), fig.won, fig.time, fig.bv3s);
      g.counted = true;
      this.ui.statsTable();
    }
    this.ui.showEnd(fig, g);
    this.save();
  }

  // The end panel's figures: STATS's 3BV and clicks, the 3BV solved.
  endFigures(g) {
    const s = parseStats(this.req("STATS"));
    const time = Math.max((g.ended - g.started) / 1000, 0.01);
    const solved = solved3BV(g.glyphs, g.rows, g.cols);
    return { won: g.state === "won", time, solved, total: s ? s.bv3 : NaN, clicks: s ? s.clicks : g.clicks,
      bv3s: solved / time, guesses: g.guesses };
  }

  save() {
    if (this.mode === "play" && this.game && this.game.deal) store.saveGame(this.game);
  }

  // ---- new games, rebuilt games ----

  // A NEW (its words joined); refused, the game in play plays on.
  deal(text) {
    const reply = this.req(text);
    this.took(text, reply);
    return reply;
  }

  // A stored game played again from its deal, move by move, then drawn:
  // false (nothing kept) when the engine does not take it as it did.
  rebuild(saved) {
    const reply = this.req(saved.deal.line);
    const deal = dealOf(saved.deal.line, reply);
    if (!deal) return false;
    const g = new Game(deal.rows, deal.cols, deal.mines, deal);
    for (const line of saved.moves) if (!g.apply(line, this.req(line), 0)) return false;
    g.started = saved.started ?? NaN;
    g.ended = saved.ended ?? NaN;
    g.guesses = saved.guesses || 0;
    g.assisted = !!saved.assisted;
    g.counted = !!saved.counted;
    this.begin(g);
    if (g.over) this.finish();
    return true;
  }
}

// The figures measured in this page (milliseconds), for window.sapper.perf().
export function perfFigures(play, extra) {
  const p = play.perf;
  return { hintMedian: median(p.hint), hints: p.hint.length, probMedian: median(p.prob),
    overlayMedian: median(p.overlay), overlayMax: Math.max(0, ...p.overlay), overlays: p.overlay.length,
    moveMedian: median(p.move), moveLast: p.move.at(-1) ?? NaN, requests: { ...p.requests }, ...extra };
}
