// sapper.js - the page: the core's protocol session in WebAssembly
// (session.js) played, analysed and replayed in the browser.  Its modules:
// session.js (the session and its wasm calls), model.js (the game read
// from replies), board.js (the board drawn), play.js (requests and what
// they redraw), panels.js (what is written around the board), controls.js
// (the controls), replay.js (replays and links), storage.js (what the
// browser remembers).  No framework, no build step; ports/wasm/README.md
// describes the page and window.sapper, its contract.

import { BoardView } from "./board.js";
import { Controls, PAGE_MAX } from "./controls.js";
import { Panels } from "./panels.js";
import { Play, perfFigures } from "./play.js";
import { Replay, readLink } from "./replay.js";
import { Session, randomSeed } from "./session.js";
import * as store from "./storage.js";

const $ = (id) => document.getElementById(id);
const bytes = await (await fetch(new URL("sapper.wasm", import.meta.url))).arrayBuffer();
const session = await Session.create(bytes, randomSeed);
const ui = new Panels();
const view = new BoardView($("board"), null);
const play = new Play(session, view, ui);
const replay = new Replay(play, ui);
const controls = new Controls(play, replay, ui, view);
replay.onMode = () => controls.showMode();

// ---- the contract: window.sapper ----
let queue = Promise.resolve();
const limits = session.limits();
window.sapper = {
  // One request (body lines joined by "\n") to the page's session; the
  // page redraws what it changed.  A promise of the whole reply text.
  send(text) {
    const run = queue.then(() => {
      // a request that changes the game ends a replay where it stands; a
      // NEW is played, not analysed
      const word = String(text).trim().split(/[\s(),]+/, 1)[0].toUpperCase();
      if (word === "NEW") controls.setMode("play", false);
      else if (!["SHOW", "VIEW", "HINT", "PROB", "STATS", "HELP"].includes(word)) replay.close(false);
      return play.send(String(text));
    });
    queue = run.catch(() => {});
    return run;
  },
  // The player's statistics by kind of game (storage.js).
  stats: () => store.stats(),
  // Figures measured in this page (milliseconds).
  perf: () => perfFigures(play, { ready: readyAt, wasmBytes: bytes.byteLength, drawn: view.drawn }),
  limits: { rows: limits.maxRows, cols: limits.maxCols, page: PAGE_MAX },
};

// ---- the first game: a link's replay, the game kept, the link's board ----
const link = readLink(location.search);
controls.fillForm(link);
controls.showMode();
ui.statsTable();
const saved = store.savedGame();
if (link.moves !== undefined) {
  if (!link.line || !link.moves || !replay.start({ line: link.line }, link.moves, { time: link.time })) {
    controls.newGame();
    play.error("This replay link does not read: its board or moves are not whole.");
  }
} else if (!saved || (location.search !== "" && link.line !== saved.deal.line) || !play.rebuild(saved))
  controls.newGame();
const readyAt = performance.now();
document.body.dataset.ready = "1";
$("figures").textContent = `engine: sapper.wasm ${Math.round(bytes.byteLength / 1024)} KB, ` +
  `ready ${readyAt.toFixed(0)} ms after the page began loading`;
