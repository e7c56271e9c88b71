"""Cards no device reads alone: a game by link holds, in place of each card dealt from a deck only
its owner draws, a *handle* (which deck, which place in the drawing order) that is the same value on
every device, whatever that device can read (``tabletop/link/cards.py`` says who reads what).

The rules write cards as they always have, and mark only the places where a card's face matters:
``face`` where its face is read (the card goes public there, so every device must read it too),
``checkable`` around a check only hidden faces settle (it runs where they can be read, and in the
check at a game's end). In hot-seat and against the computer no handle ever exists, so every call
here is the identity and nothing changes.

>>> card = Hidden(0, 3)
>>> str(card), Hidden.parse("?0.3") == card, is_hidden(card)
('?0.3', True, True)
>>> face(Card.parse("5H"))
Card(rank=5, suit=<Suit.HEARTS: 'H'>)
>>> face(card)
Traceback (most recent call last):
...
tabletop.engine.hidden.CardAwaited: ?0.3 is read by the rules: its owner's device shows it
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Protocol

from tabletop.engine.cards import Card

HANDLE = re.compile(r"\?(\d{1,4})\.(\d{1,4})")


@dataclass(frozen=True, order=True, slots=True)
class Hidden:
    """The card at place ``pos`` of the drawing order of the game's ``deck``-th deck by link:
    which card it is, only the devices it has been shown to can tell. Handles sort and compare by
    place, which tells nothing of the card."""

    deck: int
    pos: int

    def __str__(self) -> str:
        return f"?{self.deck}.{self.pos}"

    def to_json(self) -> str:
        return str(self)

    @staticmethod
    def parse(code: Any) -> Hidden:
        """A handle written by ``str``; ValueError for anything else."""
        match = HANDLE.fullmatch(code) if isinstance(code, str) else None
        if match is None:
            raise ValueError(f"not a hidden card: {code!r}")
        return Hidden(int(match[1]), int(match[2]))


AnyCard = Card | Hidden


def is_hidden(card: object) -> bool:
    return type(card) is Hidden


class CardAwaited(Exception):
    """The rules read a card this device has not been shown: its owner's device shows it in its
    next link. Raised from inside ``apply``, which changes nothing (it returns new states)."""

    def __init__(self, card: Hidden):
        super().__init__(f"{card} is read by the rules: its owner's device shows it")
        self.card = card


class Table(Protocol):
    """What one device knows of the hidden cards of a game by link (``link/cards.py``)."""

    def face_of(self, card: Hidden) -> Card | None: ...

    def read(self, card: Hidden, face: Card) -> None: ...

    def shuffled(self, deck: int, contents: tuple[Any, ...], owner: int | None) -> None: ...


_TABLE: ContextVar[Table | None] = ContextVar("hidden cards", default=None)


@contextmanager
def cards_known(table: Table) -> Iterator[None]:
    """Within this block handles are read through ``table`` (the link layer opens it around the
    replay, each move and each view of a game by link)."""
    token = _TABLE.set(table)
    try:
        yield
    finally:
        _TABLE.reset(token)


def current_table() -> Table | None:
    return _TABLE.get()


def face(card: AnyCard) -> Card:
    """The card itself, where the rules read its face: every device must read it, so a handle this
    device cannot read yet raises CardAwaited (the move waits for its owner's link)."""
    if not isinstance(card, Hidden):
        return card
    table = _TABLE.get()
    known = table.face_of(card) if table is not None else None
    if table is None or known is None:
        raise CardAwaited(card)
    table.read(card, known)
    return known


def checkable(*cards: AnyCard) -> bool:
    """Whether a check that needs these cards' faces can run here: always for plain cards; for
    handles, only on a device that reads them (the owner's, and every device in the check at a
    game's end). Such a check may only refuse a move, never change what it does."""
    table = _TABLE.get()
    return all(not isinstance(c, Hidden) or (table is not None and table.face_of(c) is not None) for c in cards)


def peek(card: AnyCard) -> Card | None:
    """The card's face if this device reads it, without making it public (views, the computer's
    and the acting player's own choices); None for a handle it cannot read."""
    if not isinstance(card, Hidden):
        return card
    table = _TABLE.get()
    return table.face_of(card) if table is not None else None


def unveiled(value: Any, known: Callable[[Hidden], Card | None]) -> Any:
    """``value`` (a state, an event, a move's JSON) with every handle ``known`` can read replaced by
    its card, and every handle's text in a string field by the card's code: what one seat's view is
    drawn from. Shares what it does not change."""
    if type(value) is Hidden:
        card = known(value)
        return value if card is None else card
    if type(value) is Card:
        return value
    if type(value) is str:
        if value.startswith("?") and HANDLE.fullmatch(value):
            card = known(Hidden.parse(value))
            return value if card is None else str(card)
        return value
    if type(value) is list:
        return [unveiled(v, known) for v in value]
    if type(value) is tuple:
        return tuple(unveiled(v, known) for v in value)
    if type(value) is dict:
        return {k: unveiled(v, known) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: unveiled(getattr(value, f.name), known) for f in dataclasses.fields(value) if f.init}
        return dataclasses.replace(value, **changes)
    return value
