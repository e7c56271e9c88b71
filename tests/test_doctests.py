"""Every example in a docstring runs: each module of ``tabletop`` that imports without the browser
has its doctests run here, under CPython and again under Pyodide (build.py runs ``tests/`` in both).
Modules that need the page (``js``, ``pyodide``) cannot be imported outside it and are left out;
any other import error fails the walk, so a broken module cannot hide its examples."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import tabletop

BROWSER = {"js", "pyodide"}
ENTRY = "tabletop.main"  # what PyScript runs, with a top-level await that a plain import cannot compile


def browser_free_modules() -> list[ModuleType]:
    """The modules of ``tabletop`` that import without the page, by name."""
    modules = []
    for info in pkgutil.walk_packages(tabletop.__path__, "tabletop."):
        if info.name == ENTRY:
            continue
        try:
            modules.append(importlib.import_module(info.name))
        except ModuleNotFoundError as e:
            if (e.name or "").split(".")[0] not in BROWSER:
                raise
    return modules


def examples(module: ModuleType) -> int:
    return sum(len(test.examples) for test in doctest.DocTestFinder().find(module))


MODULES = [m for m in browser_free_modules() if examples(m)]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    failed, tried = doctest.testmod(module, report=False)
    assert tried > 0 and failed == 0, f"{failed} of {tried} examples in {module.__name__} fail (run python -m doctest -v on it)"


def test_the_walk_finds_the_examples_of_the_engine_games_ai_and_ui() -> None:
    names = {m.__name__ for m in MODULES}
    assert {"tabletop.engine.saves", "tabletop.games.tower_war.scoring", "tabletop.ai.search", "tabletop.ui.shell.router"} <= names
    assert sum(examples(m) for m in MODULES) >= 120
