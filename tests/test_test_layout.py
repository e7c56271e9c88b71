"""pytest imports test files that sit outside a package under their bare file name, so two such
files with one name in tests/ and e2e/ stop the whole run at collection ("import file mismatch").
`pytest tests` alone never sees the clash; this test does."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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
