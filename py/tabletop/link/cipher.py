"""The commutative cipher of the joint shuffle: textbook SRA (Shamir, Rivest, Adleman's mental poker),
exponentiation modulo the 2048-bit safe prime of RFC 3526 (group 14), with Python's big integers.

Every value lives in the subgroup of quadratic residues, of prime order ``Q``: a card, each of its
encryptions and everything a link carries. Outside it a ciphertext would keep its plaintext's
quadratic-residue bit (Lipton's attack on SRA); inside it there is no such bit, and no small
subgroup either, since ``Q`` is prime. A key is a secret exponent ``e`` and its inverse modulo ``Q``;
two keys commute, so layers can be put on and taken off in any order.

>>> ann, ben = new_key(), new_key()
>>> card = card_element(3)
>>> ann.encrypt(ben.encrypt(card)) == ben.encrypt(ann.encrypt(card))
True
>>> ben.decrypt(ann.decrypt(ben.encrypt(ann.encrypt(card)))) == card
True
>>> unpack(pack([card])) == [card], len(pack([card]))
(True, 342)

Every decoder here treats its text as hostile (a link comes from a player who may cheat): it is
refused with a SaveError unless it is exactly what an honest device writes.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import secrets
from collections.abc import Sequence
from functools import lru_cache

from tabletop.engine.errors import SaveError

P = int(
    "FFFFFFFF FFFFFFFF C90FDAA2 2168C234 C4C6628B 80DC1CD1 29024E08 8A67CC74 020BBEA6 3B139B22 514A0879 8E3404DD"
    "EF9519B3 CD3A431B 302B0A6D F25F1437 4FE1356D 6D51C245 E485B576 625E7EC6 F44C42E9 A637ED6B 0BFF5CB6 F406B7ED"
    "EE386BFB 5A899FA5 AE9F2411 7C4B1FE6 49286651 ECE45B3D C2007CB8 A163BF05 98DA4836 1C55D39A 69163FA8 FD24CF5F"
    "83655D23 DCA3AD96 1C62F356 208552BB 9ED52907 7096966D 670C354E 4ABC9804 F1746C08 CA18217C 32905E46 2E36CE3B"
    "E39E772C 180E8603 9B2783A2 EC07A28F B5C55DF0 6F4C52C9 DE2BCBF6 95581718 3995497C EA956AE5 15D22618 98FA0510"
    "15728E5A 8AACAA68 FFFFFFFF FFFFFFFF".replace(" ", ""),
    16,
)
Q = (P - 1) // 2  # prime: the order of the quadratic residues, the group every value lives in
ELEMENT_BYTES = 256  # one value, big-endian, fixed width
ELEMENT_CHARS = 342  # one value in unpadded base64url
MAX_ELEMENTS = 256  # a pack longer than this is refused unread (the largest deck has 100 cards)
MAX_DECK = 128
CARD_DOMAIN = b"tabletop.link card v1"
BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


def legendre(a: int) -> int:
    """1 if ``a`` is a nonzero square modulo P, -1 if it is not, 0 for 0: Jacobi's algorithm, which
    costs a twentieth of Euler's criterion (one exponentiation) at this size."""
    a, n, sign = a % P, P, 1
    while a:
        zeros = (a & -a).bit_length() - 1
        a >>= zeros
        if zeros % 2 and n % 8 in (3, 5):
            sign = -sign
        a, n = n, a
        if a % 4 == 3 and n % 4 == 3:
            sign = -sign
        a %= n
    return sign if n == 1 else 0


def is_element(x: int) -> bool:
    """Whether ``x`` is a value a deck may hold: a quadratic residue other than 1 (which every key
    leaves as it is), in 2..P-1."""
    return 2 <= x < P and legendre(x) == 1


class Key:
    """One player's secret: the exponent ``e`` (2..Q-1, drawn by ``new_key``) and ``d``, its inverse
    modulo Q. Its repr shows neither, so a log or a failed test never prints a secret."""

    __slots__ = ("d", "e")

    def __init__(self, e: int) -> None:
        if not 2 <= e < Q:
            raise ValueError("a key's exponent is in 2..Q-1")
        self.e = e
        self.d = pow(e, -1, Q)

    def encrypt(self, x: int) -> int:
        """Put this key's layer on ``x``."""
        return pow(x, self.e, P)

    def decrypt(self, x: int) -> int:
        """Take this key's layer off ``x`` (in whatever order the layers were put on)."""
        return pow(x, self.d, P)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Key) and self.e == other.e

    def __hash__(self) -> int:
        return hash(self.e)

    def __repr__(self) -> str:
        return "Key(<secret>)"


def new_key() -> Key:
    """A fresh key from the system's secure random source."""
    return Key(2 + secrets.randbelow(Q - 2))


def card_element(card: int) -> int:
    """Card ``card``'s value before any layer: a square of a hash of its number, so it is a quadratic
    residue and the cards have no multiplicative relation a player could find. Small numbers such as
    (card + 2)**2 would have them (4 * 9 == 36), and E(a) * E(b) == E(a * b) under every key, so the
    product of two encrypted cards would point out a third in a shuffled deck."""
    digest = b"".join(hashlib.sha256(CARD_DOMAIN + card.to_bytes(2, "big") + bytes([block])).digest() for block in range(9))
    return pow(int.from_bytes(digest, "big") % P, 2, P)  # 288 bytes: the reduction modulo P is as good as uniform


@lru_cache(maxsize=8)
def card_table(deck_size: int) -> dict[int, int]:
    """Each card's value to its number, for a deck of ``deck_size`` cards (0..deck_size-1)."""
    if not 1 <= deck_size <= MAX_DECK:
        raise ValueError(f"a deck has 1..{MAX_DECK} cards")
    table = {card_element(card): card for card in range(deck_size)}
    if len(table) != deck_size or not all(map(is_element, table)):
        raise ValueError("two cards share a value, or a card is not in the group")  # never, for sha256
    return table


def element_to_bytes(x: int) -> bytes:
    return x.to_bytes(ELEMENT_BYTES, "big")


def pack(elements: Sequence[int]) -> str:
    """Values as compact text for a link: 256 big-endian bytes each, in unpadded base64url."""
    raw = b"".join(element_to_bytes(x) for x in elements)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def base64url_bytes(text: str, what: str) -> bytes:
    """The bytes of unpadded base64url ``text``, only if ``text`` is exactly how they are written
    (no padding, no other alphabet, no stray bits in the last character)."""
    if not isinstance(text, str) or not BASE64URL.fullmatch(text):
        raise SaveError("corrupt", f"the {what} holds characters a link never has")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise SaveError("corrupt", f"the {what} is cut short") from None
    if base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii") != text:
        raise SaveError("corrupt", f"the {what} is damaged")
    return raw


def unpack(text: str, count: int | None = None) -> list[int]:
    """The values ``pack`` wrote, each checked to be in the group; ``count``: how many there must be.

    SaveError "corrupt" for text no device writes (bad characters, cut short), "too-large" beyond
    MAX_ELEMENTS, "tampered" for a well-formed value no honest device sends (the wrong number of
    values, 0, 1, P or more, or a value outside the quadratic residues)."""
    if isinstance(text, str) and len(text) > MAX_ELEMENTS * ELEMENT_CHARS:
        raise SaveError("too-large", f"the link holds more than {MAX_ELEMENTS} encrypted cards")
    raw = base64url_bytes(text, "encrypted cards")
    if len(raw) % ELEMENT_BYTES:
        raise SaveError("corrupt", "the encrypted cards are cut short")
    elements = [int.from_bytes(raw[i : i + ELEMENT_BYTES], "big") for i in range(0, len(raw), ELEMENT_BYTES)]
    if count is not None and len(elements) != count:
        raise SaveError("tampered", f"the link holds {len(elements)} encrypted cards where {count} are due")
    if not all(map(is_element, elements)):
        raise SaveError("tampered", "the link holds an encrypted card that no honest device makes")
    return elements


def key_to_text(key: Key) -> str:
    """A key as text, once the game is over and every player shows theirs (its exponent; the
    inverse is derived)."""
    return base64.urlsafe_b64encode(element_to_bytes(key.e)).rstrip(b"=").decode("ascii")


def key_from_text(text: str) -> Key:
    """The key ``key_to_text`` wrote; SaveError for anything else."""
    if isinstance(text, str) and len(text) > ELEMENT_CHARS:
        raise SaveError("too-large", "the key is longer than a key")
    raw = base64url_bytes(text, "key")
    if len(raw) != ELEMENT_BYTES:
        raise SaveError("corrupt", "the key is cut short")
    e = int.from_bytes(raw, "big")
    if not 2 <= e < Q:
        raise SaveError("tampered", "the key is not a key of the shuffle")
    return Key(e)
