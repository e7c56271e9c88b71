"""The group of the seal's Diffie–Hellman (``seal.py``): the quadratic residues modulo the 2048-bit
safe prime of RFC 3526 (group 14), with Python's big integers.

The subgroup of quadratic residues has prime order ``Q``, so it has no small subgroup a public key
could be pushed into; a value a link carries is checked to be in it.

>>> value = pow(4, 12345, P)
>>> unpack(pack([value])) == [value], len(pack([value]))
(True, 342)

Every decoder here treats its text as hostile (a link comes from a player who may cheat): it is
refused with a SaveError unless it is exactly what an honest device writes.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable, Sequence

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
MAX_ELEMENTS = 256  # a pack longer than this is refused unread
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
    """Whether ``x`` is a value a link may carry: a quadratic residue other than 1 (which every
    exponent leaves as it is), in 2..P-1."""
    return 2 <= x < P and legendre(x) == 1


def element_to_bytes(x: int) -> bytes:
    return x.to_bytes(ELEMENT_BYTES, "big")


def pack(elements: Sequence[int]) -> str:
    """Values as compact text for a link: 256 big-endian bytes each, in unpadded base64url."""
    return pack_fixed(elements, ELEMENT_BYTES)


def pack_fixed(elements: Sequence[int], width: int) -> str:
    """Numbers of ``width`` big-endian bytes each, in unpadded base64url (this group's values, and
    the curve's points in ``cipher.py``)."""
    raw = b"".join(x.to_bytes(width, "big") for x in elements)
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
    SaveError as ``unpack_fixed`` says ("tampered" for 0, 1, P or more, or a value outside the
    quadratic residues)."""
    return unpack_fixed(text, count, ELEMENT_BYTES, is_element, ("public key", "public keys", "a public key"))


def unpack_fixed(text: str, count: int | None, width: int, valid: Callable[[int], bool], words: tuple[str, str, str]) -> list[int]:
    """The numbers ``pack_fixed`` wrote, each checked by ``valid``; ``count``: how many there must
    be; ``words``: what the text is, the values, and one value, for the messages.

    SaveError "corrupt" for text no device writes (bad characters, cut short), "too-large" beyond
    MAX_ELEMENTS, "tampered" for a well-formed value no honest device sends (the wrong number of
    values, or one ``valid`` refuses)."""
    text_is, values, one = words
    if isinstance(text, str) and len(text) > MAX_ELEMENTS * -(-width * 4 // 3):  # a value's characters, rounded up
        raise SaveError("too-large", f"the link holds more than {MAX_ELEMENTS} {values}")
    raw = base64url_bytes(text, text_is)
    if len(raw) % width:
        raise SaveError("corrupt", f"the {text_is} is cut short")
    elements = [int.from_bytes(raw[i : i + width], "big") for i in range(0, len(raw), width)]
    if count is not None and len(elements) != count:
        raise SaveError("tampered", f"the link holds {len(elements)} {values} where {count} are due")
    if not all(map(valid, elements)):
        raise SaveError("tampered", f"the link holds {one} that no honest device makes")
    return elements
