"""The commutative cipher of the joint shuffle: mental poker's textbook commutative encryption
(Shamir, Rivest and Adleman's), in its elliptic-curve form, on the curve secp256k1.

A card is a point of the curve and a key is a secret number ``e``: its layer multiplies the point
by ``e`` and comes off multiplied by ``e``'s inverse modulo the group's order ``N``. Two keys
commute, so layers can be put on and taken off in any order. The curve's points form one group of
prime order (no cofactor), so there is no small subgroup and no bit of a card, such as the
quadratic-residue bit of SRA modulo a prime, that a layer leaves showing; that no one can tell
which card lies under a layer they do not hold is the decisional Diffie–Hellman assumption in it.

The point arithmetic is python-ecdsa's (``py/ecdsa``, 0.19.1, vendored whole). A value travels as
its point's 33-byte compressed encoding, 44 characters of base64url where a value of the 2048-bit
group of ``group.py`` takes 342, and is held here as that encoding read as one integer, so a deck is
a list of ints that compare and hash cheaply.

>>> ann, ben = new_key(), new_key()
>>> card = card_element(3)
>>> ann.encrypt(ben.encrypt(card)) == ben.encrypt(ann.encrypt(card))
True
>>> ben.decrypt(ann.decrypt(ben.encrypt(ann.encrypt(card)))) == card
True
>>> unpack(pack([card])) == [card], len(pack([card]))
(True, 44)

Every decoder here treats its text as hostile (a link comes from a player who may cheat): it is
refused with a SaveError unless it is exactly what an honest device writes.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from functools import lru_cache

from ecdsa.curves import SECP256k1
from ecdsa.ellipticcurve import PointJacobi
from ecdsa.errors import MalformedPointError

from tabletop.link.group import pack_fixed, unpack_fixed

CURVE = SECP256k1.curve
N: int = SECP256k1.order  # prime: the number of points, the group every value lives in
FIELD: int = CURVE.p()  # the prime of the field the points' coordinates lie in
X_MASK = (1 << 256) - 1  # a value's x, below its one-byte header
ELEMENT_BYTES = 33  # one value: its point's compressed encoding (02 or 03, then x, big-endian)
ELEMENT_CHARS = 44  # one value in unpadded base64url
MAX_ELEMENTS = 256  # a pack longer than this is refused unread (the largest deck has 100 cards)
MAX_DECK = 128
CARD_DOMAIN = b"tabletop.link card on secp256k1 v1"


def point(x: int) -> PointJacobi:
    """The point value ``x`` encodes; MalformedPointError when it encodes none."""
    return PointJacobi.from_bytes(CURVE, x.to_bytes(ELEMENT_BYTES, "big"), valid_encodings=("compressed",), order=N)


def value(p: PointJacobi) -> int:
    """A point as the value a deck holds: its compressed encoding, read as one integer."""
    return int.from_bytes(p.to_bytes("compressed"), "big")


def is_element(x: int) -> bool:
    """Whether ``x`` is a value a deck may hold: the compressed encoding of a point of the curve,
    written as an honest device writes it (an x of p or more would name some point a second time,
    and a deck could then hold one card twice unseen)."""
    if not 0 < x < 1 << 8 * ELEMENT_BYTES or x & X_MASK >= FIELD:  # python-ecdsa reads such an x modulo p
        return False
    try:
        point(x)
    except MalformedPointError:  # a header other than 02 or 03, or an x on no point
        return False
    return True


class Key:
    """One player's secret: the number ``e`` (1..N-1, drawn by ``new_key``) and ``d``, its inverse
    modulo N. Its repr shows neither, so a log or a failed test never prints a secret."""

    __slots__ = ("d", "e")

    def __init__(self, e: int) -> None:
        if not 1 <= e < N:
            raise ValueError("a key is a number in 1..N-1")
        self.e = e
        self.d = pow(e, -1, N)

    def encrypt(self, x: int) -> int:
        """Put this key's layer on ``x``."""
        return value(point(x) * self.e)

    def decrypt(self, x: int) -> int:
        """Take this key's layer off ``x`` (in whatever order the layers were put on)."""
        return value(point(x) * self.d)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Key) and self.e == other.e

    def __hash__(self) -> int:
        return hash(self.e)

    def __repr__(self) -> str:
        return "Key(<secret>)"


def new_key() -> Key:
    """A fresh key from the system's secure random source."""
    return Key(1 + secrets.randbelow(N - 1))


def key_from_digest(digest: bytes) -> Key:
    """A key made from a secret digest (a player's chain secret, hashed per deck), so the secret
    shown at the end shows the key; a 32-byte digest is reduced with a bias of about 2**-128."""
    return Key(1 + int.from_bytes(digest, "big") % (N - 1))


@lru_cache(maxsize=512)
def card_element(card: int) -> int:
    """Card ``card``'s value before any layer: the first point whose x is a hash of the card's
    number and a counter (try and increment; half of all x are on the curve). No one knows how
    two cards' points relate, so no layer can be worked out from cards already seen."""
    for counter in range(256):
        x = int.from_bytes(hashlib.sha256(CARD_DOMAIN + card.to_bytes(2, "big") + bytes([counter])).digest(), "big")
        candidate = 2 << 8 * (ELEMENT_BYTES - 1) | x
        if is_element(candidate):
            return candidate
    raise ValueError(f"no point for card {card}")  # never: each try fails with odds of about one half


@lru_cache(maxsize=8)
def card_table(deck_size: int) -> dict[int, int]:
    """Each card's value to its number, for a deck of ``deck_size`` cards (0..deck_size-1)."""
    if not 1 <= deck_size <= MAX_DECK:
        raise ValueError(f"a deck has 1..{MAX_DECK} cards")
    table = {card_element(card): card for card in range(deck_size)}
    if len(table) != deck_size:
        raise ValueError("two cards share a value")  # never, for sha256
    return table


def pack(elements: Sequence[int]) -> str:
    """Values as compact text for a link: 33 bytes each, in unpadded base64url."""
    return pack_fixed(elements, ELEMENT_BYTES)


def unpack(text: str, count: int | None = None) -> list[int]:
    """The values ``pack`` wrote, each checked to be a point; ``count``: how many there must be.
    SaveError as ``group.unpack_fixed`` says ("tampered" for 33 bytes that encode no point of the
    curve, or encode one as no device writes it)."""
    return unpack_fixed(text, count, ELEMENT_BYTES, is_element, ("list of encrypted cards", "encrypted cards", "an encrypted card"))
