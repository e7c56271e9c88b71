"""The log of a state in words, as a test reads it: every event the view shows, told by the game's
``tell`` with the game's own default names (the sides, or "Player 1"…), or with ``people``."""

from __future__ import annotations

from typing import Any

from tabletop.engine.events import Names
from tabletop.engine.hooks import game_hook


def told(module: Any, state: Any, seat: int | None = None, people: list[str] | None = None) -> list[str]:
    view = module.view(state, seat)
    events = view["events"]
    sides = module.SEAT_NAMES
    plural = bool(game_hook(module, "PLURAL_SEAT_NAMES"))
    seats = len(sides) if sides else module.MAX_PLAYERS  # a name for every seat an event may name
    names = Names(tuple(people), tuple(sides or ()), plural) if people else Names.default(seats, sides, plural)
    return [words for e in events if (words := module.tell(e, names, view))]  # (an event a game does not say has no line)
