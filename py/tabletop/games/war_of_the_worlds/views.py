"""What a table UI needs to draw the game (nothing is hidden in this game).

Main keys: ``board`` (the frame and its three ``coasters``, each with ``quadrant``,
``rotation``, ``dot_corner``, ``colour`` (its name in the log), the ``places`` it could be moved to (each ``to`` a quadrant of
the new L, ``words`` from the table, and the ``slide`` of the other two), and nine ``cells`` carrying ``cell`` name, ``row`` /
``col`` on the 6x6 frame, ``arrows`` as they point now and the ``piece``),
``supply`` per side, ``phase`` and ``prompt``, this turn's facts (``placed``,
``coaster_step``, ``doomed``, ``no_undo``, ``dice``...), ``score`` and the contract
keys ``to_act``, ``outcome``, ``log`` (squares named as they are called now: ``telling``), ``epoch``. Pieces that are surrounded also
carry their ``attack`` and ``defence`` so the UI can show threats without
computing a rule.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.protocol import checked_seat
from tabletop.engine.pyramids import Size
from tabletop.games.war_of_the_worlds.board import DOT_CORNERS, QUADRANTS, SIZE, geometry, relocation_places
from tabletop.games.war_of_the_worlds.destruction import doomed, strengths
from tabletop.games.war_of_the_worlds.facts import EMPTY, ID, SEAT_NAMES, SIDE_KEYS
from tabletop.games.war_of_the_worlds.rules import prompt
from tabletop.games.war_of_the_worlds.scoring import tally
from tabletop.games.war_of_the_worlds.state import COASTER, DESTROY, OVER, State
from tabletop.games.war_of_the_worlds.telling import COASTER_COLOURS, told


def piece_view(state: State, slot: int) -> dict[str, Any] | None:
    side = state.side[slot]
    if side == EMPTY:
        return None
    piece = {
        "side": SIDE_KEYS[side],
        "size": str(Size(state.size[slot])),
        "pips": state.size[slot],
        "standing": state.up[slot],
    }
    if state.up[slot]:
        power = strengths(state, slot)
        piece["surrounded"] = power is not None
        piece["attack"], piece["defence"] = power if power is not None else (None, None)
    return piece


def board_view(state: State) -> dict[str, Any]:
    geo = geometry(state.layout)
    coasters = []
    for coaster, (quadrant, turns) in enumerate(state.layout):
        cells = []
        for square in range(9):
            slot = coaster * 9 + square
            row, col = divmod(geo.cell_of[slot], SIZE)
            cells.append({"cell": geo.names[slot], "row": row, "col": col, "arrows": geo.arrows[slot], "piece": piece_view(state, slot)})
        places = [{"to": to, "words": words, "slide": list(slid)} for to, words, slid in relocation_places(state.layout, coaster)]
        coasters.append(
            {
                "id": coaster,
                "quadrant": QUADRANTS[quadrant],
                "rotation": turns,
                "dot_corner": DOT_CORNERS[turns],
                "colour": COASTER_COLOURS[coaster],  # its name in the log, wherever it goes
                "cells": cells,
                "places": places,
            }
        )
    return {
        "size": SIZE,
        "columns": "ABCDEF",
        "rows_from": "top",
        "empty_quadrant": geo.empty_quadrant,
        "occupied": sum(1 for s in state.side if s != EMPTY),
        "coasters": coasters,
    }


STRATEGIC_STEPS = ("Place a pyramid", "Turn or move the war machine's coaster", "Move a pyramid along an arrow")


def turn_step(phase: str, tactical: bool, plan_left: int, action: str) -> dict[str, object] | None:
    """Where the turn stands, as "step x of n" (a turn has three steps in either game):
    strategic: place, the coaster (after a large only), the move; tactical: keep two dice, then
    the first and the second kept die. The destruction review closes a step and is not one.

    >>> turn_step("coaster", False, 0, "")
    {'number': 2, 'of': 3, 'words': "Step 2 of 3: Turn or move the war machine's coaster"}
    >>> turn_step("action", True, 1, "tip")["words"], turn_step("action", True, 0, "hop")["words"]
    ('Step 2 of 3: the Tip die', 'Step 3 of 3: the Hop die')
    """
    if tactical:
        if phase == "dice":
            number, name = 1, "Keep two of the three dice"
        elif phase in ("action", "wild"):
            number = 2 if plan_left else 3
            name = f"the {action.capitalize()} die" if action else "the Wild die"
        else:
            return None
    else:
        steps = {"place": 1, "coaster": 2, "move": 3}
        if phase not in steps:
            return None
        number = steps[phase]
        name = STRATEGIC_STEPS[number - 1]
    return {"number": number, "of": 3, "words": f"Step {number} of 3: {name}"}


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    """The whole table; the same for every seat and for spectators."""
    seat = checked_seat(seat, len(SEAT_NAMES))
    geo = geometry(state.layout)
    names = geo.names
    over = state.phase == OVER
    return {
        "game": ID,
        "mode": "tactical" if state.tactical else "strategic",
        "seat": seat,
        "seat_names": list(SEAT_NAMES),
        "to_act": None if over else state.player,
        "outcome": state.result.to_json() if state.result else None,
        "log": told(state.log, state.layout),  # squares named as they are called now
        "epoch": state.epoch,
        "turn": state.turn,
        "phase": state.phase,
        "step": turn_step(state.phase, state.tactical, len(state.plan), state.action),  # "step x of n"
        "prompt": prompt(state),
        "board": board_view(state),
        "supply": [{str(s): state.supply[seat_][int(s)] for s in Size} for seat_ in (0, 1)],
        "placed": names[state.placed] if state.placed >= 0 else None,
        "coaster_step": (
            {"coaster": state.placed // 9, "rotated": state.rotated, "moved": state.relocated} if state.phase == COASTER else None
        ),
        "doomed": [names[s] for s in doomed(state)] if state.phase == DESTROY else [],
        "no_undo": [{"source": names[a], "target": names[b]} for a, b in state.forbidden],
        "dice": list(state.dice),
        "plan": list(state.plan),
        "action": state.action or None,
        "idle_turns": state.idle_turns,
        "score": tally(state),
    }
