// session.js - one protocol session (core/sapper.h section 4) in a
// sapper.wasm instance: the port's exports (ports/wasm/sapper_wasm.c)
// driven as a board's main loop drives its session (ports/main.c).  The
// page's and node's (ports/wasm/run.mjs) one way to the engine.

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
