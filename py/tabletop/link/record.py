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
RING_GAMES = ("towers-of-wyoming",)  # and three or four, the links going round the table (game.py)
RING_LACKS = {
    "contractual_deadlines": "Contractual Deadlines"
}  # round a table of three or four, not yet: a lapsed hand's unseen cards go back into the pile
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
    keys: dict[int, str] = field(default_factory=dict)  # the others' public halves, each from their first link
    sent_last: bool = False  # the transcript's last message is this device's: another player owes the next
    other_waits: bool = False  # the other's last move drew chance their device cannot see until this device's link (two players)
    their_pending: list[Any] = field(
        default_factory=list
    )  # others' moves that wait for cards (or, three or four, chance) this device lacks
    held_by: list[int] = field(default_factory=list)  # the seat that made each of them
    cards: dict[str, Any] | None = None  # the hidden cards' part (cards.py reads it): shares and cards told, the check at the end
    creator: int = 0  # the seat that wrote the first message: message k is written by seat (creator + k) mod seats
    recent: list[dict[str, Any]] = field(default_factory=list)  # three or four: the last messages, which a link passes on round the table

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
        other = 1 - int(me)  # a record written before three players: one other player
        held_by, keys_data = data.get("held_by", [other] * len(theirs)), data.get("keys")
        if keys_data is None:
            keys_data = {str(other): data["their_key"]} if data.get("their_key") else {}
        recent, creator = data.get("recent", []), data.get("creator", 0)
        if not isinstance(held_by, list) or len(held_by) != len(theirs) or not all(whole(seat, 0, seats - 1) for seat in held_by):
            raise SaveError("corrupt", "the game's link record is unreadable")
        if not isinstance(keys_data, Mapping) or not isinstance(recent, list) or len(recent) > seats or not whole(creator, 0, seats - 1):
            raise SaveError("corrupt", "the game's link record is unreadable")
        keys = {}
        for seat, text in keys_data.items():
            if not (isinstance(seat, str) and seat.isdigit() and whole(int(seat), 0, seats - 1)):
                raise SaveError("corrupt", "the game's link record is unreadable")
            keys[int(seat)] = their_key(text)
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
            keys=keys,
            sent_last=data.get("sent_last") is True,
            other_waits=data.get("other_waits") is True,
            their_pending=list(theirs),
            held_by=list(held_by),
            cards=None if cards is None else dict(cards),
            creator=int(creator),
            recent=[dict(message) for message in recent if isinstance(message, Mapping)],
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
            "keys": {str(seat): key for seat, key in sorted(self.keys.items())},
            "sent_last": self.sent_last,
            "other_waits": self.other_waits,
            "their_pending": self.their_pending,
            "held_by": self.held_by,
            "cards": self.cards,
            "creator": self.creator,
            "recent": self.recent,
        }

    @property
    def seats(self) -> int:
        return len(self.shown)

    @property
    def other(self) -> int:
        """The other player of a game of two; of three or four, the next at the table (whom this device's links go to)."""
        return (self.me + 1) % self.seats

    @property
    def due(self) -> int:
        """The seat that writes the transcript's next message (round the table in seat order)."""
        if self.seats == 2:
            return self.other if self.sent_last else self.me
        return (self.creator + self.count) % self.seats


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
    if link.ended is not None:
        return "abandoned"
    if record.get("to_act") == link.me and not link.pending and not link.sent_last:
        return "your move, by link"
    friend = record["seats"][link.due if link.due != link.me else link.other]["name"]
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
