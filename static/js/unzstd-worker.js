/* Decodes one zstd file off the page's thread (static/js/pyodide-snapshot.mjs starts one worker
   per file: the snapshot and the wasm decode side by side, each on a core of its own, while the
   page's thread sets Pyodide up). Messages in: {size, pieces} once, then {chunk} for each part of
   the file as it arrives, then {end}. Out: {piece} for each decoded part when `pieces` is asked
   (the wasm's compile takes them as they come), then {bytes} (the whole, `size` bytes), or {error}. */
"use strict";
importScripts("../../vendor/fzstd/fzstd.js");  /* sets self.fzstd */

let bytes = null, at = 0, decoder = null, pieces = false;

function decoded(chunk) {
  if (at + chunk.length > bytes.length) throw new Error("it is longer than its build said");
  bytes.set(chunk, at);
  at += chunk.length;
  if (pieces) {
    const piece = chunk.slice();  /* fzstd reuses its buffers: a copy of its own goes to the page */
    postMessage({ piece }, [piece.buffer]);
  }
}

self.onmessage = (event) => {
  const message = event.data;
  try {
    if (message.size !== undefined) {
      bytes = new Uint8Array(message.size);
      pieces = !!message.pieces;
      decoder = new self.fzstd.Decompress(decoded);
    } else if (message.chunk) {
      decoder.push(message.chunk);
    } else if (message.end) {
      decoder.push(new Uint8Array(0), true);
      if (at !== bytes.length) throw new Error(`it is shorter than its build said (${at} of ${bytes.length} bytes)`);
      postMessage({ bytes }, [bytes.buffer]);
      close();
    }
  } catch (error) {
    postMessage({ error: String(error && error.message || error) });
    close();
  }
};
