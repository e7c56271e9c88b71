"""`python3 build.py bench`: the start-up of the app against a bare PyScript page and the per-move
timings (e2e/bench.py), or with --network a first visit over a shaped link (e2e/bench_network.py),
on a fresh build, in Chromium, WebKit and Firefox."""

from __future__ import annotations

import subprocess

from make.common import ROOT
from make.site import build
from make.testtools import ensure_other_engines, ensure_venv, find_chromium, test_env


def bench(extra: list[str], snapshot: bool = True) -> int:
    python = ensure_venv()
    chromium = find_chromium(python)
    build(snapshot=snapshot)
    ensure_other_engines()
    return subprocess.run([str(python), str(ROOT / "e2e" / "bench.py"), *extra], cwd=ROOT, env=test_env(chromium)).returncode
