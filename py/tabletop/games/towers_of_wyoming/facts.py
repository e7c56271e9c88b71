"""Facts about Towers of Wyoming: its name, seat counts and options, the 100-card deck and
the opposition of suits.

Two ordinary decks minus one king per suit give 25 cards in each of the four
suits: ace to queen twice (``copy`` 0 and 1) and one king. Ranks never matter to
the rules; they are shown so the table looks like a real one.

Inside the engine a card is an int ``0..99`` (fast to copy, sort and count):
``suit_index * 25 + order`` where ``order`` runs A, A#1, 2, 2#1, ... Q, Q#1, K,
so a sorted hand reads by suit, then rank. ``CARDS[i]`` is the shared
``Card`` value for the UI and for moves.

>>> len(CARDS), CARDS[0], CARDS[24], CARDS[99]
(100, Card(rank=1, suit=<Suit.CLUBS: 'C'>), Card(rank=13, suit=<Suit.CLUBS: 'C'>), Card(rank=13, suit=<Suit.SPADES: 'S'>))
>>> card_id(Card(12, Suit.HEARTS, 1)), CARDS[73].copy
(73, 1)
>>> [SUITS[s].noun for s in range(4)]
['clubs', 'diamonds', 'hearts', 'spades']
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.cards import KING, SUITS, Card, Suit

ID = "towers-of-wyoming"
TITLE = "Towers of Wyoming"
BLURB = "Race to build a one-suit tower taller than the Settling Sky, and knock down your rivals' towers with the opposing suit."
MIN_PLAYERS, MAX_PLAYERS = 2, 4
HIDDEN_INFORMATION = True
SEAT_NAMES = None
OPTION_LABELS = {
    "three_player_two_foundations": "3 players: two foundations each and a Sky of 8",
    "sudden_death": "Sudden Death: no reshuffle; when the cards run out, the tallest tower wins",
    "contractual_deadlines": "Contractual Deadlines: a builder with no tower at a reshuffle is out",
    "tidal_influences": "Tidal Influences: Sky starts at 8; toss its pennies at each reshuffle",
    "wheel_of_opposition": "Wheel of Opposition: clubs > diamonds > spades > hearts > clubs, one way",
    "finicky_clients": "Finicky Clients: a tower must match the Sky exactly",
}
OPTION_CHOICES: dict[str, list[Any]] = {}
OPTION_PLAYERS = {"three_player_two_foundations": (3,)}  # an option that means something only at these player counts
HAND_SIZE = 7

OPTION_DEFAULTS: dict[str, bool] = {
    "three_player_two_foundations": False,
    "sudden_death": False,
    "contractual_deadlines": False,
    "tidal_influences": False,
    "wheel_of_opposition": False,
    "finicky_clients": False,
}


def default_options() -> dict[str, Any]:
    return dict(OPTION_DEFAULTS)


PER_SUIT = 25
DECK_SIZE = 4 * PER_SUIT
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)

SUIT_INDEX: dict[Suit, int] = {suit: i for i, suit in enumerate(SUITS)}


def _suit_cards(suit: Suit) -> list[Card]:
    cards = [Card(rank, suit, copy) for rank in range(1, KING) for copy in (0, 1)]
    return cards + [Card(KING, suit)]


CARDS: tuple[Card, ...] = tuple(card for suit in SUITS for card in _suit_cards(suit))
CARD_IDS: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}
CODES: tuple[str, ...] = tuple(str(card) for card in CARDS)

# Which tower suit a played suit may deconstruct (one suit each in both tables).
# Standard: spades <-> hearts, clubs <-> diamonds.
STANDARD_BEATS: tuple[int, ...] = (DIAMONDS, CLUBS, SPADES, HEARTS)
# Wheel of Opposition, one way round: clubs > diamonds > spades > hearts > clubs.
WHEEL_BEATS: tuple[int, ...] = (DIAMONDS, SPADES, CLUBS, HEARTS)


def attackers(beats: tuple[int, ...]) -> tuple[int, ...]:
    """Invert a ``beats`` table: for each tower suit, the played suit that may deconstruct it."""
    out = [0] * 4
    for played, tower in enumerate(beats):
        out[tower] = played
    return tuple(out)


STANDARD_ATTACKERS = attackers(STANDARD_BEATS)
WHEEL_ATTACKERS = attackers(WHEEL_BEATS)


def card_id(card: Card) -> int:
    """The engine's number for ``card``; ValueError for a card this deck lacks (a joker, a second king)."""
    try:
        return CARD_IDS[card]
    except KeyError:
        raise ValueError(f"{card} is not in the Towers of Wyoming deck") from None


def count_cards(n: int, suit: int) -> str:
    """``"1 heart"``, ``"3 hearts"``."""
    word = SUITS[suit].singular if n == 1 else SUITS[suit].noun
    return f"{n} {word}"


# What a move did, as events (engine/events.py): each kind with the facts it carries beside
# ``kind``, ``move`` and ``seat``. Cards are named by their codes (``"QH#1"``), a tower by its
# ``owner`` and ``foundation``; ``before``/``after`` are a tower's ``{"suit", "size"}``.
EVENT_KINDS = (
    "deal",  # seat None: players, foundations (each), sky, first (the seat that starts)
    "construct",  # owner, foundation, suit, count, size (after), cards (played, now on top of the tower)
    "deconstruct",  # owner, foundation, suit, count, cards (played), taken (the tower's cards that went to
    # the discard pile), spent (the played cards that went with them; the rest of ``cards`` is the tower
    # now), before, after
    "discard",  # card (face up on the discard pile)
    "draw",  # count, cards (into the seat's hand: only the seat's own view names them)
    "skip",  # the seat had no card and no card to draw
    "recycle",  # seat: the builder drawing; sky_before, sky_after, tidal, tosses ([heads, tails]...), eliminated
    # ([{"seat", "cards"}]: hands that went to the discard pile, unseen), shuffled (the new draw pile's size)
    "end",  # seat None: winners, how ("tower", "cards-out", "move-limit", "last-standing") and the facts its
    # words need: size, sky, exact (Finicky Clients), rivals (who also qualified); cause, tallest
)


def card_json(card: int) -> dict[str, Any]:
    """A card for the view: code (stable), label (with symbol), suit letter, rank."""
    c = CARDS[card]
    return {"code": CODES[card], "label": c.label, "suit": c.suit.value, "rank": c.rank}  # type: ignore[union-attr]  # no jokers here
