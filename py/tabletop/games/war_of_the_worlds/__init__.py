"""The War of the Worlds (José Carlos de Diego Guerrero, 2012): Aliens against Humans
on three Martian Coasters laid out as an L.

Modules, in the order every game package keeps: ``facts`` (name, sides, pieces,
the option), ``state`` (the State and the setup), ``moves`` (the decisions and their
JSON form), ``rules`` (the turn: legality, apply, outcome, new_game), ``view`` (what
a seat sees), ``guide`` (the rules page), ``lesson`` (the scripted first game of
Learn to play), ``ai``; and its own ``board`` (coaster geometry derived from a
layout), ``destruction`` and ``scoring`` (the two rules that decide the war),
``telling`` (the events every move records, and ``tell``, which says them with names that stay
true after the board moves)
and ``positions`` (explicit positions for tests and imports).

>>> s = new_game(2, None, seed=1)
>>> to_act(s), legal_moves(s)[0]
(0, Place(size=<Size.SMALL: 1>, cell='A1'))
"""

from __future__ import annotations

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
from tabletop.games.war_of_the_worlds.positions import position, position_from_json, position_to_json, to_text
from tabletop.games.war_of_the_worlds.rules import apply, epoch, legal_moves, new_game, outcome, to_act
from tabletop.games.war_of_the_worlds.state import State
from tabletop.games.war_of_the_worlds.telling import EVENT_KINDS, tell
from tabletop.games.war_of_the_worlds.view import view

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
    "EVENT_KINDS",
    "tell",
]
