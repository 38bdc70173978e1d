// controls.js - the page's controls: the new game form and the face, the
// board's mouse, touch and keyboard, hints, the overlay, auto play, the
// zoom, the modes (play, analyse, replay) and analysis's painting.  What a
// click means is the engine's to say: a click on a covered cell is a left
// click (1), on a number a chord (3), whatever its flags.

import { ZOOM } from "./board.js";
import { PRESETS, isNumber } from "./model.js";
import * as store from "./storage.js";

const $ = (id) => document.getElementById(id);
export const PAGE_MAX = 100; // the page's form asks for boards up to 100 x 100

export class Controls {
  // play: play.js's; replay: replay.js's; ui: panels.js's; view: board.js's.
  constructor(play, replay, ui, view) {
    this.play = play;
    this.replay = replay;
    this.ui = ui;
    this.view = view;
    this.auto = null;
    this.tool = "#";
    this.overlayChosen = false; // the overlay box as the player left it, while analysing
    view.setZoom(store.zoom(ZOOM.start));
    this.wireBoard();
    this.wireKeys();
    this.wireButtons();
  }

  get game() {
    return this.play.game;
  }

  // ---- new games ----

  // The form's board, level and seed.
  settings() {
    const preset = $("preset").value;
    const [rows, cols, mines] = PRESETS[preset] || [+$("rows").value, +$("cols").value, +$("mines").value];
    return { preset, rows, cols, mines, level: $("level").value, seed: $("seed").value.trim() };
  }

  // The form as a link (replay.js's readLink) sets it.
  fillForm(link) {
    if (link.preset) $("preset").value = link.preset;
    if (link.preset === "custom") {
      $("rows").value = link.rows;
      $("cols").value = link.cols;
      $("mines").value = link.mines;
    }
    $("level").value = link.level;
    $("seed").value = link.seed;
    $("custom").hidden = $("preset").value !== "custom";
  }

  // A new game of the form's kind: with the seed box's seed (New game,
  // Enter), or a new seed (N, the face), the box then emptied.
  newGame(newSeed = false) {
    this.stopAuto();
    this.replay.close(false);
    this.setMode("play", false);
    if (newSeed) $("seed").value = "";
    const s = this.settings();
    if (s.rows > PAGE_MAX || s.cols > PAGE_MAX)
      return this.play.error(`The page draws boards up to ${PAGE_MAX} × ${PAGE_MAX}.`);
    const words = ["NEW", s.rows, s.cols, s.mines];
    if (s.seed !== "") words.push(s.seed);
    if (s.level) words.push(s.level);
    return this.play.deal(words.join(" "));
  }

  // Back to the game in play, as stored (after analysing), or a new one.
  resume() {
    this.setMode("play", false);
    const saved = store.savedGame();
    if (!saved || !this.play.rebuild(saved)) this.newGame(true);
  }

  // ---- moves ----

  open(r, c) {
    if (this.play.mode === "analyse") return this.paintCell(r, c, this.tool);
    const g = this.game;
    if (this.play.mode !== "play" || !g || !g.deal || g.over) return;
    const glyph = g.glyph(r, c);
    if (glyph === "#" || glyph === "?") this.play.move(`1 ${r} ${c}`);
    else if (isNumber(glyph)) this.play.move(`3 ${r} ${c}`);
  }

  flag(r, c) {
    if (this.play.mode === "analyse") return this.paintCell(r, c, this.game?.glyph(r, c) === "P" ? "#" : "P");
    const g = this.game;
    if (this.play.mode !== "play" || !g || !g.deal || g.over) return;
    const glyph = g.glyph(r, c);
    if (glyph !== "#" && glyph !== "?" && glyph !== "P") return;
    this.play.move(`2 ${r} ${c}`);
    // without ? marks, a mark the engine cycled to is cycled on past
    if (!this.ui.marks() && this.game === g && g.glyph(r, c) === "?") this.play.move(`2 ${r} ${c}`);
  }

  hint() {
    if (this.play.mode !== "play") return;
    this.play.took("HINT", this.play.req("HINT"));
  }

  // ---- auto play ----

  stopAuto() {
    clearTimeout(this.auto);
    this.auto = null;
    $("autoplay").classList.remove("on");
  }

  toggleAuto() {
    if (this.auto) return this.stopAuto();
    const g = this.game;
    if (this.play.mode !== "play" || !g || !g.deal || g.over) return;
    $("autoplay").classList.add("on");
    this.auto = setTimeout(() => this.autoStep(), 0);
  }

  autoStep() {
    const g = this.game;
    if (!g || !g.deal || g.over || this.play.mode !== "play") return this.stopAuto();
    if (g.playing && this.play.req("HINT").startsWith("GUESS")) g.guesses++;
    const reply = this.play.req("PLAY 1");
    this.play.took("PLAY 1", reply);
    if (/(^|\n)ERR/.test(reply) || this.game.over) return this.stopAuto();
    this.auto = setTimeout(() => this.autoStep(), 1000 / +$("speed").value);
  }

  // ---- modes ----

  // Play, analyse or replay (replay.js sets that one): what each shows.
  showMode() {
    const mode = this.play.mode;
    document.body.dataset.mode = mode;
    $("mode-play").classList.toggle("on", mode !== "analyse");
    $("mode-analyse").classList.toggle("on", mode === "analyse");
    $("play-controls").hidden = mode === "analyse";
    $("play-tools").hidden = mode !== "play";
    $("face").hidden = mode === "analyse";
    $("analyse-controls").hidden = mode !== "analyse";
    $("analysis").hidden = mode !== "analyse";
    // analysing always shows the odds, and the box says so
    const overlay = $("overlay");
    if (mode === "analyse" && !overlay.disabled) {
      this.overlayChosen = overlay.checked;
      overlay.checked = true;
      overlay.disabled = true;
    } else if (mode !== "analyse" && overlay.disabled) {
      overlay.checked = this.overlayChosen;
      overlay.disabled = false;
    }
  }

  // Leaving a replay leaves its game where the replay stands.
  setMode(mode, clear = true) {
    if (this.play.mode === mode) return;
    this.stopAuto();
    this.replay.close(false);
    this.play.mode = mode;
    this.showMode();
    this.ui.hideEnd();
    if (clear) this.ui.clearMessage();
  }

  // ---- analysis ----

  analyse(rows, cols, mines, glyphRows) {
    const text = `ANALYZE ${rows} ${cols} ${mines}\n${glyphRows.join("\n")}`;
    const reply = this.play.req(text);
    this.play.took(text, reply);
    return reply.trim();
  }

  analyseEmpty() {
    this.setMode("analyse");
    const rows = Math.min(PAGE_MAX, +$("a-rows").value), cols = Math.min(PAGE_MAX, +$("a-cols").value);
    return this.analyse(rows, cols, +$("a-mines").value, Array(rows).fill("#".repeat(cols)));
  }

  // The position of the game in play (its mines as the player sees them).
  analyseGame() {
    this.setMode("analyse");
    const g = this.game;
    if (!g) return this.analyseEmpty();
    const seen = { "*": "#", "@": "#", X: "P" };
    const rows = [];
    for (let r = 0; r < g.rows; r++)
      rows.push(g.glyphs.slice(r * g.cols, (r + 1) * g.cols).map((x) => seen[x] || x).join(""));
    $("a-rows").value = g.rows;
    $("a-cols").value = g.cols;
    $("a-mines").value = g.mines;
    return this.analyse(g.rows, g.cols, g.mines, rows);
  }

  paintCell(r, c, tool) {
    if (!this.game || this.game.deal) this.analyseEmpty();
    const text = `CELL ${r} ${c} ${tool}`;
    this.play.took(text, this.play.req(text));
  }

  // ---- input ----

  wireBoard() {
    const board = this.view.el;
    let touchAt = -1e9, pressTimer = null, pressed = null;
    const cellOf = (e) => this.view.cellOf(e);
    board.addEventListener("click", (e) => {
      if (performance.now() - touchAt < 800) return;
      const rc = cellOf(e);
      if (rc) this.open(...rc);
    });
    board.addEventListener("contextmenu", (e) => {
      e.preventDefault();
      if (performance.now() - touchAt < 800) return;
      const rc = cellOf(e);
      if (rc) this.flag(...rc);
    });
    board.addEventListener("auxclick", (e) => {
      const rc = cellOf(e);
      if (e.button === 1 && rc && isNumber(this.game?.glyph(...rc))) this.open(...rc);
    });
    board.addEventListener("pointerdown", (e) => {
      if (e.button === 0 && this.play.mode === "play") this.ui.face(true);
      if (e.pointerType !== "touch") return;
      touchAt = performance.now();
      pressed = cellOf(e);
      clearTimeout(pressTimer);
      pressTimer = setTimeout(() => {
        if (pressed) this.flag(...pressed);
        pressed = null;
        if (navigator.vibrate) navigator.vibrate(20);
      }, 450);
    });
    const release = () => this.ui.face(false);
    addEventListener("pointerup", release);
    board.addEventListener("pointerleave", release);
    board.addEventListener("pointerup", (e) => {
      if (e.pointerType !== "touch") return;
      touchAt = performance.now();
      clearTimeout(pressTimer);
      if (pressed) this.open(...pressed);
      pressed = null;
    });
    board.addEventListener("pointercancel", () => {
      clearTimeout(pressTimer);
      pressed = null;
      release();
    });
  }

  wireKeys() {
    const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    document.addEventListener("keydown", (e) => {
      if (e.target.closest("input, select, textarea")) return;
      if ((e.key === " " || e.key === "Enter") && e.target.closest("button")) return; // the button's own
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const k = e.key, play = this.play;
      let handled = true;
      if (play.mode === "replay") {
        if (k === " " || k === "k") this.replay.toggle();
        else if (k === "ArrowRight") this.replay.step();
        else if (k === "ArrowLeft") this.replay.back();
        else if (k === "Home") this.replay.restart();
        else if (k === "Escape") this.replay.close();
        else if (k === "n" || k === "N") this.newGame(true);
        else handled = false;
      } else if (arrows[k] && this.view.rows) {
        const old = play.cursorIndex();
        play.kbd = true;
        const [r, c] = play.cursor;
        play.cursor = [Math.min(this.view.rows, Math.max(1, r + arrows[k][0])),
          Math.min(this.view.cols, Math.max(1, c + arrows[k][1]))];
        this.view.paint(old);
        this.view.paint(play.cursorIndex());
      } else if (k === " " || k === "Enter") {
        play.kbd = true;
        this.open(...play.cursor);
      } else if (k === "f" || k === "F") this.flag(...play.cursor);
      else if (k === "h" || k === "H") this.hint();
      else if ((k === "o" || k === "O") && !$("overlay").disabled) {
        $("overlay").checked = !$("overlay").checked;
        play.redraw();
      } else if (k === "a" || k === "A") this.toggleAuto();
      else if (k === "n" || k === "N") this.newGame(true);
      else if (play.mode === "analyse" && /^[0-8.#]$/.test(k)) this.paintCell(...play.cursor, k === "0" ? "." : k);
      else handled = false;
      if (handled) e.preventDefault();
    });
  }

  wireButtons() {
    const on = (id, what, fn) => $(id).addEventListener(what, fn);
    on("play-controls", "submit", (e) => {
      e.preventDefault();
      this.newGame();
    });
    on("face", "click", () => this.newGame(true));
    on("preset", "change", () => ($("custom").hidden = $("preset").value !== "custom"));
    on("hint-button", "click", () => this.hint());
    on("overlay", "change", () => this.play.redraw());
    on("show-hints", "change", () => this.play.redraw());
    on("autoplay", "click", () => this.toggleAuto());
    on("speed", "input", () => ($("speed-out").textContent = $("speed").value));
    on("zoom-in", "click", () => this.zoom(+ZOOM.step));
    on("zoom-out", "click", () => this.zoom(-ZOOM.step));
    on("mode-play", "click", () => this.play.mode === "analyse" && this.resume());
    on("mode-analyse", "click", () => this.play.mode !== "analyse" && this.analyseGame());
    on("a-clear", "click", () => this.analyseEmpty());
    on("a-from-game", "click", () => {
      this.resume();
      this.analyseGame();
    });
    on("a-mines", "change", () => {
      const text = `MINES ${+$("a-mines").value}`;
      this.play.took(text, this.play.req(text));
    });
    on("tools", "click", (e) => {
      const b = e.target.closest("button");
      if (!b) return;
      this.tool = b.dataset.tool;
      for (const x of $("tools").children) x.classList.toggle("on", x === b);
    });
    on("end-replay", "click", () => {
      const g = this.game;
      if (!g || !g.deal) return;
      const time = (g.ended - g.started) / 1000;
      this.replay.start(g.deal, [...g.moves], { time: this.play.mode === "replay" ? this.replay.meta.time : time,
        guesses: g.guesses });
    });
    on("rp-play", "click", () => this.replay.toggle());
    on("rp-step", "click", () => this.replay.step());
    on("rp-back", "click", () => this.replay.back());
    on("rp-restart", "click", () => this.replay.restart());
    on("rp-close", "click", () => this.replay.close());
    on("rp-speed", "input", () => ($("rp-speed-out").textContent = $("rp-speed").value));
  }

  zoom(step) {
    const px = this.view.setZoom(this.view.zoom + step);
    store.saveZoom(this.view.zoom);
    $("zoom-out").title = $("zoom-in").title = `cells ${px} px`;
  }
}
