"""Facts about The War of the Worlds: its name, its two sides, the pieces each side has, its option."""

from __future__ import annotations

from typing import Any

ID = "war-of-the-worlds"
TITLE = "The War of the Worlds"
BLURB = "Aliens against Humans on a shifting L of Martian Coasters: surround, outgun, survive."
MIN_PLAYERS = 2
MAX_PLAYERS = 2
HIDDEN_INFORMATION = False
OPTION_LABELS = {"tactical": "Tactical game (Treehouse dice)"}
OPTION_CHOICES: dict[str, list[Any]] = {}

ALIENS, HUMANS, NEUTRAL, EMPTY = 0, 1, 2, -1
SEAT_NAMES: tuple[str, str] = ("Aliens", "Humans")
PLURAL_SEAT_NAMES = True  # "Aliens win", "the Humans' medium" (engine/words.py)
# The move step's Skip is legal only when nothing can move: the table plays it for a person (engine/hooks.py).
FORCED_PASSES = {"skip": "{name} had nothing that could move, so the move step passed by itself."}
SIDE_KEYS: tuple[str, str, str] = ("aliens", "humans", "neutral")
PER_SIZE = 5  # each side: 5 small, 5 medium, 5 large
OBSTACLES = 3


def default_options() -> dict[str, Any]:
    return {"tactical": False}
