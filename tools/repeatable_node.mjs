/* Make a Node process repeatable for the start-up snapshot (tools/make_snapshot.mjs): everything
   Pyodide's Python could read from the world while it boots and imports, fixed, so that one commit
   builds the very same snapshot every time, on every machine.

   - Entropy: Node's crypto.randomFillSync (what Emscripten's getentropy calls) and Math.random give
     a fixed stream. Python takes its string-hash secret and the `random` module's first state from
     it, and a C library keeps a ChaCha state seeded from it. Every visitor restores the same
     snapshot, so these were shared by every visitor before too; the loader reseeds `random` from
     the browser right after the restore (static/js/pyodide-snapshot.mjs).
   - Clock: Date.now and performance.now stand still at BUILD_TIME. Files unpacked into Pyodide's
     memory file system take their times from it, and so do the mtimes importlib caches and the
     times modules note at import (logging's start time).
   - Program name: Emscripten takes it from process.argv[1] in Node (the path of this checkout),
     and "./this.program" in a browser; the browser's is used here too. */
import nodeCrypto from "node:crypto";

/* 2020-01-01 00:00:00 UTC, the date build.py gives every file in tabletop.zip. */
export const BUILD_TIME = Date.UTC(2020, 0, 1);

/* splitmix32: a small fixed stream of 32-bit words. */
function fixedStream(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/* Fix entropy, clock and program name for the rest of this process; returns the real
   performance.now, for timing the build itself. */
export function makeRepeatable() {
  const next = fixedStream(0x7a5e1);
  nodeCrypto.randomFillSync = (view, offset = 0, size) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    const end = size === undefined ? bytes.length : offset + size;
    for (let i = offset; i < end; i++) bytes[i] = next() & 0xff;
    return view;
  };
  globalThis.crypto.getRandomValues = (view) => nodeCrypto.randomFillSync(view);
  Math.random = () => next() / 2 ** 32;
  const realNow = performance.now.bind(performance);
  Date.now = () => BUILD_TIME;
  performance.now = () => 0;
  process.argv.length = 1;
  return realNow;
}
