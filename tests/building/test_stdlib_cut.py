"""The standard library cut to what the app imports: what the build keeps (make/stdlib_cut.py), and the finder
that fetches Pyodide's whole library when an import still asks for a module the cut left out."""

from __future__ import annotations

import importlib
import shutil
import sys
import zipfile

import pytest

from repo import ROOT

sys.path.insert(0, str(ROOT))

from make import common, stdlib_cut  # noqa: E402

from tabletop import stdlib_fallback  # noqa: E402


def test_a_zips_paths_name_its_modules_and_packages():
    paths = ["json/__init__.py", "json/decoder.py", "os.py", "asyncio/", "py.typed", "email/mime/text.py"]
    assert stdlib_fallback.module_names(paths) == {"json", "json.decoder", "os", "email.mime.text"}


def test_every_import_counts_lazy_ones_and_from_imports_too():
    source = """
import json, os.path
from collections import abc, OrderedDict
from . import sibling

def later():
    import statistics
    from importlib import metadata
"""
    assert stdlib_cut.imports_in(source) == {
        "json",
        "os.path",
        "collections",
        "collections.abc",
        "collections.OrderedDict",
        "statistics",
        "importlib",
        "importlib.metadata",
    }


def test_the_cut_zip_is_the_same_bytes_for_the_same_files():
    members = {"b.py": b"B = 2\n", "a/__init__.py": b"A = 1\n"}
    first, second = common.stored_zip(members), common.stored_zip(dict(members))
    assert first == second
    with zipfile.ZipFile(__import__("io").BytesIO(first)) as archive:
        assert [(i.filename, i.compress_type) for i in archive.infolist()] == [
            ("b.py", zipfile.ZIP_STORED),
            ("a/__init__.py", zipfile.ZIP_STORED),
        ]


def test_the_build_stops_when_an_import_fails_with_the_cut(tmp_path, monkeypatch):
    pyodide = tmp_path / "vendor" / "pyodide"
    pyodide.mkdir(parents=True)
    with zipfile.ZipFile(tmp_path / "tabletop.zip", "w") as app:
        app.writestr("tabletop/__init__.py", "")
    with zipfile.ZipFile(pyodide / stdlib_cut.FULL_STDLIB, "w") as whole:
        whole.writestr("json/__init__.py", "")
        whole.writestr("statistics.py", "")
    monkeypatch.setattr(stdlib_cut, "app_imports", lambda dist: ["json", "statistics"])
    answers = iter(
        [
            {"imported": ["json", "statistics"], "failed": {}, "files": ["json/__init__.py"], "held": []},
            {"imported": ["json"], "failed": {"statistics": "ModuleNotFoundError: No module named 'statistics'"}, "files": [], "held": []},
        ]
    )
    monkeypatch.setattr(stdlib_cut, "run_imports", lambda *args: next(answers))
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/node")
    with pytest.raises(SystemExit, match="statistics: ModuleNotFoundError"):
        stdlib_cut.write_stdlib(tmp_path, restore=False)
    assert not list(pyodide.glob("stdlib-*"))


@pytest.fixture
def whole_library(tmp_path, monkeypatch):
    """A 'whole library' zip with modules a 'cut' folder on sys.path lacks, and the finder for it."""
    whole = tmp_path / "whole.zip"
    with zipfile.ZipFile(whole, "w") as archive:
        archive.writestr("twlonely.py", "WHERE = 'whole'\n")
        archive.writestr("twpkg/__init__.py", "WHERE = 'whole'\n")
        archive.writestr("twpkg/extra.py", "WHERE = 'whole'\n")
        archive.writestr("twkept/__init__.py", "")
        archive.writestr("twkept/later.py", "WHERE = 'whole'\n")
    cut = tmp_path / "cut"
    (cut / "twkept").mkdir(parents=True)
    (cut / "twkept" / "__init__.py").write_text("WHERE = 'cut'\n")
    monkeypatch.syspath_prepend(str(cut))
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(stdlib_fallback, "FETCHED", [])
    for name in ("twlonely", "twpkg", "twpkg.extra", "twkept", "twkept.later", "twnowhere"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    mounts = []

    def mount():
        mounts.append(1)
        return str(whole)

    names = stdlib_fallback.module_names(zipfile.ZipFile(whole).namelist())
    stdlib_fallback.install(names, mount)
    return mounts


def test_a_module_the_cut_lacks_comes_from_the_whole_library_fetched_once(whole_library, capsys):
    assert importlib.import_module("twlonely").WHERE == "whole"
    assert importlib.import_module("twpkg.extra").WHERE == "whole"
    assert whole_library == [1]
    assert [name for name, _ in stdlib_fallback.FETCHED] == ["twlonely", "twpkg"]  # twpkg.extra: found by twpkg's path
    assert all(asked_by.endswith("test_stdlib_cut.py") for _, asked_by in stdlib_fallback.FETCHED)
    assert "twlonely (imported by " in capsys.readouterr().err


def test_a_submodule_the_cut_lacks_of_a_package_it_kept(whole_library):
    assert importlib.import_module("twkept").WHERE == "cut"
    assert importlib.import_module("twkept.later").WHERE == "whole"
    assert [name for name, _ in stdlib_fallback.FETCHED] == ["twkept.later"]


def test_a_module_in_neither_library_fails_as_before_without_a_fetch(whole_library):
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("twnowhere")
    assert whole_library == []


def test_when_the_whole_library_cannot_be_had_the_import_fails_and_says_why(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.delitem(sys.modules, "twoffline", raising=False)

    def offline():
        raise OSError("the network is down")

    stdlib_fallback.install({"twoffline"}, offline)
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("twoffline")
    assert "could not fetch the standard library for twoffline: the network is down" in capsys.readouterr().err
