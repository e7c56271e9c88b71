/* zstd compression for the build (run by build.py; tools/make_snapshot.mjs uses zstdCompress too).

     node tools/zstd.mjs DIST_PYODIDE_DIR IN OUT [IN OUT ...]

   Writes each IN zstd-compressed at level 19 to OUT, one frame that records its size. Node has no
   zstd before version 22.15 and build.py's Python none before 3.14, so the compressor is the
   shipped Pyodide's own Python (compression.zstd): the same library, whatever the machine. The
   page decodes these files with fzstd (static/js/pyodide-snapshot.mjs). */
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

export const LEVEL = 19;

/* ``bytes`` compressed by a booted ``pyodide``, through its file system (no copy held in Python). */
export function zstdCompress(pyodide, bytes) {
  pyodide.FS.writeFile("/tmp/zstd.in", bytes);
  pyodide.runPython(`(lambda zstd: open("/tmp/zstd.out", "wb").write(zstd.compress(open("/tmp/zstd.in", "rb").read(), level=${LEVEL})))(__import__("compression.zstd").zstd)`);
  const packed = pyodide.FS.readFile("/tmp/zstd.out");
  pyodide.FS.unlink("/tmp/zstd.in");
  pyodide.FS.unlink("/tmp/zstd.out");
  return packed;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [pyodideDir, ...pairs] = process.argv.slice(2);
  if (!pyodideDir || pairs.length === 0 || pairs.length % 2) {
    console.error("usage: node tools/zstd.mjs DIST_PYODIDE_DIR IN OUT [IN OUT ...]");
    process.exit(2);
  }
  const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ stdout: () => {}, stderr: (line) => console.error(line) });
  const sizes = {};
  for (let i = 0; i < pairs.length; i += 2) {
    const packed = zstdCompress(pyodide, readFileSync(pairs[i]));
    writeFileSync(pairs[i + 1], packed);
    sizes[path.basename(pairs[i + 1])] = packed.length;
  }
  console.log(JSON.stringify(sizes));
}
