// ports/wasm/run.mjs [--wasm FILE] [--report] - the WebAssembly port as
// `sapperd --stdin` runs: request bytes on stdin, reply bytes on stdout,
// through the same Session class the page uses (build/web/session.js).  At
// the end of input the session is finished (a last line without "\n" is
// answered); a session that closes (BYE, a line too long) reads no more.
// --report writes the build's limits and the blocks the pool refused to
// stderr: "max_rows=200 max_cols=200 max_cells=40000 pool=N session=N refused=0 peak=N".
import { readFileSync, writeSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, resolve } from "node:path";

const top = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const wasmAt = args.indexOf("--wasm");
const web = resolve(top, "build/web");
const wasm = wasmAt >= 0 ? args[wasmAt + 1] : resolve(web, "sapper.wasm");
const { Session, randomSeed } = await import(pathToFileURL(resolve(web, "session.js")).href);

const session = await Session.create(readFileSync(wasm), randomSeed);
const out = (chunk) => {
  for (let at = 0; at < chunk.length; ) at += writeSync(1, chunk, at, chunk.length - at);
};
const input = new Uint8Array(readFileSync(0));
if (session.feed(input, out)) session.finish(out);
if (args.includes("--report")) {
  const l = session.limits();
  process.stderr.write(`max_rows=${l.maxRows} max_cols=${l.maxCols} max_cells=${l.maxCells}` +
    ` pool=${l.poolBytes} session=${l.sessionBytes} refused=${l.blocksRefused} peak=${l.blocksPeak}\n`);
}
