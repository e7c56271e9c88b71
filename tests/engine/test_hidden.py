"""Hidden cards (engine/hidden.py) and the decks a game by link makes (engine/rng.py's JointRng):
handles that read as cards only through a table, and hot-seat chance that the new ``owner`` of a
shuffle leaves exactly as it was."""

from __future__ import annotations

import copy
from dataclasses import dataclass

import pytest

from tabletop.engine.cards import Card, Suit
from tabletop.engine.hidden import CardAwaited, Hidden, cards_known, checkable, current_table, face, is_hidden, peek, unveiled
from tabletop.engine.rng import Deck, JointRng, Rng, joint_chance
from tabletop.games.tower_battle.moves import DiscardCard, PlayCard, move_from_json, move_to_json

FIVE, ACE = Card.parse("5H"), Card.parse("AS")


class Table:
    """A table that reads the cards it is given, and writes down what the rules read and shuffle."""

    def __init__(self, faces: dict[Hidden, Card]) -> None:
        self.faces = faces
        self.reads: list[tuple[Hidden, Card]] = []
        self.decks: list[tuple[int, tuple[Card, ...], int]] = []

    def face_of(self, card: Hidden) -> Card | None:
        return self.faces.get(card)

    def read(self, card: Hidden, face: Card) -> None:
        self.reads.append((card, face))

    def shuffled(self, deck: int, contents: tuple[Card, ...], owner: int) -> None:
        self.decks.append((deck, contents, owner))


def test_a_plain_card_reads_as_itself_with_or_without_a_table():
    assert face(FIVE) is FIVE and peek(FIVE) is FIVE and checkable(FIVE, ACE)
    table = Table({})
    with cards_known(table):
        assert face(FIVE) is FIVE and peek(FIVE) is FIVE and checkable(FIVE)
    assert table.reads == []  # a plain card is public already: nothing to tell


def test_a_handle_is_read_only_through_a_table_that_knows_it():
    card = Hidden(0, 3)
    with pytest.raises(CardAwaited) as awaited:
        face(card)
    assert awaited.value.card == card and "?0.3" in str(awaited.value)
    assert peek(card) is None and not checkable(card) and not checkable(FIVE, card)
    table = Table({card: FIVE})
    with cards_known(table):
        assert current_table() is table
        assert peek(card) == FIVE and table.reads == []  # peeking turns nothing up
        assert checkable(card, ACE) and not checkable(card, Hidden(0, 4))
        assert face(card) == FIVE
        assert table.reads == [(card, FIVE)]  # the rules read it: it goes public
        with pytest.raises(CardAwaited):
            face(Hidden(0, 4))
    assert current_table() is None
    assert peek(card) is None  # the table is gone with its block


def test_the_table_is_closed_even_when_the_block_raises():
    with pytest.raises(CardAwaited), cards_known(Table({})):
        face(Hidden(1, 1))
    assert current_table() is None


def test_handles_print_parse_and_sort_by_deck_then_place():
    assert str(Hidden(12, 305)) == "?12.305" and Hidden(2, 7).to_json() == "?2.7"
    assert Hidden.parse("?12.305") == Hidden(12, 305)
    for bad in ("0.3", "?0", "?0.3x", "?a.b", "?-1.2", "?12345.0", "", 3, None, ["?0.3"], " ?0.3"):
        with pytest.raises(ValueError):
            Hidden.parse(bad)
    handles = [Hidden(1, 0), Hidden(0, 10), Hidden(0, 2), Hidden(1, 1)]
    assert sorted(handles) == [Hidden(0, 2), Hidden(0, 10), Hidden(1, 0), Hidden(1, 1)]
    assert is_hidden(Hidden(0, 0)) and not is_hidden(FIVE) and not is_hidden("?0.0")
    assert Hidden(0, 1) != Hidden(1, 0) and len({Hidden(0, 1), Hidden(0, 1)}) == 1


@dataclass(frozen=True)
class Layer:
    card: Card | Hidden
    up: bool
    note: str = ""


def test_unveiled_replaces_what_it_reads_wherever_it_is_and_leaves_the_rest():
    known = {Hidden(0, 0): FIVE, Hidden(1, 2): ACE}
    value = {
        "hand": [Hidden(0, 0), Hidden(0, 1), FIVE],
        "event": {"card": "?1.2", "other": "?0.1", "text": "?1.2 and more", "n": 3},
        "pair": (Hidden(1, 2), "?0.0"),
        "layer": Layer(Hidden(0, 0), False, "?1.2"),
        "nested": [[{"deep": (Hidden(1, 2),)}]],
    }
    before = copy.deepcopy(value)
    out = unveiled(value, known.get)
    assert out == {
        "hand": [FIVE, Hidden(0, 1), FIVE],
        "event": {"card": "AS", "other": "?0.1", "text": "?1.2 and more", "n": 3},
        "pair": (ACE, "5H"),
        "layer": Layer(FIVE, False, "AS"),
        "nested": [[{"deep": (ACE,)}]],
    }
    assert type(out["pair"]) is tuple and type(out["hand"]) is list
    assert value == before  # the value unveiled is not changed
    assert unveiled(value, lambda card: None) == value  # a device that reads nothing sees handles
    assert unveiled(Hidden(0, 1), known.get) == Hidden(0, 1)


# --- chance: hot-seat unchanged, a game by link's decks ------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 7, 2026, 2**40 + 3])
def test_a_shuffle_with_an_owner_is_the_same_shuffle_in_hot_seat(seed):
    deck = [Card.parse(code) for code in ("AH", "2H", "3H", "4H", "5H", "6H", "7H", "JH", "QH", "AD", "2D", "10D")]
    plain, owned = list(deck), list(deck)
    a, b = Rng(seed), Rng(seed)
    a.shuffle(plain)
    b.shuffle(owned, owner=1)
    assert owned == plain and a == b  # old saves replay to the same cards
    assert sorted(owned, key=str) == sorted(deck, key=str)
    top = owned[-1]
    assert b.draw(owned) is top and len(owned) == len(deck) - 1  # a draw takes the end of the pile


def test_a_deck_one_player_draws_from_holds_no_card_hidden_from_that_player():
    rng = JointRng()
    with pytest.raises(RuntimeError):
        rng.shuffle([FIVE, Hidden(0, 0)], owner=0)
    assert rng.decks == ()


def test_a_deck_with_no_owner_is_a_joint_one_and_records_who_drew_each_place():
    rng = JointRng()
    pile = [FIVE, ACE, Card.parse("7D")]
    rng.shuffle(pile)
    assert pile == [Hidden(0, 2), Hidden(0, 1), Hidden(0, 0)]
    assert rng.decks == (Deck(None, (FIVE, ACE, Card.parse("7D")), 0),)
    assert rng.draw(pile, 1) == Hidden(0, 0)
    assert rng.draw(pile, 0) == Hidden(0, 1)
    assert rng.decks[0].given == ((0, 1), (1, 0)) and rng.decks[0].drawn == 2
    assert rng.draw(pile) == Hidden(0, 2)  # a card drawn for no one (turned up at once) is given to no one
    assert rng.decks[0].given == ((0, 1), (1, 0)) and rng.decks[0].drawn == 3


def test_a_deck_by_link_becomes_handles_drawn_from_place_zero_on():
    rng = JointRng()
    cards = [FIVE, ACE, Card.parse("7D")]
    pile = list(cards)
    rng.shuffle(pile, owner=1)
    assert pile == [Hidden(0, 2), Hidden(0, 1), Hidden(0, 0)]
    assert rng.decks == (Deck(1, tuple(cards), 0),)
    assert rng.draw(pile) == Hidden(0, 0)
    assert rng.decks[0].drawn == 1
    other = [Card.parse("2C"), Card.parse("3C")]
    rng.shuffle(other, owner=0)
    assert other == [Hidden(1, 1), Hidden(1, 0)]
    assert rng.draw(pile) == Hidden(0, 1) and rng.draw(pile) == Hidden(0, 2)
    assert [deck.drawn for deck in rng.decks] == [3, 0]
    assert rng.decks[1] == Deck(0, (Card.parse("2C"), Card.parse("3C")), 0)
    plain = [FIVE]
    assert rng.draw(plain) is FIVE and [deck.drawn for deck in rng.decks] == [3, 0]  # a plain card marks no deck


def test_a_deck_by_link_is_told_to_the_table():
    table = Table({})
    rng = JointRng()
    with cards_known(table):
        rng.shuffle([FIVE, ACE], owner=0)
        rng.shuffle([ACE], owner=1)
    assert table.decks == [(0, (FIVE, ACE), 0), (1, (ACE,), 1)]


def test_copies_of_a_joint_rng_keep_its_decks_and_draw_only_inside_a_move():
    rng = JointRng()
    rng.shuffle([FIVE, ACE], owner=0)
    for twin in (rng.copy(), copy.deepcopy(rng)):
        assert type(twin) is JointRng and twin == rng and twin.decks == rng.decks
    twin = rng.copy()
    twin.draw([Hidden(0, 1), Hidden(0, 0)])
    assert twin != rng and rng.decks[0].drawn == 0  # a copy draws on its own
    assert rng != Rng(0) and JointRng() == JointRng()
    with pytest.raises(RuntimeError):
        rng.below(6)
    numbers = iter([5, 9])
    with joint_chance(lambda: next(numbers)):
        assert rng.next_u64() == 5 and rng.below(4) == 1


# --- moves that name a hidden card --------------------------------------------------------------


def test_a_hidden_card_played_face_down_names_its_tower_in_json():
    move = PlayCard(Hidden(0, 3), False, Suit.HEARTS)
    data = move_to_json(move)
    assert data == {"kind": "play", "card": "?0.3", "face_up": False, "tower": "H"}
    assert move_from_json(data) == move
    assert move_from_json(move_to_json(DiscardCard(Hidden(2, 11)))) == DiscardCard(Hidden(2, 11))


def test_a_play_without_a_tower_keeps_the_json_old_saves_hold():
    assert move_to_json(PlayCard(FIVE, True)) == {"kind": "play", "card": "5H", "face_up": True}
    assert move_to_json(PlayCard(Hidden(1, 0), True)) == {"kind": "play", "card": "?1.0", "face_up": True}
    old = {"kind": "play", "card": "5H", "face_up": False}
    assert move_from_json(old) == PlayCard(FIVE, False) and move_from_json(old).tower is None
    assert move_from_json({"kind": "play", "card": "?1.0", "face_up": True}) == PlayCard(Hidden(1, 0), True)
