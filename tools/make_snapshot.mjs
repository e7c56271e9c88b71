/* Make the start-up memory snapshot (run by build.py, see static/js/pyodide-snapshot.mjs).

     node tools/make_snapshot.mjs DIST_PYODIDE_DIR TABLETOP_ZIP KEY OUT MODULE[,MODULE...]

   Boots the very Pyodide the site ships, writes the app's archive where PyScript writes it (the
   home folder), imports the start-up modules from it (zipimport) and writes
   "tw-snapshot KEY" (64 bytes, space padded) + Pyodide's snapshot, gzip-compressed. */
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, zipPath, key, out, modules] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const started = performance.now();
const pyodide = await loadPyodide({ _makeSnapshot: true, stdout: () => {}, stderr: (line) => console.error(line) });
/* The archive is imported from as it is (zipimport), where PyScript writes it (pyscript.toml): nothing
   to unpack after a restore, which took WebKit 0.3-8 s (125 files written by Python code run once). */
pyodide.FS.writeFile("tabletop.zip", new Uint8Array(readFileSync(zipPath)));
pyodide.runPython(`
import importlib, os, sys
sys.path.insert(0, os.path.abspath("tabletop.zip"))
for name in ${JSON.stringify(modules.split(","))}:
    importlib.import_module(name)
importlib.invalidate_caches()
`);
const snapshot = pyodide.makeMemorySnapshot();
const heap = snapshot.length - new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
if (heap > 30 * 1024 * 1024) {  /* Pyodide 314 cannot restore a heap grown past its default (issues 4652, 6254) */
  console.error(`the heap grew to ${heap} bytes, more than Pyodide restores (30 MiB): no snapshot`);
  process.exit(3);
}
const header = Buffer.alloc(64, " ");
header.write(`tw-snapshot ${key}`, "ascii");
header[63] = 10;  /* newline, so the header reads as a line */
const packed = gzipSync(Buffer.concat([header, snapshot]), { level: 9 });
writeFileSync(out, packed);
console.log(JSON.stringify({ raw: snapshot.length, gzipped: packed.length, ms: Math.round(performance.now() - started) }));
