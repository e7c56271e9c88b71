"""Tower Battle (Bill de Veas, 2020): two players race to raise a tower five cards high.

Modules, in the order every game package keeps: ``facts`` (name, seats, options, the
cards and the towers' layout), ``state`` (the State: a whole match), ``moves`` (the
decisions and their JSON form), ``rules`` (a turn, battles, the special cards),
``views`` (what one seat sees), ``telling`` (what happened, in words), ``guide`` (the
in-app rules page), ``lesson`` (the scripted first game of Learn to play), ``ai``; and
its own ``match`` (games, scoring, the target).
"""

from typing import TYPE_CHECKING

from tabletop.engine.lazy import contract_of

if TYPE_CHECKING:
    from tabletop.games.tower_battle.game import *  # noqa: F403 -- the contract, as mypy reads it

__getattr__ = contract_of(__name__)
