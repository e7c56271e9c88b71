"""End of the game and every step of the tie-break chain."""

from __future__ import annotations

import pytest

from tabletop.engine.errors import IllegalMove
from tabletop.engine.pyramids import Size
from tabletop.engine.rng import Rng
from tabletop.games.war_of_the_worlds import apply, legal_moves, new_game, outcome, position, to_act, view
from tabletop.games.war_of_the_worlds.board import INITIAL_LAYOUT, geometry
from tabletop.games.war_of_the_worlds.moves import SKIP, Place
from tabletop.games.war_of_the_worlds.scoring import final_outcome


def full_board(pieces, empty=()):
    """Every cell of the starting L filled with lying obstacles except ``pieces``."""
    cells = {name: "x" for name in geometry(INITIAL_LAYOUT).names}
    cells.update(pieces)
    for name in empty:
        cells[name] = "."
    return position(cells)


def test_the_game_ends_when_the_last_cell_is_filled_at_the_end_of_a_turn():
    state = full_board({"A1": "A2", "F3": "H1"}, empty=["C6"])
    placed = apply(state, Place(Size.SMALL, "C6"))
    assert outcome(placed) is None  # the turn is not over yet: the move step comes first
    assert legal_moves(placed) == [SKIP]
    over = apply(placed, SKIP)
    result = outcome(over)
    assert result is not None and to_act(over) is None and legal_moves(over) == []
    assert result.winners == (0,) and result.details["step"] == "standing"
    assert result.details["ended_by"] == "full-board"
    assert view(over, 1)["outcome"]["reason"] == result.reason
    with pytest.raises(IllegalMove, match="over"):
        apply(over, SKIP)


def test_more_standing_pyramids_wins():
    result = final_outcome(full_board({"A1": "A3", "A2": "A3", "A3": "A1", "F1": "H1", "F2": "H1"}))
    assert result.winners == (0,)
    assert result.details["step"] == "standing"
    assert result.details["standing"] == [3, 2]
    assert "more standing pyramids" in result.reason and "Aliens 3, Humans 2" in result.reason
    assert result.scores == (3.0, 2.0)


def test_equal_standing_then_fewer_standing_pips_wins():
    result = final_outcome(full_board({"A1": "A2", "A2": "A2", "F1": "H1", "F2": "H2"}))
    assert result.winners == (1,)
    assert result.details["step"] == "standing-pips"
    assert result.details["standing_pips"] == [4, 3]
    assert "fewer pips standing" in result.reason


def test_then_more_enemy_pips_destroyed_wins():
    # standing: 2 each, 3 pips each; lying: Humans lost a large (3), Aliens a medium (2)
    pieces = {"A1": "A2", "A2": "A1", "F1": "H1", "F2": "H2", "C6": "h3", "A6": "a2"}
    result = final_outcome(full_board(pieces))
    assert result.winners == (0,)
    assert result.details["step"] == "destroyed-pips"
    assert result.details["destroyed_enemy_pips"] == [3, 2]
    assert "destroyed more enemy pips" in result.reason


def test_fallen_obstacles_count_for_nobody():
    pieces = {"A1": "A2", "F1": "H2"}  # every other cell holds a lying obstacle
    result = final_outcome(full_board(pieces))
    assert result.details["destroyed_enemy_pips"] == [0, 0]


def test_everything_equal_is_a_draw():
    pieces = {"A1": "A2", "A2": "A1", "F1": "H1", "F2": "H2", "C6": "h3", "A6": "a3"}
    result = final_outcome(full_board(pieces))
    assert result.winners == () and result.is_draw
    assert result.details["step"] == "draw"
    assert "draw" in result.reason


def test_a_strategic_game_ends_with_three_pyramids_left_per_side():
    state = new_game(2, None, 11)
    rng = Rng(3)
    while outcome(state) is None:
        state = apply(state, rng.choice(legal_moves(state)))
    assert all(s != -1 for s in state.side)
    assert [sum(row) for row in state.supply] == [3, 3]
    assert state.turn == 24
