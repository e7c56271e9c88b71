"""Hidden cards of a game by link: decks that one player alone draws from (Tower Battle's stocks).

Each place of such a deck is settled by two shares: the owner's and the other player's, each an
HMAC of that player's chain secret (``chance.py``), which their first link promised. The card at
place ``p`` is picked from the cards not yet picked by the hash of both shares of ``p``. So:

- **no one chooses or foresees a card**: both secrets were fixed before the game, and each share is
  a keyed hash no one else can work out;
- **only the owner reads it**: the other player sends their share of a place once the rules have
  drawn it (``shares_due``); the owner's own share never leaves their device, so no link and no
  other device can work the card out;
- **a card the rules turn up** (played face up, discarded, in a battle, at a game's end) is told by
  its owner's next link (``faces_due``); the other device checks that it is a card of that deck not
  told for another place, and takes it.
- **at the game's end** each player shows their secret (``"z"``): every share sent and every card
  told is worked out again and the whole game replayed with every card known, so a card told
  falsely, a share not made from the promised secret, or a play the rules forbid that only the
  hidden card showed (an Assassin played face down) is found, and its player named (``audit``).

A deck shared by several drawers (Towers of Wyoming's draw pile) needs the commutative cipher of
``deck.py`` instead, and is not played by link yet.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.cards import Card
from tabletop.engine.errors import SaveError
from tabletop.engine.hidden import Hidden, cards_known
from tabletop.engine.rng import Deck
from tabletop.link.record import SIZE, b64, unb64

SHARE_TAG = b"towers-and-worlds card share"
PICK_TAG = b"towers-and-worlds card pick"
MOST_PLACES = 9999


class CardTold(Exception):
    """A link tells a card that cannot be the one at that place (not in its deck, or told twice)."""


def share(secret: bytes, game_id: bytes, deck: int, pos: int) -> bytes:
    """One player's share of one place of one deck."""
    return hmac.new(secret, SHARE_TAG + game_id + deck.to_bytes(2, "big") + pos.to_bytes(2, "big"), hashlib.sha256).digest()[:SIZE]


def pick(owner_share: bytes, other_share: bytes, left: int) -> int:
    """Which of the ``left`` cards not yet picked lies at the place both shares settle."""
    return int.from_bytes(hashlib.sha256(PICK_TAG + owner_share + other_share).digest(), "big") % left


def key(card: Hidden) -> str:
    return f"{card.deck}.{card.pos}"


def unkey(text: Any) -> Hidden:
    """A place written by ``key``; ValueError for anything else."""
    if not isinstance(text, str):
        raise ValueError(f"not a place: {text!r}")
    return Hidden.parse("?" + text)


@dataclass
class Known:
    """The ``cards`` part of a game by link's record: what the other player's links brought of the
    hidden cards, and what this device owes them."""

    shares: dict[str, bytes] = field(default_factory=dict)  # place -> the other's share, for this device's decks
    told: dict[str, str] = field(default_factory=dict)  # place -> the card the other told, of their decks
    sent: dict[int, int] = field(default_factory=dict)  # the other's deck -> places this device sent shares for
    owed: list[str] = field(default_factory=list)  # this device's places the rules turned up, not yet told
    shown: list[str] = field(default_factory=list)  # this device's places told already
    their_secret: bytes | None = None  # shown at the game's end
    secret_sent: bool = False
    audit: dict[str, Any] | None = None  # {"ok": bool, "cheat": seat | None, "why": str}

    @classmethod
    def read(cls, data: Any) -> Known:
        """The record's ``cards`` part, checked (SaveError: a record no device writes)."""
        if data is None:
            return cls()
        try:
            shares = {key(unkey(k)): unb64(v, SIZE, "a card share") for k, v in dict(data.get("shares", {})).items()}
            told = {key(unkey(k)): str(Card.parse(v)) for k, v in dict(data.get("told", {})).items()}
            sent = {int(k): int(v) for k, v in dict(data.get("sent", {})).items()}
            owed = [key(unkey(k)) for k in data.get("owed", [])]
            shown = [key(unkey(k)) for k in data.get("shown", [])]
            secret = data.get("their_secret")
            audit = data.get("audit")
        except (TypeError, ValueError, AttributeError):
            raise SaveError("corrupt", "the game's hidden cards are unreadable") from None
        if audit is not None and not isinstance(audit, dict):
            raise SaveError("corrupt", "the game's hidden cards are unreadable")
        return cls(
            shares,
            told,
            sent,
            owed,
            shown,
            None if secret is None else unb64(secret, SIZE, "the other's secret"),
            data.get("secret_sent") is True,
            audit,
        )

    def data(self) -> dict[str, Any]:
        return {
            "shares": {k: b64(v) for k, v in self.shares.items()},
            "told": dict(self.told),
            "sent": {str(k): v for k, v in self.sent.items()},
            "owed": list(self.owed),
            "shown": list(self.shown),
            "their_secret": None if self.their_secret is None else b64(self.their_secret),
            "secret_sent": self.secret_sent,
            "audit": self.audit,
        }


class CardTable:
    """What one device reads of the hidden cards (engine/hidden.py's Table): its own decks' cards
    from its secret and the other's shares, the other's from what they told, and every card once
    both secrets are known (``everything``: the check at a game's end)."""

    def __init__(self, game_id: bytes, me: int, secret: bytes, known: Known, decks: tuple[Deck, ...] = (), everything: bool = False):
        self.game_id, self.me, self.secret, self.known = game_id, me, secret, known
        self.decks: dict[int, Deck] = dict(enumerate(decks))
        self.everything = everything and known.their_secret is not None
        self.reads: list[Hidden] = []
        self.refusal: CardTold | None = None  # a card told against the game, which a replay met (it says only SaveError)
        self._order: dict[int, list[Card]] = {}

    # engine/hidden.py's Table

    def shuffled(self, deck: int, contents: tuple[Card | Hidden, ...], owner: int) -> None:
        if self.decks.get(deck, Deck(owner, contents, 0))[:2] != (owner, contents):
            self._order.pop(deck, None)
        self.decks[deck] = Deck(owner, contents, 0)

    def read(self, card: Hidden, face: Card) -> None:
        self.reads.append(card)

    def face_of(self, card: Hidden) -> Card | None:
        deck = self.decks.get(card.deck)
        if deck is None or not 0 <= card.pos < len(deck.contents):
            return None
        if deck.owner == self.me:
            return self.worked_out(card, self.secret, lambda pos: self.known.shares.get(f"{card.deck}.{pos}"))
        if self.everything:
            assert self.known.their_secret is not None
            mine = self.secret
            return self.worked_out(card, self.known.their_secret, lambda pos: share(mine, self.game_id, card.deck, pos))
        told = self.known.told.get(key(card))
        if told is None:
            return None
        try:
            return self.told_card(card, told)
        except CardTold as exc:
            self.refusal = exc
            raise

    # the cards

    def worked_out(self, card: Hidden, owner_secret: bytes, other_share: Any) -> Card | None:
        """The card at ``card``'s place from the owner's secret and the other's shares of every
        place up to it (None while a share has not come). A deck made of its owner's hidden cards
        (a stock after a scoring card was set aside) picks among them, then reads the one picked."""
        order = self._order.setdefault(card.deck, [])
        left = list(self.decks[card.deck].contents)
        for entry in order:
            left.remove(entry)
        while len(order) <= card.pos:
            pos = len(order)
            theirs = other_share(pos)
            if theirs is None:
                return None
            order.append(left.pop(pick(share(owner_secret, self.game_id, card.deck, pos), theirs, len(left))))
        entry = order[card.pos]
        return self.face_of(entry) if isinstance(entry, Hidden) else entry

    def cards_of(self, number: int) -> list[Card]:
        """The cards deck ``number`` may hold: its plain cards, and each card of a deck its hidden
        cards come from (once: they are that deck's cards, set apart)."""
        plain = [entry for entry in self.decks[number].contents if not isinstance(entry, Hidden)]
        parents = sorted({entry.deck for entry in self.decks[number].contents if isinstance(entry, Hidden)})
        return plain + [card for parent in parents if parent < number and parent in self.decks for card in self.cards_of(parent)]

    def told_card(self, card: Hidden, told: str) -> Card:
        """A card the other told: one of that deck's, and not told for another of its places."""
        face = Card.parse(told)
        cards = self.cards_of(card.deck)
        if face not in cards:
            raise CardTold(f"{face.label} is not one of that player's cards")
        places = [place for place, code in self.known.told.items() if code == told and unkey(place).deck == card.deck]
        if len(places) > cards.count(face):
            raise CardTold(f"it tells {face.label} twice")
        return face

    # what this device owes the other

    def note(self) -> None:
        """After a move: this device's cards the rules turned up, owed to the other (the shares it
        owes are worked out from the decks when a link is made, ``shares_due``)."""
        for place in dict.fromkeys(key(card) for card in self.new_reads()):
            if place not in self.known.owed:
                self.known.owed.append(place)
        self.reads = []

    def shares_due(self, decks: tuple[Deck, ...]) -> dict[str, str]:
        """This device's shares of every place of the other's decks drawn so far and not sent."""
        due: dict[str, str] = {}
        for number, deck in enumerate(decks):
            if deck.owner != self.me:
                for pos in range(self.known.sent.get(number, 0), deck.drawn):
                    due[f"{number}.{pos}"] = b64(share(self.secret, self.game_id, number, pos))
        return due

    def new_reads(self) -> list[Hidden]:
        """This device's cards the rules read since the last ``note`` that the other was not told."""
        return [c for c in self.reads if c.deck in self.decks and self.decks[c.deck].owner == self.me and key(c) not in self.known.shown]

    def faces_due(self) -> dict[str, str]:
        due = {}
        for place in self.known.owed:
            face = self.face_of(unkey(place))
            if face is not None:
                due[place] = str(face)
        return due

    def sent(self, decks: tuple[Deck, ...], faces: Mapping[str, str]) -> None:
        """Write down what a message carried."""
        for number, deck in enumerate(decks):
            if deck.owner != self.me:
                self.known.sent[number] = max(self.known.sent.get(number, 0), deck.drawn)
        self.known.shown += [place for place in faces if place not in self.known.shown]
        self.known.owed = [place for place in self.known.owed if place not in faces]

    @contextmanager
    def open(self) -> Iterator[CardTable]:
        with cards_known(self):
            yield self


def decks_of(state: Any) -> tuple[Deck, ...]:
    """The public record of a state's decks by link (none for a game without them)."""
    rng = getattr(state, "rng", None)
    return tuple(getattr(rng, "decks", ()))


def take_told(known: Known, message: Mapping[str, Any], other: str) -> None:
    """A link's shares and told cards, read as hostile input and kept; a share or a card that
    contradicts one the same player sent before is refused."""
    from tabletop.link.codes import LinkRefused

    shares, told = message.get("y", {}), message.get("r", {})
    if not isinstance(shares, dict) or not isinstance(told, dict) or len(shares) + len(told) > 4 * MOST_PLACES:
        raise LinkRefused("This link is damaged: its hidden cards are unreadable.")
    try:
        new_shares = {key(unkey(k)): unb64(v, SIZE, "a card share") for k, v in shares.items()}
        new_told = {key(unkey(k)): str(Card.parse(v)) for k, v in told.items()}
    except (ValueError, SaveError):
        raise LinkRefused("This link is damaged: its hidden cards are unreadable.") from None
    for place, value in new_shares.items():
        if known.shares.setdefault(place, value) != value:
            raise LinkRefused(f"This link changes a share of a card {other} sent before.")
    for place, card in new_told.items():
        if known.told.setdefault(place, card) != card:
            raise LinkRefused(f"This link tells a card {other} told differently before.")
