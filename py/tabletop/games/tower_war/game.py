"""The engine contract (engine/protocol.py) of Tower War: loaded the first time the game is
played (engine/lazy.py); the package's ``__init__`` says what the game is and what each module holds."""

from tabletop.games.tower_war.facts import (
    BLURB,
    HIDDEN_INFORMATION,
    ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTION_CHOICES,
    OPTION_LABELS,
    SEAT_NAMES,
    TITLE,
    default_options,
)
from tabletop.games.tower_war.guide import GUIDE
from tabletop.games.tower_war.moves import move_from_json, move_to_json
from tabletop.games.tower_war.rules import apply, epoch, legal_moves, new_game, outcome, preview_drop, public_now, to_act
from tabletop.games.tower_war.state import State
from tabletop.games.tower_war.views import VIEW_BOUNDS, view

__all__ = [
    "BLURB",
    "HIDDEN_INFORMATION",
    "ID",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTION_CHOICES",
    "OPTION_LABELS",
    "SEAT_NAMES",
    "TITLE",
    "GUIDE",
    "State",
    "apply",
    "default_options",
    "epoch",
    "legal_moves",
    "move_from_json",
    "move_to_json",
    "new_game",
    "outcome",
    "preview_drop",
    "public_now",
    "to_act",
    "view",
    "VIEW_BOUNDS",
]
