// Run pytest inside Pyodide (CPython 3.14, the interpreter the browser runs) under Node.
//
//   node tools/pyodide_pytest.mjs SITE_DIR [--stdlib=CUT.zip.gz] [pytest args...]
//
// Boots the pinned Pyodide from node_modules/pyodide, mounts the repository at /repo and
// SITE_DIR (the test tools' wheels unpacked by make/testtools.py) at /site, and runs pytest there.
// The browser's `js` module is hidden, so the tests see the plain-Python world they expect
// (Node's globals have no DOM). Exits with pytest's exit code.
//
// With --stdlib (the site's cut standard library, make/stdlib_cut.py's write_stdlib), Python has that cut
// as its library and, as in the page, tabletop/stdlib_fallback.py answers an import of what the
// cut left out from Pyodide's whole library, noting who asked. The test tools may need modules the
// app does not (pytest, hypothesis); an import the app's own code (py/) asked for fails the run.
import path from "node:path";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { gunzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [site, ...rest] = process.argv.slice(2);
const cut = rest.find((a) => a.startsWith("--stdlib="))?.slice("--stdlib=".length);
const args = rest.filter((a) => !a.startsWith("--stdlib="));
const indexURL = path.join(root, "node_modules", "pyodide") + path.sep;
let stdLibURL;
if (cut) {
  stdLibURL = path.join(mkdtempSync(path.join(tmpdir(), "tw-stdlib-")), "cut.zip");
  writeFileSync(stdLibURL, gunzipSync(readFileSync(cut)));
}
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL, ...(stdLibURL ? { stdLibURL } : {}) });
const { FS } = pyodide;
for (const [from, to] of [[root, "/repo"], [path.resolve(site), "/site"]]) {
  FS.mkdirTree(to);
  FS.mount(FS.filesystems.NODEFS, { root: from }, to);
}
pyodide.globals.set("ARGS", pyodide.toPy(args));
pyodide.globals.set("CUT", Boolean(cut));
const code = await pyodide.runPythonAsync(`
import os, sys
sys.modules["js"] = None  # an ImportError, as under CPython: no page here
sys.dont_write_bytecode = True
print("Pyodide", sys.version.split()[0], flush=True)
if CUT:  # as static/js/pyodide-snapshot.mjs installs it, with the whole library at hand
    import types
    fallback = types.ModuleType("tw_stdlib_fallback")
    fallback.__file__ = "/repo/py/tabletop/stdlib_fallback.py"
    with open(fallback.__file__) as source:
        exec(compile(source.read(), fallback.__file__, "exec"), fallback.__dict__)
    sys.modules[fallback.__name__] = fallback
    whole = "/repo/node_modules/pyodide/python_stdlib.zip"
    import zipfile
    with zipfile.ZipFile(whole, metadata_encoding="utf-8") as w:  # ASCII names: no cp437 codec, which the cut need not hold
        names = fallback.module_names(w.namelist())
    fallback.install(names, lambda: whole, say=False)  # summed up at the end
sys.path.insert(0, "/site")
os.chdir("/repo")
import pytest
code = int(pytest.main(list(ARGS)))
if CUT:
    app = sorted({name for name, asked_by in fallback.FETCHED if asked_by.startswith("/repo/py/")})
    tools = sorted({name for name, asked_by in fallback.FETCHED} - set(app))
    print(f"standard library: the cut lacked {len(tools)} modules only the test tools import ({', '.join(tools)})", flush=True)
    if app:
        print(f"FAILED: the app imported modules the cut standard library lacks: {', '.join(app)} (make/stdlib_cut.py's app_imports must find them)", flush=True)
        code = code or 1
code
`);
process.exit(code);
