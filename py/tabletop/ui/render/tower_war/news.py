"""What just happened at the Tower War table, read from the game's events (``games/tower_war/telling.py``).

The status line says the newest move in the game's own words (its ``tell``, with the table's
names). An adjustment is the one thing a player can do to the other's pieces: when the
player who moved last lifted and set down a pyramid that is not theirs, the line says so
plainly, with "your" for the person at the screen, so a pyramid moved by the other player is
never taken for one's own drop gone astray.

>>> from tabletop.engine.events import Names
>>> names = Names(("Ann", "Ben"), ("Red", "Blue"))
>>> landed = {"kind": "landed", "move": 9, "seat": 1, "piece": "pyramid", "pyramid": 4, "owner": 0, "size": "medium",
...           "before": [0.0, 10.0], "after": [0.0, 32.0], "stands": True}
>>> moved_pieces([landed], names, 0), moved_pieces([landed], names, None)
(['Ben (Blue) moved your medium pyramid 22 mm to adjust it.'], ["Ben (Blue) moved Ann's medium pyramid 22 mm to adjust it."])
"""

from __future__ import annotations

import math
from typing import Any

from tabletop.engine.events import Event, Names, of_move

UNSAID_HERE = frozenset({"start", "dealt", "discarded", "end"})
"""Events the status line leaves out: who splits and the cards dealt are the prompt's and the
table's to show, the discards the players' piles', the end the table's end banner's."""


def newest(view: dict[str, Any]) -> list[Event]:
    """The events of the newest move (none before the first)."""
    events = view.get("events") or []
    return of_move(events, events[-1]["move"]) if events else []


def last_turn(view: dict[str, Any]) -> list[Event]:
    """The events of the run of moves the last player to move made since the other last moved
    (what the rules did in those moves included): everything a player who looks away for the
    other's turn has not seen. A move's player is the seat of its first event (what they did; a
    reshuffle or a pyramid taken back that follows may be the other seat's)."""
    events = view.get("events") or []
    movers: dict[int, int | None] = {}
    for e in events:
        movers.setdefault(e["move"], e["seat"])
    mover = movers[events[-1]["move"]] if events else None
    start = len(events)
    while mover is not None and start and movers[events[start - 1]["move"]] == mover:
        start -= 1
    return events[start:]


def landed_pyramid(view: dict[str, Any]) -> int | None:
    """The number of the pyramid the newest move set down on a standing tower, if it set one down."""
    for e in newest(view):
        if e["kind"] == "landed" and e["piece"] == "pyramid" and e["stands"]:
            pyramid: int | None = e["pyramid"]
            return pyramid
    return None


def gave_out(view: dict[str, Any]) -> bool:
    """The newest move was the hand letting go by itself, its grip spent."""
    return any(e["kind"] == "landed" and e["gave_out"] for e in newest(view))


def moved_pieces(events: list[Event], names: Names, viewer: int | None) -> list[str]:
    """One sentence for each pyramid of one player that the other moved (an adjustment), "your"
    for the ``viewer``'s own."""
    said = []
    for e in events:
        if e["kind"] != "landed" or not e.get("before") or e["owner"] == e["seat"]:
            continue
        who, whose = names(e["seat"]), "your" if e["owner"] == viewer else names.whose(e["owner"])
        far = math.dist(e["before"], e["after"])
        if far >= 0.5:
            said.append(f"{who} moved {whose} {e['size']} pyramid {far:.0f} mm to adjust it.")
        else:
            said.append(f"{who} lifted {whose} {e['size']} pyramid to adjust it and set it back where it stood.")
    return said
