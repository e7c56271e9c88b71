"""Pyodide's wasm trimmed to what the site's scripts call (tools/trim_wasm.py): which
exports go, and that leaving them out rewrites only the export section."""

from __future__ import annotations

import sys

from repo import ROOT

sys.path.insert(0, str(ROOT))

from tools.trim_wasm import EXPORT_SECTION, exports, sections, to_uleb, uleb, unused_exports, without_exports  # noqa: E402


def section(kind: int, body: bytes) -> bytes:
    return bytes([kind]) + to_uleb(len(body)) + body


def name(text: str) -> bytes:
    return to_uleb(len(text)) + text.encode()


def module(*exported: str) -> bytes:
    """A wasm module of len(exported) empty functions, the i-th exported as exported[i], and a memory."""
    count = len(exported)
    return (
        b"\0asm\1\0\0\0"
        + section(1, b"\x01\x60\x00\x00")  # one type: () -> ()
        + section(3, to_uleb(count) + b"\x00" * count)
        + section(5, b"\x01\x00\x01")  # a memory of one page
        + section(
            7, to_uleb(count + 1) + b"".join(name(n) + b"\x00" + to_uleb(i) for i, n in enumerate(exported)) + name("memory") + b"\x02\x00"
        )
        + section(10, to_uleb(count) + b"\x02\x00\x0b" * count)
    )


GLUE = (
    "var _PyList_New,_PyList_Append,_unused_here,memory;"
    "function assignWasmExports(wasmExports){"
    '_PyList_New=Module["_PyList_New"]=wasmExports["PyList_New"];'
    '_PyList_Append=Module["_PyList_Append"]=wasmExports["PyList_Append"];'
    '_unused_here=Module["_unused_here"]=wasmExports["unused_here"];'
    'memory=wasmExports["memory"]}'
    "function newList(){return _PyList_New(0)}"
    'var wasmImports={};callRuntime(wasmExports["__wasm_call_ctors"]);'
)


def test_an_export_goes_when_no_script_names_it_beyond_the_glues_own_store():
    functions = ["PyList_New", "PyList_Append", "unused_here", "__wasm_call_ctors", "_ZNSt3__26__sortIcEEvPc"]
    page = "pyodide._module._PyList_Append(list, item)"  # another script calls it as the glue names it
    assert unused_exports(functions, GLUE, [page]) == {"unused_here", "_ZNSt3__26__sortIcEEvPc"}
    # without that script's call, its store alone keeps nothing
    assert unused_exports(functions, GLUE, []) == {"PyList_Append", "unused_here", "_ZNSt3__26__sortIcEEvPc"}


def test_leaving_exports_out_rewrites_the_export_section_only():
    wasm = module("used", "unused", "also_used")
    assert without_exports(wasm, set()) == wasm
    trimmed = without_exports(wasm, {"unused", "memory"})  # only functions are left out: memory stays
    ((_, _, start, end),) = [s for s in sections(trimmed) if s[0] == EXPORT_SECTION]
    assert [(n, kind) for n, kind, _ in exports(trimmed[start:end])] == [("used", 0), ("also_used", 0), ("memory", 2)]
    before = [wasm[at:end] for kind, at, _, end in sections(wasm) if kind != EXPORT_SECTION]
    after = [trimmed[at:end] for kind, at, _, end in sections(trimmed) if kind != EXPORT_SECTION]
    assert before == after


def test_leb128_numbers_read_back_as_written():
    for value in (0, 1, 127, 128, 300, 16383, 16384, 8_560, 2**32 - 1):
        encoded = to_uleb(value)
        assert uleb(encoded + b"\xff", 0) == (value, len(encoded))
