"""How reachable the calm is, with and without the calm moment (not a test: it prints numbers).

    PYTHONPATH=py python3 tests/games/tower_war/bench_calm.py [drops]

One JSON line per case: hand edition (1: before, 2: now), the piece and the level it
joins, the tremor amplitude, the share of time shown as calm, and for the simulated
careful person and each computer level the mean landing error (mm) and the share of
drops landing within the tolerance (``calm_reach.TOLERANCE_MM``).
"""

from __future__ import annotations

import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "py"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import calm_reach  # noqa: E402

CASES = (("pyramid", 0), ("pyramid", 1), ("pyramid", 3), ("pyramid", 6), ("card", 3), ("card", 6), ("card", 9))


def main(drops: int = 200) -> None:
    for edition in (1, 2):
        for piece, level in CASES:
            print(json.dumps(calm_reach.measure(piece, level, edition, drops=drops)), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
