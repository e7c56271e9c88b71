"""Tower War (Robert Dudley, 2012): draft a deck, fight battles of cards, and keep a
tower of cards on pyramid tripods standing - here with modelled statics and a
modelled unsteady hand (this edition's readings are on the rules page, ``guide.py``).

Modules, in the order every game package keeps: ``facts`` (name, seats, the option,
the counts of the draft, deck and battles), ``state`` (the State), ``moves`` (the
decisions and their JSON form), ``rules`` (the rule steps), ``views`` (what a seat
sees), ``guide`` (the in-app rules page), ``lesson`` (the scripted first game of
Learn to play), ``ai`` (with its parts ``ai.cards``, ``ai.economy``,
``ai.economy_table``, ``ai.placement``); and its own ``physics`` (every physical
constant), ``hand`` (the tremor), ``tower`` (the statics, pure functions),
``scoring`` (card values) and ``exact_drop`` (what a drop landing exactly at the aim
would do).
"""

from typing import TYPE_CHECKING

from tabletop.engine.lazy import contract_of

if TYPE_CHECKING:
    from tabletop.games.tower_war.game import *  # noqa: F403 -- the contract, as mypy reads it

__getattr__ = contract_of(__name__)
