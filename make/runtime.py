"""The vendored runtime: Pyodide and PyScript from npm (`npm ci` is their only source), copied into
the site with nothing the page does not load, Pyodide's wasm trimmed of the code no script of the
site can call, and the files a first visit fetches compressed with zstd."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from tools.trim_wasm import trim_wasm

from make.common import APP_ARCHIVE, APP_ARCHIVE_ZST, BUILD_CACHE, NODE_MODULES, ROOT, cached_path, log, node_for, run

# Everything the page loads, nothing it doesn't (no source maps, test consoles, editors or terminals).
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
ZSTD_DECODER = "fzstd.js"  # sets self.fzstd, as a classic script or a module (the service worker holds a copy)
ZSTD_DECODER_SOURCE = NODE_MODULES / "fzstd" / "umd" / "index.js"
WASM_ZST = "pyodide.asm.wasm.zst"  # the wasm as a first visit downloads it (the page decodes it): never precached
SOURCE_MAP_COMMENT = re.compile(rb"\n//# sourceMappingURL=\S+\s*$")
# Pyodide's scripts build small wasm modules as they start: the glue compiles an empty one
# synchronously to learn whether the page may build wasm at all, and pyodide.mjs compiles and
# instantiates one for its error marker. WebKit puts a module compiled from bytes behind the work its
# wasm compiler has in hand: the 8.7 MB wasm compiling meanwhile, and on a reload the optimising of
# the page before's hot code, which goes on for seconds after that page is gone. The page's thread
# stood still for 0.1 to 2.5 s at the first, and the instantiation waited 1 to 2 s more for the
# second. So the first is answered (this site compiles wasm, so it may), and the second is left to
# Pyodide's JavaScript stand-in in every WebKit, as Pyodide already does on iPads and iPhones (`f` is
# its runtime, IN_SAFARI its WebKit). The glue's trampoline, the third, is compiled early by the
# loader (static/js/pyodide-snapshot.mjs's earlyTrampoline). The build stops should their words change.
WASM_PROBES = {
    "pyodide.asm.mjs": (
        b"var canConstructWasm=true;try{new WebAssembly.Module(new Uint8Array([0,97,115,109,1,0,0,0]))}catch(e){canConstructWasm=false}",
        b"var canConstructWasm=true;",
    ),
    "pyodide.mjs": (
        b"var ge=async function(){if(!(globalThis.navigator&&(/iPad|iPhone|iPod/",
        b"var ge=async function(){if(!(globalThis.navigator&&(f.IN_SAFARI||/iPad|iPhone|iPod/",
    ),
}


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


def pyodide_info() -> dict:
    """What the pinned Pyodide is built for: ``python`` ("3.14.2"), ``abi_version``, ``arch``..."""
    return json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())["info"]


def copy_script(src: Path, dst: Path) -> None:
    """Copy a runtime script without its `sourceMappingURL` comment (the maps are not shipped)."""
    dst.write_bytes(SOURCE_MAP_COMMENT.sub(b"\n", src.read_bytes()))


def without_queued_probes(folder: Path) -> None:
    """Pyodide's scripts with their small wasm modules out of the big compile's way (WASM_PROBES)."""
    for name, (probe, answer) in WASM_PROBES.items():
        text = (folder / name).read_bytes()
        if text.count(probe) != 1:
            sys.exit(f"build.py: {name} no longer builds wasm as make/runtime.py's WASM_PROBES says: look again")
        (folder / name).write_bytes(text.replace(probe, answer))


def copy_runtime(dist: Path) -> None:
    """Pyodide's and PyScript's files the page loads, and the snapshot's zstd decoder, one script
    that the page's loader and the service worker both use; then the wasm is trimmed."""
    pyodide_src = NODE_MODULES / "pyodide"
    pyodide_dst = dist / "vendor" / "pyodide"
    pyodide_dst.mkdir(parents=True)
    for name in PYODIDE_FILES:
        (copy_script if name.endswith(".mjs") else shutil.copy2)(pyodide_src / name, pyodide_dst / name)
    without_queued_probes(pyodide_dst)
    pyscript_src = NODE_MODULES / "@pyscript" / "core" / "dist"
    pyscript_dst = dist / "vendor" / "pyscript"
    pyscript_dst.mkdir(parents=True)
    for path in sorted(pyscript_src.iterdir()):
        if path.suffix not in (".js", ".css") or path.name.startswith(PYSCRIPT_SKIP_PREFIXES):
            continue
        (copy_script if path.suffix == ".js" else shutil.copy2)(path, pyscript_dst / path.name)
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


def copy_licences(dist: Path) -> None:
    """The licence of each vendored runtime beside its files (Pyodide: MPL-2.0, PyScript: Apache-2.0),
    and of the Python libraries in the app's archive (python-ecdsa and six: MIT).

    Kept in licenses/ because Pyodide's npm package ships no licence file."""
    for path in sorted((ROOT / "licenses").glob("*/LICENSE")):
        target = dist / "vendor" / path.parent.name
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target / "LICENSE")


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
    """The two files a first visit fetches zstd-compressed, beside what the build reads:
    - Pyodide's wasm: 2.9 MB on the wire where Pages' gzip sends 3.5. A page with no service worker
      in charge (a first visit, a wiki's frame) downloads this and decodes it as it arrives; it hands
      the decoded bytes to the worker, which keeps the plain file for every later start
      (static/js/pyodide-snapshot.mjs);
    - the app's archive (APP_ARCHIVE_ZST), the only copy shipped: the site drops the zip once read.
    Returns {file, size} of the wasm for the loader (size: the decoded length it checks)."""
    pyodide = dist / "vendor" / "pyodide"
    zstd_files(dist, [(pyodide / "pyodide.asm.wasm", pyodide / WASM_ZST), (dist / APP_ARCHIVE, dist / APP_ARCHIVE_ZST)])
    return {"file": f"./{WASM_ZST}", "size": (pyodide / "pyodide.asm.wasm").stat().st_size}
