"""Facts about Tower War: its name, seats and option, and the counts of the draft, the deck and
the battles (every physical constant is in ``physics``)."""

from __future__ import annotations

from typing import Any

ID = "tower-war"
TITLE = "Tower War"
BLURB = "Draft a deck, win battles of cards, and keep a shaky tower of cards and pyramids standing."
MIN_PLAYERS = MAX_PLAYERS = 2
HIDDEN_INFORMATION = True
SEAT_NAMES = ("Red", "Blue")
OPTION_LABELS = {"advanced_draft": "Advanced drafting: a third stash of pyramids sweetens the piles"}
OPTION_CHOICES: dict[str, list[Any]] = {}

DRAFT_DEAL = 5
DRAFT_LEFTOVER = 4  # one base card and three set aside
DECK_SIZE = 15
BATTLE_DRAW = 3
SKIRMISHES = 3
STASH_PER_SIZE = 5
PILE_NAMES = ("A", "B")


def default_options() -> dict[str, Any]:
    return {"advanced_draft": False}
