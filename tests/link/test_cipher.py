"""The shuffle's cipher on secp256k1: layers that commute and come off in any order, cards that are
distinct points found by hashing, keys that stay secret, and text from a link refused unless an
honest device could have written it."""

from __future__ import annotations

import base64
import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.errors import SaveError
from tabletop.link.cipher import (
    CARD_DOMAIN,
    CURVE,
    ELEMENT_BYTES,
    ELEMENT_CHARS,
    FIELD,
    MAX_ELEMENTS,
    Key,
    N,
    card_element,
    card_table,
    is_element,
    key_from_digest,
    new_key,
    pack,
    point,
    unpack,
    value,
)

FEW = settings(max_examples=12, deadline=None)
keys = st.integers(1, N - 1)
cards = st.integers(0, 99)


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def problem(decode, text) -> str:
    with pytest.raises(SaveError) as err:
        decode(text)
    assert "\n" not in str(err.value)
    return err.value.problem


def test_the_curve_is_secp256k1_of_prime_order():
    assert FIELD == 2**256 - 2**32 - 977 and (CURVE.a(), CURVE.b()) == (0, 7)
    assert N == 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
    assert pow(2, N - 1, N) == 1 and pow(3, N - 1, N) == 1  # prime, so every point but infinity generates the group


@FEW
@given(keys, keys, cards)
def test_layers_commute_and_come_off_in_any_order(a, b, card):
    ann, ben, x = Key(a), Key(b), card_element(card)
    both = ann.encrypt(ben.encrypt(x))
    assert both == ben.encrypt(ann.encrypt(x)) and is_element(both)
    assert ann.decrypt(ben.decrypt(both)) == x == ben.decrypt(ann.decrypt(both))


@FEW
@given(keys, cards)
def test_a_layer_is_the_point_multiplied_by_the_key(e, card):
    x = card_element(card)
    assert Key(e).encrypt(x) == value(point(x) * e) and (e == 1) == (Key(e).encrypt(x) == x)


def test_a_new_key_is_secret_and_fresh():
    made = [new_key() for _ in range(3)]
    assert len({key.e for key in made}) == 3 and all(1 <= key.e < N and key.e * key.d % N == 1 for key in made)
    assert str(made[0].e) not in repr(made) and repr(made[0]) == "Key(<secret>)"
    for bad in (0, N, N + 1, -1):
        with pytest.raises(ValueError):
            Key(bad)


def test_a_key_from_a_digest_is_the_digest_reduced_into_the_keys():
    assert key_from_digest(bytes(32)).e == 1 and key_from_digest((N - 1).to_bytes(32, "big")).e == 1
    assert key_from_digest((N - 2).to_bytes(32, "big")).e == N - 1
    digest = hashlib.sha256(b"a chain secret").digest()
    assert key_from_digest(digest) == Key(1 + int.from_bytes(digest, "big") % (N - 1))


def test_a_card_is_the_first_hashed_x_on_the_curve():
    for card in (0, 1, 57, 99):
        x = card_element(card)
        assert x >> 256 == 2 and is_element(x)
        tries = [int.from_bytes(hashlib.sha256(CARD_DOMAIN + card.to_bytes(2, "big") + bytes([c])).digest(), "big") for c in range(256)]
        found = tries.index(x & (1 << 256) - 1)
        assert not any(is_element(2 << 256 | t) for t in tries[:found])


def test_cards_are_distinct_points():
    table = card_table(100)
    assert sorted(table.values()) == list(range(100)) and all(is_element(x) for x in table)
    assert card_table(6) == {card_element(i): i for i in range(6)}
    for bad in (0, 129):
        with pytest.raises(ValueError):
            card_table(bad)


@FEW
@given(keys, st.lists(cards, max_size=5))
def test_packed_values_come_back_as_they_were(e, numbers):
    values = [Key(e).encrypt(card_element(n)) for n in numbers]
    text = pack(values)
    assert unpack(text) == values == unpack(text, len(values))
    assert len(text) == -(-len(values) * ELEMENT_BYTES * 4 // 3)


def test_one_value_is_44_characters_and_a_100_card_deck_4400():
    assert len(pack([card_element(0)])) == ELEMENT_CHARS == 44
    assert len(pack(list(card_table(100)))) == 4400


def test_malformed_text_is_corrupt():
    """(33 bytes are 44 characters exactly: a value's last character has no spare bits to damage.)"""
    text = pack([card_element(1), card_element(2)])
    for bad in (
        text[:-1],  # cut inside a value
        text[: ELEMENT_CHARS - 2],
        text + "A",  # an impossible length
        text + "AAAA",  # three bytes more: not a whole value
        text + "==",  # padding
        text.replace(text[5], "+", 1),  # another alphabet
        text[:10] + "/" + text[11:],
        text[:10] + " " + text[11:],
        text[:10] + "é" + text[11:],
        text + "\n",
        b"AAAA",  # not text at all
    ):
        assert problem(unpack, bad) == "corrupt", bad[-12:]


def test_values_no_honest_device_sends_are_tampered():
    card = card_element(3)
    x = card & (1 << 256) - 1
    no_point = next(2 << 256 | t for t in range(1, 100) if not is_element(2 << 256 | t))
    small = next(t for t in range(1, 1000) if is_element(2 << 256 | t))  # an x whose x + p still fits in 32 bytes
    for bad in (
        0,  # the point at infinity's encoding: no card is it
        4 << 256 | x,  # 04: an uncompressed header on a compressed x
        1 << 256 | x,  # 01 is no header
        no_point,  # an x not on the curve
        2 << 256 | FIELD,  # x = p: no element of the field
        2 << 256 | (small + FIELD),  # the point of x = small, written as no honest device writes it
        2**264 - 1,
    ):
        raw = card.to_bytes(ELEMENT_BYTES, "big") + bad.to_bytes(ELEMENT_BYTES, "big")
        assert problem(unpack, b64(raw)) == "tampered", hex(bad)
    assert problem(lambda text: unpack(text, 3), pack([card] * 2)) == "tampered"


def test_a_huge_text_is_refused_before_it_is_read():
    assert problem(unpack, "!" * (MAX_ELEMENTS * ELEMENT_CHARS + 1)) == "too-large"


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.text(max_size=200), st.binary(min_size=ELEMENT_BYTES, max_size=ELEMENT_BYTES).map(b64)))
def test_any_text_is_read_as_points_or_refused_with_a_save_error(text):
    try:
        values = unpack(text)
    except SaveError:
        return
    assert all(is_element(x) for x in values) and pack(values) == text
