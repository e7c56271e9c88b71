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
    seats = len(people) if people else len(sides) if sides else 1 + max((s for e in events for s in seats_named(e)), default=1)
    names = Names(tuple(people), tuple(sides or ()), plural) if people else Names.default(seats, sides, plural)
    return [module.tell(e, names, view) for e in events]


def seats_named(event: dict[str, Any]) -> list[int]:
    """Every seat an event names (its ``seat`` and any ``winners``/``seats``)."""
    found = [event["seat"]] if event.get("seat") is not None else []
    return found + list(event.get("winners") or []) + list(event.get("seats") or [])
