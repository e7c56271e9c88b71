"""Towers of Wyoming (Jonathan A. Leistikio, Invisible City Productions, 2000).

A speedy card game for 2-4 builders: play cards of one suit to build a tower
taller than the pennies left in the Settling Sky, or knock down your rivals'
towers with the opposing suit. Modules, in the order every game package keeps:
``facts`` (name, seat counts, options, the 100 cards, opposition), ``state`` (the
State), ``moves`` (Play, Discard and their JSON form), ``rules`` (legality and the
turn, each consequence recorded as an event), ``view`` (what a seat sees), ``telling``
(the events in words), ``guide`` (the in-app rules page), ``lesson`` (the scripted first
game of Learn to play), ``ai``.

>>> import tabletop.games.towers_of_wyoming as tw
>>> s = tw.new_game(4, {}, seed=1)
>>> tw.to_act(s), len(tw.view(s, 0)["hand"]), tw.view(s, 0)["sky"]
(0, 7, 10)
"""

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
from tabletop.games.towers_of_wyoming.rules import apply, epoch, legal_moves, new_game, outcome, to_act
from tabletop.games.towers_of_wyoming.state import State
from tabletop.games.towers_of_wyoming.telling import tell
from tabletop.games.towers_of_wyoming.view import VIEW_BOUNDS, view

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
]
