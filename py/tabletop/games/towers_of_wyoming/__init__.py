"""Towers of Wyoming (Jonathan A. Leistikio, Invisible City Productions, 2000).

A speedy card game for 2-4 builders: play cards of one suit to build a tower
taller than the pennies left in the Settling Sky, or knock down your rivals'
towers with the opposing suit. Modules, in the order every game package keeps:
``facts`` (name, seat counts, options, the 100 cards, opposition), ``state`` (the
State), ``moves`` (Play, Discard and their JSON form), ``rules`` (legality and the
turn, each consequence recorded as an event), ``views`` (what a seat sees), ``telling``
(the events in words), ``guide`` (the in-app rules page), ``lesson`` (the scripted first
game of Learn to play), ``ai``.

>>> import tabletop.games.towers_of_wyoming as tw
>>> s = tw.new_game(4, {}, seed=1)
>>> tw.to_act(s), len(tw.view(s, 0)["hand"]), tw.view(s, 0)["sky"]
(0, 7, 10)
"""

from typing import TYPE_CHECKING

from tabletop.engine.lazy import contract_of

if TYPE_CHECKING:
    from tabletop.games.towers_of_wyoming.game import *  # noqa: F403 -- the contract, as mypy reads it

__getattr__ = contract_of(__name__)
