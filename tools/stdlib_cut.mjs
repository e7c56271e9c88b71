/* The standard library the app imports (run by the build: make/stdlib_cut.py).

     node tools/stdlib_cut.mjs PYODIDE_DIR APP_DIR STDLIB_ZIP NAMES_FILE [REST_ZIP]

   Boots the very Pyodide the site ships with STDLIB_ZIP as its standard library and does what a
   start does: the app's files go into the home folder (APP_DIR: the app's archive unpacked, copied
   in as tools/make_snapshot.mjs does, and as the page's loader writes them), the start-up
   snapshot's modules are imported (NAMES_FILE, a JSON object: "first", SNAPSHOT_MODULES), then
   every module named in NAMES_FILE's "names" is imported (every app module, and every name an
   `import` of the app's or PyScript's Python spells). Prints one JSON line:
     {"held": [files of STDLIB_ZIP loaded once the snapshot's modules are imported],
      "files": [files of STDLIB_ZIP loaded in all], "imported": [names], "failed": {name: why}}
   With REST_ZIP, the library is swapped for REST_ZIP once the snapshot's modules are imported,
   as a page restoring the snapshot is given only what the snapshot does not hold.
   build.py runs it with Pyodide's whole library to learn what to keep, then with the cut
   libraries it wrote, where every name that imported before must import again (else no build). */
import { readdirSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, appDir, stdlib, namesFile, rest] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ stdLibURL: path.resolve(stdlib), stdout: () => {}, stderr: (line) => console.error(line) });
const home = pyodide.FS.cwd();
for (const entry of readdirSync(appDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const source = path.join(entry.parentPath ?? entry.path, entry.name);
  const target = `${home}/${path.relative(appDir, source).split(path.sep).join("/")}`;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, readFileSync(source));
}
const { first, names } = JSON.parse(readFileSync(namesFile, "utf8"));
const scope = pyodide.toPy({ FIRST: first, NAMES: names });
const run = (code) => pyodide.runPython(code, { globals: scope });
run(`
import importlib, sys
for name in FIRST:
    importlib.import_module(name)
ZIP = next(p for p in sys.path if p.endswith(".zip"))
def loaded():
    return sorted({f[len(ZIP) + 1:] for f in (getattr(m, "__file__", None) for m in list(sys.modules.values())) if f and f.startswith(ZIP + "/")})
HELD = loaded()
`);
if (rest) {
  pyodide.FS.writeFile(scope.get("ZIP"), new Uint8Array(readFileSync(rest)));
  run("import zipimport\nzipimport._zip_directory_cache.clear()");
}
console.log(run(`
import json
imported, failed = [], {}
for name in NAMES:
    try:
        importlib.import_module(name)
        imported.append(name)
    except BaseException as error:  # a module that exits or raises anything: not importable here
        failed[name] = f"{type(error).__name__}: {error}"
json.dumps({"held": HELD, "files": loaded(), "imported": imported, "failed": failed})
`));
