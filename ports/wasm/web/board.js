// board.js - the board drawn: one element a cell (class .c, data-r and
// data-c 1-based, data-v its glyph as VIEW draws it, data-p PROB's percent
// with the odds overlay on), repainted cell by cell, only those asked for;
// its cells sized by the zoom and the room there is.

// ColorBrewer YlOrBr, 9 classes: a sequential palette the colour-blind read.
const PALETTE = ["#ffffe5", "#fff7bc", "#fee391", "#fec44f", "#fe9929",
  "#ec7014", "#cc4c02", "#993404", "#662506"];
const GLYPH_TEXT = { "#": "", P: "⚑", "?": "?", ".": "", "*": "✹", "@": "✹", X: "⚑" };
const GLYPH_CLASS = { "#": "c", P: "c flag", "?": "c mark", ".": "c open", "*": "c mine",
  "@": "c boom", X: "c wrong" };
export const ZOOM = { min: 12, max: 48, step: 4, start: 24 };
const FIT_MIN = 8; // a cell is never drawn smaller, whatever the room

export class BoardView {
  // board: the grid element; look(i): what cell i shows, { g (its glyph),
  // p (PROB's percent or null), hint (SAFE, MINE, GUESS or ""), cur (the
  // keyboard's cursor is on it) }.
  constructor(board, look) {
    this.el = board;
    this.look = look;
    this.cells = [];
    this.rows = 0;
    this.cols = 0;
    this.zoom = ZOOM.start;
    this.drawn = 0; // cells repainted since the counter was read (perf)
    addEventListener("resize", () => this.fit());
  }

  layout(rows, cols) {
    const board = this.el;
    board.textContent = "";
    board.style.setProperty("--rows", rows);
    board.style.setProperty("--cols", cols);
    const frag = document.createDocumentFragment();
    this.cells = [];
    for (let r = 1; r <= rows; r++) {
      const row = document.createElement("div");
      row.className = "row";
      row.style.cssText = `--y:${r - 1}`;
      row.setAttribute("role", "row");
      for (let c = 1; c <= cols; c++) {
        const d = document.createElement("div");
        d.className = "c";
        d.style.cssText = `--x:${c - 1}`;
        d.dataset.r = r;
        d.dataset.c = c;
        d.dataset.v = "#";
        d.setAttribute("role", "gridcell");
        row.appendChild(d);
        this.cells.push(d);
      }
      frag.appendChild(row);
    }
    board.appendChild(frag);
    this.rows = rows;
    this.cols = cols;
    this.fit();
  }

  // The cell size: the zoom's, or less where the board would not fit the
  // width it has (a phone's 390 px holds expert's 30 columns).
  fit() {
    const room = this.el.parentElement.clientWidth - 2; // the grid's padding
    const fits = Math.floor((room - (this.cols - 1)) / Math.max(1, this.cols)); // 1 px gaps
    const px = Math.max(FIT_MIN, Math.min(this.zoom, fits));
    this.el.style.setProperty("--cell", `${px}px`);
    return px;
  }

  setZoom(px) {
    this.zoom = Math.min(ZOOM.max, Math.max(ZOOM.min, px));
    return this.fit();
  }

  // The cell's look from its glyph, the overlay, the hint and the cursor.
  paint(i) {
    const d = this.cells[i];
    if (!d) return;
    const { g, p, hint, cur } = this.look(i);
    let cls = GLYPH_CLASS[g] || `c open n${g}`;
    let text = GLYPH_TEXT[g] ?? g;
    let bg = "", title = "";
    if (p !== null && p !== undefined) {
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
    if (hint) cls += ` hint hint-${hint.toLowerCase()}`;
    if (cur) cls += " cur";
    if (d.className !== cls) d.className = cls;
    if (d.textContent !== text) d.textContent = text;
    if (d.dataset.v !== g) d.dataset.v = g;
    if (p === undefined || p === null) { if ("p" in d.dataset) delete d.dataset.p; }
    else if (d.dataset.p !== String(p)) d.dataset.p = p;
    if (d.style.background !== bg) d.style.background = bg;
    if (d.title !== title) d.title = title;
    this.drawn++;
  }

  paintAll() {
    for (let i = 0; i < this.cells.length; i++) this.paint(i);
  }

  paintSome(indices) {
    for (const i of indices) this.paint(i);
  }

  // The cell (1-based) an event happened on, or null.
  cellOf(e) {
    const d = e.target.closest?.(".c");
    return d && this.el.contains(d) ? [+d.dataset.r, +d.dataset.c] : null;
  }
}
