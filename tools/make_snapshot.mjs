/* Make the start-up memory snapshot (run by build.py, see static/js/pyodide-snapshot.mjs).

     node tools/make_snapshot.mjs DIST_PYODIDE_DIR APP_DIR OUT MODULE[,MODULE...] ENV [NAMES_JSON]

   Boots the very Pyodide the site ships, puts the app's files (APP_DIR: tabletop.zip unpacked by
   build.py) where the page's loader unpacks them (the home folder) and imports the start-up modules,
   Python started in the environment ENV (JSON, build.py's PYTHON_ENV: what the page's boots get too). The
   files go into Pyodide's file system from here, not unzipped by Python, so the snapshot (Python's
   memory) keeps no trace of the files it does not import: they may change and it stays the same. Then it prints, as one JSON line, the
   archive's files those imports ran ({"holds": ["tabletop/__init__.py", ...]}), the only app code
   the snapshot holds, and reads back one line, the KEY build.py makes of them; it writes
   "tw-snapshot KEY END SHA" (64 bytes, space padded) + Pyodide's snapshot, zstd-compressed (by
   the same Pyodide's compression.zstd, level 19: 3.0 MB where gzip -9 made 4.1; the page decodes
   it with fzstd as it arrives), and prints its sizes as a last JSON line. Two things keep it small on the wire:
   - free memory is zeroed first (what Python and malloc freed while booting: 7 MB of stale bytes);
   - the first END bytes of the memory, where the wasm's data segments land, are stored XORed with
     the memory of a freshly instantiated module (those segments on zeros), which the page has
     anyway: what the boot left unchanged becomes zeros. SHA is the first 24 hex digits of the
     SHA-256 of those END bytes as they must be rebuilt. */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
import path from "node:path";
import { makeRepeatable } from "./repeatable_node.mjs";
import { zstdCompress } from "./zstd.mjs";

/* The memory of the first module instantiated from now on, as instantiation leaves it. */
function catchFreshMemory() {
  const instantiate = WebAssembly.instantiate;
  let fresh = null;
  WebAssembly.instantiate = async function (source, imports) {
    const result = await instantiate.call(WebAssembly, source, imports);
    if (!fresh) {
      const instance = result.instance || result;
      const memory = Object.values(instance.exports).find((v) => v instanceof WebAssembly.Memory) || imports.env.memory;
      fresh = new Uint8Array(memory.buffer).slice();
    }
    return result;
  };
  return () => { WebAssembly.instantiate = instantiate; return fresh; };
}

/* Zero what is free in the heap: every free chunk malloc can hand out without growing the memory
   is taken, zeroed and given back, and the stack below its pointer (no wasm frame is live here).
   malloc's footprint limit is what stops it growing the memory: it answers 0 instead (a limit
   from sbrk's pointer alone missed the free chunks below it once the top was taken: 3.6 MB of
   stale bytes, 0.88 MB gzipped, after an unrelated change moved the heap). */
function zeroFreeMemory(module) {
  const size = module.HEAP8.length;
  const limit = module._malloc_footprint_limit() >>> 0;
  const room = size - (module._sbrk(0) >>> 0);
  module._malloc_set_footprint_limit(Math.max(0, (module._malloc_footprint() >>> 0) + room - (256 << 10)));
  const taken = [];
  try {
    for (let chunk = 1 << 20; chunk >= 16; chunk >>= 1) {
      for (let pointer = module._malloc(chunk); pointer; pointer = module._malloc(chunk)) {
        module.HEAP8.fill(0, pointer, pointer + chunk);
        taken.push(pointer);
      }
    }
  } finally {
    for (const pointer of taken) module._free(pointer);
    module._malloc_set_footprint_limit(limit);  /* as it was: the snapshot keeps malloc's settings */
  }
  module.HEAP8.fill(0, module._emscripten_stack_get_end(), module._emscripten_stack_get_current() - 256);
  if (module.HEAP8.length !== size) throw new Error("the memory grew while being zeroed");
}

/* The length of the fresh memory up to its last non-zero byte. */
function dataEnd(fresh) {
  let end = fresh.length;
  while (end > 0 && fresh[end - 1] === 0) end--;
  return end;
}

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

const [pyodideDir, appDir, out, modules, env, namesFile] = process.argv.slice(2);
/* The whole library's module names (build.py's write_stdlib), when the site ships a cut one: the
   finder that fetches the rest (tabletop/stdlib_fallback.py) is installed here, so that a restored
   start only hands it the page's mount. */
const libraryNames = namesFile ? JSON.parse(readFileSync(namesFile, "utf8")) : null;
const clock = makeRepeatable();
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const started = clock();
const freshMemory = catchFreshMemory();
const pyodide = await loadPyodide({ _makeSnapshot: true, env: JSON.parse(env), stdout: () => {}, stderr: (line) => console.error(line) });
const fresh = freshMemory();
putFiles(pyodide, appDir);
/* The import system's folder listings are dropped too (refilled at the next import, as
   invalidate_caches asks), so a file added beside a start-up module leaves no trace. */
pyodide.runPython(`
import gc, importlib, sys
for name in ${JSON.stringify(modules.split(","))}:
    importlib.import_module(name)
names = ${JSON.stringify(libraryNames)}
if names is not None:
    importlib.import_module("tabletop.stdlib_fallback").install(names)
del names
importlib.invalidate_caches()
import zipimport
zipimport._zip_directory_cache.clear()  # the page may serve another zip at the library's path (a cut one)
for finder in sys.path_importer_cache.values():
    for listing in ("_path_cache", "_relaxed_path_cache"):
        getattr(finder, listing, set()).clear()
gc.collect()
`);
const key = await keyFor(heldFiles(pyodide));
zeroFreeMemory(pyodide._module);
const snapshot = pyodide.makeMemorySnapshot();
const memoryAt = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];  /* Pyodide's header says where the memory starts */
const heap = snapshot.length - memoryAt;
if (heap > 30 * 1024 * 1024) {  /* Pyodide 314 cannot restore a heap grown past its default (issues 4652, 6254) */
  console.error(`the heap grew to ${heap} bytes, more than Pyodide restores (30 MiB): no snapshot`);
  process.exit(3);
}
const end = dataEnd(fresh);
const memory = snapshot.subarray(memoryAt);
const sha = createHash("sha256").update(memory.subarray(0, end)).digest("hex").slice(0, 24);
for (let i = 0; i < end; i++) memory[i] ^= fresh[i];
const header = Buffer.alloc(64, " ");
header.write(`tw-snapshot ${key} ${end} ${sha}`, "ascii");
header[63] = 10;  /* newline, so the header reads as a line */
const packed = zstdCompress(pyodide, Buffer.concat([header, snapshot]));  /* after the snapshot is taken: it leaves nothing in it */
writeFileSync(out, packed);
console.log(JSON.stringify({ raw: snapshot.length, zstd: packed.length, delta_end: end, ms: Math.round(clock() - started) }));
