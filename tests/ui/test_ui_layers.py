"""The browser side's layers, read from the source with ``ast``: screens and renderers
only draw and never reach for the app, ui/ has no import circle, and app.py only wires."""

from __future__ import annotations

import ast
from pathlib import Path

from recording import INTENTS, RecordingActions
from repo import PY
from tabletop.ui.shell.actions import Actions

UI = PY / "tabletop" / "ui"
APP_MAX_LINES = 300


def module_name(path: Path) -> str:
    parts = list(path.relative_to(UI.parent.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in UI.rglob("*.py")}


def imports(path: Path) -> set[str]:
    """Every tabletop.ui module ``path`` imports, at its top or inside a function (``from x import
    y`` counts as importing x.y when that is a module, else x)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in MODULES else node.module for a in node.names}
    return {m for m in found if m in MODULES}


GRAPH = {name: imports(path) - {name} for name, path in MODULES.items()}


def test_the_graph_is_read():
    assert "tabletop.ui.screens.table" in GRAPH["tabletop.ui.shell.app"] or "tabletop.ui.shell.pages" in GRAPH["tabletop.ui.shell.app"]
    assert "tabletop.ui.web.dom" in GRAPH["tabletop.ui.screens.home"]


def test_no_screen_or_renderer_imports_the_app():
    drawers = [m for m in GRAPH if m.startswith(("tabletop.ui.screens", "tabletop.ui.render"))]
    assert len(drawers) > 20
    assert [m for m in drawers if "tabletop.ui.shell.app" in GRAPH[m]] == []


def test_nothing_in_ui_imports_the_app():
    """Only main.py starts it: every other part is given what it needs."""
    assert [m for m, deps in GRAPH.items() if "tabletop.ui.shell.app" in deps] == []


def cycle() -> list[str] | None:
    """One import circle in ui/ (counting imports inside functions too), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for dep in sorted(GRAPH[node]):
            if state.get(dep) == 1:
                return path[path.index(dep) :] + [dep]
            if dep not in state and (found := visit(dep)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(GRAPH):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_import_circle_in_ui():
    assert cycle() is None, " -> ".join(cycle() or [])


def test_the_app_only_wires():
    lines = (UI / "shell" / "app.py").read_text(encoding="utf-8").count("\n")
    assert lines < APP_MAX_LINES, f"ui/shell/app.py has {lines} lines"


def test_the_recording_double_knows_every_intent_and_no_other():
    assert len(INTENTS) >= 25 and {"play", "undo", "rematch", "open_history", "start_game", "navigate", "share_game", "export_save"} <= set(
        INTENTS
    )
    act = RecordingActions()
    act.play("a move")
    act.start_game("tower-war", {}, embed=True)
    assert act.calls == [("play", ("a move",), {}), ("start_game", ("tower-war", {}), {"embed": True})]
    try:
        act.make_coffee()
    except AttributeError as exc:
        assert "not an intent" in str(exc)
    else:
        raise AssertionError("an intent the protocol does not name was recorded")
    assert set(INTENTS) == {n for n in dir(Actions) if not n.startswith("_")}
