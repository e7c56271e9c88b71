"""A turn says "step x of 3": the rulebook's steps (place, the war machine's coaster,
the move; tactical: keep two dice, then each kept die), read from the view over seeded games."""

from __future__ import annotations

from tabletop.engine.pyramids import Size
from tabletop.engine.rng import Rng
from tabletop.games.war_of_the_worlds import apply, legal_moves, new_game, position, view
from tabletop.games.war_of_the_worlds.moves import Place


def test_a_strategic_turn_counts_place_coaster_move():
    state = position({"B2": "X", "E2": "X", "B5": "X", "C1": "H1"})
    assert view(state, None)["step"]["words"] == "Step 1 of 3: Place a pyramid"
    large = apply(state, Place(Size.LARGE, "A1"))
    assert view(large, None)["step"] == {"number": 2, "of": 3, "words": "Step 2 of 3: Turn or move the war machine's coaster"}
    small = apply(state, Place(Size.SMALL, "A1"))
    assert view(small, None)["step"]["words"] == "Step 3 of 3: Move a pyramid along an arrow"  # no coaster step after a small


def test_every_position_of_random_games_names_its_step():
    rng = Rng(3)
    seen: set[tuple[bool, int]] = set()
    for tactical in (False, True):
        state = new_game(2, {"tactical": tactical}, 9)
        while legal_moves(state):
            v = view(state, None)
            step = v["step"]
            if v["phase"] == "destroy":
                assert step is None  # the destruction review closes a step
            else:
                assert step is not None and step["of"] == 3 and step["words"].startswith(f"Step {step['number']} of 3: ")
                if tactical:
                    assert step["number"] == (1 if v["phase"] == "dice" else 3 - len(v["plan"]))
                else:
                    assert step["number"] == {"place": 1, "coaster": 2, "move": 3}[v["phase"]]
                seen.add((tactical, step["number"]))
            state = apply(state, rng.choice(legal_moves(state)))
    assert seen == {(t, n) for t in (False, True) for n in (1, 2, 3)}
