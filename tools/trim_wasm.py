"""Pyodide's wasm without the code no script of this site can call: fewer bytes for a first visit.

Pyodide's main module exports 7,415 functions (of 8,560 exports) so that packages' shared libraries can link against
it. This site loads no such library (pyscript.toml names no packages, the app is pure Python), so an
exported function is reachable only from JavaScript. Emscripten's glue (pyodide.asm.mjs) stores
every export in a variable and on `Module`; an export that no script names beyond that store is
one nothing calls. Those exports are dropped, then binaryen's wasm-opt removes the code that only
they reached. What Python runs is untouched: C reaches C by direct calls and through the function
table, which wasm-opt keeps whole. 9.6 MB become 8.7, and 2.89 MB of zstd 2.67 (make/runtime.py's
trim_runtime calls trim_wasm).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

FUNCTION = 0  # an export's kind
EXPORT_SECTION = 7
# What wasm-opt may meet in Pyodide's module (it has no target_features section to say so).
FEATURES = [
    "--enable-bulk-memory",
    "--enable-sign-ext",
    "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int",
    "--enable-exception-handling",
    "--enable-reference-types",
    "--enable-multivalue",
    "--enable-simd",
    "--enable-tail-call",
]
# Emscripten's store of one export: `_PyList_New=Module["_PyList_New"]=wasmExports["PyList_New"];`
STORED = re.compile(r'([\w$]+)=Module\["\1"\]=wasmExports\["([\w$]+)"\];?')


def uleb(data: bytes, at: int) -> tuple[int, int]:
    """The unsigned LEB128 number at ``at``, and where it ends."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def to_uleb(value: int) -> bytes:
    """``value`` as unsigned LEB128, the shortest way."""
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def sections(wasm: bytes) -> list[tuple[int, int, int, int]]:
    """(id, start, start of its body, end) of each section, in order."""
    found, at = [], 8
    while at < len(wasm):
        kind = wasm[at]
        size, body = uleb(wasm, at + 1)
        found.append((kind, at, body, body + size))
        at = body + size
    return found


def exports(body: bytes) -> list[tuple[str, int, bytes]]:
    """(name, kind, encoded entry) of each export in an export section's body."""
    count, at = uleb(body, 0)
    entries = []
    for _ in range(count):
        start = at
        length, at = uleb(body, at)
        name = body[at : at + length].decode()
        kind = body[at + length]
        _, at = uleb(body, at + length + 1)
        entries.append((name, kind, body[start:at]))
    return entries


def unused_exports(functions: list[str], glue: str, scripts: list[str]) -> set[str]:
    """Of the exported ``functions``, those no script names (as `name`, or `_name` as Emscripten's
    ``glue`` calls them), the glue's own store of every export not counted."""
    stored = {export: variable for variable, export in STORED.findall(glue)}
    rest = STORED.sub("", glue)
    first = next(iter(stored.values()), "")
    rest = re.sub(rf"var {re.escape(first)},[^;]*;", "", rest, count=1)  # the stores' one declaration
    named = set(re.findall(r"[\w$]+", "\n".join([rest, *scripts])))
    return {name for name in functions if name not in named and stored.get(name, "_" + name) not in named}


def without_exports(wasm: bytes, drop: set[str]) -> bytes:
    """``wasm`` with the function exports named in ``drop`` left out of its export section."""
    out = bytearray(wasm[:8])
    for kind, at, start, end in sections(wasm):
        if kind != EXPORT_SECTION:
            out += wasm[at:end]
            continue
        kept = [entry for name, what, entry in exports(wasm[start:end]) if not (what == FUNCTION and name in drop)]
        body = to_uleb(len(kept)) + b"".join(kept)
        out += bytes([kind]) + to_uleb(len(body)) + body
    return bytes(out)


def trim_wasm(source: Path, target: Path, glue: Path, scripts: list[Path], wasm_opt: list[str]) -> int:
    """Write ``source`` trimmed to ``target`` (``wasm_opt``: the command that runs binaryen's wasm-opt);
    returns how many exports were dropped."""
    wasm = source.read_bytes()
    ((_, _, start, end),) = [section for section in sections(wasm) if section[0] == EXPORT_SECTION]
    functions = [name for name, kind, _ in exports(wasm[start:end]) if kind == FUNCTION]
    drop = unused_exports(functions, glue.read_text(), [path.read_text(errors="replace") for path in scripts])
    exported = target.with_suffix(".exports.wasm")
    exported.write_bytes(without_exports(wasm, drop))
    try:
        subprocess.run([*wasm_opt, *FEATURES, "--remove-unused-module-elements", str(exported), "-o", str(target)], check=True)
    finally:
        exported.unlink()
    return len(drop)
