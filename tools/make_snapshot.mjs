/* Make the start-up memory snapshot (run by build.py, see static/js/pyodide-snapshot.mjs).

     node tools/make_snapshot.mjs DIST_PYODIDE_DIR APP_DIR OUT MODULE[,MODULE...]

   Boots the very Pyodide the site ships, puts the app's files (APP_DIR: tabletop.zip unpacked by
   build.py) where PyScript unpacks them (the home folder) and imports the start-up modules. The
   files go into Pyodide's file system from here, not unzipped by Python, so the snapshot (Python's
   memory) keeps no trace of the files it does not import: they may change and it stays the same. Then it prints, as one JSON line, the
   archive's files those imports ran ({"holds": ["tabletop/__init__.py", ...]}), the only app code
   the snapshot holds, and reads back one line, the KEY build.py makes of them; it writes
   "tw-snapshot KEY" (64 bytes, space padded) + Pyodide's snapshot, gzip-compressed, and prints
   its sizes as a last JSON line. */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
import path from "node:path";
import { makeRepeatable } from "./repeatable_node.mjs";

/* The archive's files that the start-up imports ran (paths inside tabletop.zip, which is unpacked
   in the home folder), sorted. Leaves no name behind in Python. */
function heldFiles(pyodide) {
  const held = pyodide.runPython(`(lambda os, sys: sorted(
    os.path.relpath(f, os.getcwd()).replace(os.sep, "/") for f in (getattr(m, "__file__", None) for m in list(sys.modules.values()))
    if f and f.startswith(os.getcwd() + os.sep)))(__import__("os"), __import__("sys"))`);
  try {
    return held.toJs();
  } finally {
    held.destroy();
  }
}

/* Copy every file under ``dir`` into Pyodide's home folder (kept by its file system in JS). */
function putFiles(pyodide, dir) {
  const home = pyodide.FS.cwd();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath ?? entry.path, entry.name);
    const target = `${home}/${path.relative(dir, source).split(path.sep).join("/")}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, readFileSync(source));
  }
}

/* Tell build.py what the snapshot holds; it answers with the snapshot's key. */
async function keyFor(holds) {
  console.log(JSON.stringify({ holds }));
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line.trim();
  }
  throw new Error("build.py gave no key");
}

const [pyodideDir, appDir, out, modules] = process.argv.slice(2);
const clock = makeRepeatable();
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const started = clock();
const pyodide = await loadPyodide({ _makeSnapshot: true, stdout: () => {}, stderr: (line) => console.error(line) });
putFiles(pyodide, appDir);
/* The import system's folder listings are dropped too (refilled at the next import, as
   invalidate_caches asks), so a file added beside a start-up module leaves no trace. */
pyodide.runPython(`
import importlib, sys
for name in ${JSON.stringify(modules.split(","))}:
    importlib.import_module(name)
importlib.invalidate_caches()
for finder in sys.path_importer_cache.values():
    for listing in ("_path_cache", "_relaxed_path_cache"):
        getattr(finder, listing, set()).clear()
`);
const key = await keyFor(heldFiles(pyodide));
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
console.log(JSON.stringify({ raw: snapshot.length, gzipped: packed.length, ms: Math.round(clock() - started) }));
