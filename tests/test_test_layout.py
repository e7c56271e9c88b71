"""Where tests live. tests/ mirrors py/tabletop, so a reader finds a module's tests by its path;
the build's tests sit in tests/building (a test package named ``make`` or ``tools`` would hide the
real one); only the tests of the whole house sit loose at the top.

pytest imports test files that sit outside a package under their bare file name, so two such
files with one name in tests/ and e2e/ stop the whole run at collection ("import file mismatch").
`pytest tests` alone never sees the clash; this test does."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from repo import PY, ROOT

TESTS = ROOT / "tests"
HOUSE_WIDE = {"test_house.py", "test_doctests.py", "test_test_layout.py"}
BUILD = "building"


def module_name(path: Path) -> str:
    """The name pytest's default import mode gives a test file: its package chain, then its stem."""
    parts = [path.stem]
    folder = path.parent
    while (folder / "__init__.py").exists():
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts)


def test_every_test_module_name_is_unique_across_tests_and_e2e():
    seen: dict[str, list[str]] = defaultdict(list)
    for top in ("tests", "e2e"):
        for path in (ROOT / top).rglob("test_*.py"):
            seen[module_name(path)].append(str(path.relative_to(ROOT)))
    clashes = {name: paths for name, paths in seen.items() if len(paths) > 1}
    assert not clashes, f"test files that pytest would import under one name: {clashes}"


def test_only_the_tests_of_the_whole_house_sit_at_the_top():
    assert {path.name for path in TESTS.glob("test_*.py")} == HOUSE_WIDE


def test_every_test_folder_is_a_package_that_mirrors_a_folder_of_the_source():
    folders = {path.parent for path in TESTS.rglob("test_*.py")} - {TESTS}
    assert folders, "no test folder found"
    for folder in folders:
        relative = folder.relative_to(TESTS)
        assert relative.parts[0] == BUILD or (PY / "tabletop" / relative).is_dir(), f"{relative}: no such folder in py/tabletop"
        chain = [TESTS.joinpath(*relative.parts[: i + 1]) for i in range(len(relative.parts))]
        assert all((step / "__init__.py").is_file() for step in chain), f"{relative}: a folder without __init__.py"
    assert not (ROOT / BUILD).exists(), "tests/building would hide a top-level building/"
