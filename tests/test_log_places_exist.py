"""No log line names a place that does not exist (for the games whose boards do not move and whose
log is still English; The War of the Worlds, whose coasters do, has its own stronger test in
tests/war_of_the_worlds/test_log_stays_true.py, and Towers of Wyoming and Tower Battle, whose logs
are told from events, check every event against the board as it is recorded in
tests/towers_of_wyoming/test_events.py and tests/tower_battle/test_events.py). Over 600 positions
from seeded random play, every place a line names is found in the view of THAT position:

* Tower War: "level k" is a level of the tower (a fallen tower keeps its levels in the view).
"""

from __future__ import annotations

import re

from tabletop.engine.rng import Rng
from tabletop.games import GAMES

POSITIONS = 600
LEVEL = re.compile(r"\blevel (\d+)\b")


def positions(game: str, players: int = 2):
    """(view for a spectator, log) at 600 positions of seeded random games."""
    module = GAMES[game]
    rng = Rng(2200)
    seen, seed = 0, 0
    while seen < POSITIONS:
        seed += 1
        state = module.new_game(players, None, seed)
        while module.to_act(state) is not None and seen < POSITIONS:
            state = module.apply(state, rng.choice(module.legal_moves(state)))
            seen += 1
            yield module.view(state, None)


def test_tower_war_names_only_levels_of_the_tower():
    named = 0
    for view in positions("tower-war"):
        levels = len(view["tower"]["levels"]) if view.get("tower") else 0
        for line in view["log"]:
            for k in LEVEL.findall(line):
                assert int(k) < levels + 1, (line, levels)  # a card picked up to crown level k starts level k
                named += 1
    assert named > 100
