/* Two interpreters restored in Node by the built loader (dist/vendor/pyodide/pyodide-snapshot.mjs),
   each printing what its `random` module draws and how it started, then the size of a 48 MB
   buffer it could make, past the snapshot's 30 MiB memory, then the column offsets its code
   carries: of a function the snapshot holds, and of code compiled after the restore (see test_startup.py). */
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

globalThis.fetch = async (url) => new Response(readFileSync(fileURLToPath(url)));
const { loadPyodide } = await import(pathToFileURL(process.argv[2]).href);
const draws = [], grown = [], columns = [];
for (let i = 0; i < 2; i++) {
  const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
  draws.push(pyodide.runPython("import random, sys\nf'{random.getrandbits(64)} {\"tabletop.ui.shell.app\" in sys.modules}'"));
  grown.push(pyodide.runPython("len(bytearray(48 << 20))"));
  columns.push(pyodide.runPython(`
import sys
held = next(v for v in vars(sys.modules["tabletop.ui.shell.app"]).values() if hasattr(v, "__code__")).__code__
sorted({str(p[2]) for c in (held, compile("x = 1 + len('now')", "<now>", "exec")) for p in c.co_positions()})`).toJs());
}
console.log(JSON.stringify([draws, grown, columns]));
