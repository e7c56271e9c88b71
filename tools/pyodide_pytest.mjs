// Run pytest inside Pyodide (CPython 3.14, the interpreter the browser runs) under Node.
//
//   node tools/pyodide_pytest.mjs SITE_DIR [pytest args...]
//
// Boots the pinned Pyodide from node_modules/pyodide, mounts the repository at /repo and
// SITE_DIR (the test tools' wheels unpacked by build.py) at /site, and runs pytest there.
// The browser's `js` module is hidden, so the tests see the plain-Python world they expect
// (Node's globals have no DOM). Exits with pytest's exit code.
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [site, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(path.join(root, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.join(root, "node_modules", "pyodide") + path.sep });
const { FS } = pyodide;
for (const [from, to] of [[root, "/repo"], [path.resolve(site), "/site"]]) {
  FS.mkdirTree(to);
  FS.mount(FS.filesystems.NODEFS, { root: from }, to);
}
pyodide.globals.set("ARGS", pyodide.toPy(args));
const code = await pyodide.runPythonAsync(`
import os, sys
sys.modules["js"] = None  # an ImportError, as under CPython: no page here
sys.dont_write_bytecode = True
sys.path.insert(0, "/site")
os.chdir("/repo")
print("Pyodide", sys.version.split()[0], flush=True)
import pytest
int(pytest.main(list(ARGS)))
`);
process.exit(code);
