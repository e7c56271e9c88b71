"""Game links: a whole save in a URL fragment (``#/open/CODE``), so a link carries the game
itself, not an id that only one browser's storage knows (an embed's storage is often blocked).

A code is ``g1.`` (the link format's version) followed by the save file's JSON, deflated (zlib)
and written in unpadded base64url. Decoding gives back the file's text, which then goes through
exactly the checks an imported file gets (``parse_save``, then the replay of every move).

>>> save = {"format": "towers-and-worlds-save", "version": 1, "game": "tower-battle",
...         "options": {}, "seats": [{"name": "Ana"}, {"name": "Ben"}], "seed": 7, "moves": []}
>>> code = save_to_code(save)
>>> code[:3], json.loads(text_from_code(code))["seats"][1]["name"]
('g1.', 'Ben')
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.engine.errors import SaveError
from tabletop.engine.numbers import parse_count
from tabletop.engine.saves import MAX_SAVE_BYTES, parse_save

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule

LINK_VERSION = "g1"
MAX_CODE_CHARS = 128 * 1024  # refused unread beyond this: deflated saves are a fraction of MAX_SAVE_BYTES
SAVE_FIELDS = ("format", "version", "game", "options", "seats", "seed", "moves", "name")


def save_to_code(save: Mapping[str, Any]) -> str:
    """The link code of a save: the fields an exported file holds (no storage id), compact."""
    data = {k: save[k] for k in SAVE_FIELDS if k in save}
    return pack_json(data, LINK_VERSION)


def pack_json(data: Any, version: str) -> str:
    """``version.`` then the JSON of ``data``, deflated, in unpadded base64url (also a position's code, engine/position_codes.py)."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    packed = zlib.compress(text.encode(), 9)
    return f"{version}." + base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def text_from_code(code: str, expected: str = LINK_VERSION) -> str:
    """The save file's text inside a code; SaveError says why a code is not readable.

    Sizes are checked before any work: the code's length first, then the inflated text is
    cut at the save limit (a small code cannot inflate into gigabytes). ``expected`` is the
    code's kind and version (``g1`` a game, ``p1`` a position seen by one seat).
    """
    if len(code) > MAX_CODE_CHARS:
        raise SaveError(
            "too-large", f"the link is too long to hold a game ({len(code) // 1024} KB; the limit is {MAX_CODE_CHARS // 1024} KB)"
        )
    version, dot, body = code.partition(".")
    if not dot or version[:1] != expected[:1] or parse_count(version[1:], 1, 999) is None:
        raise SaveError("foreign", "this link does not hold a Towers & Worlds game")
    if version != expected:
        raise SaveError("version", "this link was made by a newer version of the app")
    try:
        packed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise SaveError("corrupt", "the link is damaged: it holds characters a game link never has") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_SAVE_BYTES + 1)
    except zlib.error:
        raise SaveError("corrupt", "the link is damaged or cut short") from None
    if len(raw) > MAX_SAVE_BYTES or inflater.unconsumed_tail:
        raise SaveError("too-large", f"the game in this link is larger than a save may be ({MAX_SAVE_BYTES // 1024} KB)")
    if not inflater.eof or inflater.unused_data:
        raise SaveError("corrupt", "the link is damaged or cut short")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("corrupt", "the link is damaged: its game is not readable text") from None


def save_from_code(code: str, games: Mapping[str, GameModule]) -> dict[str, Any]:
    """The save a link holds, checked as an imported file is (its moves are checked on replay)."""
    return parse_save(text_from_code(code), games)
