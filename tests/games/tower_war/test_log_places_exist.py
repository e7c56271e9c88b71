"""No log line names a place that does not exist. Every game checks every event against the board
as it lies when the event is recorded (tests/games/<game>/test_events.py); here, over 600 positions of
Tower War from seeded random play, the levels its events and their words name are found in the
view of THAT position:

* an event's ``level`` is a level of the tower (a fallen tower keeps its levels in the
  view), as the words told from it say ("level k"); tests/games/tower_war/test_events.py checks every
  other place its events name.
"""

from __future__ import annotations

import re

from tabletop.engine.events import Names
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
    module, named = GAMES["tower-war"], 0
    names = Names(("Ana", "Ben"), module.SEAT_NAMES)
    for view in positions("tower-war"):
        levels = len(view["tower"]["levels"]) if view.get("tower") else 0
        for e in view["events"]:
            said = [int(k) for k in LEVEL.findall(module.tell(e, names, view))]
            if "level" in e:
                assert e["level"] < levels + 1, (e, levels)  # a card picked up to crown level k starts level k
                named += 1
            assert all(k < levels + 1 for k in said), (e, said)
    assert named > 100
