"""The engine contract (engine/protocol.py) of The War of the Worlds: loaded the first time the game is
played (engine/lazy.py); the package's ``__init__`` says what the game is and what each module holds.

>>> s = new_game(2, None, seed=1)
>>> to_act(s), legal_moves(s)[0]
(0, Place(size=<Size.SMALL: 1>, cell='A1'))
"""

from __future__ import annotations

from tabletop.games.war_of_the_worlds.board_pictures import position, position_from_json, position_to_json, to_text
from tabletop.games.war_of_the_worlds.facts import (
    BLURB,
    FORCED_PASSES,
    HIDDEN_INFORMATION,
    ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTION_CHOICES,
    OPTION_LABELS,
    PLURAL_SEAT_NAMES,
    SEAT_NAMES,
    TITLE,
    default_options,
)
from tabletop.games.war_of_the_worlds.guide import GUIDE
from tabletop.games.war_of_the_worlds.moves import move_from_json, move_to_json
from tabletop.games.war_of_the_worlds.rules import apply, epoch, legal_moves, new_game, outcome, to_act
from tabletop.games.war_of_the_worlds.state import State
from tabletop.games.war_of_the_worlds.views import view

__all__ = [
    "ID",
    "TITLE",
    "BLURB",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "HIDDEN_INFORMATION",
    "SEAT_NAMES",
    "PLURAL_SEAT_NAMES",
    "FORCED_PASSES",
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
