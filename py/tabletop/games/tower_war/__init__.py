"""Tower War (Robert Dudley, 2012): draft a deck, fight battles of cards, and keep a
tower of cards on pyramid tripods standing - here with modelled statics and a
modelled unsteady hand (this edition's readings are on the rules page, ``guide.py``).

Modules: ``physics`` (every physical constant), ``hand`` (the tremor),
``tower`` (the statics, pure functions), ``scoring`` (card values),
``rules`` (state, moves, the rule steps), ``view`` (what a seat sees),
``guide`` (the in-app rules page), ``lesson`` (the guided first game).
"""

from tabletop.games.tower_war.rules import (
    BLURB,
    HIDDEN_INFORMATION,
    ID,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTION_CHOICES,
    OPTION_LABELS,
    SEAT_NAMES,
    TITLE,
    apply,
    default_options,
    epoch,
    legal_moves,
    move_from_json,
    move_to_json,
    new_game,
    outcome,
    preview_drop,
    public_now,
    to_act,
)
from tabletop.games.tower_war.view import VIEW_BOUNDS, view

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
