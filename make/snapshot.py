"""The start-up snapshot: Pyodide booted once in Node with the app's start-up modules imported, saved
as memory the page restores instead of booting Python; the loader PyScript imports in Pyodide's
place, which restores it (or boots the usual way); and index.html's preloads of every file the first
board waits for."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from make.common import APP_ARCHIVE, APP_ARCHIVE_ZST, ROOT, log
from make.runtime import WASM_ZST, ZSTD_DECODER

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
SNAPSHOT_HEADER_BYTES = 64  # "tw-snapshot KEY END SHA", before Pyodide's own snapshot (tools/make_snapshot.mjs)
STDLIB_FALLBACK = ROOT / "py" / "tabletop" / "stdlib_fallback.py"  # written into the loader
PRELOADS_PLACEHOLDER = "<!-- build.py writes the start-up preloads here -->"
BOOT_SCRIPT = '<script src="./static/js/boot.js"></script>'
TRAMPOLINE = re.compile(r'function getWasmTrampolineModule\(\)\{return new WebAssembly\.Module\(hexStringToUTF8Array\("([0-9a-f]+)"\)\)\}')
STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["']\./([^"']+)["']""")


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


def wasm_trampoline(glue: Path) -> str | None:
    """The hex of the small module Pyodide's glue compiles synchronously as it starts (its trampoline),
    which the loader compiles early (static/js/pyodide-snapshot.mjs's earlyTrampoline); None if the
    glue no longer spells it so (the glue then compiles it itself, only later)."""
    found = TRAMPOLINE.findall(glue.read_text())
    if len(found) != 1:
        log(f"{glue.name}: no trampoline module found to compile early")
        return None
    return found[0]


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
        ("__WASM_TRAMPOLINE__", wasm_trampoline(pyodide / "pyodide.asm.mjs")),
    ):
        loader = loader.replace(placeholder, json.dumps(value))
    (pyodide / SNAPSHOT_LOADER).write_text(loader)
    return snapshot


def boot_cut(dist: Path) -> Path:
    """The cut standard library a boot without the snapshot uses (the loader names it, STDLIB.file;
    the restore's cut beside it is smaller: it leaves out what the snapshot holds)."""
    loader = (dist / "vendor" / "pyodide" / SNAPSHOT_LOADER).read_text()
    found = re.search(r"^const STDLIB = (.*);$", loader, re.MULTILINE)
    if not found:
        sys.exit(f"build.py: {SNAPSHOT_LOADER} names no standard library (STDLIB)")
    return dist / "vendor" / "pyodide" / json.loads(found.group(1))["file"].removeprefix("./")


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
