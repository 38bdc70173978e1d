// panels.js - what the page writes around the board: the status line and
// its face, the clock, the hint or ERR line, the analysis line, the end
// panel with its replay and share links, the statistics table and the
// replay bar.  The options (overlay, hints, marks) are read here too.

import { presetOf } from "./model.js";
import { linkQuery } from "./replay.js";
import * as store from "./storage.js";

const $ = (id) => document.getElementById(id);
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const fixed = (x, digits) => (Number.isFinite(x) ? x.toFixed(digits) : "–");

export class Panels {
  constructor() {
    this.game = null;
    setInterval(() => this.tick(), 250);
  }

  overlay() {
    return $("overlay").checked;
  }

  showHints() {
    return $("show-hints").checked;
  }

  marks() {
    return $("marks").checked;
  }

  // ---- the status line ----

  status(game) {
    this.game = game;
    $("mines-left").textContent = game ? game.minesLeft : "0";
    $("state").textContent = game ? game.state : "no game";
    this.face(false);
    this.tick();
  }

  // The face (its look drawn by sapper.css): won, lost, pressed while a
  // cell is held, else in play.
  face(pressed) {
    const state = this.game ? this.game.state : "";
    const look = state === "won" || state === "lost" ? state : pressed ? "pressed" : "play";
    if ($("face").dataset.look !== look) $("face").dataset.look = look;
  }

  tick() {
    const g = this.game;
    let s = 0; // no game, or not started
    if (g && Number.isFinite(g.started) && Number.isFinite(g.ended)) s = (g.ended - g.started) / 1000;
    else if (g && g.started > 0) s = (performance.timeOrigin + performance.now() - g.started) / 1000;
    const text = String(Math.floor(Math.max(0, s)));
    if ($("timer").textContent !== text) $("timer").textContent = text;
  }

  // ---- the message line: a hint, or an ERR ----

  hint(h) {
    const what = { SAFE: "safe", MINE: "mine", GUESS: `guess (${h.p}% mine)` }[h.kind];
    const el = $("hint");
    el.textContent = "";
    el.classList.remove("err");
    const b = document.createElement("b");
    b.textContent = what;
    el.append(b, ` at row ${h.r}, column ${h.c}: ${h.why}`);
    el.dataset.hint = h.line;
  }

  error(line) {
    const el = $("hint");
    el.textContent = line;
    el.classList.add("err");
    delete el.dataset.hint;
  }

  clearMessage() {
    const el = $("hint");
    el.textContent = "";
    el.classList.remove("err");
    delete el.dataset.hint;
  }

  // The analysis line: how many cells the odds settle.
  analysis(game, prob) {
    let safe = 0, mines = 0;
    if (prob && game)
      prob.forEach((p, i) => {
        if (game.glyphs[i] !== "#") return;
        safe += p === 0;
        mines += p === 100;
      });
    const a = $("analysis");
    a.textContent = prob ? `${plural(safe, "safe cell", "safe cells")}, ${plural(mines, "mine", "mines")} certain`
      : "odds not known";
    a.dataset.safe = safe;
    a.dataset.mines = mines;
  }

  // ---- the end ----

  // fig: play.js's endFigures; game: the game ended (its replay and link).
  showEnd(fig, game) {
    $("end-title").textContent = fig.won ? "Won" : "Lost";
    $("end-time").textContent = Number.isFinite(fig.time) ? `${fig.time.toFixed(2)} s` : "–";
    $("end-3bv").textContent = `${fig.solved} / ${fig.total}`;
    $("end-3bvs").textContent = fixed(fig.bv3s, 2);
    $("end-clicks").textContent = fig.clicks;
    $("end-eff").textContent = fig.clicks ? `${Math.round((100 * fig.solved) / fig.clicks)} %` : "–";
    $("end-guesses").textContent = Number.isFinite(fig.guesses) ? fig.guesses : "–";
    const share = $("share");
    share.hidden = !game;
    if (game) share.href = `${location.pathname}${linkQuery(game.deal, game.moves, fig.time)}`;
    $("end").hidden = false;
  }

  hideEnd() {
    $("end").hidden = true;
  }

  // A game dealt: the form shows its kind (so that the face and N deal
  // another of it), the board link its board; the address bar holds the
  // link too, but while a game's own link is replayed (address false).
  dealt(deal, address = true) {
    const preset = presetOf(deal);
    $("preset").value = preset || "custom";
    $("custom").hidden = !!preset;
    if (!preset) [$("rows").value, $("cols").value, $("mines").value] = [deal.rows, deal.cols, deal.mines];
    $("level").value = deal.level;
    const a = $("board-link");
    a.href = `${location.pathname}${linkQuery(deal)}`;
    a.textContent = deal.seed === null ? "link to this board" : `link to this board (seed ${deal.seed})`;
    if (address) history.replaceState(null, "", a.href);
  }

  // ---- statistics ----

  statsTable() {
    const body = $("stats-body");
    body.textContent = "";
    const all = store.stats();
    for (const [kind, s] of Object.entries(all).sort()) {
      const tr = document.createElement("tr");
      for (const v of [kind, s.played, s.won, `${s.winPercent} %`, s.bestTime === null ? "–" : `${s.bestTime.toFixed(2)} s`,
        s.best3bvs === null ? "–" : s.best3bvs.toFixed(2), s.streak, s.bestStreak]) {
        const td = document.createElement(tr.children.length ? "td" : "th");
        td.textContent = v;
        tr.append(td);
      }
      body.append(tr);
    }
    $("stats-none").hidden = Object.keys(all).length > 0;
  }

  // ---- the replay bar ----

  replayBar(on) {
    $("replay-bar").hidden = !on;
  }

  replayAt(at, total, playing) {
    $("rp-at").textContent = `move ${at} of ${total}`;
    $("rp-play").textContent = playing ? "❚❚" : "▶";
    $("rp-play").title = playing ? "pause" : "play";
  }

  replaySpeed() {
    return +$("rp-speed").value;
  }
}
