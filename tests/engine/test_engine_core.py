"""Engine core: the seeded generator's known answers, dealing, cards, moves, options."""

from dataclasses import dataclass
from typing import ClassVar

import pytest

from tabletop.engine.cards import Card, Suit, standard_deck
from tabletop.engine.errors import IllegalMove
from tabletop.engine.moves import Move, MoveCodec
from tabletop.engine.options import resolve_options
from tabletop.engine.pyramids import Size
from tabletop.engine.rng import Rng, deal

# SplitMix64 reference outputs for seed 0 (the published test vector starts 0xE220A8397B1DCDAF).
SPLITMIX64_SEED0 = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_splitmix64_known_answers():
    r = Rng(0)
    assert [r.next_u64() for _ in range(3)] == SPLITMIX64_SEED0


def test_rng_known_answers_for_derived_draws():
    r = Rng(12345)
    assert [r.below(10) for _ in range(10)] == [4, 7, 5, 0, 3, 6, 6, 8, 3, 3]
    assert Rng(7).shuffled(range(8)) == [1, 4, 5, 2, 6, 0, 3, 7]
    assert Rng(99).unit() == pytest.approx(0.2615304715693846, abs=0)


def test_rng_state_is_one_plain_int_and_copies_independently():
    r = Rng(5)
    r.next_u64()
    c = r.copy()
    assert type(r.state) is int and c == r
    assert r.next_u64() == c.next_u64()
    r.next_u64()
    assert r != c


def test_below_is_in_range_and_rejects_bad_bounds():
    r = Rng(1)
    assert {r.below(3) for _ in range(200)} == {0, 1, 2}
    with pytest.raises(ValueError):
        r.below(0)


def test_deal_round_robin_conserves_cards():
    hands, rest = deal(Rng(3), list(range(20)), 3, 4)
    assert [len(h) for h in hands] == [4, 4, 4] and len(rest) == 8
    assert sorted(sum(hands, []) + rest) == list(range(20))


def test_card_codes_round_trip():
    deck = standard_deck(jokers=2)
    assert len(set(deck)) == 54
    for card in deck + [Card(5, Suit.HEARTS, 1)]:
        assert Card.parse(str(card)) == card
    for bad in ["", "1X", "14H", "ZZ", None, "KHH"]:
        with pytest.raises(ValueError):
            Card.parse(bad)


@dataclass(frozen=True)
class Place(Move):
    kind: ClassVar[str] = "place"
    size: Size
    cell: int
    card: Card | None = None
    cells: tuple[int, ...] = ()


def test_move_codec_round_trip_and_refusals():
    codec = MoveCodec(Place)
    m = Place(Size.LARGE, 4, Card(12, Suit.SPADES), (1, 2))
    data = codec.to_json(m)
    assert data == {"kind": "place", "size": "large", "cell": 4, "card": "QS", "cells": [1, 2]}
    assert codec.from_json(data) == m
    for bad in [
        None,
        {"kind": "fly"},
        {"kind": "place", "size": "huge", "cell": 1},
        {"kind": "place", "size": "large"},
        {"kind": "place", "size": "large", "cell": True},
        {"kind": "place", "size": "small", "cell": 1, "x": 2},
    ]:
        with pytest.raises(IllegalMove):
            codec.from_json(bad)


def test_resolve_options():
    assert resolve_options({"a": True, "n": 3}, None) == {"a": True, "n": 3}
    for bad in [{"zz": 1}, {"a": 1}, {"n": "3"}, {"n": True}]:
        with pytest.raises(ValueError):
            resolve_options({"a": True, "n": 3}, bad)
