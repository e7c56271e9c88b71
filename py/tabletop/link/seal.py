"""The seal on a link: which of the two players wrote it, so a link changed on its way (moves
reordered, cut or swapped) is refused when it is opened.

Each player's first link carries a public key, ``4^x mod P`` in the group of ``group.py``; both devices then hold the same key, ``4^(xy)``, textbook Diffie–Hellman, and every
later link carries an HMAC-SHA-256 of its message under it. Only the two players can seal; the
first link, sealed by no one yet, is bound by the hash of the transcript that the next link names.

>>> ana, ben = new_secret(), new_secret()
>>> key = shared(ana, public(ben))
>>> key == shared(ben, public(ana))
True
>>> message = {"n": 1, "m": []}
>>> checks(key, dict(message, a=seal(key, message)))
True
>>> checks(key, dict(message, m=[{"kind": "pass"}], a=seal(key, message)))
False
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from typing import Any

from tabletop.link.group import P, element_to_bytes, pack, unpack
from tabletop.link.record import SECRET_BYTES  # a 256-bit exponent: the group's discrete logarithm stays out of reach

SEAL_BYTES = 16
_SHARED: dict[tuple[bytes, str], bytes] = {}  # one exponentiation per game and session


def new_secret() -> bytes:
    return secrets.token_bytes(SECRET_BYTES)


def public(secret: bytes) -> str:
    """The key a player's first link shows."""
    return pack([pow(4, int.from_bytes(secret, "big"), P)])


def shared(secret: bytes, theirs: str) -> bytes:
    """The key both devices hold; SaveError when ``theirs`` is no key of the group."""
    cached = _SHARED.get((secret, theirs))
    if cached is None:
        (their_key,) = unpack(theirs, 1)
        cached = hashlib.sha256(b"towers-and-worlds seal" + element_to_bytes(pow(their_key, int.from_bytes(secret, "big"), P))).digest()
        _SHARED[(secret, theirs)] = cached
    return cached


def seal(key: bytes, message: Mapping[str, Any]) -> str:
    """The seal of ``message`` (all of it but a seal it may hold already)."""
    text = json.dumps({k: v for k, v in message.items() if k != "a"}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    mac = hmac.new(key, text.encode(), hashlib.sha256).digest()[:SEAL_BYTES]
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode("ascii")


def checks(key: bytes, message: Mapping[str, Any]) -> bool:
    given = message.get("a")
    return isinstance(given, str) and hmac.compare_digest(given, seal(key, message))
