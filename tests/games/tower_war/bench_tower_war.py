"""Tower War benchmark (not a test: no timing assertions anywhere).

    python3 tests/games/tower_war/bench_tower_war.py [games]

Prints one JSON line: random games per second with the issue's command
(``tabletop.simulate --game tower-war --games 100``) and the time of one full
stability check of a 10-level tower (``tabletop.games.tower_war.tower.benchmark``).
"""

from __future__ import annotations

import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "py"))

from tabletop.games.tower_war.tower import benchmark  # noqa: E402
from tabletop.simulate import simulate  # noqa: E402


def main(games: int = 100) -> dict:
    sim = simulate("tower-war", games, seed=1)
    statics = benchmark(levels=10, repeats=2000)
    return {
        "games": games,
        "games_per_second": sim["games_per_second"],
        "ms_per_game": sim["ms_per_game"],
        "mean_moves": sim["mean_moves"],
        "stability_check_ms_10_levels": statics["check_ms"],
        "tower_stands": statics["stands"],
    }


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)))
