"""What just happened, read from the view's events (browser-free, tested under CPython).

The table tells a player what happened since their last turn, marks the last card played and
tags special-card effects, all from the events the engine recorded (games/tower_battle/facts.py
``EVENT_KINDS``); the words are the game's (``telling``). Nothing here decides a rule.

>>> from tabletop.engine.events import event
>>> events = [event("game-begins", 0, None, game=1, starter=0), event("play", 0, 0, tower="H", index=0, card="5H"),
...           event("play-face-down", 1, 1, tower="C", index=0), event("assassin-misses", 2, 0, card="AD", struck="S")]
>>> [e["kind"] for e in recap(events, 1)], last_action(events)["kind"], tag(events[3])
(['play-face-down', 'assassin-misses'], 'play-face-down', 'Assassin')
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine.events import Event, Names

RECAP_LINES = 8
ACTIONS = ("play", "play-face-down", "discard")  # the events that open a turn
BATTLE = ("battle-declared", "battle", "battle-won", "battle-tied")
ROLES = {"A": "Assassin", "Q": "Diplomat", "J": "Knave"}  # a card's rank letter -> its tag once played face up
TAGS = {
    "end": "Match won",
    "tnt-found": "TNT",
    "assassin-misses": "Assassin",
    "assassin-strikes": "Assassin",
    "diplomat": "Diplomat",
    "knave-seen": "Knave",
    "knave-exposed": "Knave",
    "scored": "Score",
    **dict.fromkeys(BATTLE, "Battle"),
}


def names_at(seat_names: Sequence[str], people: Sequence[str]) -> Names:
    """The table's names for the seats: each person with their colour beside ("Ana (Red)")."""
    return Names(tuple(people), tuple(seat_names))


def is_action(e: Event, seats: Sequence[int]) -> bool:
    """Does ``e`` open a turn (a play or a discard) by one of ``seats``?"""
    return e["kind"] in ACTIONS and e["seat"] in seats


def recap(events: list[Event], viewer: int | None) -> list[Event]:
    """The events since the start of the viewer's last turn (a spectator: since the last turn began).

    At the start of a match (no turn yet) it is every event.
    """
    seats = (0, 1) if viewer is None else (viewer,)
    for i in range(len(events) - 1, -1, -1):
        if is_action(events[i], seats):
            return events[i:]
    return list(events)


def battle_in(events: list[Event]) -> Event | None:
    """The last battle fought in these events (its cards turned up), if any."""
    return next((e for e in reversed(events) if e["kind"] == "battle"), None)


def last_action(events: list[Event]) -> Event | None:
    """The last play or discard (a face-down play names its card to its owner alone)."""
    return next((e for e in reversed(events) if e["kind"] in ACTIONS), None)


def tag(e: Event) -> str | None:
    """A short tag for an event worth pointing out (a special card, a battle, a win, TNT)."""
    kind = e["kind"]
    if kind == "game-won":
        return "TNT" if e["how"] in ("tnt", "both-tnt") else "Game won"
    if kind == "play":
        return ROLES.get(e["card"][:1])
    return TAGS.get(kind)
