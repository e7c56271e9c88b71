"""A game package that costs nothing until it is played.

Home needs every game's facts (name, blurb, players) at start-up, and nothing else of it. So a
game package's ``__init__`` imports nothing; its contract (``game.py``: ``apply``, ``view``,
``GUIDE``...) loads the first time a name of it is asked for (PEP 562's module ``__getattr__``),
and its names are then put on the package itself, so every later ``module.apply`` is a plain
attribute read. ``from tabletop.games.tower_war import apply`` and ``module.apply`` work as for
any module, and mypy sees the contract through the package's ``TYPE_CHECKING`` import.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable


def contract_of(package: str) -> Callable[[str], object]:
    """The ``__getattr__`` of the game package ``package``: a name of its ``game`` module."""

    def part(name: str) -> object:
        if name.startswith("__") or importlib.util.find_spec(f"{package}.{name}") is not None:
            # a dunder probed by importlib or pickle, or a module of the package not yet imported
            # (``from package import physics``): the import system finds it, without the contract
            raise AttributeError(name)
        game = importlib.import_module(f"{package}.game")
        vars(sys.modules[package]).update({n: getattr(game, n) for n in game.__all__})
        try:
            return getattr(game, name)
        except AttributeError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None

    return part
