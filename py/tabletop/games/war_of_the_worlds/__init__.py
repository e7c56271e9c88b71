"""The War of the Worlds (José Carlos de Diego Guerrero, 2012): Aliens against Humans
on three Martian Coasters laid out as an L.

Modules: ``board`` (coaster geometry derived from a layout), ``state`` (the game
state and setup), ``moves`` (the decisions), ``rules`` (the turn: legality and
apply), ``destruction`` and ``scoring`` (the two rules that decide the war),
``view``, ``guide`` (the rules page) and ``positions`` (explicit positions for
tests and imports).

>>> s = new_game(2, None, seed=1)
>>> to_act(s), legal_moves(s)[0]
(0, Place(size=<Size.SMALL: 1>, cell='A1'))
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.options import resolve_options
from tabletop.engine.outcome import Outcome
from tabletop.games.war_of_the_worlds.guide import GUIDE
from tabletop.games.war_of_the_worlds.moves import move_from_json, move_to_json
from tabletop.games.war_of_the_worlds.positions import position, position_from_json, position_to_json, to_text
from tabletop.games.war_of_the_worlds.rules import apply, legal_moves, roll_dice
from tabletop.games.war_of_the_worlds.state import OVER, SEAT_NAMES, State, setup
from tabletop.games.war_of_the_worlds.view import view

ID = "war-of-the-worlds"
TITLE = "The War of the Worlds"
BLURB = "Aliens against Humans on a shifting L of Martian Coasters: surround, outgun, survive."
MIN_PLAYERS = 2
MAX_PLAYERS = 2
HIDDEN_INFORMATION = False
OPTION_LABELS = {"tactical": "Tactical game (Treehouse dice)"}
OPTION_CHOICES: dict[str, list[Any]] = {}


def default_options() -> dict[str, Any]:
    return {"tactical": False}


def new_game(seats: int = 2, options: dict[str, Any] | None = None, seed: int = 0) -> State:
    """Set up the L with its three obstacles; Aliens to play (after their roll, if tactical)."""
    if seats != 2:
        raise ValueError(f"{TITLE} is for 2 players, not {seats}")
    opts = resolve_options(default_options(), options)
    state = setup(opts["tactical"], seed)
    state.log.append("The Aliens have landed; they play first.")
    if state.tactical:
        roll_dice(state)
    return state


def to_act(state: State) -> int | None:
    return None if state.phase == OVER else state.player


def outcome(state: State) -> Outcome | None:
    return state.result


def epoch(state: State) -> int:
    return state.epoch


__all__ = [
    "ID",
    "TITLE",
    "BLURB",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "HIDDEN_INFORMATION",
    "SEAT_NAMES",
    "OPTION_LABELS",
    "OPTION_CHOICES",
    "GUIDE",
    "State",
    "new_game",
    "legal_moves",
    "apply",
    "view",
    "to_act",
    "outcome",
    "default_options",
    "move_to_json",
    "move_from_json",
    "epoch",
    "position",
    "position_from_json",
    "position_to_json",
    "to_text",
]
