"""No log line names a place that does not exist (for the three games whose
boards do not move; The War of the Worlds, whose coasters do, has its own stronger test in
tests/war_of_the_worlds/test_log_stays_true.py). Over 600 positions per game from seeded random
play, every place a line names is found in the view of THAT position:

* Towers of Wyoming: "Player k" is a seat, "foundation n" one of each builder's foundations;
* Tower Battle: "Red's hearts tower" is a tower of that colour and suit;
* Tower War: an event's ``level`` is a level of the tower (a fallen tower keeps its levels in the
  view), as the words told from it say ("level k"); tests/tower_war/test_events.py checks every
  other place its events name.
"""

from __future__ import annotations

import re

import pytest

from tabletop.engine.events import Names
from tabletop.engine.rng import Rng
from tabletop.games import GAMES

POSITIONS = 600
PLAYER = re.compile(r"\bPlayer (\d+)\b")
FOUNDATION = re.compile(r"\bfoundation (\d+)\b")
TOWER = re.compile(r"\b(Red|Black)'s (clubs|diamonds|hearts|spades) tower\b")
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


@pytest.mark.parametrize("players", [2, 4])
def test_towers_of_wyoming_names_only_seats_and_foundations_that_exist(players):
    named = 0
    for view in positions("towers-of-wyoming", players):
        for line in view["log"]:
            for k in PLAYER.findall(line):
                assert 1 <= int(k) <= view["players"], line
                named += 1
            for n in FOUNDATION.findall(line):
                assert 1 <= int(n) <= view["foundations_each"], line
                named += 1
    assert named > 1000


def test_tower_battle_names_only_towers_that_exist():
    named = 0
    for view in positions("tower-battle"):
        towers = {tower["name"] for tower in view["towers"]}  # "Red's hearts tower", as the view names them
        for line in view["log"]:
            for colour, suit in TOWER.findall(line):
                assert f"{colour}'s {suit} tower" in towers, (line, towers)
                named += 1
    assert named > 1000


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
