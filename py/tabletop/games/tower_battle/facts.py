"""Facts about Tower Battle: its name, seats and options, the cards and the layout of the four towers.

Red plays hearts and diamonds, Black clubs and spades: one colour each of a
standard deck without 8, 9, 10 and jokers (the TNT variant adds the 10s). The
kings are the tower bases; hearts faces clubs and diamonds faces spades.

>>> [c.label for c in side_cards(RED, tnt=False)][:4]
['A♥', 'A♦', '2♥', '2♦']
>>> len(side_cards(BLACK, tnt=False)), len(side_cards(BLACK, tnt=True)), FACING[Suit.DIAMONDS].noun
(18, 20, 'spades')
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.cards import ACE, JACK, KING, QUEEN, Card, Suit

ID = "tower-battle"
TITLE = "Tower Battle"
BLURB = "Raise a tower five cards high while your rival's Assassins, Knaves and battles knock it down."
MIN_PLAYERS = 2
MAX_PLAYERS = 2
HIDDEN_INFORMATION = True

MAX_TARGET = 100  # the most points a match may be played to
DEFAULT_OPTIONS = {"scoring": "simple", "target": 3, "tnt": False, "first": "random"}
OPTION_LABELS = {
    "scoring": "Scoring: simple (1 point a game) or advanced (secret scoring cards)",
    "target": "Points needed to win the match",
    "tnt": "TNT variant: add the 10s (a 10 seen on a tower loses the game)",
    "first": "Who starts the first game",
}
OPTION_CHOICES: dict[str, list[Any]] = {
    "scoring": ["simple", "advanced"],
    "target": [1, 2, 3, 5, 7, 10, 15, 21],
    "first": ["random", "red", "black"],
}


def default_options() -> dict[str, Any]:
    """Simple scoring to 3 points, no TNT, random first player."""
    return dict(DEFAULT_OPTIONS)


RED, BLACK = 0, 1
SEAT_NAMES = ("Red", "Black")
SIDE_SUITS: tuple[tuple[Suit, Suit], tuple[Suit, Suit]] = (
    (Suit.HEARTS, Suit.DIAMONDS),
    (Suit.CLUBS, Suit.SPADES),
)
# The order the view lists towers in: each red tower next to the black one it faces.
TOWER_ORDER: tuple[Suit, ...] = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
FACING: dict[Suit, Suit] = {
    Suit.HEARTS: Suit.CLUBS,
    Suit.CLUBS: Suit.HEARTS,
    Suit.DIAMONDS: Suit.SPADES,
    Suit.SPADES: Suit.DIAMONDS,
}
OWNER: dict[Suit, int] = {Suit.HEARTS: RED, Suit.DIAMONDS: RED, Suit.CLUBS: BLACK, Suit.SPADES: BLACK}

TNT = 10
NUMBER_RANKS = (2, 3, 4, 5, 6, 7)
STOCK_RANKS = (ACE, *NUMBER_RANKS, JACK, QUEEN)
EFFECT_RANKS = frozenset((ACE, QUEEN))
ARMY_RANKS = frozenset((*NUMBER_RANKS, JACK))
WINNING_HEIGHT = 5
HAND_SIZE = 3

ROLE_NAMES = {ACE: "Assassin", QUEEN: "Diplomat", JACK: "Knave", TNT: "TNT"}


def side_cards(seat: int, tnt: bool) -> list[Card]:
    """One side's stock before shuffling (kings excluded), in a fixed order.

    The cards are shared objects, so the same card is the same object in every
    game of a match (lookups keyed by a card then succeed on identity, fast).
    """
    return list(_SIDE_CARDS[seat, tnt])


def kings(seat: int) -> list[Card]:
    return [Card(KING, s) for s in SIDE_SUITS[seat]]


def card_order(card: Card) -> tuple[int, int]:
    """Sort key: by rank, then suit in tower order (stable across Pythons)."""
    return (card.rank, TOWER_ORDER.index(card.suit))


_SIDE_CARDS: dict[tuple[int, bool], tuple[Card, ...]] = {
    (seat, tnt): tuple(sorted((Card(r, s) for s in SIDE_SUITS[seat] for r in STOCK_RANKS + ((TNT,) if tnt else ())), key=card_order))
    for seat in (RED, BLACK)
    for tnt in (False, True)
}


def is_effect(card: Card) -> bool:
    """Aces and queens act when played; they are always played face up."""
    return card.rank in EFFECT_RANKS


def battle_value(card: Card) -> int | None:
    """A card's strength in battle: ace low (1), number cards at face value.

    The Knave and a 10 have none: an exposed Knave loses its tower and a seen 10
    loses the game before values are compared.
    """
    if card.rank == ACE:
        return 1
    if card.rank in NUMBER_RANKS:
        return card.rank
    return None


def scoring_value(card: Card) -> int | None:
    """Points a scoring card is worth to a winner; None for A, Q and J (the forfeit rule)."""
    if card.rank in NUMBER_RANKS or card.rank == TNT:
        return card.rank
    return None


_LABELS: dict[tuple[int, Suit | None], str] = {}


def label(card: Card) -> str:
    """``card.label`` ('5♥'), remembered: logs name cards on almost every move."""
    key = (card.rank, card.suit)
    text = _LABELS.get(key)
    if text is None:
        text = _LABELS[key] = card.label
    return text


def card_words(card: Card) -> str:
    """A card for the log: '5♥', 'the Assassin A♠'."""
    role = ROLE_NAMES.get(card.rank)
    if role and card.rank != TNT:
        return f"the {role} {label(card)}"
    return label(card)


NOUNS: dict[Suit, str] = {suit: suit.noun for suit in TOWER_ORDER}
TOWER_WORDS: dict[Suit, str] = {suit: f"{SEAT_NAMES[OWNER[suit]]}'s {suit.noun} tower" for suit in TOWER_ORDER}


def tower_words(suit: Suit) -> str:
    """'Red's hearts tower'."""
    return TOWER_WORDS[suit]
