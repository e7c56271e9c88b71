"""What just happened, read from the game's events: the marks land on the right cells even
after the coasters they stand on were turned or moved later in the same window (an event names
a square by its slot, and the mark by the name the square has now)."""

from __future__ import annotations

import pytest

from tabletop.engine.events import Names
from tabletop.engine.pyramids import Size
from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.games.war_of_the_worlds.board_pictures import position
from tabletop.games.war_of_the_worlds.moves import DONE, Place, Relocate, Step
from tabletop.ui.render.war_of_the_worlds.recent import recent, turns

MODULE = GAMES["war-of-the-worlds"]
NAMES = Names(("Ana", "Ben"), ("Aliens", "Humans"), plural_sides=True)


def test_events_are_grouped_by_the_side_acting_and_the_rules_follow_the_turn_before():
    state = position({"B2": "X", "E2": "X", "B5": "X", "A1": "H1", "A2": "A2"})
    for move in (Place(Size.SMALL, "B1"), Step("E2", "E1"), Place(Size.SMALL, "C6")):
        state = MODULE.apply(state, move)
    events = MODULE.view(state, None)["events"]
    assert [(e["kind"], e["seat"]) for e in events] == [("placed", 0), ("stepped", 0), ("destroyed", None), ("placed", 1)]
    assert turns(events) == [(0, events[:3]), (1, events[3:])]
    r = recent(MODULE.view(state, None), NAMES)
    assert r.last_side == 0 and r.now_lines == ["Ben (Humans) placed a small at C6."]
    assert r.last_lines == [
        "Ana (Aliens) placed a small at B1.",
        "Ana (Aliens) moved an obstacle from E2 to E1.",
        "Ben's small at A1 was destroyed.",
    ]
    assert r.marks == {"B1": {"placed"}, "E2": {"from"}, "E1": {"moved"}, "A1": {"destroyed"}, "C6": {"placed"}}


def test_a_mark_follows_its_square_when_the_coaster_moves_later():
    """The large placed at A1 is marked where it lies once its coaster moved, not at A1."""
    state = position({"B2": "X", "E2": "X", "B5": "X"})
    for move in (Place(Size.LARGE, "A1"), Relocate(0, "bottom-right"), DONE):
        state = MODULE.apply(state, move)
    view = MODULE.view(state, None)
    r = recent(view, NAMES)
    assert r.marks == {"D4": {"placed"}} and r.coasters == {0: ["moved"]}
    assert r.now_lines == [
        "Ana (Aliens) placed a large at D4.",
        "Ana (Aliens) moved the blue coaster right of the purple coaster.",
        "Ana (Aliens) finished with the war machine's coaster.",
    ]
    step = next(m for m in MODULE.legal_moves(state) if isinstance(m, Step))
    after = MODULE.view(MODULE.apply(state, step), None)
    assert recent(after, NAMES).marks[step.target] == {"moved"}


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
        r = recent(view, NAMES)
        for cell, kinds in r.marks.items():
            if kinds & {"placed", "moved", "destroyed"}:
                assert board[cell] is not None, (cell, kinds, r.last_lines, r.now_lines)
            if "destroyed" in kinds:
                assert not board[cell]["standing"]
            checked += 1
        if view["placed"]:
            assert "placed" in r.marks.get(view["placed"], set())
    assert checked > 20
