"""The seal's group: RFC 3526's safe prime, the quadratic residues (Legendre's symbol), and text
from a link refused unless an honest device could have written it."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.errors import SaveError
from tabletop.link.group import ELEMENT_BYTES, ELEMENT_CHARS, MAX_ELEMENTS, P, Q, is_element, legendre, pack, unpack

FEW = settings(max_examples=8, deadline=None)
exponents = st.integers(2, Q - 1)
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def probably_prime(n: int) -> bool:
    """Miller-Rabin with fixed bases: a typo in the prime's 512 hex digits would fail it."""
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for base in (2, 3, 5, 7):
        x = pow(base, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def problem(decode, text) -> str:
    with pytest.raises(SaveError) as err:
        decode(text)
    assert "\n" not in str(err.value)
    return err.value.problem


def test_the_group_is_rfc_3526s_safe_prime():
    assert (
        P.bit_length() == 2048 and hex(P).startswith("0xffffffffffffffffc90fdaa22168c234") and hex(P).endswith("8aacaa68ffffffffffffffff")
    )
    assert probably_prime(P) and probably_prime(Q)


@FEW
@given(st.integers(0, P - 1))
def test_the_legendre_symbol_agrees_with_eulers_criterion(x):
    assert legendre(x) == {1: 1, 0: 0, P - 1: -1}[pow(x, Q, P)]


@FEW
@given(st.lists(exponents, max_size=5))
def test_packed_values_come_back_as_they_were(exponents):
    values = [pow(4, e, P) for e in exponents]
    text = pack(values)
    assert unpack(text) == values == unpack(text, len(values))
    assert len(text) == -(-len(values) * ELEMENT_BYTES * 4 // 3)


def test_one_value_is_342_characters():
    assert len(pack([pow(4, 12345, P)])) == ELEMENT_CHARS == 342


def test_malformed_text_is_corrupt():
    text = pack([pow(4, 5, P), pow(4, 7, P)])
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
        text[:-1] + ALPHABET[ALPHABET.index(text[-1]) ^ 1],  # a stray bit in the last character
        b"AAAA",  # not text at all
    ):
        assert problem(unpack, bad) == "corrupt", bad[-12:]


def test_values_no_honest_device_sends_are_tampered():
    residue = pow(4, 3, P)
    for bad in (0, 1, P, P + 1, 2**2048 - 1, P - 1, residue * (P - 1) % P):
        assert problem(unpack, b64(residue.to_bytes(ELEMENT_BYTES, "big") + bad.to_bytes(ELEMENT_BYTES, "big"))) == "tampered", bad
    assert problem(lambda text: unpack(text, 3), pack([residue] * 2)) == "tampered"


def test_a_huge_text_is_refused_before_it_is_read():
    assert problem(unpack, "!" * (MAX_ELEMENTS * ELEMENT_CHARS + 1)) == "too-large"


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.text(max_size=700), st.binary(min_size=ELEMENT_BYTES, max_size=ELEMENT_BYTES).map(b64)))
def test_any_text_is_read_as_values_of_the_group_or_refused_with_a_save_error(text):
    try:
        values = unpack(text)
    except SaveError:
        return
    assert all(is_element(x) for x in values) and pack(values) == text
