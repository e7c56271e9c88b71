"""A link's text: ``l1.`` then its message's JSON, deflated, in unpadded base64url (the packing of
a whole-game link, ``engine/share.py``), read back with the same limits as any save from outside.

>>> code = to_code({"n": 0, "m": []})
>>> code[:3], from_code(code)
('l1.', {'n': 0, 'm': []})
>>> from_code("l1.@@@")
Traceback (most recent call last):
...
tabletop.link.codes.LinkRefused: This link is damaged: the link is damaged: it holds characters a game link never has.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.errors import SaveError
from tabletop.engine.saves import load_json
from tabletop.engine.share import pack_json, text_from_code

VERSION = "l1"
PREFIX = VERSION + "."


class LinkRefused(Exception):
    """A link this device does not take, with the one line that says why (nothing was changed)."""


def to_code(message: dict[str, Any]) -> str:
    return pack_json(message, VERSION)


def from_code(code: str) -> Any:
    """The message a link's code holds (its meaning is checked by ``game.take``)."""
    try:
        return dict(load_json(text_from_code(code, VERSION), "the link"))
    except SaveError as exc:
        raise LinkRefused(f"This link is damaged: {exc}.") from None
    except (TypeError, ValueError):
        raise LinkRefused("This link is not a move of a game by link.") from None
