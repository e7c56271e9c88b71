"""Python's standard library cut to what the app imports: Pyodide's whole library is 2.5 MB, and a
start needs a tenth of it. The cut is traced in Node's Pyodide (tools/stdlib_cut.mjs) and checked
there again: an import of the app's that fails with a cut stops the build."""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from make.common import APP_ARCHIVE, NODE_MODULES, ROOT, log, node_for, stored_zip
from make.snapshot import SNAPSHOT_MODULES

FULL_STDLIB = "python_stdlib.zip"  # Pyodide's whole library: fetched only for an import the cut lacks
BOOT_STDLIB_PREFIX = "vendor/pyodide/stdlib-boot-"  # the cut for a boot: precached only if used (write_precache)
PYTHON_IMPORT_IN_JS = re.compile(r"""(?:^|\\n|["'`])\s*(?:from\s+([A-Za-z_][\w.]*)\s+import\b|import\s+([A-Za-z_][\w.]*))""")


def imports_in(source: str) -> set[str]:
    """Every absolute module name an ``import`` in ``source`` spells, inside functions too (a module
    imported lazily is imported all the same); ``from x import y`` also names ``x.y``, in case it is
    a module."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*"}
    return names


def app_imports(dist: Path) -> list[str]:
    """What the app may import: every module of tabletop.zip, the start-up snapshot's modules, and
    each name an import spells in the app's Python, PyScript's Python package and the Python that
    PyScript's shipped scripts run."""
    with zipfile.ZipFile(dist / APP_ARCHIVE) as archive:
        sources = {name: archive.read(name).decode() for name in archive.namelist() if name.endswith(".py")}
    ours = sorted(name[:-3].removesuffix("/__init__").replace("/", ".") for name in sources)
    spelled: set[str] = set()
    pyscript_python = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib"
    for text in [*sources.values(), *(p.read_text() for p in sorted(pyscript_python.rglob("*.py")))]:
        spelled |= imports_in(text)
    for script in sorted((dist / "vendor" / "pyscript").glob("*.js")):
        spelled |= {a or b for a, b in PYTHON_IMPORT_IN_JS.findall(script.read_text(errors="replace"))}
    spelled = {name for name in spelled if name.split(".")[0] != "tabletop"}  # every app module is listed already
    return ours + list(SNAPSHOT_MODULES) + sorted(spelled - set(ours))


def run_imports(node: str, dist: Path, app: str, stdlib: Path, names: list[str], rest: Path | None = None) -> dict:
    """tools/stdlib_cut.mjs: a start in Node's Pyodide with ``stdlib`` as its library (swapped for
    ``rest`` once the snapshot's modules are imported), then every import of ``names``."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as listed:
        json.dump({"first": list(SNAPSHOT_MODULES), "names": names}, listed)
    tool = ROOT / "tools" / "stdlib_cut.mjs"
    pyodide = dist / "vendor" / "pyodide"
    try:
        cmd = [node, str(tool), str(pyodide), app, str(stdlib), listed.name, *([str(rest)] if rest else [])]
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    finally:
        os.unlink(listed.name)
    if proc.returncode != 0:
        sys.exit(f"build.py: tools/stdlib_cut.mjs failed:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def check_cuts(node: str, dist: Path, app: str, cuts: dict[str, Path], imported: list[str]) -> None:
    """Every name that imported with the whole library imports again with each cut (the restore's
    cut swapped in after the snapshot's modules), or the build stops. The two checks run at once:
    each is one Node process."""
    with ThreadPoolExecutor() as pool:
        runs = [pool.submit(run_imports, node, dist, app, cuts["file"], imported)]
        if "restore" in cuts:
            runs.append(pool.submit(run_imports, node, dist, app, cuts["file"], imported, cuts["restore"]))
        checks = [run.result() for run in runs]
    failed = {name: why for check in checks for name, why in check["failed"].items()}
    if failed:
        lost = "\n".join(f"  {name}: {why}" for name, why in sorted(failed.items()))
        sys.exit(f"build.py: these imports fail with the cut standard library (tools/stdlib_cut.mjs):\n{lost}")


def write_stdlib(dist: Path, restore: bool = True) -> dict:
    """The standard library cut to what the app imports, beside Pyodide, gzipped:
    - ``stdlib-boot-<hash>.zip.gz``: for a boot, each file of the whole library Python loaded while
      booting, importing the start-up snapshot's modules, unpacking the app and importing each
      name of app_imports, all in Node's Pyodide;
    - with ``restore``, ``stdlib-restore-<hash>.zip.gz`` for a start restored from the snapshot: only
      the files of that cut the snapshot does not hold already imported (a tenth of it).
    Returns {file, restore, full, names}: ``names``, the modules of the whole library, which
    tabletop/stdlib_fallback.py fetches if an import asks for one a cut lacks after all."""
    node = node_for("to cut the standard library to what the app imports")
    pyodide = dist / "vendor" / "pyodide"
    names = app_imports(dist)
    with tempfile.TemporaryDirectory() as app, tempfile.TemporaryDirectory() as tmp:
        with zipfile.ZipFile(dist / APP_ARCHIVE) as archive:
            archive.extractall(app)
        traced = run_imports(node, dist, app, pyodide / FULL_STDLIB, names)
        with zipfile.ZipFile(pyodide / FULL_STDLIB) as full:
            every = full.namelist()
            cuts = {"file": stored_zip({name: full.read(name) for name in traced["files"]})}
            if restore:
                cuts["restore"] = stored_zip({name: full.read(name) for name in traced["files"] if name not in traced["held"]})
        trial = {kind: Path(tmp) / f"{kind}.zip" for kind in cuts}
        for kind, data in cuts.items():
            trial[kind].write_bytes(data)
        check_cuts(node, dist, app, trial, traced["imported"])
    sys.path.insert(0, str(ROOT / "py"))
    from tabletop.stdlib_fallback import module_names

    written: dict = {"restore": None}
    for kind, data in cuts.items():
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        name = f"stdlib-{'restore' if kind == 'restore' else 'boot'}-{hashlib.sha256(data).hexdigest()[:16]}.zip.gz"
        (pyodide / name).write_bytes(packed)
        written[kind] = f"./{name}"
        log(f"standard library for a {'restore' if kind == 'restore' else 'boot'}: {name}, {len(data)} bytes, {len(packed)} gzipped")
    log(f"standard library cut to {len(traced['files'])} of {len(every)} files ({len(traced['held'])} held by the snapshot)")
    return {**written, "full": f"./{FULL_STDLIB}", "names": sorted(module_names(every))}
