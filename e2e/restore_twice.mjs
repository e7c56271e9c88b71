/* Two interpreters restored in Node by the built loader (dist/vendor/pyodide/pyodide-snapshot.mjs),
   each printing what its `random` module draws and how it started, then the size of a 48 MB
   buffer it could make, past the snapshot's 30 MiB memory (see test_startup.py). */
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

globalThis.fetch = async (url) => new Response(readFileSync(fileURLToPath(url)));
const { loadPyodide } = await import(pathToFileURL(process.argv[2]).href);
const draws = [], grown = [];
for (let i = 0; i < 2; i++) {
  const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
  draws.push(pyodide.runPython("import random, sys\nf'{random.getrandbits(64)} {\"tabletop.ui.app\" in sys.modules}'"));
  grown.push(pyodide.runPython("len(bytearray(48 << 20))"));
}
console.log(JSON.stringify([draws, grown]));
