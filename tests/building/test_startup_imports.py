"""What the page imports before its first screen: every module costs tens of milliseconds in the
browser (Python compiles it in WebAssembly), so start-up stays lean. Checked under CPython with a
stand-in for the browser's ``js`` module and without ``site`` (which imports a lot by itself)."""

import json
import subprocess
import sys

from repo import PY

PROBE = """
import json, sys, types
sys.path.insert(0, {py!r})

class Anything:
    def __getattr__(self, name): return Anything()
    def __call__(self, *args, **kwargs): return Anything()

for name in ("js", "pyodide", "pyodide.ffi", "pyscript"):  # the browser's modules, as stand-ins
    stand_in = types.ModuleType(name)
    stand_in.__getattr__ = lambda attr: Anything()
    stand_in.__path__ = []
    sys.modules[name] = stand_in
import tabletop.ui.shell.app  # noqa
print(json.dumps(sorted(sys.modules)))
"""


def test_start_up_imports_no_game_and_no_heavy_library():
    out = subprocess.run([sys.executable, "-S", "-c", PROBE.format(py=str(PY))], capture_output=True, text=True, check=True)
    loaded = set(json.loads(out.stdout))
    assert "tabletop.ui.shell.app" in loaded
    games = [m for m in loaded if m.startswith("tabletop.games.")]
    assert games and all(m.count(".") == 2 or m.endswith(".facts") for m in games), games  # facts only: a game loads on first use
    assert not [m for m in loaded if m.startswith(("tabletop.ai", "tabletop.sim"))]
    heavy = {"urllib.parse", "secrets", "random", "hashlib", "statistics", "decimal", "email", "http", "asyncio"}
    assert not loaded & heavy, loaded & heavy
