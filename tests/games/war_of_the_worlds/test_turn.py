"""The strategic turn step by step: place, war machine, move (with the obstacle
no-undo rule), then destruction; explicit positions throughout."""

from __future__ import annotations

import pytest

import tabletop.games.war_of_the_worlds as WOTW
from tabletop.engine.errors import IllegalMove
from tabletop.engine.pyramids import Size
from tabletop.games.war_of_the_worlds import apply, legal_moves, new_game, position, to_act
from tabletop.games.war_of_the_worlds.moves import DONE, SKIP, Place, Rotate, Step
from telling import told

OBSTACLES = {"B2": "X", "E2": "X", "B5": "X"}


def steps_of(state):
    return {(m.source, m.target) for m in legal_moves(state) if isinstance(m, Step)}


def test_a_new_game_starts_with_aliens_placing_anywhere_empty():
    state = new_game(2, None, 5)
    assert to_act(state) == 0 and state.phase == "place"
    moves = legal_moves(state)
    assert len(moves) == 3 * 24 and all(isinstance(m, Place) for m in moves)
    assert state.supply == [[0, 5, 5, 5], [0, 5, 5, 5]]


def test_placing_takes_from_the_supply_and_refuses_taken_cells():
    state = new_game(2, None, 5)
    after = apply(state, Place(Size.MEDIUM, "A1"))
    assert after.supply[0] == [0, 5, 4, 5]
    assert state.supply[0] == [0, 5, 5, 5]  # the old state is untouched
    with pytest.raises(IllegalMove, match="B2 is already taken"):
        apply(state, Place(Size.SMALL, "B2"))
    with pytest.raises(IllegalMove, match="no cell F6"):
        apply(state, Place(Size.SMALL, "F6"))


def test_an_empty_supply_size_is_not_offered():
    state = position(OBSTACLES, supply={0: {3: 0}})
    assert not any(m.size == Size.LARGE for m in legal_moves(state))
    with pytest.raises(IllegalMove, match="no large pyramids left"):
        apply(state, Place(Size.LARGE, "A1"))


def test_after_a_small_only_obstacles_and_other_own_smalls_may_move():
    # Aliens have smalls on A1 and F1, a medium on D1; Humans a small on A6.
    state = position({**OBSTACLES, "A1": "A1", "F1": "A1", "D1": "A2", "A6": "H1"})
    after = apply(state, Place(Size.SMALL, "C1"))
    assert after.phase == "move"
    sources = {s for s, _ in steps_of(after)}
    assert sources == {"A1", "F1", "B2", "E2", "B5"}  # not C1 (just placed), not D1, not A6
    assert ("F1", "E1") in steps_of(after) and ("F1", "F2") in steps_of(after)
    with pytest.raises(IllegalMove):
        apply(after, Step("C1", "C2"))  # the pyramid just placed may not move itself


def test_moves_follow_arrows_onto_empty_cells_even_across_a_seam():
    state = position({**OBSTACLES, "D1": "A2", "D2": "H1"})
    after = apply(state, Place(Size.MEDIUM, "F3"))
    moves = steps_of(after)
    assert ("D1", "C1") in moves  # left, onto the top-left coaster
    assert ("D1", "D2") not in moves  # down is taken
    with pytest.raises(IllegalMove, match="No arrow"):
        apply(after, Step("D1", "E1"))  # D1 has no right arrow


def test_the_move_is_compulsory_and_skip_is_only_offered_when_nothing_can_move():
    state = apply(position(OBSTACLES), Place(Size.SMALL, "A1"))
    assert SKIP not in legal_moves(state)
    with pytest.raises(IllegalMove):
        apply(state, SKIP)
    # every obstacle boxed in along its arrows, no other Alien smalls: only the skip remains
    boxed = {**OBSTACLES, "B1": "H1", "B3": "H1", "A2": "H1", "E1": "H2", "F2": "H2", "D2": "H2", "C5": "H3", "B6": "H3", "A5": "H3"}
    stuck = apply(position(boxed), Place(Size.SMALL, "F3"))
    assert legal_moves(stuck) == [SKIP]
    done = apply(stuck, SKIP)
    assert done.phase == "place" and to_act(done) == 1
    assert "Aliens had nothing that could move." in told(WOTW, done)


def test_a_large_war_machine_gets_the_coaster_step_then_must_move_a_large_or_obstacle():
    state = position({**OBSTACLES, "A6": "A3", "C6": "A2"})
    after = apply(state, Place(Size.LARGE, "F1"))
    assert after.phase == "coaster"
    moving = apply(after, DONE)
    assert {s for s, _ in steps_of(moving)} == {"A6", "B2", "E2", "B5"}


def test_turn_passes_and_the_turn_counter_grows():
    state = apply(apply(position(OBSTACLES), Place(Size.SMALL, "A1")), Step("E2", "E1"))
    assert to_act(state) == 1 and state.phase == "place" and state.turn == 2
    assert told(WOTW, state)[-2:] == ["Aliens placed a small at A1.", "Aliens moved an obstacle from E2 to E1."]


# --------------------------------------------------------------------------- obstacle no-undo rule


def aliens_move_obstacle_e2_to_d2():
    state = apply(position(OBSTACLES), Place(Size.SMALL, "A1"))
    return apply(state, Step("E2", "D2"))


def test_the_opponent_may_not_move_an_obstacle_straight_back():
    state = aliens_move_obstacle_e2_to_d2()
    humans = apply(state, Place(Size.SMALL, "F3"))
    moves = steps_of(humans)
    assert ("D2", "E2") not in moves
    assert ("D2", "D1") in moves and ("D2", "D3") in moves  # the obstacle may still go elsewhere
    with pytest.raises(IllegalMove, match="undo the obstacle move"):
        apply(humans, Step("D2", "E2"))


def test_the_no_undo_ban_lasts_only_the_next_turn():
    state = aliens_move_obstacle_e2_to_d2()
    humans = apply(apply(state, Place(Size.SMALL, "F3")), Step("B5", "C5"))
    aliens = apply(humans, Place(Size.SMALL, "A6"))
    assert ("D2", "E2") in steps_of(aliens)  # the Aliens may move it back themselves
    assert ("C5", "B5") not in steps_of(aliens)  # but not undo the Humans' obstacle move
    after_aliens = apply(aliens, Step("D2", "D3"))
    humans_again = apply(after_aliens, Place(Size.SMALL, "F1"))
    assert ("C5", "B5") in steps_of(humans_again)  # their own earlier move, free again


def test_the_no_undo_ban_follows_the_cells_when_their_coaster_turns():
    state = aliens_move_obstacle_e2_to_d2()
    humans = apply(state, Place(Size.LARGE, "F3"))  # a war machine on the top-right coaster
    turned = apply(apply(humans, Rotate(1, "cw")), DONE)
    # a quarter turn takes D2 to E1 (arrow now pointing down, back to the centre E2)
    assert turned.side[9 + 3] == 2  # the obstacle still on its printed square
    moves = steps_of(turned)
    assert ("E1", "E2") not in moves
    with pytest.raises(IllegalMove, match="undo"):
        apply(turned, Step("E1", "E2"))


def test_no_undo_from_an_imported_position():
    state = position({**OBSTACLES, "E2": ".", "D2": "X"}, opponent_obstacle_moves=[("E2", "D2")])
    after = apply(state, Place(Size.SMALL, "A1"))
    assert ("D2", "E2") not in steps_of(after)
    assert ("D2", "D1") in steps_of(after)
