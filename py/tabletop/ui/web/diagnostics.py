"""Measurements the benchmark reads from inside the page (``window.twBench``)."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

from tabletop.engine.rng import Rng

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule


def decision_step_ms(module: GameModule, steps: int, seed: int = 1) -> float:
    """Median milliseconds of one decision step as the table does it: legal_moves, apply, view."""
    rng = Rng(seed)
    state = module.new_game(module.MIN_PLAYERS, None, seed)
    times = []
    for _ in range(steps):
        if module.outcome(state) is not None:
            seed += 1
            state = module.new_game(module.MIN_PLAYERS, None, seed)
        start = time.perf_counter()
        move = rng.choice(module.legal_moves(state))
        state = module.apply(state, move)
        module.view(state, module.to_act(state))
        times.append((time.perf_counter() - start) * 1000)
    import statistics  # here, not at start-up: it pulls in fractions, decimal and random (~50 ms in the browser)

    return round(statistics.median(times), 3)


def bench(steps: int = 200) -> str:
    from tabletop.games import GAMES

    result = {game_id: decision_step_ms(module, int(steps)) for game_id, module in GAMES.items()}
    if "tower-war" in GAMES:
        from tabletop.games.tower_war.tower import benchmark

        result["tower-war stability check (10 levels)"] = benchmark(repeats=200)["check_ms"]
    return json.dumps(result)


def expose() -> None:
    import js
    from pyodide.ffi import create_proxy

    js.window.twBench = create_proxy(bench)
