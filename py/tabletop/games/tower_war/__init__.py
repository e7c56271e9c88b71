"""Tower War (Robert Dudley, 2012): draft a deck, fight battles of cards, and keep a
tower of cards on pyramid tripods standing - here with modelled statics and a
modelled unsteady hand (this edition's readings are on the rules page, ``guide.py``).

Modules, in the order every game package keeps: ``facts`` (name, seats, the option,
the counts of the draft, deck and battles), ``state`` (the State), ``moves`` (the
decisions and their JSON form), ``rules`` (the rule steps), ``view`` (what a seat
sees), ``guide`` (the in-app rules page), ``lesson`` (the scripted first game of
Learn to play), ``ai`` (with its parts ``ai_cards``, ``ai_economy``,
``ai_economy_table``, ``ai_placement``); and its own ``physics`` (every physical
constant), ``hand`` (the tremor), ``tower`` (the statics, pure functions),
``scoring`` (card values), ``exact_drop`` (what a drop landing exactly at the aim
would do) and ``telling`` (the events every move records, and ``tell``, which says them).
"""

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
from tabletop.games.tower_war.telling import EVENT_KINDS, tell
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
    "EVENT_KINDS",
    "tell",
]
