"""The War of the Worlds (José Carlos de Diego Guerrero, 2012): Aliens against Humans
on three Martian Coasters laid out as an L.

Modules, in the order every game package keeps: ``facts`` (name, sides, pieces,
the option), ``state`` (the State and the setup), ``moves`` (the decisions and their
JSON form), ``rules`` (the turn: legality, apply, outcome, new_game), ``views`` (what
a seat sees), ``guide`` (the rules page), ``lesson`` (the scripted first game of
Learn to play), ``ai``; and its own ``board`` (coaster geometry derived from a
layout), ``destruction`` and ``scoring`` (the two rules that decide the war),
``telling`` (how the log names places so a line stays true after the board moves)
and ``board_pictures`` (explicit positions for tests and imports).
"""

from typing import TYPE_CHECKING

from tabletop.engine.lazy import contract_of

if TYPE_CHECKING:
    from tabletop.games.war_of_the_worlds.game import *  # noqa: F403 -- the contract, as mypy reads it

__getattr__ = contract_of(__name__)
