"""Build explicit Towers of Wyoming positions for scenario tests.

Cards are written as suit letters, one per card ("HHH S" = three hearts and a
spade); the helper hands out distinct cards of each suit, so the 100 cards stay
accounted for. Cards not placed anywhere go to the bottom of the draw pile, or
to the discard pile with ``rest="discard"``.
"""

from __future__ import annotations

import tabletop.games.towers_of_wyoming as tw
from tabletop.engine.cards import Suit
from tabletop.games.towers_of_wyoming.facts import PER_SUIT, SUIT_INDEX
from tabletop.games.towers_of_wyoming.moves import Discard, Play
from tabletop.games.towers_of_wyoming.state import State

H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS


class Cards:
    def __init__(self):
        self.free = {s: list(range(i * PER_SUIT, (i + 1) * PER_SUIT)) for i, s in enumerate("CDHS")}

    def take(self, letters: str) -> list[int]:
        return [self.free[ch].pop(0) for ch in letters if not ch.isspace()]

    def rest(self) -> list[int]:
        return sorted(c for cards in self.free.values() for c in cards)


def position(
    players: int = 2,
    options: dict | None = None,
    *,
    hands: dict | None = None,
    towers: dict | None = None,
    draw: str | None = None,
    discard: str = "",
    rest: str = "draw",
    sky: int | None = None,
    current: int = 0,
    out: tuple[int, ...] = (),
) -> State:
    """A position with the given hands ({seat: letters}), towers ({(seat, foundation): letters}),
    draw pile (letters, top card FIRST), discard pile (letters, top card LAST) and Sky."""
    s = tw.new_game(players, options, seed=0)
    pool = Cards()
    hands = hands or {}
    towers = towers or {}
    s.hands = [sorted(pool.take(hands.get(p, ""))) for p in range(players)]
    s.towers = [[pool.take(towers.get((p, f), "")) for f in range(s.foundations)] for p in range(players)]
    s.discard = pool.take(discard)
    top_first = pool.take(draw) if draw is not None else []
    leftover = pool.rest()
    if rest == "draw":
        s.draw = leftover + top_first[::-1]
    else:
        s.draw = top_first[::-1]
        s.discard = leftover + s.discard
    if sky is not None:
        s.sky = sky
    s.current = current
    for p in out:
        s.in_game[p] = False
    assert_accounted(s)
    return s


def all_cards(s: State) -> list[int]:
    cards = list(s.draw) + list(s.discard)
    for h in s.hands:
        cards += h
    for ts in s.towers:
        for t in ts:
            cards += t
    return cards


def assert_accounted(s: State) -> None:
    cards = all_cards(s)
    assert len(cards) == 100 and sorted(cards) == list(range(100)), "the 100 cards are not all accounted for"


def play(suit: Suit, count: int, owner: int, foundation: int = 0) -> Play:
    return Play(suit, count, owner, foundation)


def tower(s: State, owner: int, foundation: int = 0) -> tuple[str | None, int]:
    """(suit letter or None, size) of a tower."""
    t = s.towers[owner][foundation]
    return ("CDHS"[t[0] // PER_SUIT] if t else None, len(t))


def suit_of_all(cards: list[int]) -> set[str]:
    return {"CDHS"[c // PER_SUIT] for c in cards}


def held(s: State, seat: int, suit: Suit) -> int:
    return sum(1 for c in s.hands[seat] if c // PER_SUIT == SUIT_INDEX[suit])


__all__ = ["position", "play", "tower", "held", "assert_accounted", "all_cards", "suit_of_all", "Discard", "Play", "H", "S", "C", "D"]
