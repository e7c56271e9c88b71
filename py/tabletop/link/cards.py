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

**A deck every player draws from** (Towers of Wyoming's draw pile) is shuffled jointly instead,
with the commutative cipher of ``deck.py``: each device puts its layer on every card and shuffles
(``"d"``: the first device from the cards themselves, the second from the first's deck), each with
a key of its own made from its chain secret. A card drawn is read by its drawer alone: the other
device takes its layer off that place (``"w"``, ``removals_due``) and the drawer takes off the
last. At the game's end the secrets show both keys, and each pass and each layer taken off is
checked (``audit`` in ``game.py``).
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, cast

from tabletop.engine.cards import Card
from tabletop.engine.errors import SaveError
from tabletop.engine.hidden import Hidden, cards_known
from tabletop.engine.rng import Deck
from tabletop.link.cipher import Key, card_element, key_from_digest, pack, unpack
from tabletop.link.deck import deck_from_text, encoded_deck, shuffle_pass
from tabletop.link.record import SIZE, b64, unb64

SHARE_TAG = b"towers-and-worlds card share"
PICK_TAG = b"towers-and-worlds card pick"
KEY_TAG = b"towers-and-worlds shuffle key"
MOST_PLACES = 9999
NUMBER = re.compile(r"0|[1-9][0-9]{0,2}")


class CardTold(Exception):
    """A link tells a card that cannot be the one at that place (not in its deck, or told twice)."""


def share(secret: bytes, game_id: bytes, deck: int, pos: int) -> bytes:
    """One player's share of one place of one deck."""
    return hmac.new(secret, SHARE_TAG + game_id + deck.to_bytes(2, "big") + pos.to_bytes(2, "big"), hashlib.sha256).digest()[:SIZE]


def pick(owner_share: bytes, other_share: bytes, left: int) -> int:
    """Which of the ``left`` cards not yet picked lies at the place both shares settle."""
    return int.from_bytes(hashlib.sha256(PICK_TAG + owner_share + other_share).digest(), "big") % left


@lru_cache(maxsize=64)
def shuffle_key(secret: bytes, game_id: bytes, deck: int) -> Key:
    """One player's key for the joint shuffle of one deck, made from their chain secret (so the
    secret shown at the end shows it)."""
    return key_from_digest(hmac.new(secret, KEY_TAG + game_id + deck.to_bytes(2, "big"), hashlib.sha256).digest())


@lru_cache(maxsize=256)
def element(text: str) -> int:
    """One encrypted card a link carried (checked as it came in: here it is only read again)."""
    return unpack(text, 1)[0]


@lru_cache(maxsize=32)
def shuffled_deck(text: str) -> tuple[int, ...]:
    """A whole pass of a joint shuffle a link carried, no card twice (read once, then from here)."""
    return tuple(deck_from_text(text))


@lru_cache(maxsize=1024)
def layer_off(key: Key, value: int) -> int:
    """``key``'s layer taken off one encrypted card (kept: the check at the end asks for it again)."""
    return key.decrypt(value)


def layered(keys: list[Key], value: int) -> int:
    """Every player's layer put on one card (the check at the end, against the shuffled deck)."""
    for layer in keys:
        value = layer.encrypt(value)
    return value


@lru_cache(maxsize=16)
def opening(key: Key, deck_size: int) -> dict[int, int]:
    """Each card of a deck under ``key``'s layer alone, to its number: a card whose every other
    layer was taken off is read by a look-up here, and a value that is no card under that layer
    (a false layer off) is seen as such at once."""
    return {key.encrypt(card_element(card)): card for card in range(deck_size)}


def key(card: Hidden) -> str:
    return f"{card.deck}.{card.pos}"


def unkey(text: Any) -> Hidden:
    """A place written by ``key``; ValueError for anything else."""
    if not isinstance(text, str):
        raise ValueError(f"not a place: {text!r}")
    return Hidden.parse("?" + text)


@dataclass
class Known:
    """The ``cards`` part of a game by link's record: what the other players' links brought of the
    hidden cards, and what this device owes them."""

    shares: dict[str, bytes] = field(default_factory=dict)  # place -> the other's share, for this device's decks (two players)
    passes: dict[int, list[tuple[int, str]]] = field(
        default_factory=dict
    )  # deck every player draws from -> its passes in the order made: (seat, pass)
    layers: dict[str, dict[int, str]] = field(
        default_factory=dict
    )  # place of such a deck -> seat -> that seat's layer taken off it (this device's too)
    told: dict[str, str] = field(default_factory=dict)  # place -> the card its owner told, of the others' cards
    sent: dict[int, int] = field(default_factory=dict)  # the other's deck -> places this device sent shares for
    # (two players, a save made before three: a deck every player draws from -> how many of the places given to the other it took its layer off)
    owed: list[str] = field(default_factory=list)  # this device's places the rules turned up, not yet told
    shown: list[str] = field(default_factory=list)  # this device's places told already
    secrets: dict[int, bytes] = field(default_factory=dict)  # the others' secrets, shown at the game's end
    secret_sent: bool = False
    audit: dict[str, Any] | None = None  # {"ok": bool, "cheat": seat | None, "why": str}

    @classmethod
    def read(cls, data: Any, me: int = 0, seats: int = 2) -> Known:
        """The record's ``cards`` part, checked (SaveError: a record no device writes). A record of
        two players' game written before three could play keeps the other's pass, layers and secret
        apart from this device's: they are read into the same places (the other is ``1 - me``)."""
        if data is None:
            return cls()
        other = 1 - me
        try:
            shares = {key(unkey(k)): unb64(v, SIZE, "a card share") for k, v in dict(data.get("shares", {})).items()}
            told = {key(unkey(k)): told_face(v) for k, v in dict(data.get("told", {})).items()}
            passes = {int(k): [(seat_in(s, seats), str(v)) for s, v in chain] for k, chain in dict(data.get("chain", {})).items()}
            layers = {
                key(unkey(k)): {seat_in(s, seats): str(v) for s, v in dict(by).items()} for k, by in dict(data.get("layers", {})).items()
            }
            sent = {int(k): int(v) for k, v in dict(data.get("sent", {})).items()}
            owed = [key(unkey(k)) for k in data.get("owed", [])]
            shown = [key(unkey(k)) for k in data.get("shown", [])]
            found = {seat_in(s, seats): unb64(v, SIZE, "a player's secret") for s, v in dict(data.get("secrets", {})).items()}
            if "passes" in data:  # written before three players
                theirs, mine, led = dict(data.get("passes", {})), dict(data.get("mine", {})), [int(k) for k in data.get("led", [])]
                for number in sorted({int(k) for k in (*theirs, *mine)}):
                    made = [(me, mine.get(str(number))), (other, theirs.get(str(number)))]
                    passes[number] = [(seat, str(text)) for seat, text in (made if number in led else made[::-1]) if text is not None]
                for k, v in dict(data.get("opened", {})).items():
                    layers.setdefault(key(unkey(k)), {})[other] = str(v)
                if data.get("their_secret") is not None:
                    found[other] = unb64(data["their_secret"], SIZE, "the other's secret")
            audit = data.get("audit")
        except (TypeError, ValueError, AttributeError):
            raise SaveError("corrupt", "the game's hidden cards are unreadable") from None
        if audit is not None and not isinstance(audit, dict):
            raise SaveError("corrupt", "the game's hidden cards are unreadable")
        return cls(shares, passes, layers, told, sent, owed, shown, found, data.get("secret_sent") is True, audit)

    def passed(self, number: int, seat: int) -> bool:
        return any(by == seat for by, _ in self.passes.get(number, []))

    def last_pass(self, number: int, seats: int) -> str | None:
        """The pass of joint deck ``number`` made last, which is the shuffled deck (None until every player's is made)."""
        chain = self.passes.get(number, [])
        return chain[-1][1] if len(chain) == seats else None

    def data(self) -> dict[str, Any]:
        return {
            "shares": {k: b64(v) for k, v in self.shares.items()},
            "chain": {str(k): [[seat, text] for seat, text in chain] for k, chain in self.passes.items()},
            "layers": {k: {str(seat): v for seat, v in by.items()} for k, by in self.layers.items()},
            "told": dict(self.told),
            "sent": {str(k): v for k, v in self.sent.items()},
            "owed": list(self.owed),
            "shown": list(self.shown),
            "secrets": {str(seat): b64(secret) for seat, secret in self.secrets.items()},
            "secret_sent": self.secret_sent,
            "audit": self.audit,
        }


def seat_in(value: Any, seats: int) -> int:
    """A seat number as a record writes it (a key of a JSON object is text); ValueError otherwise."""
    seat = int(value)
    if not 0 <= seat < seats or str(seat) != str(value):
        raise ValueError(f"not a seat: {value!r}")
    return seat


def removers(drawer: int, seats: int) -> list[int]:
    """Who takes their layer off a card of a deck every player draws from, in order: every other
    player, in seat order from the one after the drawer (so the last is the player before the drawer,
    whose move draws for them). The drawer takes off the last layer alone."""
    return [(drawer + step) % seats for step in range(1, seats)]


def told_face(text: Any) -> str:
    """A card as a link tells it: a card's code, or its number in a game whose cards are numbers
    (Towers of Wyoming); ValueError for anything a device never writes."""
    if isinstance(text, str) and NUMBER.fullmatch(text):
        return text
    return str(Card.parse(text))


class CardTable:
    """What one device reads of the hidden cards (engine/hidden.py's Table): its own decks' cards
    from its secret and the other's shares, the other's from what they told, and every card once
    both secrets are known (``everything``: the check at a game's end)."""

    def __init__(
        self,
        game_id: bytes,
        me: int,
        secret: bytes,
        known: Known,
        decks: tuple[Deck, ...] = (),
        everything: bool = False,
        seats: int = 2,
    ):
        self.game_id, self.me, self.secret, self.known, self.seats = game_id, me, secret, known, seats
        self.decks: dict[int, Deck] = dict(enumerate(decks))
        self.everything = everything and len(known.secrets) == seats - 1
        self.reads: list[Hidden] = []
        self.refusal: CardTold | None = None  # a card told against the game, which a replay met (it says only SaveError)
        self._order: dict[int, list[Card]] = {}
        self._final: dict[int, list[int]] = {}
        self._told: dict[tuple[Hidden, str], Any] = {}
        self._drawn: dict[Hidden, Any] = {}
        self._opened: dict[int, list[Any]] = {}

    # engine/hidden.py's Table

    def shuffled(self, deck: int, contents: tuple[Any, ...], owner: int | None) -> None:
        if self.decks.get(deck, Deck(owner, contents, 0))[:2] != (owner, contents):
            self._order.pop(deck, None)
            self._final.pop(deck, None)
            self._told.clear()
            self._drawn.clear()
            self._opened.pop(deck, None)
        self.decks[deck] = Deck(owner, contents, 0)

    def read(self, card: Hidden, face: Card) -> None:
        self.reads.append(card)

    def face_of(self, card: Hidden) -> Card | None:
        deck = self.decks.get(card.deck)
        if deck is None or not 0 <= card.pos < len(deck.contents):
            return None
        if deck.owner is None:
            if card not in self._drawn:  # a replay reads each card at every move: worked out once
                face = self.drawn_face(card)
                if face is None:
                    return None
                self._drawn[card] = face
            return cast(Card, self._drawn[card])  # the game's own kind of card: an int in Towers of Wyoming
        if deck.owner == self.me:
            return self.worked_out(card, self.secret, lambda pos: self.known.shares.get(f"{card.deck}.{pos}"))
        if self.everything:  # a deck of one player's: two players
            mine = self.secret
            return self.worked_out(card, self.known.secrets[1 - self.me], lambda pos: share(mine, self.game_id, card.deck, pos))
        told = self.known.told.get(key(card))
        if told is None:
            return None
        try:
            return cast(Card, self.told_card(card, told))
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

    # a deck every player draws from (the joint shuffle)

    def final(self, number: int) -> list[int] | None:
        """The shuffled deck, under every player's layer: the pass made last (None until every one is made)."""
        if number not in self._final:
            last = self.known.last_pass(number, self.seats)
            if last is None:
                return None
            self._final[number] = list(shuffled_deck(last))
        return self._final[number]

    def key_of(self, seat: int, number: int) -> Key:
        """A player's key for the joint shuffle of deck ``number``: this device's, or another's once their secret is shown."""
        return shuffle_key(self.secret if seat == self.me else self.known.secrets[seat], self.game_id, number)

    def opened_for_me(self, place: str) -> str | None:
        """The card at ``place`` with every other player's layer off, when the place is this
        device's to read (None otherwise): the value the last of them sent."""
        layers = self.known.layers.get(place, {})
        order = removers(self.me, self.seats)
        return layers[order[-1]] if all(seat in layers for seat in order) else None

    def drawn_face(self, card: Hidden) -> Any:
        """A card of the joint shuffle: read by this device where every other player took their
        layer off the place, or where its drawer told it; every card, at the check at the end."""
        place = key(card)
        contents = self.decks[card.deck].contents
        removal = self.opened_for_me(place)
        if removal is not None:
            number = opening(shuffle_key(self.secret, self.game_id, card.deck), len(contents)).get(element(removal))
            if number is None:
                self.refusal = CardTold("the layer taken off that card opens it to no card of the deck")
                raise self.refusal
            entry = contents[number]
        elif self.everything:
            deck = self.final(card.deck)
            if deck is None:
                return None
            keys = [self.key_of(seat, card.deck) for seat in range(self.seats)]
            told = self.known.told.get(place)  # checked by putting every layer on the card told: no table of the others' made
            number = next(
                (i for i, entry in enumerate(contents) if str(entry) == told and layered(keys, card_element(i)) == deck[card.pos]), None
            )
            if number is None:
                value = deck[card.pos]
                for layer in keys[1:]:
                    value = layer_off(layer, value)
                number = opening(keys[0], len(contents)).get(value)
            if number is None:
                return None
            entry = contents[number]
        else:
            told = self.known.told.get(place)
            if told is None:
                return None
            try:
                return self.told_card(card, told)
            except CardTold as exc:
                self.refusal = exc
                raise
        return self.face_of(entry) if isinstance(entry, Hidden) else entry

    def passes_due(self, decks: tuple[Deck, ...]) -> dict[str, str]:
        """This device's pass of every deck every player draws from that it has not made yet: from
        the cards themselves for the first, or from the pass made before it."""
        due = {}
        for number, deck in enumerate(decks):
            if deck.owner is None and not self.known.passed(number, self.me):
                chain = self.known.passes.get(number, [])
                before = list(shuffled_deck(chain[-1][1])) if chain else encoded_deck(len(deck.contents))
                due[str(number)] = pack(shuffle_pass(shuffle_key(self.secret, self.game_id, number), before))
        return due

    def made(self, passes: Mapping[str, str]) -> None:
        """This device's passes of joint shuffles, as made (the layers it takes off next are off them)."""
        for text, made in passes.items():
            number = int(text)
            if not self.known.passed(number, self.me):
                self.known.passes.setdefault(number, []).append((self.me, made))
                self._final.pop(number, None)

    def removals_due(self, decks: tuple[Deck, ...], ahead: Mapping[tuple[int, int], int] | None = None) -> dict[str, str]:
        """This device's layer taken off every place of a joint deck that another player drew, or will
        draw for certain (``ahead``: (deck, place) -> seat), where its turn in that place's chain has
        come (``removers``) and it has not sent it yet."""
        due = {}
        for number, deck in enumerate(decks):
            shuffled = self.final(number) if deck.owner is None else None
            if shuffled is None:
                continue
            mine = shuffle_key(self.secret, self.game_id, number)
            drawers = {pos: seat for (made, pos), seat in (ahead or {}).items() if made == number}
            drawers.update(dict(deck.given))
            before_three = set([pos for pos, seat in deck.given if seat != self.me][: self.known.sent.get(number, 0)])
            for pos, drawer in sorted(drawers.items()):
                place = f"{number}.{pos}"
                layers = self.known.layers.get(place, {})
                if drawer == self.me or self.me in layers or pos in before_three or pos >= len(shuffled):
                    continue
                order = removers(drawer, self.seats)
                at = order.index(self.me)
                if at == 0:
                    value = shuffled[pos]
                elif order[at - 1] in layers:
                    value = element(layers[order[at - 1]])
                else:
                    continue
                due[place] = pack([layer_off(mine, value)])
        return due

    def cards_of(self, number: int) -> list[Card]:
        """The cards deck ``number`` may hold: its plain cards, and each card of a deck its hidden
        cards come from (once: they are that deck's cards, set apart)."""
        plain = [entry for entry in self.decks[number].contents if not isinstance(entry, Hidden)]
        parents = sorted({entry.deck for entry in self.decks[number].contents if isinstance(entry, Hidden)})
        return plain + [card for parent in parents if parent < number and parent in self.decks for card in self.cards_of(parent)]

    def told_card(self, card: Hidden, told: str) -> Any:
        """A card the other told: one of that deck's, and not told for another of its places (the
        answer kept: a replay asks again at every move)."""
        if (card, told) not in self._told:
            self._told[(card, told)] = self.checked_told(card, told)
        return self._told[(card, told)]

    def checked_told(self, card: Hidden, told: str) -> Any:
        cards = self.cards_of(card.deck)
        faces = [entry for entry in cards if str(entry) == told]
        label = getattr(faces[0], "label", told) if faces else told
        if not faces:
            raise CardTold(f"{label} is not one of that player's cards")
        places = [place for place, code in self.known.told.items() if code == told and unkey(place).deck == card.deck]
        if len(places) > len(faces):
            raise CardTold(f"it tells {label} twice")
        deck = self.decks.get(card.deck)
        if deck is not None and deck.owner is None and faces[0] in self.opened_faces(card.deck):
            raise CardTold(f"{label} is a card of that deck that you drew")
        return faces[0]

    def opened_faces(self, number: int) -> list[Any]:
        """The cards of a deck every player draws from that this device drew and reads: a card the
        other tells for another place of that deck cannot be one of them."""
        if number not in self._opened:
            contents = self.decks[number].contents
            table = opening(shuffle_key(self.secret, self.game_id, number), len(contents))
            opened = [self.opened_for_me(place) for place in self.known.layers if unkey(place).deck == number]
            found = [table.get(element(text)) for text in opened if text is not None]
            self._opened[number] = [contents[index] for index in found if index is not None]
        return self._opened[number]

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
            if deck.owner not in (self.me, None):
                for pos in range(self.known.sent.get(number, 0), deck.drawn):
                    due[f"{number}.{pos}"] = b64(share(self.secret, self.game_id, number, pos))
        return due

    def new_reads(self) -> list[Hidden]:
        """This device's cards the rules read since the last ``note`` that the other was not told."""
        return [c for c in self.reads if self.mine(c) and key(c) not in self.known.shown]

    def mine(self, card: Hidden) -> bool:
        """A card of this device's: of its own deck, or drawn by it from a joint one (it alone has
        the other's layer taken off it)."""
        deck = self.decks.get(card.deck)
        return deck is not None and (deck.owner == self.me or deck.owner is None and self.opened_for_me(key(card)) is not None)

    def faces_due(self) -> dict[str, str]:
        due = {}
        for place in self.known.owed:
            face = self.face_of(unkey(place))
            if face is not None:
                due[place] = str(face)
        return due

    def sent(
        self,
        decks: tuple[Deck, ...],
        faces: Mapping[str, str],
        passes: Mapping[str, str] | None = None,
        removals: Mapping[str, str] | None = None,
    ) -> None:
        """Write down what a message carried."""
        self.made(passes or {})
        for place, value in (removals or {}).items():
            self.known.layers.setdefault(place, {})[self.me] = value
        for number, deck in enumerate(decks):
            if deck.owner not in (None, self.me):
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


def take_told(known: Known, message: Mapping[str, Any], author: int, name: str, me: int, seats: int) -> None:
    """A link's shares and told cards, read as hostile input and kept; a share or a card that
    contradicts one the same player sent before is refused."""
    from tabletop.link.codes import LinkRefused

    shares, told, passes, opened = (message.get(k, {}) for k in "yrdw")
    if (
        not all(isinstance(part, dict) for part in (shares, told, passes, opened))
        or len(shares) + len(told) + len(opened) > 4 * MOST_PLACES
    ):
        raise LinkRefused("This link is damaged: its hidden cards are unreadable.")
    try:
        new_shares = {key(unkey(k)): unb64(v, SIZE, "a card share") for k, v in shares.items()}
        new_told = {key(unkey(k)): told_face(v) for k, v in told.items()}
        new_opened = {key(unkey(k)): v for k, v in opened.items() if unpack(v, 1)}
        new_passes = {int(k): v for k, v in passes.items() if str(int(k)) == k and 0 <= int(k) < MOST_PLACES and shuffled_deck(v)}
    except (ValueError, SaveError):
        raise LinkRefused("This link is damaged: its hidden cards are unreadable.") from None
    if len(new_passes) != len(passes):
        raise LinkRefused("This link is damaged: its hidden cards are unreadable.")
    for number, value in new_passes.items():
        chain = known.passes.setdefault(number, [])
        before = dict(chain).get(author)
        if before is not None and before != value:
            raise LinkRefused(f"This link shuffles again a deck {name} shuffled before.")
        if before is None and len(chain) >= seats:
            raise LinkRefused(f"This link shuffles a deck every player has shuffled: it is not {name}'s.")
        if before is None:
            chain.append((author, value))
    mine = removers(me, seats)
    for place, value in new_opened.items():
        if place in known.told or place in new_told:  # a card its drawer told
            raise LinkRefused("This link opens a card that was not given to you.")
        if known.layers.setdefault(place, {}).setdefault(author, value) != value:
            raise LinkRefused(f"This link changes a card {name} opened for you before.")
    for place, value in new_shares.items():
        if known.shares.setdefault(place, value) != value:
            raise LinkRefused(f"This link changes a share of a card {name} sent before.")
    for place, card in new_told.items():
        if all(seat in known.layers.get(place, {}) for seat in mine):
            raise LinkRefused(f"This link tells a card {name} did not draw: it is one of yours.")
        if known.told.setdefault(place, card) != card:
            raise LinkRefused(f"This link tells a card {name} told differently before.")
