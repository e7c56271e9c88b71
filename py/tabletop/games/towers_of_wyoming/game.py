"""The engine contract (engine/protocol.py) of Towers of Wyoming: loaded the first time the game is
played (engine/lazy.py); the package's ``__init__`` says what the game is and what each module holds."""

from tabletop.games.towers_of_wyoming.facts import (
    BLURB,
    EVENT_KINDS,
    HIDDEN_INFORMATION,
    ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTION_CHOICES,
    OPTION_LABELS,
    OPTION_PLAYERS,
    SEAT_NAMES,
    TITLE,
    default_options,
)
from tabletop.games.towers_of_wyoming.guide import GUIDE
from tabletop.games.towers_of_wyoming.moves import Discard, Play, move_from_json, move_to_json
from tabletop.games.towers_of_wyoming.rules import apply, draws_ahead, epoch, legal_moves, new_game, outcome, to_act
from tabletop.games.towers_of_wyoming.state import State
from tabletop.games.towers_of_wyoming.telling import tell
from tabletop.games.towers_of_wyoming.views import VIEW_BOUNDS, view

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
    "OPTION_PLAYERS",
    "GUIDE",
    "State",
    "Play",
    "Discard",
    "new_game",
    "legal_moves",
    "apply",
    "view",
    "VIEW_BOUNDS",
    "to_act",
    "outcome",
    "default_options",
    "move_to_json",
    "move_from_json",
    "epoch",
    "EVENT_KINDS",
    "tell",
    "draws_ahead",
]
