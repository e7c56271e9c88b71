"""What a move did, as data, and the names the table tells it with.

Every consequence of a move is recorded as an event: a JSON-able dict such as
``{"kind": "coaster-turned", "move": 12, "seat": 0, "coaster": 1, "before": [...], "after": [...]}``.

- ``kind`` says what happened (a game lists its kinds in ``EVENT_KINDS``);
- ``move`` is how many moves had been applied when it happened (0: the deal or the first move),
  so the events of one move are those sharing its number;
- ``seat`` is who did it (None for the rules themselves: a deal, a fall, the end);
- the other keys name the cards, pieces and cells involved by identities that stay true after
  the board moves (a card's code, a pyramid's number, a coaster's number, a square's slot), with
  ``before``/``after`` where something moved.

An event holds no words. The game's ``tell(event, names, view)`` says one in a sentence, with
the names the table gives the seats (``Names``) and the board as it is now (``view``: a square is
named as it is called now). So the table never rewrites a game's sentences, and it can show on
the board what an event names.

>>> names = Names(("Ann", "Humans"), sides=("Aliens", "Humans"), plural_sides=True)
>>> names(0), names(1), names.whose(0), names.whose(1), names.says(1, "win"), names.says(0, "win")
('Ann (Aliens)', 'Humans', "Ann's", "Humans'", 'Humans win', 'Ann (Aliens) wins')
>>> Names(("Ann", "Ben")).says(1, "have"), Names.default(3, None)(2)
('Ben has', 'Player 3')
>>> event("plays", 4, 1, card="QH")
{'kind': 'plays', 'move': 4, 'seat': 1, 'card': 'QH'}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.engine.words import agree, possessive

Event = dict[str, Any]


def event(kind: str, move: int, seat: int | None = None, **facts: Any) -> Event:
    """An event of ``kind`` made by the move numbered ``move``, done by ``seat``."""
    return {"kind": kind, "move": move, "seat": seat, **facts}


def of_move(events: Sequence[Event], move: int) -> list[Event]:
    """The events the move numbered ``move`` made (they sit together at the end of a game's list
    while it is the newest move)."""
    return [e for e in events if e.get("move") == move]


def with_side(name: str, side: str) -> str:
    """ "Ana (Red)"; just "Red" for a player named after their side (never "Red (Red)")."""
    return name if name == side else f"{name} ({side})"


@dataclass(frozen=True)
class Names:
    """How the table calls each seat.

    ``people`` is what each seat is called ("Ann", or the side's own name where nobody typed
    one). Where a game has sides (``sides``: "Red", "Aliens"), a person is said with the side
    beside the name ("Ann (Red)"), an owner by the name alone ("Ann's"), and a seat still called
    by its side's name is that side ("Humans"), plural where the game's sides are peoples
    (``plural_sides``: "Humans win", "Aliens'").
    """

    people: tuple[str, ...]
    sides: tuple[str, ...] = ()
    plural_sides: bool = False

    @classmethod
    def default(cls, seats: int, sides: Sequence[str] | None, plural_sides: bool = False) -> Names:
        """The names a game's own pages use where nobody is seated: the sides, else "Player 1"…"""
        people = tuple(sides) if sides else tuple(f"Player {seat + 1}" for seat in range(seats))
        return cls(people, tuple(sides or ()), plural_sides)

    def __call__(self, seat: int | None) -> str:
        """The seat as a person: "Ann (Red)", "Red", "Ben"."""
        if seat is None:
            return "Nobody"
        name = self.people[seat]
        return with_side(name, self.sides[seat]) if seat < len(self.sides) else name

    def plural(self, seat: int | None) -> bool:
        """The seat is still called by its side's plural name ("Aliens")."""
        return bool(seat is not None and self.plural_sides and seat < len(self.sides) and self.people[seat] == self.sides[seat])

    def whose(self, seat: int) -> str:
        """The seat as an owner: "Ann's", "Aliens'"."""
        return possessive(self.people[seat], self.plural(seat))

    def says(self, seat: int, verb: str) -> str:
        """The seat and a verb that agrees with it: "Ann (Red) wins", "Humans win"."""
        return agree(self(seat), verb, self.plural(seat))

    def __len__(self) -> int:
        return len(self.people)
