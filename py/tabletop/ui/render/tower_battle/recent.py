"""What just happened, read from the public log (browser-free, tested under CPython).

The engine's log names the colours ("Red plays 5♥ face up on the hearts tower.").
The table uses it to tell a player what happened since their last turn, to mark the
last card played, and to tag special-card effects. Nothing here decides a rule.

>>> log = ["Game 1 begins; Red starts.", "Red plays 5♥ face up on the hearts tower.",
...        "Black plays a card face down on the clubs tower."]
>>> recap(log, ("Red", "Black"), 0)
['Red plays 5♥ face up on the hearts tower.', 'Black plays a card face down on the clubs tower.']
>>> last_action(log)
{'kind': 'play', 'seat': 'Black', 'label': None, 'suit': 'C'}
>>> tag("The Assassin A♥ strikes Black's clubs tower: 4♣ goes to the discard pile.")
'Assassin'
"""

from __future__ import annotations

import re
from typing import Any

NOUN_SUITS = {"hearts": "H", "clubs": "C", "diamonds": "D", "spades": "S"}
_PLAY = re.compile(
    r"^(Red|Black) plays (?:the (?:Assassin|Diplomat|Knave) )?(?:(\S+) face up|a card face down) "
    r"on the (hearts|clubs|diamonds|spades) tower\.$"
)
_DISCARD = re.compile(r"^(Red|Black) discards (\S+)\.$")
RECAP_LINES = 8

# (words in a log line, tag shown beside it): first match wins.
_TAGS = (
    ("wins the match", "Match won"),
    ("wins game", "Game won"),
    ("loses game", "TNT"),
    ("10 is seen", "TNT"),
    ("a 10 is found", "TNT"),
    ("Assassin", "Assassin"),
    ("Diplomat", "Diplomat"),
    ("Knave", "Knave"),
    ("declares a battle", "Battle"),
    ("turned up:", "Battle"),
    (" beats ", "Battle"),
    (" tie at ", "Battle"),
    ("scores", "Score"),
)


def is_action(line: str, names: tuple[str, ...]) -> bool:
    """Does ``line`` open a turn (a play or a discard) by one of ``names``?"""
    return any(line.startswith(f"{name} plays ") or line.startswith(f"{name} discards ") for name in names)


def recap(log: list[str], seat_names: tuple[str, ...] | list[str], viewer: int | None) -> list[str]:
    """The log since the start of the viewer's last turn (a spectator: since the last turn began).

    At the start of a match (no turn yet) it is the whole log.
    """
    names = tuple(seat_names) if viewer is None else (seat_names[viewer],)
    for i in range(len(log) - 1, -1, -1):
        if is_action(log[i], names):
            return log[i:]
    return list(log)


def battle_in(lines: list[str]) -> bool:
    """Was a battle fought in these lines?"""
    return any(" declares a battle: " in line for line in lines)


def last_action(log: list[str]) -> dict[str, Any] | None:
    """The last play or discard: kind, colour, card label (None for a face-down play) and suit code."""
    for line in reversed(log):
        m = _PLAY.match(line)
        if m:
            return {"kind": "play", "seat": m.group(1), "label": m.group(2), "suit": NOUN_SUITS[m.group(3)]}
        m = _DISCARD.match(line)
        if m:
            return {"kind": "discard", "seat": m.group(1), "label": m.group(2), "suit": None}
    return None


def tag(line: str) -> str | None:
    """A short tag for a log line worth pointing out (a special card, a battle, a win)."""
    for words, label in _TAGS:
        if words in line:
            return label
    return None
