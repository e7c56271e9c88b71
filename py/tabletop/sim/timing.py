"""Think-time figures: how long each level takes over one decision, per game.

The same function runs under CPython (``e2e/bench.py``) and in the page
(``window.twThink``), so the two sets of figures compare like for like. Positions
come from games where the measured level plays seat 0 against random seats (quick
to reach, and the positions a computer really meets); only decisions with a real
choice (two legal moves or more) are timed, without any remembered plan, so these
are the costs of a full search.
"""

from __future__ import annotations

import time
from typing import Any

from tabletop.engine.rng import Rng
from tabletop.games import get_game
from tabletop.sim.decisions import decide


def think_times(game_id: str, level: str, decisions: int = 20, seed: int = 1, players: int | None = None) -> dict[str, Any]:
    """Median, 90th percentile and largest milliseconds of ``decisions`` decisions at ``level``."""
    module = get_game(game_id)
    players = players or module.MIN_PLAYERS
    times: list[float] = []
    game = 0
    rng = Rng(seed)
    while len(times) < decisions and game < 50:
        state = module.new_game(players, None, seed + game)
        game += 1
        while module.outcome(state) is None and len(times) < decisions:
            seat = module.to_act(state)
            legal = module.legal_moves(state)
            if seat == 0 and len(legal) > 1:
                start = time.perf_counter()
                move = decide(module, module.view(state, seat), legal, seat, level, rng.fork(), time_cap=None)
                times.append(1000 * (time.perf_counter() - start))
            else:
                move = rng.choice(legal)
            state = module.apply(state, move)
    times.sort()
    if not times:
        return {"decisions": 0}
    return {
        "decisions": len(times),
        "median_ms": round(times[len(times) // 2], 1),
        "p90_ms": round(times[min(len(times) - 1, int(len(times) * 0.9))], 1),
        "max_ms": round(times[-1], 1),
    }
