"""Card values in a battle: points, shared suits, the hierarchy of 10-point ranks.

A player's cards this battle are kept as *effective* cards (a joker counts as the
card it copies). Values follow the rules page (``guide.py``, "What a card is worth"):

* points: 2-9 face value; 10, J, Q, K and A are worth 10;
* shared suit: a card worth its points times the points of every earlier card of
  its suit its player played this battle; those earlier cards then count 0 towards
  the battle total, so the total is, per suit, the product of that suit's points.

The rulebook's worked examples:

>>> from tabletop.engine.cards import Card, Suit
>>> H, C, S = Suit.HEARTS, Suit.CLUBS, Suit.SPADES
>>> skirmish_value(Card(2, H), [Card(9, H)])
18
>>> skirmish_value(Card(5, C), [Card(10, C), Card(8, C)])
400
>>> battle_total([Card(1, H), Card(10, C), Card(6, C)]), battle_total([Card(9, S), Card(4, S), Card(2, S)])
(70, 72)
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.engine.cards import ACE, JACK, KING, QUEEN, Card, Suit

# 10 < J < Q < K < A among the 10-point ranks.
HIERARCHY = {10: 0, JACK: 1, QUEEN: 2, KING: 3, ACE: 4}


def points(card: Card) -> int:
    """Printed value: 2-9 as printed, 10/J/Q/K/A all 10."""
    return 10 if card.rank in HIERARCHY else card.rank


def skirmish_value(card: Card, earlier: list[Card]) -> int:
    """What ``card`` is worth now, after its player's ``earlier`` cards this battle."""
    value = points(card)
    for e in earlier:
        if e.suit == card.suit:
            value *= points(e)
    return value


def battle_total(cards: Iterable[Card]) -> int:
    """A player's battle total: per suit, the product of that suit's points."""
    by_suit: dict[Suit | None, int] = {}
    for c in cards:
        by_suit[c.suit] = by_suit.get(c.suit, 1) * points(c)
    return sum(by_suit.values())


def is_double(card: Card, earlier: list[Card]) -> bool:
    """A card sharing its rank with one its player played earlier this battle."""
    return any(e.rank == card.rank for e in earlier)


def compare(a: Card, a_value: int, b: Card, b_value: int) -> int:
    """1 if card ``a`` wins the skirmish, -1 if ``b`` does, 0 for a tie.

    Higher value wins; equal values between two 10-point ranks go by the hierarchy.

    >>> from tabletop.engine.cards import Suit
    >>> compare(Card(11, Suit.CLUBS), 10, Card(1, Suit.HEARTS), 10)
    -1
    >>> compare(Card(5, Suit.CLUBS), 10, Card(10, Suit.HEARTS), 10)
    0
    """
    if a_value != b_value:
        return 1 if a_value > b_value else -1
    if a.rank in HIERARCHY and b.rank in HIERARCHY:
        ha, hb = HIERARCHY[a.rank], HIERARCHY[b.rank]
        return (ha > hb) - (ha < hb)
    return 0


def rank_decided(a: Card, a_value: int, b: Card, b_value: int) -> bool:
    """Equal values settled by the hierarchy of 10-point ranks (the rule a newcomer does not expect)."""
    return a_value == b_value and a.rank in HIERARCHY and b.rank in HIERARCHY and a.rank != b.rank


RANK_RULE = "equal values, and between 10, J, Q, K and A the higher rank wins (10 < J < Q < K < A)"
"""Said where the tie-break decides a skirmish, e.g. "A♦ (10) beats K♣ (10): equal values, and ..."."""


SUIT_EXAMPLE = (Card(10, Suit.CLUBS), Card(8, Suit.CLUBS), Card(5, Suit.CLUBS))
"""The shared-suit rule's worked example, said in full (``suit_example``) and short (``suit_rule_short``)."""


def suit_example() -> str:
    """The shared-suit rule in one worked example, computed by ``skirmish_value``: said during the draft,
    where choosing cards of one suit is decided.

    >>> suit_example()
    'In battle a card of a suit you already played that battle is worth its points times each earlier card of that suit (10♣, 8♣, then 5♣: 5 × 10 × 8 = 400), and those earlier cards then count 0.'
    """
    ten, eight, five = SUIT_EXAMPLE
    worth = skirmish_value(five, [ten, eight])
    return (
        "In battle a card of a suit you already played that battle is worth its points times each earlier card of that suit "
        f"({ten.label}, {eight.label}, then {five.label}: 5 × 10 × 8 = {worth}), and those earlier cards then count 0."
    )


def suit_rule_short() -> str:
    """The same rule in one line, for a crowded screen.

    >>> suit_rule_short()
    'Suits multiply in battle: 10♣, 8♣, then 5♣ make the 5♣ worth 400.'
    """
    ten, eight, five = SUIT_EXAMPLE
    return f"Suits multiply in battle: {ten.label}, {eight.label}, then {five.label} make the {five.label} worth {skirmish_value(five, [ten, eight])}."
