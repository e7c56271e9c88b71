"""Playing cards shared by the three card games.

A card is a small frozen value with a short stable code for JSON (``"QS"``,
``"10H"``, ``"JOKER1"``). Suits carry a symbol and a colour so the UI never has to
rely on colour alone.

>>> Card.parse("10H")
Card(rank=10, suit=<Suit.HEARTS: 'H'>)
>>> str(Card(12, Suit.SPADES)), Card(12, Suit.SPADES).label
('QS', 'Q♠')
>>> len(standard_deck(jokers=2))
54
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tabletop.engine.numbers import parse_count


class Suit(str, Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[self.value]

    @property
    def colour(self) -> str:
        return "red" if self in (Suit.HEARTS, Suit.DIAMONDS) else "black"

    @property
    def noun(self) -> str:
        return self.name.lower()

    @property
    def singular(self) -> str:
        return self.name.lower()[:-1]


SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
JOKER = 0
RANKS: tuple[int, ...] = tuple(range(1, 14))
MAX_COPY = 99  # the copy number of a card of a game played with several decks (no game uses more than a few)
RANK_CODES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def rank_code(rank: int) -> str:
    return RANK_CODES.get(rank, str(rank))


def rank_name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


@dataclass(frozen=True, order=True)
class Card:
    """One card. Jokers have ``rank == 0`` and ``suit is None``; ``copy`` tells
    apart identical cards (the second joker, or the second deck in Towers of Wyoming)."""

    rank: int
    suit: Suit | None
    copy: int = 0

    def __repr__(self) -> str:
        extra = f", copy={self.copy}" if self.copy else ""
        return f"Card(rank={self.rank}, suit={self.suit!r}{extra})"

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def known_suit(self) -> Suit:
        """The suit of a card that has one: games without jokers, and code past a joker
        check, read this instead of ``suit`` (a joker here is a bug, so it raises).

        >>> Card(12, Suit.SPADES).known_suit
        <Suit.SPADES: 'S'>
        """
        if self.suit is None:
            raise ValueError(f"{self} is a joker and has no suit")
        return self.suit

    def __str__(self) -> str:
        if self.is_joker:
            return f"JOKER{self.copy}"
        assert self.suit is not None  # only jokers have no suit
        base = rank_code(self.rank) + self.suit.value
        return f"{base}#{self.copy}" if self.copy else base

    @property
    def label(self) -> str:
        """Short human label with the suit symbol: ``"Q♠"``, ``"Joker"``."""
        if self.is_joker:
            return "Joker"
        assert self.suit is not None  # only jokers have no suit
        return rank_code(self.rank) + self.suit.symbol

    @property
    def name(self) -> str:
        """Words for logs: ``"queen of spades"``."""
        if self.is_joker:
            return "joker"
        assert self.suit is not None  # only jokers have no suit
        return f"{rank_name(self.rank)} of {self.suit.noun}"

    def to_json(self) -> str:
        return str(self)

    @staticmethod
    def parse(code: str) -> Card:
        """Read a code written by ``str(card)``; raises ValueError on anything else."""
        if not isinstance(code, str) or not code:
            raise ValueError(f"not a card: {code!r}")
        if code.startswith("JOKER"):
            n = parse_count(code[5:] or "0", 0, MAX_COPY)
            if n is None:
                raise ValueError(f"not a card: {code!r}")
            return Card(JOKER, None, n)
        base, _, copy = code.partition("#")
        rank_part, suit_part = base[:-1], base[-1:]
        ranks = {v: k for k, v in RANK_CODES.items()}
        rank = ranks.get(rank_part) or parse_count(rank_part, 2, 10)
        n = parse_count(copy, 1, MAX_COPY) if copy else 0
        try:
            suit = Suit(suit_part)
        except ValueError:
            raise ValueError(f"not a card: {code!r}") from None
        if rank not in RANKS or n is None:
            raise ValueError(f"not a card: {code!r}")
        return Card(rank, suit, n)


def standard_deck(jokers: int = 0, ranks: tuple[int, ...] = RANKS, suits: tuple[Suit, ...] = SUITS) -> list[Card]:
    """A fresh deck in a fixed order (shuffle it with the game's ``Rng``)."""
    deck = [Card(r, s) for s in suits for r in ranks]
    deck += [Card(JOKER, None, i + 1) for i in range(jokers)]
    return deck
