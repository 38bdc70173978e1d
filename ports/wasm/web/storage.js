// storage.js - what the page remembers in the browser (localStorage): the
// game in play (its deal and moves, to rebuild it after a reload), the
// player's statistics by kind of game, and the zoom.  A browser that
// keeps nothing (private mode, storage full) leaves the page working and
// forgetting.

const GAME = "sapper.game";
const STATS = "sapper.stats";
const ZOOM = "sapper.zoom";

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key));
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // nothing kept: the page plays on
  }
}

// ---- the game in play ----

// What rebuilds a game: its deal, the moves the engine took, its clock,
// guesses and whether auto play moved and its end was counted.
export function saveGame(game) {
  if (!game.deal) return;
  write(GAME, { deal: game.deal, moves: game.moves, started: game.started, ended: game.ended,
    guesses: game.guesses, assisted: game.assisted, counted: game.counted });
}

export function savedGame() {
  const g = read(GAME);
  return g && g.deal && typeof g.deal.line === "string" && Array.isArray(g.moves) ? g : null;
}

export function forgetGame() {
  try {
    localStorage.removeItem(GAME);
  } catch {
    // nothing was kept
  }
}

// ---- statistics ----

// Per kind of game (model.js's kindOf): games played (finished), won, the
// current and the best run of wins, the best time and 3BV/s of a win.
export function recordGame(kind, won, seconds, bv3s) {
  const all = read(STATS) || {};
  const s = all[kind] || { played: 0, won: 0, streak: 0, bestStreak: 0, bestTime: null, best3bvs: null };
  s.played++;
  if (won) {
    s.won++;
    s.streak++;
    s.bestStreak = Math.max(s.bestStreak, s.streak);
    if (s.bestTime === null || seconds < s.bestTime) s.bestTime = seconds;
    if (s.best3bvs === null || bv3s > s.best3bvs) s.best3bvs = bv3s;
  } else s.streak = 0;
  all[kind] = s;
  write(STATS, all);
}

// Every kind's figures, with its share of wins in percent (window.sapper.stats()).
export function stats() {
  const all = read(STATS) || {};
  const out = {};
  for (const [kind, s] of Object.entries(all))
    out[kind] = { ...s, winPercent: s.played ? Math.round((1000 * s.won) / s.played) / 10 : 0 };
  return out;
}

// ---- the zoom: a cell's size in pixels ----

export function zoom(fallback) {
  const z = read(ZOOM);
  return Number.isFinite(z) ? z : fallback;
}

export function saveZoom(px) {
  write(ZOOM, px);
}
