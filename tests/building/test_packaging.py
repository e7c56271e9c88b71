"""What the project ships besides the app: the vendored runtimes' licences beside their files,
and package metadata so the designers' CLI installs with pip and runs without PYTHONPATH."""

from __future__ import annotations

import importlib
import sys
import tomllib

from repo import ROOT

sys.path.insert(0, str(ROOT))

from make import runtime, suite, testtools  # noqa: E402


def test_each_vendored_runtime_gets_its_licence_beside_its_files(tmp_path):
    runtime.copy_licences(tmp_path)
    pyodide = (tmp_path / "vendor" / "pyodide" / "LICENSE").read_text()
    pyscript = (tmp_path / "vendor" / "pyscript" / "LICENSE").read_text()
    assert pyodide.startswith("Mozilla Public License Version 2.0")
    assert pyscript.split()[:4] == ["Apache", "License", "Version", "2.0,"]
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()) == [
        "vendor/ecdsa/LICENSE",
        "vendor/pyodide/LICENSE",
        "vendor/pyscript/LICENSE",
        "vendor/six/LICENSE",
    ]


def test_project_metadata_names_the_cli_and_the_licence():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    meta = project["project"]
    assert meta["name"] and meta["version"] and meta["requires-python"] == ">=3.11"
    assert meta["license"] == "MIT" and (ROOT / "LICENSE").read_text().startswith("MIT License")
    module, _, func = meta["scripts"]["tabletop-simulate"].partition(":")
    assert callable(getattr(importlib.import_module(module), func))
    found = project["tool"]["setuptools"]["packages"]["find"]
    assert found["where"] == ["py"] and (ROOT / "py" / "tabletop" / "__init__.py").exists()


def test_pyodide_test_tools_use_the_same_pins_as_cpython():
    pins = testtools.pinned(testtools.PYODIDE_TEST_TOOLS)
    lines = (ROOT / "requirements-dev.txt").read_text().splitlines()
    assert len(pins) == len(testtools.PYODIDE_TEST_TOOLS) and all(pin in lines for pin in pins)


def test_tests_left_to_cpython_still_exist():
    """A renamed test file must not silently run nowhere: each one named as host-only is there."""
    for option in suite.PYODIDE_HOST_ONLY:
        target = option.partition("=")[2]
        file, _, name = target.partition("::")
        assert (ROOT / file).is_file(), file
        assert not name or f"def {name}(" in (ROOT / file).read_text(), name
