#!/usr/bin/env python3
"""Build, serve, test and benchmark Towers & Worlds: the one entry for people and CI.

    python3 build.py serve   # install what is needed, build dist/, serve on http://localhost:8000
    python3 build.py test    # install test tools (.venv, Chromium), build, ruff, mypy, pytest tests e2e,
                             # the cross-engine smoke (WebKit, Firefox), then tests again under Python 3.14 (Pyodide in Node)
    python3 build.py build   # only build dist/
    python3 build.py bench   # start-up of the app vs a bare PyScript page, per-move timings

Only the standard library is used here, so it runs on a fresh machine with
Python 3.11+, Node/npm and git.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

from tools.trim_wasm import trim_wasm

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
VENV = ROOT / ".venv"
NODE_MODULES = ROOT / "node_modules"

# Runtime files copied from npm packages: everything the page loads, nothing it doesn't
# (no source maps, test consoles, editors or terminals).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PYSCRIPT_SKIP_PREFIXES = (
    "codemirror",
    "xterm",
    "py-editor",
    "py-terminal",
    "py-game",
    "mpy-",
    "donkey",
    "deprecations-manager",
    "service-worker",
    "storage",
    "pyodide_graph",
    "zip-",
)

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
    ".toml": "text/plain",
    ".svg": "image/svg+xml",
}


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(cmd: list[str], **kwargs) -> None:
    log(" ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, cwd=kwargs.pop("cwd", ROOT), **kwargs)


# ---------------------------------------------------------------- vendored runtime


def ensure_node_modules() -> None:
    """`npm ci` when node_modules is missing or older than the lock file."""
    marker = NODE_MODULES / ".package-lock.json"
    lock = ROOT / "package-lock.json"
    if marker.exists() and marker.stat().st_mtime >= lock.stat().st_mtime:
        return
    npm = shutil.which("npm")
    if not npm:
        sys.exit("build.py: npm is needed to fetch the pinned Pyodide and PyScript (install Node.js with npm)")
    run([npm, "ci", "--no-audit", "--no-fund"])


def node_for(purpose: str) -> str:
    """Node.js, which the build needs ``purpose`` ("to trim ..."); without it the build stops and says why."""
    node = shutil.which("node")
    if not node:
        sys.exit(f"build.py: Node.js is needed {purpose}")
    return node


def cached_path(stem: str, suffix: str, inputs: list[Path]) -> Path:
    """Where BUILD_CACHE keeps what the build makes, slowly, of ``inputs``: under their hash."""
    digest = hashlib.sha256()
    for path in inputs:
        digest.update(path.read_bytes())
    return BUILD_CACHE / f"{stem}-{digest.hexdigest()[:16]}{suffix}"


SOURCE_MAP_COMMENT = re.compile(rb"\n//# sourceMappingURL=\S+\s*$")


def copy_script(src: Path, dst: Path) -> None:
    """Copy a runtime script without its `sourceMappingURL` comment (the maps are not shipped)."""
    dst.write_bytes(SOURCE_MAP_COMMENT.sub(b"\n", src.read_bytes()))


def copy_runtime(dist: Path) -> None:
    pyodide_src = NODE_MODULES / "pyodide"
    pyodide_dst = dist / "vendor" / "pyodide"
    pyodide_dst.mkdir(parents=True)
    for name in PYODIDE_FILES:
        (copy_script if name.endswith(".mjs") else shutil.copy2)(pyodide_src / name, pyodide_dst / name)
    pyscript_src = NODE_MODULES / "@pyscript" / "core" / "dist"
    pyscript_dst = dist / "vendor" / "pyscript"
    pyscript_dst.mkdir(parents=True)
    for path in sorted(pyscript_src.iterdir()):
        if path.suffix not in (".js", ".css") or path.name.startswith(PYSCRIPT_SKIP_PREFIXES):
            continue
        (copy_script if path.suffix == ".js" else shutil.copy2)(path, pyscript_dst / path.name)
    # The snapshot's decoder (zstd, issue 24): one script for the page's loader and the service worker.
    fzstd_dst = dist / "vendor" / "fzstd"
    fzstd_dst.mkdir(parents=True)
    copy_script(ZSTD_DECODER_SOURCE, fzstd_dst / ZSTD_DECODER)
    shutil.copy2(NODE_MODULES / "fzstd" / "LICENSE", fzstd_dst / "LICENSE")
    trim_runtime(dist)


def trim_runtime(dist: Path) -> None:
    """Pyodide's wasm without the functions only its exports reached that no script of the site
    calls (tools/trim_wasm.py: 9.6 MB become 8.7). Every script that may call into the wasm is
    read: Pyodide's, PyScript's, the site's own and the build's tools. Kept in BUILD_CACHE.

    A package's shared library links against those exports (the unit tests' Pyodide stage, whose
    hypothesis brings one, runs on Pyodide as npm ships it): the site loads none, and the build
    stops should pyscript.toml ever name packages."""
    if tomllib.loads((ROOT / "pyscript.toml").read_text()).get("packages"):
        sys.exit("build.py: pyscript.toml names packages, whose shared libraries need the exports trim_runtime drops")
    wasm = dist / "vendor" / "pyodide" / "pyodide.asm.wasm"
    glue = dist / "vendor" / "pyodide" / "pyodide.asm.mjs"
    scripts = sorted(
        [
            dist / "vendor" / "pyodide" / "pyodide.mjs",
            *(dist / "vendor" / "pyscript").glob("*.js"),
            *(ROOT / "static" / "js").glob("*.*js"),
            *(ROOT / "tools").glob("*.mjs"),
        ]
    )
    cached = cached_path(
        "pyodide.asm", ".wasm", [wasm, glue, ROOT / "tools" / "trim_wasm.py", NODE_MODULES / "binaryen" / "package.json", *scripts]
    )
    if not cached.exists():
        node = node_for("to trim Pyodide's wasm (binaryen's wasm-opt)")
        BUILD_CACHE.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".partial")
        dropped = trim_wasm(wasm, partial, glue, scripts, [node, str(NODE_MODULES / "binaryen" / "bin" / "wasm-opt")])
        partial.replace(cached)
        log(f"pyodide.asm.wasm: {dropped} exports no script calls dropped, {wasm.stat().st_size} -> {cached.stat().st_size} bytes")
    shutil.copyfile(cached, wasm)


# ---------------------------------------------------------------- the standard library, cut

ZSTD_DECODER = "fzstd.js"  # sets self.fzstd, as a classic script or a module (the service worker holds a copy)
ZSTD_DECODER_SOURCE = NODE_MODULES / "fzstd" / "umd" / "index.js"
SNAPSHOT_HEADER_BYTES = 64  # "tw-snapshot KEY END SHA", before Pyodide's own snapshot (tools/make_snapshot.mjs)
FULL_STDLIB = "python_stdlib.zip"  # Pyodide's whole library: fetched only for an import the cut lacks
BOOT_STDLIB_PREFIX = "vendor/pyodide/stdlib-boot-"  # the cut for a boot: precached only if used (write_precache)
STDLIB_FALLBACK = ROOT / "py" / "tabletop" / "stdlib_fallback.py"
PYTHON_IMPORT_IN_JS = re.compile(r"""(?:^|\\n|["'`])\s*(?:from\s+([A-Za-z_][\w.]*)\s+import\b|import\s+([A-Za-z_][\w.]*))""")


def imports_in(source: str) -> set[str]:
    """Every absolute module name an ``import`` in ``source`` spells, inside functions too (a module
    imported lazily is imported all the same); ``from x import y`` also names ``x.y``, in case it is
    a module."""
    import ast

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
    try:
        proc = subprocess.run(
            [
                node,
                str(tool),
                str(dist / "vendor" / "pyodide"),
                app,
                str(stdlib),
                listed.name,
                *([str(rest)] if rest else []),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
    finally:
        os.unlink(listed.name)
    if proc.returncode != 0:
        sys.exit(f"build.py: tools/stdlib_cut.mjs failed:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def stored_zip(members: dict[str, bytes]) -> bytes:
    """A zip of ``members`` stored uncompressed, with fixed dates: gzipped whole it is smaller than
    a zip compressing each file alone, and zipimport reads it without inflating."""
    import io

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for name, data in members.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data)
    return out.getvalue()


def write_stdlib(dist: Path, restore: bool = True) -> dict:
    """The standard library cut to what the app imports, beside Pyodide, gzipped:
    - ``stdlib-<hash>.zip.gz``: for a boot, each file of the whole library Python loaded while
      booting, importing the start-up snapshot's modules, unpacking the app and importing each
      name of app_imports, all in Node's Pyodide;
    - with ``restore``, ``stdlib-<hash>.zip.gz`` for a start restored from the snapshot: only the
      files of that cut the snapshot does not hold already imported (a tenth of it).
    Every name that imported with the whole library must import again with each cut (the restore
    cut swapped in after the snapshot's modules), or the build fails.
    Returns {file, restore, full, names}: ``names``, the modules of the whole library, which
    tabletop/stdlib_fallback.py fetches if an import asks for one a cut lacks after all."""
    import gzip

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
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor() as pool:  # the two checks at once: each is one Node process
            runs = [pool.submit(run_imports, node, dist, app, trial["file"], traced["imported"])]
            if restore:
                runs.append(pool.submit(run_imports, node, dist, app, trial["file"], traced["imported"], trial["restore"]))
            checks = [run.result() for run in runs]
    failed = {name: why for check in checks for name, why in check["failed"].items()}
    if failed:
        lost = "\n".join(f"  {name}: {why}" for name, why in sorted(failed.items()))
        sys.exit(f"build.py: these imports fail with the cut standard library (tools/stdlib_cut.mjs):\n{lost}")
    sys.path.insert(0, str(ROOT / "py"))
    from tabletop.stdlib_fallback import module_names

    written: dict = {"restore": None}
    for kind, data in cuts.items():
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        name = f"stdlib-{'restore' if kind == 'restore' else 'boot'}-{hashlib.sha256(data).hexdigest()[:16]}.zip.gz"
        (pyodide / name).write_bytes(packed)
        written[kind] = f"./{name}"
        log(f"standard library for a {'restore' if kind == 'restore' else 'boot'}: {name}, {len(data)} bytes, {len(packed)} gzipped")
    whole = sorted(module_names(every))
    log(f"standard library cut to {len(traced['files'])} of {len(every)} files ({len(traced['held'])} held by the snapshot)")
    return {**written, "full": f"./{FULL_STDLIB}", "names": whole}


# ---------------------------------------------------------------- start-up snapshot

# What main.py imports before it draws, and the standard modules PyScript's own start-up imports
# after Python is up: restored already imported from the snapshot.
SNAPSHOT_MODULES = ("tabletop.ui.shell.app", "html.entities", "importlib.metadata", "email")
# The environment Python starts in, in the snapshot and in a boot alike (the loader passes it).
# PYTHONNODEBUGRANGES: code objects keep line numbers but not the columns each instruction spans
# (CPython's -X no_debug_ranges). A traceback names the same lines, without the ^^^ under them;
# the snapshot, which holds the compiled code of 250 modules, is 0.24 MB smaller (3.06 -> 2.82).
PYTHON_ENV = {"PYTHONNODEBUGRANGES": "1"}
SNAPSHOT_LOADER = "pyodide-snapshot.mjs"  # beside pyodide.mjs: PyScript takes Pyodide's folder from it


SNAPSHOT_TOOLS = ("make_snapshot.mjs", "repeatable_node.mjs", "zstd.mjs")  # in tools/: what makes the snapshot's bytes


def snapshot_key(dist: Path, holds: list[str]) -> str:
    """What a snapshot depends on: the exact Pyodide build, its standard library, the tools that make
    it, the modules it imports, and the app files those imports ran (``holds``, paths in tabletop.zip,
    as make_snapshot.mjs reports them). Nothing else of the app is in it: the other modules are
    imported from tabletop.zip when first used, so a deploy that changes only those keeps the same
    snapshot, and a returning visitor downloads only the new archive."""
    digest = hashlib.sha256()
    pyodide = dist / "vendor" / "pyodide"
    for path in (
        pyodide / "pyodide.asm.wasm",
        pyodide / "pyodide.asm.mjs",
        pyodide / "python_stdlib.zip",
        *(ROOT / "tools" / name for name in SNAPSHOT_TOOLS),
    ):
        digest.update(path.read_bytes())
    digest.update(",".join(SNAPSHOT_MODULES).encode())
    digest.update(json.dumps(PYTHON_ENV, sort_keys=True).encode())
    with zipfile.ZipFile(dist / APP_ARCHIVE) as archive:
        for name in sorted(holds):
            digest.update(f"\0{name}\0".encode())
            digest.update(archive.read(name))
    return digest.hexdigest()[:16]


def make_snapshot(dist: Path, node: str, names: list[str] | None = None) -> tuple[dict | None, str]:
    """Run tools/make_snapshot.mjs: it reports which app files the start-up imports ran, is given the
    key of exactly those (snapshot_key), and writes the snapshot under that key.
    ``names``: the whole standard library's modules, for the fallback finder installed in it (a cut library).
    Returns ({file, key, size}, what it printed) or (None, why not)."""
    pyodide = dist / "vendor" / "pyodide"
    partial = pyodide / "snapshot.partial"
    with tempfile.TemporaryFile("w+") as errors, tempfile.TemporaryDirectory() as app, tempfile.TemporaryDirectory() as lists:
        with zipfile.ZipFile(dist / APP_ARCHIVE) as archive:
            archive.extractall(app)
        listed = [str(Path(lists) / "library-names.json")] if names is not None else []
        if listed:
            Path(listed[0]).write_text(json.dumps(names))
        proc = subprocess.Popen(
            [
                node,
                str(ROOT / "tools" / "make_snapshot.mjs"),
                str(pyodide),
                app,
                str(partial),
                ",".join(SNAPSHOT_MODULES),
                json.dumps(PYTHON_ENV),
                *listed,
            ],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
        )
        try:
            holds = json.loads(proc.stdout.readline())["holds"]
            key = snapshot_key(dist, holds)
            out, _ = proc.communicate(key + "\n")
        except (ValueError, KeyError, OSError):
            proc.kill()
            proc.wait()
            holds, key, out = [], "", ""
        errors.seek(0)
        why = [line for line in errors.read().splitlines() if len(line) < 300]
    if proc.returncode != 0 or not key or not partial.exists():
        partial.unlink(missing_ok=True)
        return None, " / ".join(why[-5:]) or f"make_snapshot.mjs ended with {proc.returncode}"
    name = f"snapshot-{key}.bin.zst"
    partial.rename(pyodide / name)
    size = json.loads(out.strip().splitlines()[-1])["raw"] + SNAPSHOT_HEADER_BYTES
    return {"file": f"./{name}", "key": key, "size": size}, f"{out.strip()} holding {len(holds)} app files"


WASM_ZST = "pyodide.asm.wasm.zst"  # the wasm as a first visit downloads it (the page decodes it): never precached
APP_ARCHIVE = "tabletop.zip"  # package_archive's zip, which the build reads; the site ships it as APP_ARCHIVE_ZST
APP_ARCHIVE_ZST = "tabletop.zip.zst"
BUILD_CACHE = NODE_MODULES / ".cache" / "towers-and-worlds"  # what takes the build seconds, under its input's hash


def zstd_files(dist: Path, pairs: list[tuple[Path, Path]]) -> None:
    """Each (source, target) zstd-compressed by tools/zstd.mjs, in one Node run for all that are not
    already kept in node_modules/.cache under the hash of their bytes (the wasm takes seconds)."""
    cached = {source: cached_path(source.name, ".zst", [source, ROOT / "tools" / "zstd.mjs"]) for source, _ in pairs}
    missing = [(source, cached[source].with_suffix(".partial")) for source, _ in pairs if not cached[source].exists()]
    if missing:
        node = node_for("to compress the site's files (tools/zstd.mjs)")
        BUILD_CACHE.mkdir(parents=True, exist_ok=True)
        listed = [str(p) for pair in missing for p in pair]
        run([node, str(ROOT / "tools" / "zstd.mjs"), str(dist / "vendor" / "pyodide"), *listed], stdout=subprocess.DEVNULL)
        for source, partial in missing:
            partial.replace(cached[source])
    for source, target in pairs:
        shutil.copyfile(cached[source], target)
        log(f"{target.name}: {source.stat().st_size} bytes, {target.stat().st_size} zstd")


def write_zstd_files(dist: Path) -> dict:
    """The two files a first visit fetches zstd-compressed (issue 24), beside what the build reads:
    - Pyodide's wasm: 2.9 MB on the wire where Pages' gzip sends 3.5. A page with no service worker
      in charge (a first visit, a wiki's frame) downloads this and decodes it as it arrives; it hands
      the decoded bytes to the worker, which keeps the plain file for every later start
      (static/js/pyodide-snapshot.mjs);
    - the app's archive (APP_ARCHIVE_ZST), the only copy shipped: finish_app_archive drops the zip.
    Returns {file, size} of the wasm for the loader (size: the decoded length it checks)."""
    pyodide = dist / "vendor" / "pyodide"
    zstd_files(dist, [(pyodide / "pyodide.asm.wasm", pyodide / WASM_ZST), (dist / APP_ARCHIVE, dist / APP_ARCHIVE_ZST)])
    return {"file": f"./{WASM_ZST}", "size": (pyodide / "pyodide.asm.wasm").stat().st_size}


def finish_app_archive(dist: Path) -> None:
    """The zip the build read (the cut library, the snapshot and its key) leaves the site: it ships
    only APP_ARCHIVE_ZST, the same bytes compressed."""
    (dist / APP_ARCHIVE).unlink()


def write_snapshot(dist: Path, enabled: bool = True, stdlib: dict | None = None, wasm: dict | None = None) -> dict | None:
    """Make the start-up snapshot in Node and write the loader PyScript imports in Pyodide's place.

    Without a snapshot (``--no-snapshot``, or Node failed to make one) the loader boots Python
    the usual way; the site works the same, only slower to start.
    """
    pyodide = dist / "vendor" / "pyodide"
    snapshot = None
    if enabled:
        node = shutil.which("node")
        names = stdlib["names"] if stdlib else None
        snapshot, said = make_snapshot(dist, node, names) if node else (None, "node is not installed")
        if snapshot:
            log(f"start-up snapshot {snapshot['file'][2:]}: {said}")
        else:
            log("no start-up snapshot (Node could not make one): " + said)
    loader = (ROOT / "static" / "js" / SNAPSHOT_LOADER).read_text()
    for placeholder, value in (
        ("__SNAPSHOT__", snapshot),
        ("__WASM_ZST__", wasm),
        ("__STDLIB__", stdlib),
        ("__STDLIB_FALLBACK__", STDLIB_FALLBACK.read_text()),
        ("__PYTHON_ENV__", PYTHON_ENV),
    ):
        loader = loader.replace(placeholder, json.dumps(value))
    (pyodide / SNAPSHOT_LOADER).write_text(loader)
    return snapshot


PRELOADS_PLACEHOLDER = "<!-- build.py writes the start-up preloads here -->"
BOOT_SCRIPT = '<script src="./static/js/boot.js"></script>'


STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["']\./([^"']+)["']""")


def loadable(module: Path, seen: frozenset[Path] = frozenset()) -> bool:
    """Whether every module ``module`` imports statically is shipped beside it: PyScript's chunks for
    the editor (left out, PYSCRIPT_SKIP_PREFIXES) are never loaded, and a preload of one would make
    Firefox, which preloads a module's imports too, fetch files that are not there."""
    if not module.exists():
        return False
    imports = {module.parent / name for name in STATIC_IMPORT.findall(module.read_text(errors="replace"))}
    return all(name in seen or loadable(name, seen | {module}) for name in imports - {module})


def startup_files(dist: Path, snapshot: dict | None, stdlib: dict) -> list[tuple[str, str]]:
    """What gates the first board, as (path under dist/, kind): PyScript's modules, the loader and
    Pyodide's, then the snapshot, the wasm and the files Pyodide and PyScript fetch before Python runs.
    Preloaded from index.html's head (the snapshot and the wasm by static/js/boot.js: write_preloads)."""
    folder = dist / "vendor" / "pyscript"
    modules = [f"vendor/pyscript/{p.name}" for p in sorted(folder.glob("*.js")) if loadable(p)]
    modules += [f"vendor/pyodide/{name}" for name in (SNAPSHOT_LOADER, "pyodide.mjs", "pyodide.asm.mjs")]
    modules += [f"vendor/fzstd/{ZSTD_DECODER}"]  # decodes the snapshot and the wasm as they arrive
    fetched = ([f"vendor/pyodide/{snapshot['file'][2:]}"] if snapshot else []) + [
        "vendor/pyodide/pyodide.asm.wasm",
        f"vendor/pyodide/{(stdlib['restore'] if snapshot else stdlib['file'])[2:]}",
        "vendor/pyodide/pyodide-lock.json",
        "pyscript.toml",
        APP_ARCHIVE_ZST,
        "main.py",
    ]
    return [(m, "module") for m in modules] + [(f, "fetch") for f in fetched]


def write_preloads(dist: Path, snapshot: dict | None, stdlib: dict) -> None:
    """index.html's head asks for every start-up file at once (no waiting for one to name the next:
    on a phone each of those waits is a round trip).
    The two big ones are preloaded by static/js/boot.js, which knows whether a service worker is in
    charge: a first visit (none) downloads the snapshot and the zstd wasm (write_zstd_files); an
    installed site reads the snapshot's decoded copy instead, and the plain wasm from its cache (an
    unused preload would be fetched for nothing)."""
    files = startup_files(dist, snapshot, stdlib)
    wasm = "vendor/pyodide/pyodide.asm.wasm"
    first_visit = ([f"vendor/pyodide/{snapshot['file'][2:]}"] if snapshot else []) + [f"vendor/pyodide/{WASM_ZST}"]
    links = "\n".join(
        f'<link rel="modulepreload" href="./{path}">'
        if kind == "module"
        else f'<link rel="preload" href="./{path}" as="fetch" crossorigin>'
        for path, kind in files
        if path not in (wasm, *first_visit)
    )
    said = {
        "data-snapshot": f"./vendor/pyodide/{snapshot['file'][2:]}" if snapshot else "",
        "data-first-visit-preload": " ".join(f"./{path}" for path in first_visit),
        "data-installed-preload": f"./{wasm}",
        "data-loader": f"./vendor/pyodide/{SNAPSHOT_LOADER}",  # its preboot starts Python once the page has painted
    }
    attributes = "".join(f' {name}="{value}"' for name, value in said.items())
    index = dist / "index.html"
    text = index.read_text()
    assert PRELOADS_PLACEHOLDER in text and BOOT_SCRIPT in text, "index.html lost its preloads placeholder or boot.js"
    text = text.replace(BOOT_SCRIPT, BOOT_SCRIPT.replace("><", f"{attributes}><"))
    index.write_text(text.replace(PRELOADS_PLACEHOLDER, links))


def copy_licences(dist: Path) -> None:
    """The licence of each vendored runtime beside its files (Pyodide: MPL-2.0, PyScript: Apache-2.0).

    Kept in licenses/ because Pyodide's npm package ships no licence file."""
    for path in sorted((ROOT / "licenses").glob("*/LICENSE")):
        target = dist / "vendor" / path.parent.name
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target / "LICENSE")


# ---------------------------------------------------------------- the site


def package_archive(dist: Path) -> None:
    """The whole `tabletop` package as one zip (one request, not dozens): its Python, and the wiki's
    height listener the embed snippets hand out (ui/embed/wiki-listener.js). Stored, not deflated: the site
    ships it zstd-compressed whole (write_zstd_files: 0.27 MB where a zip deflating each file alone
    made 0.42), and the page's loader reads stored members straight from the decoded bytes."""
    package = ROOT / "py" / "tabletop"
    members = {
        str(path.relative_to(ROOT / "py")): path.read_bytes()
        for path in sorted([*package.rglob("*.py"), *package.rglob("*.js")])
        if "__pycache__" not in path.parts
    }
    (dist / APP_ARCHIVE).write_bytes(stored_zip(members))


def bundle_css(target: Path) -> None:
    """One stylesheet for the page: app.css followed by each game's static/css/games/*.css."""
    parts = [target.read_text()]
    for path in sorted((ROOT / "static" / "css" / "games").glob("*.css")):
        parts.append(f"/* ---- {path.name} ---- */\n" + path.read_text())
    target.write_text("\n".join(parts))


def write_prerendered(index: Path) -> None:
    """The home screen and the rules, from the app's own screens (tabletop/ui/shell/prerender.py under
    this CPython), written into index.html: links and rules answer before Python is ready."""
    sys.path.insert(0, str(ROOT / "py"))
    from tabletop.ui.shell import prerender

    text = index.read_text()
    home = "<!-- build.py writes the home screen here (tabletop/ui/shell/prerender.py): readable before Python runs -->"
    pages = "<!-- build.py writes the rules pages here as templates, shown by static/js/boot.js until Python is ready -->"
    assert home in text and pages in text, "index.html lost its placeholders"
    index.write_text(text.replace(home, prerender.home_html()).replace(pages, prerender.templates()))


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def write_precache(dist: Path) -> str:
    """Write the service worker with the list of every built file and its content hash.

    The cache name is a hash of that list, so a new build gets a new cache and the
    old one is dropped whole when the new worker activates: never a mix of versions.
    version.json carries the same list: the worker in charge reads it at each visit, so a visit
    after a deploy runs the new version, taking from its cache the files whose hashes did not change
    and checking each other one's hash (``ifUsed``, the files a worker keeps only where a start used
    them, it leaves to the page's asking).
    """
    files = sorted(
        p
        for p in dist.rglob("*")  # sw.js and version.json are written below; dotfiles are for the host
        if p.is_file() and p.name not in ("sw.js", "version.json", FULL_STDLIB, WASM_ZST) and not p.name.startswith(".")
    )  # Pyodide's whole library is fetched only for an import the cut lacks (stdlib_fallback), never kept ahead;
    # the zstd wasm is for pages no worker serves (the worker keeps the plain wasm the page decoded)
    entries = {str(p.relative_to(dist)).replace(os.sep, "/"): file_hash(p) for p in files}
    version = hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest()[:12]
    template = (ROOT / "static" / "sw.js").read_text()
    decoder = SOURCE_MAP_COMMENT.sub(b"\n", ZSTD_DECODER_SOURCE.read_bytes()).decode().strip()
    snapshot = any(dist.glob("vendor/pyodide/snapshot-*"))  # else the boot library is what every start uses
    if_used = sorted(p for p in entries if snapshot and p.startswith(BOOT_STDLIB_PREFIX))
    text = template.replace("__VERSION__", version).replace("__PRECACHE__", json.dumps(entries, indent=1))
    text = text.replace("__IF_USED__", json.dumps(if_used))
    text = text.replace("__ZSTD_DECODER__", decoder)
    (dist / "sw.js").write_text(text)
    deployed = {"version": version, "files": entries, "ifUsed": if_used}
    (dist / "version.json").write_text(json.dumps(deployed, indent=1))
    return version


def stamp_build(dist: Path) -> str:
    """Name this build in index.html (``<meta name="tw-build">``), for the details a player copies
    when something goes wrong (static/js/trouble.js): a hash of every other file, so it changes
    with anything the page runs (the service worker's version hashes index.html as well)."""
    files = sorted(p for p in dist.rglob("*") if p.is_file() and p.name not in ("index.html", "sw.js", "version.json"))
    build_id = hashlib.sha256("".join(f"{p.relative_to(dist)} {file_hash(p)}\n" for p in files).encode()).hexdigest()[:12]
    index = dist / "index.html"
    text = index.read_text()
    assert '<meta name="tw-build" content="dev">' in text, "index.html lost its build stamp"
    index.write_text(text.replace('<meta name="tw-build" content="dev">', f'<meta name="tw-build" content="{build_id}">'))
    return build_id


def inline_hash(text: str) -> str:
    """A CSP source allowing exactly this inline script or style."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def write_not_found_page(dist: Path) -> None:
    """404.html: what GitHub Pages serves for a missing path under the site (at that path, so all it
    needs is inline), with a CSP allowing only its own script and style; .nojekyll beside it so the
    files are served as built."""
    text = (ROOT / "404.html").read_text()
    script = re.search(r"<script>(.*?)</script>", text, re.S).group(1)
    style = re.search(r"<style>(.*?)</style>", text, re.S).group(1)
    text = text.replace("__SCRIPT_HASH__", inline_hash(script)).replace("__STYLE_HASH__", inline_hash(style))
    (dist / "404.html").write_text(text)
    (dist / ".nojekyll").write_text("")


PREVIEW_PAGE = """<!doctype html>
<html lang="en" data-embed="{game}" data-preview>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'">
<title>{title} · Towers &amp; Worlds</title>
<link rel="stylesheet" href="../static/css/app.css">
<script src="../static/js/embed-preview.js" defer></script>
<script src="../static/js/embed-height.js" defer></script>
</head>
<body>
<main id="app">
<div class="embed embed-preview">
<div class="table-bar"><h1>{title}</h1><a id="open-full" class="button" href="../#/new/{game}" target="_blank" rel="noopener">Open in full app</a></div>
<p>{blurb}</p>
<form class="embed-play" action="../" method="get">
<input type="hidden" name="embed" value="{game}"><input type="hidden" name="play" value="1">
<label for="embed-vs">Play against <select id="embed-vs" name="vs"><option value="computer">the computer</option><option value="people">{others} at this device</option></select></label>
<label for="embed-level">Level <select id="embed-level" name="level"><option value="easy">easy</option><option value="normal" selected>normal</option><option value="hard">hard</option></select></label>
<button id="embed-play" class="primary" type="submit">Play</button>
</form>
<div class="embed-preview-table" inert aria-label="The table as a game starts">{table}</div>
</div>
</main>
</body>
</html>
"""


def write_embed_previews(dist: Path) -> None:
    """embed/<game>.html: what a wiki page's frame shows before its reader plays. The table as a game
    starts, drawn now by the app's own renderers (seen by nobody in particular: no hidden card), and
    a Play form that opens the app with the reader's choices; no Python loads until then."""
    from html import escape

    sys.path.insert(0, str(ROOT / "py"))
    from tabletop.games import GAMES
    from tabletop.ui.render import TableContext, renderer_for
    from tabletop.ui.shell.preview import still
    from tabletop.ui.web.dom import to_html

    (dist / "embed").mkdir()
    for game_id, module in GAMES.items():
        players = module.MIN_PLAYERS
        state = module.new_game(players, None, 1)
        names = list(module.SEAT_NAMES or [f"Player {i + 1}" for i in range(players)])[:players]
        ctx = TableContext(
            module=module, view=module.view(state, None), legal=[], names=names, viewer=None, play=lambda _move: None, refresh=lambda: None
        )
        table = to_html(still(renderer_for(game_id).render(ctx)))
        page = PREVIEW_PAGE.format(
            game=game_id,
            title=escape(module.TITLE),
            blurb=escape(module.BLURB),
            table=table,
            others="the others" if players > 2 else "a friend",
        )
        (dist / "embed" / f"{game_id}.html").write_text(page)


def build(dist: Path = DIST, snapshot: bool = True) -> str:
    """Build the static site into ``dist`` and return its version hash.

    ``snapshot=False`` (``--no-snapshot``) ships no start-up snapshot: Python boots the usual way.
    """
    ensure_node_modules()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    copy_runtime(dist)
    copy_licences(dist)
    for name in ("index.html", "pyscript.toml"):
        shutil.copy2(ROOT / name, dist / name)
    write_prerendered(dist / "index.html")
    shutil.copy2(ROOT / "py" / "tabletop" / "main.py", dist / "main.py")
    static = dist / "static"
    shutil.copytree(ROOT / "static", static, ignore=shutil.ignore_patterns("sw.js", "games", SNAPSHOT_LOADER))
    bundle_css(static / "css" / "app.css")
    shutil.move(static / "manifest.webmanifest", dist / "manifest.webmanifest")
    package_archive(dist)
    write_not_found_page(dist)
    write_embed_previews(dist)
    stdlib = write_stdlib(dist, restore=snapshot)
    wasm = write_zstd_files(dist)
    write_preloads(dist, write_snapshot(dist, snapshot, stdlib, wasm), stdlib)
    finish_app_archive(dist)
    stamp_build(dist)
    version = write_precache(dist)
    log(f"built {dist} (version {version})")
    return version


# ---------------------------------------------------------------- serving


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types (wasm must be application/wasm for streaming compile)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib's name
        if os.environ.get("TW_QUIET_SERVER"):
            return
        super().log_message(format, *args)


def serve(dist: Path = DIST, port: int = 8000, host: str = "localhost") -> None:
    handler = functools.partial(SiteHandler, directory=str(dist))
    with http.server.ThreadingHTTPServer((host, port), handler) as server:
        log(f"serving {dist} on http://{host}:{port}/  (Ctrl+C stops)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


# ---------------------------------------------------------------- test tools


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """A .venv with the pinned test tools; reinstalled when requirements-dev.txt changes."""
    python = venv_python()
    req = ROOT / "requirements-dev.txt"
    stamp = VENV / ".requirements.sha256"
    want = hashlib.sha256(req.read_bytes()).hexdigest()
    if not python.exists():
        run([sys.executable, "-m", "venv", str(VENV)])
    if not stamp.exists() or stamp.read_text() != want:
        run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r", str(req)])
        stamp.write_text(want)
    return python


def find_chromium(python: Path) -> str:
    """$CHROMIUM, else /usr/bin/chromium, else apt-get (root on Debian), else Playwright's own."""
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-q"], check=False, env=env)
        run(["apt-get", "install", "-y", "-q", "chromium"], env=env)
        if Path("/usr/bin/chromium").exists():
            return "/usr/bin/chromium"
    run([str(python), "-m", "playwright", "install", "chromium"])
    return ""  # Playwright finds its own browser


# The cross-engine smoke (e2e/engines/) drives Debian's WebKitGTK (MiniBrowser, shipped by
# libwebkit2gtk-4.1-0, a dependency of webkit2gtk-driver) under Xvfb, and Firefox ESR.
OTHER_ENGINE_PACKAGES = {"WebKitWebDriver": "webkit2gtk-driver", "Xvfb": "xvfb", "firefox-esr": "firefox-esr"}


def ensure_other_engines() -> None:
    """WebKitGTK's WebDriver, Xvfb and Firefox ESR: apt-get when missing (root on Debian), as for Chromium.
    Elsewhere the smoke says what is missing and fails."""
    wanted = [package for program, package in OTHER_ENGINE_PACKAGES.items() if not shutil.which(program)]
    if not wanted:
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-q"], check=False, env=env)
        run(["apt-get", "install", "-y", "-q", *wanted], env=env)
    else:
        log(f"the cross-engine smoke needs the Debian packages {' '.join(wanted)} (not root on Debian: not installed)")


def test_other_engines(python: Path, env: dict) -> int:
    """The cross-engine smoke: WebKit and Firefox play the built site (e2e/engines/smoke.py)."""
    ensure_other_engines()
    cmd = [str(python), str(ROOT / "e2e" / "engines" / "smoke.py")]
    log(" ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT, env=env).returncode


def test_environment(snapshot: bool = True) -> tuple[Path, dict]:
    """The .venv's python and an environment naming the Chromium to use; builds dist/ first."""
    python = ensure_venv()
    chromium = find_chromium(python)
    build(snapshot=snapshot)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py"), "TW_QUIET_SERVER": "1"}
    if chromium:
        env["CHROMIUM"] = chromium
    return python, env


# The unit tests run a second time under Python 3.14 in Pyodide (the interpreter the browser
# runs), by Node, with these test tools at their requirements-dev.txt pins: hypothesis ships a
# wheel built for Pyodide on PyPI, the rest are pure Python. A few tests need the host (other
# processes, the deploy workflow's YAML) and run under CPython only.
PYODIDE_TEST_TOOLS = ("pytest", "pluggy", "iniconfig", "packaging", "Pygments", "hypothesis", "sortedcontainers")
PYODIDE_HOST_ONLY = (
    "--ignore=tests/test_deploy.py",
    "--ignore=tests/test_startup_imports.py",
    "--ignore=tests/test_wiki_listener_es5.py",
    "--deselect=tests/ai/test_ai_strength.py::test_simulate_is_the_same_whatever_the_number_of_workers",
    "--deselect=tests/test_stdlib_cut.py::test_the_build_stops_when_an_import_fails_with_the_cut",  # build.py's checks run in threads
)


def pinned(names: tuple[str, ...]) -> list[str]:
    """``name==version`` for each of ``names``, as requirements-dev.txt pins it."""
    pins = {}
    for line in (ROOT / "requirements-dev.txt").read_text().splitlines():
        name, sep, version = line.partition("==")
        if sep:
            pins[name.strip().lower()] = f"{name.strip()}=={version.strip()}"
    return [pins[name.lower()] for name in names]


def pyodide_info() -> dict:
    """What the pinned Pyodide is built for: ``python`` ("3.14.2"), ``abi_version``, ``arch``..."""
    return json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())["info"]


def ensure_pyodide_test_tools(python: Path) -> Path:
    """The test tools for Pyodide's Python, unpacked into .venv/pyodide-site (redone when a pin or Pyodide changes)."""
    info = pyodide_info()
    major, minor = info["python"].split(".")[:2]
    wanted = pinned(PYODIDE_TEST_TOOLS)
    site = VENV / "pyodide-site"
    stamp = site / ".pins.json"
    key = json.dumps([wanted, info])
    if stamp.exists() and stamp.read_text() == key:
        return site
    shutil.rmtree(site, ignore_errors=True)
    wheels = VENV / "pyodide-wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    run(
        [
            str(python),
            "-m",
            "pip",
            "download",
            "-q",
            "--disable-pip-version-check",
            "--no-deps",
            "--only-binary=:all:",
            "--platform",
            f"pyemscripten_{info['abi_version']}_{info['arch']}",
            "--platform",
            "any",
            "--python-version",
            f"{major}.{minor}",
            "--implementation",
            "cp",
            "--abi",
            f"cp{major}{minor}",
            "--abi",
            "abi3",
            "--abi",
            "none",
            "-d",
            str(wheels),
            *wanted,
        ]
    )
    for wheel in sorted(wheels.glob("*.whl")):
        with zipfile.ZipFile(wheel) as zf:
            zf.extractall(site)
    stamp.write_text(key)
    return site


def boot_cut(dist: Path) -> Path:
    """The cut standard library a boot without the snapshot uses (the loader names it, STDLIB.file;
    the restore's cut beside it is smaller: it leaves out what the snapshot holds)."""
    loader = (dist / "vendor" / "pyodide" / SNAPSHOT_LOADER).read_text()
    found = re.search(r"^const STDLIB = (.*);$", loader, re.MULTILINE)
    if not found:
        sys.exit(f"build.py: {SNAPSHOT_LOADER} names no standard library (STDLIB)")
    return dist / "vendor" / "pyodide" / json.loads(found.group(1))["file"].removeprefix("./")


def test_under_pyodide(python: Path, env: dict) -> int:
    """The unit tests under Pyodide's CPython 3.14 in Node (tools/pyodide_pytest.mjs)."""
    node = node_for("to run the unit tests under Pyodide")
    site = ensure_pyodide_test_tools(python)
    cut = boot_cut(DIST)  # the site's cut library: the suite runs with it
    cmd = [node, str(ROOT / "tools" / "pyodide_pytest.mjs"), str(site), f"--stdlib={cut}", "-q", "tests", *PYODIDE_HOST_ONLY]
    log(" ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT, env=env).returncode


def test(extra: list[str], snapshot: bool = True) -> int:
    python, env = test_environment(snapshot)
    run([str(python), "-m", "ruff", "check", "py", "tests", "e2e", "build.py", "tools"], env=env)
    run([str(python), "-m", "ruff", "format", "--check", "py", "tests", "e2e", "build.py", "tools"], env=env)  # `ruff format` fixes it
    # What mypy checks, and how strictly: [tool.mypy] in pyproject.toml. Whole runs (3 s of CPU each), as
    # mypy 2.4.1's cache once kept a stale protocol error after a game module changed; once for the
    # oldest Python the tools support, once for the browser's (Pyodide's), deprecations included.
    run([str(python), "-m", "mypy", "--no-incremental"], env=env)
    browser_python = ".".join(pyodide_info()["python"].split(".")[:2])
    run([str(python), "-m", "mypy", "--no-incremental", "--python-version", browser_python, "--enable-error-code", "deprecated"], env=env)
    result = subprocess.run([str(python), "-m", "pytest", "-q", "tests", "e2e", *extra], cwd=ROOT, env=env)
    return result.returncode or test_other_engines(python, env) or test_under_pyodide(python, env)


def bench(extra: list[str], snapshot: bool = True) -> int:
    python, env = test_environment(snapshot)
    ensure_other_engines()
    return subprocess.run([str(python), str(ROOT / "e2e" / "bench.py"), *extra], cwd=ROOT, env=env).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Towers & Worlds: build, serve, test, bench")
    parser.add_argument("command", choices=["build", "serve", "test", "bench"])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dist", type=Path, default=DIST, help="where to build (default dist/)")
    parser.add_argument(
        "--no-snapshot", dest="snapshot", action="store_false", help="ship no start-up snapshot: Python boots the usual way (slower)"
    )
    args, rest = parser.parse_known_args(argv)  # the rest goes to pytest / the benchmark
    args.rest = rest
    dist = args.dist.resolve()
    if args.command == "build":
        build(dist, args.snapshot)
    elif args.command == "serve":
        build(dist, args.snapshot)
        serve(dist, port=args.port)
    elif args.command == "test":
        return test(args.rest, args.snapshot)
    elif args.command == "bench":
        return bench(args.rest, args.snapshot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
