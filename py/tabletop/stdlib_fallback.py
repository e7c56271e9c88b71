"""The rest of Python's standard library, fetched only when an import needs it.

The site ships the part of the standard library the app imports (build.py cuts it from Pyodide's
zip, and fails the build when an app module's import is not in it). Should an import at run time
still ask for a module the cut left out, the finder installed here, after sys.path's finder,
answers it from Pyodide's whole library: ``mount()`` makes that zip appear in the file system once
(in the browser, a fetch by static/js/pyodide-snapshot.mjs) and the import goes on from it.
Each such module is noted in ``FETCHED`` with the file whose import asked for it, and said on
stderr (the console), so a cut that misses an app import shows up (tools/pyodide_pytest.mjs runs
the unit tests with the cut library and fails when the app's own code needed the fallback).

This module runs before the app's files exist in the browser: the loader runs its source, so it
imports nothing from the app. A start restored from the snapshot has it already, installed at
build time (tools/make_snapshot.mjs) with ``mount`` not yet given (a snapshot cannot hold the
page's function): the loader hands that to ``FINDER`` after the restore.
"""

from __future__ import annotations

import sys
import zipimport
from collections.abc import Callable, Iterable, Sequence
from importlib.machinery import ModuleSpec, PathFinder
from types import FrameType, ModuleType

FETCHED: list[tuple[str, str]] = []  # (module, the file whose import asked for it)
FINDER: WholeLibrary | None = None  # the one install() put on sys.meta_path


def module_names(paths: Iterable[str]) -> set[str]:
    """The dotted module names a zip's member paths hold ("json/__init__.py" holds "json")."""
    names = set()
    for path in paths:
        if not path.endswith(".py"):
            continue
        parts = path[:-3].split("/")
        if parts[-1] == "__init__":
            parts.pop()
        if parts:
            names.add(".".join(parts))
    return names


def importer_file() -> str:
    """The file of the code whose import reached the finder: the first frame outside the import
    machinery (importlib's too: import_module), this module and the standard library's zips."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        name = frame.f_code.co_filename
        machinery = name.startswith("<frozen") or str(frame.f_globals.get("__name__", "")).startswith("importlib")
        if not (machinery or name == __file__ or ".zip/" in name):
            return name
        frame = frame.f_back
    return "?"


class WholeLibrary:
    """A meta-path finder for the modules of the whole library (``names``) that the cut could not
    answer (it runs after sys.path's finder)."""

    def __init__(self, names: Iterable[str], mount: Callable[[], str], say: bool = True):
        self.names = frozenset(names)
        self.mount = mount
        self.say = say
        self.archive: str | None = None

    def find_spec(self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in self.names:
            return None  # not in Pyodide's library either: the ImportError it would have been
        if self.archive is None:
            try:
                self.archive = str(self.mount())
            except Exception as error:  # offline, or the file is gone: the import fails as it would have
                print(f"Towers & Worlds: could not fetch the standard library for {fullname}: {error}", file=sys.stderr)
                return None
        package = fullname.split(".")[:-1]
        spec = zipimport.zipimporter("/".join([self.archive, *package])).find_spec(fullname)
        if spec is not None:
            asked_by = importer_file()
            FETCHED.append((fullname, asked_by))
            if self.say:
                print(f"Towers & Worlds: {fullname} (imported by {asked_by}) came from the whole standard library", file=sys.stderr)
        return spec


def mount_not_given() -> str:
    """The mount of a snapshot's finder until the page gives its own."""
    raise RuntimeError("the page has not given the whole library's mount")


def install(names: Iterable[str], mount: Callable[[], str] = mount_not_given, say: bool = True) -> WholeLibrary:
    """Put the finder on sys.meta_path (once), right after the finder of sys.path, and forget any zip directory read before:
    a restored snapshot may have been made against another zip at the same path."""
    zipimport._zip_directory_cache.clear()  # type: ignore[attr-defined]
    sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != "WholeLibrary"]
    finder = WholeLibrary(names, mount, say)
    # Right after the finder of sys.path: Pyodide's own finders behind it refuse some of the
    # library's modules with "removed from the Python standard library" (hashlib among them).
    after = next((i + 1 for i, f in enumerate(sys.meta_path) if f is PathFinder), len(sys.meta_path))
    sys.meta_path.insert(after, finder)
    global FINDER
    FINDER = finder
    return finder
