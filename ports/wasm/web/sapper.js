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

  limit(which) {
    return this.x.sapw_limit(which);
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
