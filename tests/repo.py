"""Where the repository's parts are, for a test at any depth of tests/: found from this file, which
stays at the top of tests/, so a test does not count its own folder's parents to find them."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / "py"
