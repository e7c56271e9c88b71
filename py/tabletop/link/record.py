"""The ``link`` part of a game by link's save, read and checked, and what Home says of it: light
(no hashing, no cipher), so start-up and Home read it without loading the protocol (``game.py``).
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.errors import SaveError
from tabletop.engine.saves import MAX_MOVES

LINK_GAMES = ("war-of-the-worlds", "tower-battle", "towers-of-wyoming", "tower-war")  # two players, each on their own device
ID_BYTES = 16
HASH_BYTES = 16  # a transcript hash
SIZE = 16  # bytes of a share of chance (chance.py)
STEPS = MAX_MOVES  # steps of a game: 0 the deal, then every move a save can hold
SECRET_BYTES = 32  # the sealing exponent (seal.py)
ABANDONED = "abandoned"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: Any, size: int, what: str) -> bytes:
    """``size`` bytes written by ``b64``; SaveError for anything else (links and saves are hostile input)."""
    if not isinstance(text, str) or len(text) > 2 * size + 4:
        raise SaveError("corrupt", f"{what} is unreadable")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise SaveError("corrupt", f"{what} is unreadable") from None
    if len(data) != size:
        raise SaveError("corrupt", f"{what} is unreadable")
    return data


def whole(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


@dataclass
class Link:
    """The ``link`` part of a saved game, read and checked (``read``) and written back (``data``)."""

    id: bytes
    me: int
    secret: bytes
    shown: dict[int, tuple[int, bytes] | None]  # seat -> (deepest step shown, its element); None: not joined yet
    count: int  # messages in the transcript
    hash: bytes  # the transcript's hash after them
    covered: int  # moves the transcript carries
    pending: list[Any]  # this device's moves whose chance waits for the other's link
    ended: dict[str, Any] | None  # {"by": seat, "how": "abandoned"}
    last: str  # the last link this device made, to send again
    seal_secret: bytes = b""  # this device's half of the key that seals the links (seal.py)
    their_key: str = ""  # the other's public half, from their first link
    sent_last: bool = False  # the transcript's last message is this device's: the other owes the next
    other_waits: bool = False  # the other's last move drew chance their device cannot see until this device's link
    their_pending: list[Any] = field(default_factory=list)  # the other's moves that wait for cards of theirs this device was not told yet
    cards: dict[str, Any] | None = None  # the hidden cards' part (cards.py reads it): shares and cards told, the check at the end

    @classmethod
    def read(cls, data: Any, seats: int) -> Link:
        """The link part of a save, checked; SaveError for anything a device never writes."""
        if not isinstance(data, Mapping):
            raise SaveError("corrupt", "the game's link record is unreadable")
        me: Any = data.get("me")
        count: Any = data.get("count")
        covered: Any = data.get("covered")
        pending, shown_data, last = data.get("pending", []), data.get("shown"), data.get("last", "")
        if not whole(me, 0, seats - 1) or not whole(count, 0, 2 * MAX_MOVES + 4) or not whole(covered, 0, MAX_MOVES):
            raise SaveError("corrupt", "the game's link record is unreadable")
        if not isinstance(pending, list) or len(pending) > MAX_MOVES or not isinstance(last, str):
            raise SaveError("corrupt", "the game's link record is unreadable")
        if not isinstance(shown_data, list) or len(shown_data) != seats:
            raise SaveError("corrupt", "the game's link record is unreadable")
        shown: dict[int, tuple[int, bytes] | None] = {}
        for seat, pair in enumerate(shown_data):
            if pair is None:
                shown[seat] = None
            elif isinstance(pair, list) and len(pair) == 2 and whole(pair[0], -1, STEPS):
                shown[seat] = (pair[0], unb64(pair[1], SIZE, "a share of chance"))
            else:
                raise SaveError("corrupt", "the game's link record is unreadable")
        cards, theirs = data.get("cards"), data.get("their_pending", [])
        if not isinstance(theirs, list) or len(theirs) > MAX_MOVES:
            raise SaveError("corrupt", "the game's link record is unreadable")
        if cards is not None and not isinstance(cards, Mapping):
            raise SaveError("corrupt", "the game's link record is unreadable")
        ended = data.get("ended")
        if ended is not None and not (isinstance(ended, Mapping) and whole(ended.get("by"), 0, seats - 1)):
            raise SaveError("corrupt", "the game's link record is unreadable")
        return cls(
            id=unb64(data.get("id"), ID_BYTES, "the game's link id"),
            me=int(me),
            secret=unb64(data.get("secret"), SIZE, "this device's chance"),
            shown=shown,
            count=int(count),
            hash=unb64(data.get("hash"), HASH_BYTES, "the game's link hash"),
            covered=int(covered),
            pending=list(pending),
            ended=dict(ended, how=ABANDONED) if ended is not None else None,
            last=last,
            seal_secret=unb64(data.get("seal"), SECRET_BYTES, "this device's seal"),
            their_key=their_key(data.get("their_key", "")),
            sent_last=data.get("sent_last") is True,
            other_waits=data.get("other_waits") is True,
            their_pending=list(theirs),
            cards=None if cards is None else dict(cards),
        )

    def data(self) -> dict[str, Any]:
        return {
            "id": b64(self.id),
            "me": self.me,
            "secret": b64(self.secret),
            "shown": [None if pair is None else [pair[0], b64(pair[1])] for _, pair in sorted(self.shown.items())],
            "count": self.count,
            "hash": b64(self.hash),
            "covered": self.covered,
            "pending": self.pending,
            "ended": self.ended,
            "last": self.last,
            "seal": b64(self.seal_secret),
            "their_key": self.their_key,
            "sent_last": self.sent_last,
            "other_waits": self.other_waits,
            "their_pending": self.their_pending,
            "cards": self.cards,
        }

    @property
    def other(self) -> int:
        return 1 - self.me


def their_key(text: Any) -> str:
    if not isinstance(text, str) or len(text) > 400:
        raise SaveError("corrupt", "the game's link record is unreadable")
    return text


def link_of(save: Mapping[str, Any]) -> Link | None:
    """The link part of a save, or None for a game on one device."""
    data = save.get("link")
    return None if data is None else Link.read(data, len(save["seats"]))


def link_save_id(game_id: bytes) -> str:
    """The stored game of a link: one per game on each device, found from any of its links."""
    return "bylink-" + b64(game_id)


def turn_words(record: Mapping[str, Any]) -> str | None:
    """Home's word on a stored game by link: "your move", or whom it waits for (None: not by link,
    or a link record that does not read)."""
    try:
        link = link_of(record)
    except SaveError:
        return None
    if link is None:
        return None
    friend = record["seats"][link.other]["name"]
    if link.ended is not None:
        return "abandoned"
    if record.get("to_act") == link.me and not link.pending and not link.sent_last:
        return "your move, by link"
    return f"by link, waiting for {friend}"


def link_to_send(record: Mapping[str, Any]) -> str | None:
    """The link a stored game by link last made, while the friend has not answered it (to send again)."""
    try:
        link = link_of(record)
    except SaveError:
        return None
    return link.last if link is not None and link.sent_last and link.last else None


def check_words(record: Mapping[str, Any]) -> str | None:
    """Home's word on a finished game by link whose check at the end named a cheat (None otherwise)."""
    link = record.get("link")
    cards = link.get("cards") if isinstance(link, Mapping) else None
    audit = cards.get("audit") if isinstance(cards, Mapping) else None
    if not isinstance(audit, Mapping) or audit.get("ok") is not False:
        return None
    return "Not counted: the check at the end found a lie"
