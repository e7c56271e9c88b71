"""The shape of the whole package, read from the source with ``ast``: layers that import only
downward, no import circle, the browser touched from one room, functions short enough to read,
and comments that say why the code is as it is today (its history is in CHANGELOG.md).

Layers, lowest first: ``engine`` (the shared core) -> ``ai`` (the search library, knowing no game)
-> ``games`` -> ``sim`` (games played by the computer) -> ``link`` (games by link) -> ``ui`` -> ``main``. A module may import
from its own layer and the layers below it, never from one above.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from repo import PY

LAYERS = ("tabletop.engine", "tabletop.ai", "tabletop.games", "tabletop.sim", "tabletop.link", "tabletop.ui", "tabletop.main")
BROWSER = ("js", "pyodide", "pyscript")
LONGEST = 80


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PY).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


SOURCES = {module_name(p): p for p in sorted((PY / "tabletop").rglob("*.py"))}  # ours: py/ecdsa and py/six.py are vendored as they are
TREES = {name: ast.parse(path.read_text(encoding="utf-8")) for name, path in SOURCES.items()}


def imported(tree: ast.AST) -> set[str]:
    """Every module a tree imports, at its top or inside a function (``from x import y`` is x.y
    where that is a module)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in SOURCES else node.module for a in node.names}
    return found


IMPORTS = {name: imported(tree) for name, tree in TREES.items()}
GRAPH = {name: {m for m in deps if m in SOURCES} - {name} for name, deps in IMPORTS.items()}


def layer(name: str) -> int | None:
    return next((i for i, top in reversed(list(enumerate(LAYERS))) if name == top or name.startswith(top + ".")), None)


def test_every_import_runs_down_the_layers():
    upward = [
        f"{name} -> {dep}"
        for name, deps in GRAPH.items()
        for dep in deps
        if layer(name) is not None and layer(dep) is not None and layer(dep) > layer(name)  # type: ignore[operator]
    ]
    assert len(GRAPH) > 150 and upward == []


def test_no_import_circle_between_modules():
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for dep in sorted(GRAPH[node]):
            if state.get(dep) == 1 and not dep.startswith(node + "."):  # a package's __init__ gathering its own modules
                return path[path.index(dep) :] + [dep]
            if dep not in state and (found := visit(dep)):
                return found
        path.pop()
        state[node] = 2
        return None

    circles = [found for node in sorted(GRAPH) if node not in state and (found := visit(node))]
    assert circles == []


def test_only_the_web_room_and_main_touch_the_browser():
    touching = sorted(name for name, deps in IMPORTS.items() if any(m.split(".")[0] in BROWSER for m in deps))
    assert "tabletop.ui.web.browser" in touching
    assert [m for m in touching if m != "tabletop.main" and not m.startswith("tabletop.ui.web.")] == []


def comments_and_docstrings(source: str, tree: ast.AST) -> list[tuple[int, str]]:
    texts = [(t.start[0], t.string) for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type == tokenize.COMMENT]
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and ast.get_docstring(node):
            texts.append((node.body[0].lineno, ast.get_docstring(node) or ""))
    return texts


def test_comments_carry_no_issue_numbers():
    said = [
        f"{SOURCES[name].relative_to(PY)}:{line}"
        for name, tree in TREES.items()
        for line, text in comments_and_docstrings(SOURCES[name].read_text(encoding="utf-8"), tree)
        if re.search(r"\b[Ii]ssues? \d+", text)
    ]
    assert said == []


def test_no_function_is_longer_than_80_lines():
    long = [
        f"{SOURCES[name].relative_to(PY)}:{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for name, tree in TREES.items()
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (node.end_lineno or node.lineno) - node.lineno + 1 > LONGEST
    ]
    assert long == []


def calls_at_import(tree: ast.Module) -> list[ast.Call]:
    """The calls a module makes when it is imported: its top-level statements and class bodies, not
    the bodies of its functions (those run later)."""
    found: list[ast.Call] = []
    todo: list[ast.AST] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Call):
            found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


def test_no_module_makes_a_browser_proxy_when_imported():
    """The start-up snapshot is taken after the app's modules are imported; a JS proxy made then does not
    survive the restore, and the page falls back to the slow boot (it did once: a handler made at import)."""
    made = [
        f"{SOURCES[name].relative_to(PY)}:{call.lineno}"
        for name, tree in TREES.items()
        for call in calls_at_import(tree)
        if isinstance(call.func, ast.Name) and call.func.id in ("create_proxy", "create_once_callable")
    ]
    assert made == []
