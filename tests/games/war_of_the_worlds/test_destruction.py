"""Destruction: surrounded and outgunned pyramids fall; ties hold; obstacles have their
own strength rule; lying pyramids fill cells but add nothing; the player to act picks
the order when several could fall, and the order matters."""

from __future__ import annotations

import pytest

import tabletop.games.war_of_the_worlds as WOTW
from tabletop.engine.errors import IllegalMove
from tabletop.engine.pyramids import Size
from tabletop.games.war_of_the_worlds import apply, legal_moves, position, to_act
from tabletop.games.war_of_the_worlds.board import geometry
from tabletop.games.war_of_the_worlds.destruction import doomed, strengths
from tabletop.games.war_of_the_worlds.moves import DONE, Destroy, Place, Rotate, Step
from tabletop.games.war_of_the_worlds.views import view
from telling import told

OBSTACLES = {"B2": "X", "E2": "X", "B5": "X"}


def doomed_cells(state):
    geo = geometry(state.layout)
    return [geo.names[s] for s in doomed(state)]


def power(state, cell):
    return strengths(state, geometry(state.layout).slot_named[cell])


def standing(state, cell):
    return state.up[geometry(state.layout).slot_named[cell]]


# --------------------------------------------------------------------------- the rule itself


def test_a_corner_pyramid_needs_only_its_three_neighbours_filled():
    state = position({**OBSTACLES, "A1": "H1", "A2": "A1", "B1": "A2"})
    assert power(state, "A1") == (3, 0)
    assert doomed_cells(state) == ["A1"]


def test_one_empty_neighbour_saves_a_pyramid_however_strong_the_attack():
    # B1 on the top edge has five neighbours; four hold Alien larges, B2 is empty
    state = position({"B1": "H1", "A1": "A3", "C1": "A3", "A2": "A3", "C2": "A3"})
    assert power(state, "B1") is None and doomed_cells(state) == []
    filled = position({"B1": "H1", "A1": "A3", "C1": "A3", "A2": "A3", "C2": "A3", "B2": "x"})
    assert power(filled, "B1") == (12, 0) and doomed_cells(filled) == ["B1"]


def test_attack_equal_to_defence_is_a_standoff():
    tie = position({**OBSTACLES, "A1": "H1", "B1": "H2", "A2": "A2"})
    assert power(tie, "A1") == (2, 2) and "A1" not in doomed_cells(tie)
    weaker = position({**OBSTACLES, "A1": "H1", "B1": "H1", "A2": "A2"})
    assert power(weaker, "A1") == (2, 1) and "A1" in doomed_cells(weaker)


def test_a_pyramid_does_not_defend_itself_and_obstacles_help_no_colour():
    big = position({**OBSTACLES, "A1": "H3", "A2": "A1", "B1": "A1"})
    assert power(big, "A1") == (2, 0)  # its own 3 pips and the obstacle on B2 count for nothing
    assert doomed_cells(big) == ["A1"]


def test_lying_pyramids_fill_cells_but_neither_attack_nor_defend():
    lying_enemy = position({**OBSTACLES, "A1": "H1", "A2": "a3", "B1": "A1"})
    assert power(lying_enemy, "A1") == (1, 0) and doomed_cells(lying_enemy) == ["A1"]
    lying_friend = position({**OBSTACLES, "A1": "H1", "A2": "h3", "B1": "A1"})
    assert power(lying_friend, "A1") == (1, 0) and doomed_cells(lying_friend) == ["A1"]
    standing_friend = position({**OBSTACLES, "A1": "H1", "A2": "H3", "B1": "A1"})
    assert power(standing_friend, "A1") == (1, 3) and doomed_cells(standing_friend) == []


def test_lying_pyramids_are_never_destroyed_again():
    state = position({**OBSTACLES, "A1": "h1", "A2": "A3", "B1": "A3"})
    assert doomed_cells(state) == []


def test_obstacles_are_attacked_by_both_colours_and_defended_by_obstacles():
    held = position({"A1": "X", "A2": "A1", "B1": "H1", "B2": "X"})
    assert power(held, "A1") == (2, 3) and doomed_cells(held) == []
    outgunned = position({"A1": "X", "A2": "A2", "B1": "H2", "B2": "X"})
    assert power(outgunned, "A1") == (4, 3) and doomed_cells(outgunned) == ["A1"]
    alone = position({"A1": "X", "A2": "A1", "B1": "H1", "B2": "x"})  # its neighbour obstacle lies
    assert power(alone, "A1") == (2, 0) and doomed_cells(alone) == ["A1"]


def test_neighbours_across_a_seam_count():
    # C1 (top-left coaster) has D1 and D2 (top-right coaster) as neighbours.
    state = position({**OBSTACLES, "C1": "H1", "B1": "A1", "C2": "A1", "D1": "A1", "D2": "H1"})
    assert power(state, "C1") == (3, 1)
    assert "C1" in doomed_cells(state)


def test_the_inner_corner_needs_seven():
    cells = {"B2": "X", "C2": "A1", "D2": "A1", "B3": "A1", "D3": "A2", "B4": "A2", "C4": "A2"}
    state = position({**cells, "C3": "H3"})
    assert power(state, "C3") == (9, 0)
    assert "C3" in doomed_cells(state)
    state = position({**cells, "C4": ".", "D4": "-", "C3": "H3"})  # one of the seven empty
    assert power(state, "C3") is None


# --------------------------------------------------------------------------- during play


def test_a_lone_candidate_falls_by_itself_at_the_end_of_the_turn():
    state = position({**OBSTACLES, "A1": "H1", "A2": "A2"})
    placed = apply(state, Place(Size.SMALL, "B1"))
    assert standing(placed, "A1")  # not yet: destruction waits for step 4
    after = apply(placed, Step("E2", "E1"))
    assert not standing(after, "A1")
    assert after.phase == "place" and to_act(after) == 1
    assert told(WOTW, after)[-1] == "Humans' small at A1 was destroyed."
    assert after.side[geometry(after.layout).slot_named["A1"]] == 1  # still occupying its cell


def test_a_tie_after_a_move_destroys_nothing():
    state = position({**OBSTACLES, "A1": "H1", "B1": "H2"})
    after = apply(apply(state, Place(Size.MEDIUM, "A2")), Step("E2", "E1"))
    assert standing(after, "A1")


ORDER_POSITION = {
    **OBSTACLES,
    "A1": "H1",  # P: attacked only by Q
    "A2": "A1",  # Q: attacked by P and by whatever comes to B3, defended by A3
    "A3": "A1",
    "B1": "a1",
}


def humans_fill_b3():
    state = position(ORDER_POSITION, to_act=1)
    return apply(apply(state, Place(Size.SMALL, "B3")), Step("E2", "E1"))


def test_several_candidates_are_offered_to_the_player_to_act():
    state = humans_fill_b3()
    assert state.phase == "destroy" and to_act(state) == 1
    assert legal_moves(state) == [Destroy("A1"), Destroy("A2")]
    assert view(state, None)["doomed"] == ["A1", "A2"]


def test_the_order_of_destruction_changes_the_outcome_first_order():
    state = apply(humans_fill_b3(), Destroy("A1"))
    # P fell first: Q is attacked only by B3 (1) against A3's defence (1) and survives
    assert not standing(state, "A1") and standing(state, "A2")
    assert state.phase == "place" and to_act(state) == 0


def test_the_order_of_destruction_changes_the_outcome_other_order():
    state = apply(humans_fill_b3(), Destroy("A2"))
    # Q fell first: P has no standing attacker left and survives
    assert standing(state, "A1") and not standing(state, "A2")
    assert state.phase == "place" and to_act(state) == 0


def test_only_current_candidates_can_be_chosen():
    state = humans_fill_b3()
    for bad in ("A3", "B3", "B2", "C6"):
        with pytest.raises(IllegalMove, match="does not meet the rule"):
            apply(state, Destroy(bad))


def test_a_fall_can_doom_a_neighbour_domino():
    # R (A1) is defended by S (A2); S holds at 3 against 3 until R falls.
    state = position({**OBSTACLES, "A1": "A1", "A2": "A1", "A3": "A2", "B3": "h1"}, to_act=1)
    machine = apply(state, Place(Size.LARGE, "B1"))
    assert power(machine, "A1") == (3, 1) and power(machine, "A2") == (3, 3)
    after = apply(apply(machine, DONE), Step("E2", "E1"))
    assert not standing(after, "A1") and not standing(after, "A2")
    assert told(WOTW, after)[-2:] == ["Aliens' small at A1 was destroyed.", "Aliens' small at A2 was destroyed."]


def test_turning_a_coaster_can_trap_a_pyramid_which_falls_only_in_step_four():
    # The human on C1 touches the empty D1/D2 across the seam; a quarter turn
    # counter-clockwise carries it to the outer corner A1, with its two Alien guards.
    state = position({**OBSTACLES, "C1": "H1", "B1": "A1", "C2": "A1"})
    turned = apply(apply(state, Place(Size.LARGE, "A3")), Rotate(0, "ccw"))
    assert power(turned, "A1") == (2, 0)
    assert standing(turned, "A1") and turned.phase == "coaster"  # nothing falls mid-step
    piece = next(c for co in view(turned, None)["board"]["coasters"] for c in co["cells"] if c["cell"] == "A1")["piece"]
    assert piece["side"] == "humans" and piece["surrounded"] and piece["attack"] == 2 and piece["defence"] == 0
    after = apply(apply(turned, DONE), Step("E2", "E1"))
    assert not standing(after, "A1")


def test_an_obstacle_can_be_destroyed_in_play():
    state = position({"A1": "X", "B2": "x", "E2": "X", "A2": "A2"})
    after = apply(apply(state, Place(Size.MEDIUM, "B1")), Step("E2", "E1"))
    assert not standing(after, "A1")
    assert "The obstacle at A1 was destroyed." in told(WOTW, after)
