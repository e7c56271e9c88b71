"""Explicit positions (pictures and JSON, for tests and imports) and the view the UI draws."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import tabletop.games.war_of_the_worlds as WOTW
from tabletop.engine.pyramids import Size
from tabletop.engine.rng import Rng
from tabletop.games.war_of_the_worlds import (
    apply,
    legal_moves,
    new_game,
    outcome,
    position,
    position_from_json,
    position_to_json,
    to_text,
    view,
)
from tabletop.games.war_of_the_worlds.moves import Place, Step
from telling import told

PICTURE = """
    A  B  C  D  E  F
 1  .  .  .  .  .  .
 2  .  X  .  .  X  .
 3  .  .  A3 .  .  .
 4  .  .  .  -  -  -
 5  .  X  h1 -  -  -
 6  .  .  .  -  -  -
"""


def test_a_picture_gives_exactly_its_pieces_and_the_supply_left():
    state = position(PICTURE, to_act=1)
    assert state.player == 1 and state.phase == "place"
    assert state.supply == [[0, 5, 5, 4], [0, 4, 5, 5]]
    cells = {c["cell"]: c["piece"] for co in view(state, None)["board"]["coasters"] for c in co["cells"]}
    assert cells["C3"]["side"] == "aliens" and cells["C3"]["size"] == "large" and cells["C3"]["standing"]
    assert cells["C5"]["side"] == "humans" and not cells["C5"]["standing"]
    assert sum(1 for p in cells.values() if p) == 5


def test_a_blank_picture_is_an_empty_board():
    """Whitespace alone once fell through to dict(" ") and raised a confusing error."""
    for blank in ("", "   ", "\n  \n\t"):
        state = position(blank)
        assert state.supply == [[0, 5, 5, 5], [0, 5, 5, 5]]
        assert state == position({})


def test_the_picture_round_trips():
    state = position(PICTURE)
    assert position(to_text(state)) == state


def test_pictures_follow_the_layout():
    moved = [("top-left", 3), ("top-right", 0), ("bottom-right", 2)]
    picture = PICTURE.replace(" 4  .  .  .  -  -  -", " 4  -  -  -  .  .  .")
    picture = picture.replace(" 5  .  X  h1 -  -  -", " 5  -  -  -  .  X  h1")
    picture = picture.replace(" 6  .  .  .  -  -  -", " 6  -  -  -  .  .  .")
    state = position(picture, layout=moved)
    assert to_text(state).splitlines()[5] == "5  -  -  -  .  X  h1"
    with pytest.raises(ValueError, match="empty bottom-left quadrant"):
        position(PICTURE, layout=moved)


@pytest.mark.parametrize(
    "pieces, message",
    [
        ({"A1": "Z2"}, "not a piece"),
        ({"A1": "A4"}, "not a piece"),
        ({"F6": "A1"}, "empty bottom-right quadrant"),
        ({"A1": "-"}, "on a coaster"),
        ({"Q9": "A1"}, "no cell"),
        ({c: "A1" for c in ("A1", "B1", "C1", "D1", "E1", "F1")}, "more than 5"),
    ],
)
def test_bad_positions_are_refused_with_a_reason(pieces, message):
    with pytest.raises(ValueError, match=message):
        position(pieces)


def test_positions_round_trip_through_json_at_the_start_of_any_turn():
    for options in (None, {"tactical": True}):
        state = new_game(2, options, 4)
        rng = Rng(9)
        checked = 0
        while outcome(state) is None:
            if state.phase in ("place", "dice") and not state.plan:
                data = json.loads(json.dumps(position_to_json(state)))
                again = position_from_json(data)
                assert replace(again, events=state.events, moves=state.moves) == state
                checked += 1
            state = apply(state, rng.choice(legal_moves(state)))
        assert checked > 10


def test_an_imported_position_plays_on():
    state = position_from_json({"board": PICTURE, "to_act": 1})
    after = apply(state, Place(Size.SMALL, "A1"))
    assert after.phase == "move"
    with pytest.raises(ValueError, match="start of a turn"):
        position_to_json(after)


# --------------------------------------------------------------------------- the view


def test_the_view_has_what_the_table_needs():
    state = apply(position(PICTURE), Place(Size.LARGE, "A1"))
    v = view(state, 0)
    json.dumps(v)
    assert v["to_act"] == 0 and v["outcome"] is None and v["epoch"] == 0
    assert v["events"] == [
        {"kind": "placed", "move": 0, "seat": 0, "owner": 0, "size": "large", "slot": 2}
    ]  # A1: the top-left coaster's square 2
    assert told(WOTW, state) == ["Aliens placed a large at A1."]
    assert v["phase"] == "coaster" and v["coaster_step"] == {"coaster": 0, "rotated": False, "moved": False}
    assert v["prompt"] == "Aliens must turn or move the war machine's coaster, or finish that step"
    assert v["placed"] == "A1"
    assert v["supply"][0] == {"small": 5, "medium": 5, "large": 3}
    assert v["board"]["empty_quadrant"] == "bottom-right" and v["board"]["occupied"] == 6
    coaster = v["board"]["coasters"][1]
    assert set(coaster) == {"id", "quadrant", "rotation", "dot_corner", "colour", "cells", "places"}
    assert coaster["places"] == [  # the top-right coaster ends a leg: three places keep the L
        {"to": "top-left", "words": "left of the top-left coaster", "slide": [0, 1]},
        {"to": "bottom-left", "words": "left of the bottom-left coaster", "slide": [0, 1]},
        {"to": "bottom-right", "words": "into the empty bottom-right corner", "slide": [0, 0]},
    ]
    assert [p["to"] for p in v["board"]["coasters"][0]["places"]] == ["bottom-right"]  # the L's corner: one
    assert coaster["cells"][0] == {"cell": "D1", "row": 0, "col": 3, "arrows": "UDL", "piece": None}
    assert v["score"] == {"standing": [2, 0], "standing_pips": [6, 0], "destroyed_enemy_pips": [1, 0]}
    assert view(state, 1) == dict(v, seat=1) and view(state, None) == dict(v, seat=None)


def test_the_view_names_the_banned_obstacle_move_and_the_dice():
    state = position(PICTURE, tactical=True, dice=("aim", "wild", "tip"), opponent_obstacle_moves=[("E1", "E2")])
    v = view(state, None)
    assert v["no_undo"] == [{"source": "E2", "target": "E1"}]
    assert v["dice"] == ["aim", "wild", "tip"] and v["mode"] == "tactical"
    assert v["prompt"] == "Aliens must choose two of the dice"


def test_the_move_prompt_names_the_size():
    state = apply(position(PICTURE), Place(Size.MEDIUM, "A1"))
    assert view(state, None)["prompt"] == "Aliens must move one of their other mediums or an obstacle along an arrow"
    after = apply(state, Step("E2", "E1"))
    assert view(after, None)["prompt"] == "Humans must place a pyramid from their supply"
