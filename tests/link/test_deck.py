"""The joint shuffle, played out by 2 to 4 keys on one machine as the devices would play it: each
reveal gives its player the right card, no player short of all can read a card, a deck from a link is
checked, and the audit names the pass or removal that lied. Small decks (6 cards) where the size does
not matter, since each card costs one point multiplication per player (about 2 ms each)."""

from __future__ import annotations

from itertools import combinations

import pytest

from tabletop.engine.errors import SaveError
from tabletop.link.cipher import ELEMENT_CHARS, Key, card_element, new_key, pack
from tabletop.link.deck import (
    HONEST,
    audit_final_deck,
    audit_pass,
    audit_removal,
    audit_shuffle,
    card_of,
    deck_from_text,
    encoded_deck,
    read,
    remove_layer,
    shuffle_pass,
    time_passes,
)

SMALL = 6


def joint_shuffle(keys: list[Key], deck_size: int) -> list[list[int]]:
    """Every player's pass in seat order: the deck each one sent."""
    decks: list[list[int]] = []
    for key in keys:
        decks.append(shuffle_pass(key, decks[-1] if decks else encoded_deck(deck_size)))
    return decks


def reveal_to(keys: list[Key], seat: int, element: int, deck_size: int, order: list[int] | None = None) -> int:
    """Position ``element`` shown to ``seat``: every other player takes their layer off (in ``order``,
    seat order if none), then ``seat`` reads it."""
    for other in order or range(len(keys)):
        if other != seat:
            element = remove_layer(keys[other], element)
    return read(keys[seat], element, deck_size)


@pytest.fixture(scope="module")
def three() -> tuple[list[Key], list[list[int]]]:
    keys = [new_key() for _ in range(3)]
    return keys, joint_shuffle(keys, SMALL)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_is_shown_the_right_cards_and_the_deck_holds_every_card_once(players):
    keys = [new_key() for _ in range(players)]
    decks = joint_shuffle(keys, SMALL)
    final = decks[-1]
    shown = [reveal_to(keys, position % players, element, SMALL) for position, element in enumerate(final)]
    assert sorted(shown) == list(range(SMALL))
    assert audit_shuffle(keys, decks, SMALL) == [HONEST] * players


def test_layers_come_off_in_any_order(three):
    keys, decks = three
    element = decks[-1][0]
    assert reveal_to(keys, 0, element, SMALL, [1, 2]) == reveal_to(keys, 0, element, SMALL, [2, 1])
    public = [
        remove_layer(keys[seat], remove_layer(keys[(seat + 1) % 3], remove_layer(keys[(seat + 2) % 3], element))) for seat in range(3)
    ]
    assert len(set(public)) == 1 and card_of(public[0], SMALL) == reveal_to(keys, 2, element, SMALL)


def test_a_54_card_deck_from_a_link_opens_to_the_54_cards():
    keys = [new_key(), new_key()]
    final = joint_shuffle(keys, 54)[-1]
    text = pack(final)
    assert len(text) == 2376 and deck_from_text(text, 54) == final  # 54 values of 33 bytes
    assert audit_final_deck(keys, final, 54) == HONEST


def test_no_player_short_of_all_can_read_a_card_of_the_shuffled_deck(three):
    keys, decks = three
    final = decks[-1]
    cards = encoded_deck(SMALL)
    for key in keys:  # what one player can compute from the cards and their key is not in the deck
        assert {key.encrypt(card) for card in cards}.isdisjoint(final)
    for size in (0, 1, 2):  # nor does any layer short of all open a card
        for group in combinations(keys, size):
            opened = list(final)
            for key in group:
                opened = [key.decrypt(element) for element in opened]
            assert set(opened).isdisjoint(cards)
            for seat, key in enumerate(keys):
                if key not in group and size < 2:
                    with pytest.raises(SaveError):
                        read(key, opened[seat], SMALL)


def test_the_deck_a_player_sent_is_not_the_deck_that_comes_out(three):
    keys, decks = three
    assert all(set(sent).isdisjoint(decks[-1]) for sent in decks[:-1])


def test_a_deck_from_a_link_is_refused_when_it_repeats_a_card_or_has_another_size(three):
    _, decks = three
    final = decks[-1]
    for bad, size in ((final[:-1], SMALL), (final + [final[0]], SMALL), ([final[0], *final[1:-1], final[0]], SMALL), (final, SMALL + 1)):
        with pytest.raises(SaveError) as err:
            deck_from_text(pack(bad), size)
        assert err.value.problem == "tampered"
    with pytest.raises(SaveError):
        deck_from_text(pack(final)[:-5], SMALL)


def test_a_layer_left_on_or_a_foreign_value_opens_to_no_card(three):
    keys, decks = three
    for element in (decks[-1][0], card_element(SMALL), keys[0].encrypt(card_element(0))):
        with pytest.raises(SaveError) as err:
            card_of(element, SMALL)
        assert err.value.problem == "tampered"


def cheated(kind: str, deck: list[int], key: Key) -> list[int]:
    """A pass's output with one lie in it."""
    if kind == "dropped":
        return deck[:-1]
    if kind == "duplicated":
        return [deck[0], *deck[:-1]]
    return [key.encrypt(card_element(SMALL + 3)), *deck[1:]]  # a card that is not in the deck


@pytest.mark.parametrize(("kind", "said"), [("dropped", "dropped"), ("duplicated", "twice"), ("substituted", "not in the deck")])
def test_the_audit_names_the_player_whose_pass_lied(kind, said):
    keys = [new_key() for _ in range(3)]
    first = shuffle_pass(keys[0], encoded_deck(SMALL))
    lie = cheated(kind, shuffle_pass(keys[1], first), keys[1])
    decks = [first, lie, shuffle_pass(keys[2], lie)]
    verdicts = audit_shuffle(keys, decks, SMALL)
    assert [v.honest for v in verdicts] == [True, False, True] and said in verdicts[1].fault
    assert not audit_final_deck(keys, decks[-1], SMALL).honest


def test_a_pass_made_with_another_key_than_the_one_shown_is_a_lie(three):
    keys, decks = three
    assert audit_pass(keys[0], encoded_deck(SMALL), decks[0]) == HONEST
    assert not audit_pass(keys[1], encoded_deck(SMALL), decks[0]).honest


def test_the_audit_of_the_final_deck_says_what_it_holds_wrongly(three):
    keys, decks = three
    final = decks[-1]
    assert "holds 5 cards" in audit_final_deck(keys, final[:-1], SMALL).fault
    assert "more than once" in audit_final_deck(keys, [final[0], *final[1:-1], final[0]], SMALL).fault
    assert "open to no card" in audit_final_deck(keys, [keys[0].encrypt(final[0]), *final[1:]], SMALL).fault
    assert "open to no card" in audit_final_deck(keys[:2], final, SMALL).fault


def test_the_audit_catches_a_wrong_removal(three):
    keys, decks = three
    element = decks[-1][0]
    honest = remove_layer(keys[1], element)
    assert audit_removal(keys[1], element, honest) == HONEST
    for lie in (remove_layer(keys[1], decks[-1][1]), element, remove_layer(keys[2], element)):
        verdict = audit_removal(keys[1], element, lie)
        assert not verdict.honest and "layer" in verdict.fault


def test_the_timing_gives_the_bench_its_figures():
    figures = time_passes(3)
    assert figures["pass_ms"] > 0 and figures["removal_ms"] > 0
    assert figures["element_chars"] == ELEMENT_CHARS and figures["deck_chars"] == len(pack([card_element(0)] * 3))
