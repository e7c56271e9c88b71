"""Bounds on data decoded from outside (a position's view): checked once, where the code is read.

A table renderer loops over what a view says (``range(hand_count)``, a pile's pyramids, a tower's
levels), so a crafted view with a hand of a million cards froze the page for two minutes. Each
card game declares ``VIEW_BOUNDS`` next to its ``view``: for every number and every list the view
can hold, where it is (a dotted path, ``*`` for each item of a list) and the range the game's own
facts allow (cards in a deck, pyramids in a supply, players, the match target, moves in a save).
``check_bounds`` refuses anything else before any renderer sees it: a number or a list where the
table declares none, a number out of its range or of the wrong kind (``True``, ``3.5`` for a
count, ``"3"``, ``NaN``), a list longer than its bound, text longer than any line a game writes.
Text, true/false and objects are otherwise free (they are drawn, never counted).

>>> BOUNDS = {"players": items(2), "players.*.hand_count": count(0, 13), "seat": count(0, 1, null=True)}
>>> check_bounds({"seat": None, "players": [{"hand_count": 3, "name": "Red"}]}, BOUNDS, "Tower Battle")
>>> check_bounds({"players": [{"hand_count": 3}, {"hand_count": 1000000}]}, BOUNDS, "Tower Battle")
Traceback (most recent call last):
...
tabletop.engine.errors.SaveError: players[1].hand_count is 1000000, which no game of Tower Battle shows (0 to 13)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.engine.errors import SaveError

MAX_TEXT = 1000  # characters in one text of a view; a game's longest line is under 300


@dataclass(frozen=True)
class Bound:
    """What one place of a view may hold: a whole number, any finite number, or a list, within bounds."""

    kind: str  # "count", "real" or "list" (its length)
    low: float
    high: float
    null: bool = False  # None is allowed there too

    def words(self) -> str:
        if self.kind == "list":
            return f"at most {self.high:g} items"
        low, high = (int(self.low), int(self.high)) if self.kind == "count" else (self.low, self.high)
        return f"{low:g} to {high:g}" + (", or nothing" if self.null else "")


def count(low: int, high: int, null: bool = False) -> Bound:
    return Bound("count", low, high, null)


def real(low: float, high: float, null: bool = False) -> Bound:
    return Bound("real", low, high, null)


def items(high: int, null: bool = False) -> Bound:
    return Bound("list", 0, high, null)


def under(prefix: str, bounds: Mapping[str, Bound]) -> dict[str, Bound]:
    """The same bounds one level down (an outcome's details inside a view, say)."""
    return {f"{prefix}.{path}" if path else prefix: bound for path, bound in bounds.items()}


def outcome_bounds(players: int, score: float, details: Mapping[str, Bound] | None = None) -> dict[str, Bound]:
    """An ``Outcome.to_json()`` (engine/outcome.py) of a game of at most ``players`` and scores within ±``score``."""
    return {
        "winners": items(players),
        "winners.*": count(0, players - 1),
        "scores": items(players, null=True),
        "scores.*": real(-score, score),
        **under("details", details or {}),
    }


def shown(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f"“{value}”"
    return text if len(text) <= 24 else text[:23] + "…"


def check_bounds(data: Any, bounds: Mapping[str, Bound], game: str) -> None:
    """Refuse ``data`` (SaveError "corrupt", naming the place and the bound) unless every number and
    list in it is where ``bounds`` declares one and within it. No recursion: a list of places to visit."""
    stack: list[tuple[Any, str, str]] = [(data, "", "")]  # (value, its pattern, where it is, for people)
    while stack:
        value, pattern, where = stack.pop()
        if value is None or isinstance(value, bool):
            bound = bounds.get(pattern)
            if bound is not None and not (value is None and bound.null):
                raise SaveError("corrupt", f"{where} is {shown(value)}, which no game of {game} shows ({bound.words()})")
        elif isinstance(value, (str, dict)) and pattern in bounds:
            kind = "text" if isinstance(value, str) else "an object"
            raise SaveError("corrupt", f"{where} is {kind}, which no game of {game} shows there ({bounds[pattern].words()})")
        elif isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise SaveError(
                    "corrupt", f"{where or 'the table'} is a text of {len(value)} characters, longer than any a game of {game} shows"
                )
        elif isinstance(value, dict):
            for key, item in value.items():
                stack.append((item, f"{pattern}.{key}" if pattern else str(key), f"{where}.{key}" if where else str(key)))
        elif isinstance(value, list):
            bound = bounds.get(pattern)
            if bound is None or bound.kind != "list":
                raise SaveError("corrupt", f"{where or 'the table'} is a list where a game of {game} shows none")
            if len(value) > bound.high:
                raise SaveError("corrupt", f"{where} holds {len(value)} items, more than a game of {game} shows ({bound.words()})")
            stack.extend((item, f"{pattern}.*", f"{where}[{i}]") for i, item in enumerate(value))
        else:
            check_number(value, bounds.get(pattern), where, game)


def check_number(value: Any, bound: Bound | None, where: str, game: str) -> None:
    if bound is None or bound.kind == "list":
        raise SaveError("corrupt", f"{where} is {shown(value)}, a number where a game of {game} shows none")
    whole = isinstance(value, int)
    finite = whole or (isinstance(value, float) and math.isfinite(value))
    if not finite or (bound.kind == "count" and not whole) or not bound.low <= value <= bound.high:
        raise SaveError("corrupt", f"{where} is {shown(value)}, which no game of {game} shows ({bound.words()})")
