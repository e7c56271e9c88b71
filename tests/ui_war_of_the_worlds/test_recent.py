"""What just happened, read from the engine's log: the marks land on the right cells even
after the coasters they stand on were turned or moved later in the same window (the engine
says each cell by its name now)."""

from __future__ import annotations

import pytest

from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.ui.render.war_of_the_worlds.recent import recent, turns

MODULE = GAMES["war-of-the-worlds"]


def test_lines_are_grouped_by_the_side_acting():
    log = [
        "The Aliens have landed; they play first.",
        "Aliens placed a small at A1.",
        "Aliens moved an obstacle from B2 to B3.",
        "Humans' small at C3 was destroyed.",
        "Humans placed a large at D1.",
    ]
    assert turns(log) == [(0, log[1:4]), (1, log[4:])]
    r = recent(log, 1)
    assert r.last_side == 0 and r.now_lines == ["Humans placed a large at D1."]
    assert r.marks["C3"] == {"destroyed"} and r.marks["B2"] == {"from"} and r.marks["B3"] == {"moved"}


def pieces(view):
    return {cell["cell"]: cell["piece"] for c in view["board"]["coasters"] for cell in c["cells"]}


@pytest.mark.parametrize("tactical,seed", [(False, 1), (False, 2), (True, 5), (True, 6)])
def test_marks_point_at_what_the_view_shows(tactical, seed):
    rng = Rng(seed)
    state = MODULE.new_game(2, {"tactical": tactical}, seed)
    checked = 0
    while MODULE.legal_moves(state):
        state = MODULE.apply(state, rng.choice(MODULE.legal_moves(state)))
        view = MODULE.view(state, None)
        board = pieces(view)
        r = recent(view["log"], view["to_act"])
        for cell, kinds in r.marks.items():
            if kinds & {"placed", "moved", "destroyed"}:
                assert board[cell] is not None, (cell, kinds, r.last_lines, r.now_lines)
            if "destroyed" in kinds:
                assert not board[cell]["standing"]
            checked += 1
        if view["placed"]:
            assert "placed" in r.marks.get(view["placed"], set())
    assert checked > 20
