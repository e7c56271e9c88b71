"""The registry: game id -> game module (see ``tabletop.engine.protocol``).

A game appears here once its package exists under ``tabletop/games/``; the
order is the order of the home screen. Every package has the same modules in the
same order: ``facts``, ``state``, ``moves``, ``rules``, ``view``, ``guide``, ``lesson``, ``ai``,
then its own (listed in its docstring); its ``__init__`` re-exports the contract.
A ``State`` is written one way: a mutable ``@dataclass(slots=True)`` whose ``copy()``
copies the lists the rules change and shares the rest; ``apply`` copies, then the
rule steps change the copy in place.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import TYPE_CHECKING

from tabletop.catalog import CATALOG

PACKAGES: dict[str, str] = {game_id: info.package for game_id, info in CATALOG.items()}


def _load() -> dict[str, ModuleType]:
    games = {}
    for game_id, package in PACKAGES.items():
        name = f"{__name__}.{package}"
        if importlib.util.find_spec(name) is not None:
            games[game_id] = importlib.import_module(name)
    return games


GAMES: dict[str, ModuleType] = _load()


def get_game(game_id: str) -> ModuleType:
    """The module of ``game_id``; KeyError with a one-line message listing the known ids."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES) or "none yet"
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None


if TYPE_CHECKING:  # mypy holds each game module to the contract (no cost at run time)
    from tabletop.engine.protocol import GameModule
    from tabletop.games import tower_battle, tower_war, towers_of_wyoming, war_of_the_worlds

    TOWER_BATTLE: GameModule = tower_battle
    TOWER_WAR: GameModule = tower_war
    TOWERS_OF_WYOMING: GameModule = towers_of_wyoming
    WAR_OF_THE_WORLDS: GameModule = war_of_the_worlds
