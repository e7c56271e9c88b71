"""Build explicit Tower Battle positions for scenario tests.

Cards are written as codes ("5H", "JC", "AD"); a tower card ending in "?" lies
face down. Every card of a side not placed somewhere goes to that side's stock,
so a built position always holds each card exactly once.
"""

from __future__ import annotations

from tabletop.engine.cards import Card, Suit
from tabletop.engine.rng import Rng
from tabletop.games.tower_battle.facts import OWNER, TOWER_ORDER, card_order, side_cards
from tabletop.games.tower_battle.state import PLAYING, Settings, State


def cards(text: str) -> list[Card]:
    return [Card.parse(code) for code in text.split()]


def position(
    *,
    hands: tuple[str, str] = ("", ""),
    towers: dict[str, str] | None = None,
    discards: tuple[str, str] = ("", ""),
    stock_tops: tuple[str, str] = ("", ""),
    stocks: tuple[str | None, str | None] = (None, None),
    scoring: tuple[str | None, str | None] = (None, None),
    player: int = 0,
    tnt: bool = False,
    advanced: bool = False,
    target: int = 3,
    seed: int = 7,
) -> State:
    """A game-1 position with ``player`` to play.

    ``stock_tops`` are put on top of the stock (the last one is drawn first); the
    other unplaced cards lie under them. ``stocks`` gives a stock exactly (and then
    any card placed nowhere is an error).
    """
    s = State(settings=Settings(advanced=advanced, target=target, tnt=tnt), rng=Rng(seed))
    s.game_number = 1
    s.starter = s.player = player
    s.phase = PLAYING
    s.hands = [cards(hands[0]), cards(hands[1])]
    s.discards = [cards(discards[0]), cards(discards[1])]
    s.scoring_cards = [Card.parse(c) if c else None for c in scoring]
    s.towers = {suit: [] for suit in TOWER_ORDER}
    for suit_code, text in (towers or {}).items():
        s.towers[Suit(suit_code)] = [(Card.parse(code.rstrip("?")), not code.endswith("?")) for code in text.split()]
    for seat in (0, 1):
        placed = list(s.hands[seat]) + list(s.discards[seat]) + cards(stock_tops[seat])
        placed += [c for suit, tower in s.towers.items() if OWNER[suit] == seat for c, _ in tower]
        if s.scoring_cards[seat] is not None:
            placed.append(s.scoring_cards[seat])
        full = side_cards(seat, tnt)
        if stocks[seat] is not None:
            s.stocks[seat] = cards(stocks[seat])
            placed += s.stocks[seat]
        else:
            rest = [c for c in full if c not in placed]
            s.stocks[seat] = sorted(rest, key=card_order) + cards(stock_tops[seat])
            placed += rest
        if sorted(placed, key=card_order) != full:
            raise ValueError(f"seat {seat}: cards placed twice, missing or of the wrong colour")
    return s
