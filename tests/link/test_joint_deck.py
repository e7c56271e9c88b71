"""Towers of Wyoming by link: one draw pile shared by both players, shuffled jointly with the
commutative cipher (link/deck.py, link/cards.py). Both devices end with the same game and check it
fair; no link shows a card of its sender's hand, a layer taken off a card drawn by its sender, or a
pass twice; no view shows the other's hand; a pass with a card twice, a pass under another key, a
false layer taken off, a false card told, a play that names cards of another suit and a discard
while holding a play are refused at once or named by the check at the end."""

from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cheating import Cheat, assert_agreed_and_fair, outcome_of, own_checks_off, refused, refused_or_named, resealed, seeded_secrets
from tabletop.engine.hidden import HANDLE, Hidden, peek
from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.games.towers_of_wyoming import rules
from tabletop.games.towers_of_wyoming.facts import CODES, PER_SUIT
from tabletop.games.towers_of_wyoming.moves import Discard, Play
from tabletop.link import cards as link_cards
from tabletop.link.cards import Known, decks_of
from tabletop.link.cipher import ELEMENT_CHARS, Key, card_element, pack, unpack
from tabletop.link.codes import LinkRefused, from_code, to_code
from tabletop.link.deck import shuffle_pass
from tabletop.link.game import b64, link_of, message_for, owes_link, play, reading
from tabletop.link.simulate import Choose, Device, Watch, play_by_links, varied

W = "towers-of-wyoming"
MODULE = GAMES[W]
BASE64_FIELDS = ("id", "h", "c", "k", "a", "z", "e", "y", "d", "w")  # ids, hashes, keys, passes, layers: no card code in them


@pytest.fixture
def same_secrets() -> Iterator[None]:
    with seeded_secrets(35):
        yield


def game(
    options: dict[str, Any],
    seed: int,
    creator: int = 0,
    devices: tuple[Device, Device] | None = None,
    watch: Watch | None = None,
    links: int = 4000,
) -> tuple[Device, Device]:
    """A whole game of random legal moves by links (``simulate.play_by_links``), each link seen by ``watch``."""
    return play_by_links(W, options, seed, creator, links, devices, watch)


def name(device: Device) -> str:
    return str(device.save["seats"][device.me]["name"])


def finished(device: Device) -> bool:
    return device.state is not None and MODULE.outcome(device.state) is not None


def audit_of(device: Device) -> dict[str, Any]:
    return device.save["link"]["cards"]["audit"]


def hand_faces(device: Device, seat: int | None = None, on: Any = None) -> list[int]:
    """The cards of ``seat``'s hand (``device``'s own by default) that ``device`` reads, in its own
    state or in ``on`` (another device's: the receiver's, once a link is in, is ahead of the
    sender's own while the sender's move waits for the receiver's chance)."""
    state = device.state if on is None else on
    with reading(device.save, state):
        faces = [peek(card) for card in state.hands[device.me if seat is None else seat]]
    return [face for face in faces if face is not None]  # type: ignore[misc]


def public_cards(state: Any) -> set[int]:
    """The cards every device sees: in a tower, on the discard pile, or named by a play or a discard."""
    seen: set[int] = {card for towers in state.towers for tower in towers for card in tower if type(card) is int}
    seen |= {card for card in state.discard if type(card) is int}
    index = {code: i for i, code in enumerate(CODES)}
    for event in state.events:
        if event["kind"] in ("construct", "deconstruct", "discard"):
            for name in ("cards", "taken", "spent"):
                seen |= {index[code] for code in event.get(name, []) if code in index}
            if event["kind"] == "discard":
                seen.add(index[event["card"]])
    return seen


def strings(value: Any, skip: tuple[str, ...] = ()) -> Iterator[str]:
    """Every string in a link's message or a view (keys too), leaving out the fields ``skip`` names."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            if key not in skip:
                yield from strings(item, skip)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item, skip)
    elif isinstance(value, str):
        yield value


# --- whole games, every link and every view checked -----------------------------------------------


class JointWatch:
    """Checks every link of a game as it is taken, and the receiver's view after it; what it finds
    wrong goes to ``faults`` (the tests say which part found what)."""

    def __init__(self) -> None:
        self.faults: dict[str, list[str]] = {"link": [], "view": []}
        self.passes: dict[int, set[int]] = {0: set(), 1: set()}  # seat -> decks it sent a pass of
        self.pass_texts: set[str] = set()
        self.counts = {"links": 0, "d": 0, "w": 0, "r": 0, "views": 0, "their draws": 0, "hands at the end": 0}

    def link_fault(self, text: str) -> None:
        self.faults["link"].append(f"link {self.counts['links']}: {text}")

    def __call__(self, sender: Device, receiver: Device, code: str, earlier: Any) -> None:
        self.counts["links"] += 1
        message = from_code(code)
        state = receiver.state
        decks = decks_of(state)
        held = hand_faces(sender, on=state)  # the sender's hand after the link, as its own device reads it
        mine = link_of(sender.save)
        text = json.dumps(message)
        if b64(mine.seal_secret) in text or ("z" in message or b64(mine.secret) in text) and not finished(sender):
            self.link_fault("a secret before the end")
        hidden_codes = {CODES[card] for card in held}
        for text in strings(message, BASE64_FIELDS):
            if text in hidden_codes:
                self.link_fault(f"the code {text} of a card in its sender's hand")
        for move in message["m"]:
            named = move.get("cards", []) if move.get("kind") == "play" else [move.get("card")]
            if not all(isinstance(card, str) and HANDLE.fullmatch(card) for card in named):
                self.link_fault(f"a move names plain cards: {move}")
        public = public_cards(state)
        for place, told in message.get("r", {}).items():
            self.counts["r"] += 1
            card = int(told)
            if card not in public or card in held:
                self.link_fault(f"{place} tells {told}, which is not public on the receiver")
            number, pos = map(int, place.split("."))
            if (pos, sender.me) not in decks[number].given:
                self.link_fault(f"{place} is told but was not given to its sender")
        for place, value in message.get("w", {}).items():
            self.counts["w"] += 1
            number, pos = map(int, place.split("."))
            given = dict(decks[number].given)  # each place is drawn once
            if given.get(pos) != receiver.me:
                self.link_fault(f"a layer taken off {place}, given to {given.get(pos)}, not to the receiver")
            if len(unpack(value)) != 1:
                self.link_fault(f"{place} holds more than one element")
        for text, value in message.get("d", {}).items():
            self.counts["d"] += 1
            number = int(text)
            if number in self.passes[sender.me]:
                self.link_fault(f"deck {number} passed twice by seat {sender.me}")
            self.passes[sender.me].add(number)
            if value in self.pass_texts:
                self.link_fault(f"the same pass of deck {number} sent again")
            self.pass_texts.add(value)
            if decks[number].owner is not None or len(unpack(value)) != len(decks[number].contents):
                self.link_fault(f"a pass of deck {number} that is not the whole shared deck")
        # every layer the sender could take off came: unless its own move waits for the receiver's chance,
        # when its state has not yet made the draws the receiver's has
        if state is not None and not link_of(receiver.save).their_pending and not link_of(sender.save).pending:
            with reading(receiver.save, state):
                unread = [card for card in state.hands[receiver.me] if peek(card) is None]
            known = Known.read(sender.save["link"]["cards"], sender.me)
            ready = [card for card in unread if len(known.passes.get(card.deck, [])) == 2 and str(card.deck) not in message.get("d", {})]
            if ready:
                self.link_fault(f"cards of the receiver's hand it cannot read, though the sender could open them: {ready}")
        self.check_view(sender, receiver)

    def check_view(self, sender: Device, receiver: Device) -> None:
        """The receiver's view of its own seat shows none of the sender's hand, and the sender's draws
        without their cards."""
        if receiver.state is None:
            return
        self.counts["views"] += 1
        with reading(receiver.save, receiver.state):
            view = MODULE.view(receiver.state, receiver.me)
        theirs = {CODES[card] for card in hand_faces(sender, on=receiver.state)}  # the sender's hand after the link
        ended = view["hands_at_end"] is not None and Known.read(receiver.save["link"]["cards"], receiver.me).secrets
        if ended:  # both secrets are in: the table shows what is left in each hand, as at one table
            self.counts["hands at the end"] += 1
            if sorted(card["code"] for card in view["hands_at_end"][sender.me]) != sorted(theirs):
                self.faults["view"].append(f"seat {receiver.me}'s view at the end does not show what is left in the other's hand")
        skipped = ("events", "recent", "recycles", "hands_at_end") if ended else ("events", "recent", "recycles")
        shown = theirs & set(strings(view, skipped))  # the board, the hands, the moves
        own_draws = {code for e in view["events"] if e["kind"] == "draw" and e["seat"] == receiver.me for code in e["cards"]}
        # the past: a card played (or drawn here) before the pile was reshuffled may be in their hand now
        shown |= theirs & set(strings(view["events"])) - {CODES[card] for card in public_cards(receiver.state)} - own_draws
        if shown:
            self.faults["view"].append(f"seat {receiver.me}'s view shows {sorted(shown)} of the other's hand")
        for event in view["events"]:
            if event["kind"] == "draw" and event["seat"] != receiver.me:
                self.counts["their draws"] += 1
                if "cards" in event:
                    self.faults["view"].append(f"seat {receiver.me}'s view shows the other's draw: {event}")
        if sorted(CODES[card] for card in hand_faces(receiver)) != sorted(card["code"] for card in view["hand"]):
            self.faults["view"].append(f"seat {receiver.me}'s view does not show its own hand")


# (seed, options, creator): every option on in at least one game, each seat making a game; seed 0
# draws the pile out and reshuffles the discards twice (two "recycle" events, decks 1 and 2)
GAMES_PLAYED = [
    (0, {}, 0),
    (1, {"wheel_of_opposition": True, "tidal_influences": True, "contractual_deadlines": True}, 1),
    (2, {"sudden_death": True}, 1),
    (4, {"finicky_clients": True, "tidal_influences": True}, 0),
]
# TW_JOINT_GAMES=200 plays that many more games (seeds from 1000, each option in turn, either seat
# making the game) under the same checks: the 200-game sample, about 4 s a game, so CI plays
# the four above and the sample is run by hand (docs/testing.md)
GAMES_PLAYED += [
    (seed, {k: v for k, v in varied(W, seed).items() if v}, seed // 2 % 2)
    for seed in range(1000, 1000 + int(os.environ.get("TW_JOINT_GAMES", "0")))
]


@pytest.fixture(scope="module")
def played() -> list[tuple[tuple[int, dict[str, Any], int], Device, Device, JointWatch]]:
    out = []
    for seed, options, creator in GAMES_PLAYED:
        watch = JointWatch()
        with seeded_secrets(seed):
            ana, ben = game(dict(varied(W, 0), **options), seed, creator, watch=watch)
        out.append(((seed, options, creator), ana, ben, watch))
    return out


def test_whole_games_by_link_agree_on_both_devices_and_check_fair(played):
    recycles = 0
    for (_seed, options, creator), ana, ben, _watch in played:
        assert ana.me == creator and ben.me == 1 - creator
        assert_agreed_and_fair(ana, ben)
        assert all(ana.state.options[name] for name in options)
        recycles += sum(1 for event in ana.state.events if event["kind"] == "recycle")
        # each recycle made a new shared deck, and both devices made one pass of each
        joint = [number for number, deck in enumerate(decks_of(ana.state)) if deck.owner is None]
        assert len(joint) == 1 + sum(1 for event in ana.state.events if event["kind"] == "recycle")
        for device in (ana, ben):
            known = Known.read(device.save["link"]["cards"], device.me)
            assert sorted(known.passes) == joint and all(sorted(seat for seat, _ in known.passes[n]) == [0, 1] for n in joint)
    assert recycles >= 1


def test_every_link_of_those_games_shows_no_hidden_card_and_no_layer_of_the_senders_own(played):
    for _game, _ana, _ben, watch in played:
        assert watch.faults["link"] == []
        assert watch.counts["d"] == 2 * len([d for d in decks_of(_ana.state) if d.owner is None])
        assert watch.counts["r"] > 0 and watch.counts["w"] > 0
    print({str(game[0]): watch.counts for game, _a, _b, watch in played})


def test_no_view_shows_the_other_players_hand_or_their_draws(played):
    """No view shows the other's hand or draws until the game is over and the other's secret is in;
    then it shows what is left in their hand, as at one table."""
    for _game, _ana, _ben, watch in played:
        assert watch.faults["view"] == []
        assert watch.counts["views"] == watch.counts["links"] and watch.counts["their draws"] > 0
        assert watch.counts["hands at the end"] >= 1  # the last link brings the other's secret


# --- cheats ---------------------------------------------------------------------------------------


def next_link(
    options: dict[str, Any], seed: int, want: Callable[[Device, Device, dict[str, Any]], bool], creator: int = 0
) -> tuple[Device, Device, dict[str, Any]]:
    """Two devices some links into a game, and the next link (unsealed, taken by nobody yet) of the
    first sender whose link ``want`` takes."""
    rng = Rng(seed)
    ana, ben = Device(W), Device(W)
    ana.create(["Ana", "Ben"], options, creator)
    for _ in range(400):
        for device in (ana, ben):
            while device.save is not None and device.can_move():
                device.move(rng)
        sender = next((d for d in (ana, ben) if d.save is not None and owes_link(d.module, d.save, d.state)), None)
        assert sender is not None, "the game ended first"
        receiver = ben if sender is ana else ana
        message = {k: v for k, v in message_for(copy.deepcopy(sender.save), state=sender.state, over=finished(sender)).items() if k != "a"}
        if want(sender, receiver, message):
            return sender, receiver, message
        receiver.open(sender.outbox())
    raise AssertionError("no such link")


SHORT = [(2, {"sudden_death": True}, 1), (5, {"wheel_of_opposition": True}, 0)]  # games of a few seconds


@pytest.mark.parametrize("second", [False, True])
def test_a_pass_with_a_card_twice_or_missing_or_of_no_deck_is_refused_at_once(same_secrets, second):
    """The first pass (the first link, before any seal) and the second (sealed) are read whole:
    one encrypted card twice, a card left out, or a pass of a deck the game has not made is
    refused in one line, and nothing changes."""
    sender, receiver, honest = next_link({}, 3, lambda s, r, m: "d" in m and (m["n"] == 1) == second)
    if not second:
        receiver.save, receiver.state = None, None
    deck = unpack(honest["d"]["0"])
    assert len(deck) == 100 and len(set(deck)) == 100

    def forged(**parts: Any) -> str:
        return to_code(resealed(sender, dict(honest, **parts)))

    def refused_here(code: str) -> str:
        if second:
            return refused(receiver, code)
        with pytest.raises(LinkRefused) as refusal:
            receiver.open(code)
        assert receiver.save is None
        line = str(refusal.value)
        assert line.startswith("This ") and "\n" not in line, line
        return line

    twice = pack([deck[1], *deck[1:]])
    assert refused_here(forged(d={"0": twice})) == "This link is damaged: its hidden cards are unreadable."
    assert refused_here(forged(d={"0": pack(deck[:99])})).startswith("This link's shuffle is not a whole deck: ")
    name = sender.save["seats"][sender.me]["name"]
    line = refused_here(forged(d={"0": honest["d"]["0"], "1": honest["d"]["0"]}))
    assert line == f"This link shuffles a deck the game has not made: it is not {name}'s.", line
    receiver.open(forged())  # the honest pass is still taken
    chain = Known.read(receiver.save["link"]["cards"], receiver.me).passes[0]
    assert chain[-1] == (sender.me, honest["d"]["0"]) and len(chain) == (2 if second else 1)


class OtherKey(Cheat):
    """Makes its passes (and, ``consistent``, takes its layers off) with a key its secret does not
    make: what its secret shows at the end is not the key it played with."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, consistent: bool) -> None:
        super().__init__(self.other_pass if not consistent else lambda cheat, message: False)
        honest_key = link_cards.shuffle_key

        def shuffle_key(secret: bytes, game_id: bytes, deck: int) -> Key:
            mine = self.save is not None and secret == link_of(self.save).secret
            return honest_key(secret[::-1], game_id, deck) if mine and consistent else honest_key(secret, game_id, deck)

        if consistent:
            monkeypatch.setattr(link_cards, "shuffle_key", shuffle_key)  # this device's table only: game.audit keeps the true one

    def other_pass(self, cheat: Cheat, message: dict[str, Any]) -> bool:
        """Its first pass re-encrypted from what it was made from, with a fresh key."""
        if cheat.cheated or "0" not in message.get("d", {}):
            return False
        theirs = dict(Known.read(cheat.save["link"]["cards"], cheat.me).passes.get(0, [])).get(1 - cheat.me)
        before = unpack(theirs) if theirs else [card_element(card) for card in range(100)]
        message["d"] = dict(message["d"], **{"0": pack(shuffle_pass(Key(2**255 + 12345), before))})
        return True


@pytest.mark.parametrize("consistent", [True, False])
def test_a_pass_made_with_another_key_is_never_fair(monkeypatch, same_secrets, consistent):
    """With another key for its pass and its layers taken off, the game plays on (no device can tell
    a key from another before the secrets show), and the check at the end names the cheat; with
    another key for the pass alone, the first card the honest device reads opens to no card, and
    it refuses that link."""
    for seed, options, creator in SHORT:
        cheat, honest = OtherKey(monkeypatch, consistent), Device(W)
        kind, result = outcome_of(lambda: game(options, seed, creator, devices=(cheat, honest)))  # noqa: B023
        if consistent:
            assert kind == "ended", (kind, result)
            verdict = audit_of(honest)
            assert verdict == {
                "ok": False,
                "cheat": cheat.me,
                "why": f"{name(cheat)} shuffled a deck with another layer than their secret makes, or changed its cards.",
            }, verdict
            assert honest.state == cheat.state
        else:
            assert cheat.cheated == 1
            assert kind == "refused", (kind, result)  # by the first device to read a card the false key hides
            assert result[1] == "This link opens a card of yours falsely: the layer taken off that card opens it to no card of the deck.", (
                result
            )


def test_a_false_layer_taken_off_is_refused_when_read(same_secrets):
    """The other device sends, for a card drawn by the receiver, a value of the group that is not
    that card with their layer off: it opens to no card, and the link is refused in one line; so is
    a layer sent for a place not given to the receiver, one layer sent for two places, and a card
    told for a place the receiver drew."""
    sender, receiver, honest = next_link({}, 3, lambda s, r, m: bool(m.get("w")) and m["n"] > 4)
    for place in sorted(honest["w"]):
        for false in (pack([card_element(7)]), pack([Key(5).encrypt(card_element(3))])):
            code = to_code(resealed(sender, dict(honest, w=dict(honest["w"], **{place: false}))))
            line = refused(receiver, code)
            assert line == "This link opens a card of yours falsely: the layer taken off that card opens it to no card of the deck.", line
    places = sorted(honest["w"])
    first, value = places[0], honest["w"][places[0]]
    number = int(first.split(".")[0])
    given = dict(decks_of(sender.state)[number].given)
    theirs = next(f"{number}.{pos}" for pos, seat in given.items() if seat == sender.me)
    undrawn = f"{number}.{min(given) - 1}"
    for place in (theirs, undrawn):  # the layer sent for another place: the sender's own card, or one not drawn yet
        moved = {k: v for k, v in honest["w"].items() if k != first} | {place: value}
        assert refused(receiver, to_code(resealed(sender, dict(honest, w=moved)))) == "This link opens a card that was not given to you."
    if len(places) > 1:  # one layer sent for two places: two cards would open to the same card
        twice = dict(honest["w"], **{places[1]: value})
        line = refused(receiver, to_code(resealed(sender, dict(honest, w=twice))))
        assert line == "This link opens a card of yours falsely: two of your cards open to the same card.", line
    known = Known.read(receiver.save["link"]["cards"], receiver.me)
    drawn = sorted(place for place, layers in known.layers.items() if sender.me in layers)[0]
    told = dict(honest.get("r", {}), **{drawn: "5"})  # a card told for a place the receiver drew before
    line = refused(receiver, to_code(resealed(sender, dict(honest, r=told))))
    assert line == f"This link tells a card {name(sender)} did not draw: it is one of yours.", line
    receiver.open(to_code(resealed(sender, honest)))
    assert not link_of(receiver.save).pending


def swap_layers(cheat: Cheat, message: dict[str, Any]) -> bool:
    """Send two layers taken off, each for the other's place: each opens to a true card, so no device
    can tell during the game."""
    if cheat.cheated or len(message.get("w", {})) < 2 or message["n"] < 4:
        return False
    first, second = sorted(message["w"])[:2]
    message["w"] = dict(message["w"], **{first: message["w"][second], second: message["w"][first]})
    return True


def test_layers_taken_off_for_each_others_places_are_named_by_the_check_at_the_end(same_secrets):
    for seed, options, creator in SHORT:
        cheat, honest = Cheat(swap_layers), Device(W)
        game(options, seed, creator, devices=(cheat, honest))
        assert cheat.cheated == 1 and honest.state == cheat.state
        assert audit_of(honest) == {"ok": False, "cheat": cheat.me, "why": f"{name(cheat)} took their layer off one of your cards falsely."}


def shown_faces(device: Device) -> set[int]:
    """The cards ``device`` has told so far."""
    with reading(device.save, device.state):
        return {peek(Hidden.parse("?" + place)) for place in Known.read(device.save["link"]["cards"]).shown}  # type: ignore[misc]


def lie_about(cheat: Cheat, message: dict[str, Any], other: Device, in_their_hand: bool) -> bool:
    """Tell, for a card the link tells, another card of the same suit that no one has seen played
    and the cheat never told: one the other player holds (``in_their_hand``: their device knows it
    cannot be the cheat's), or one still in the pile."""
    if cheat.cheated or not message.get("r") or message["n"] < 5 or finished(cheat):
        return False
    known = public_cards(cheat.state) | set(hand_faces(cheat)) | shown_faces(cheat)
    theirs = set(hand_faces(other))
    for place, true in sorted(message["r"].items()):
        suit = int(true) // PER_SUIT
        others = [c for c in range(suit * PER_SUIT, (suit + 1) * PER_SUIT) if c not in known and (c in theirs) == in_their_hand]
        if others:
            message["r"] = dict(message["r"], **{place: str(others[0])})
            cheat.lied_at = message["n"]
            return True
    return False


@pytest.mark.parametrize("in_their_hand", [True, False])
def test_a_false_card_told_is_refused_or_named_never_fair(same_secrets, in_their_hand):
    seen: dict[str, int] = {}
    for seed, options, creator in SHORT:
        honest = Device(W)
        cheat = Cheat(lambda c, m: lie_about(c, m, honest, in_their_hand))  # noqa: B023
        kind, result = outcome_of(lambda: game(options, seed, creator, devices=(cheat, honest)))  # noqa: B023
        assert cheat.cheated == 1
        if in_their_hand:  # the receiver drew that card itself: the lie is refused at once, with the link that tells it
            assert kind == "refused" and result[0] is honest and from_code(cheat.sent[-1])["n"] == cheat.lied_at, (kind, result)
            assert re.fullmatch(
                r"This link tells a card that cannot be (Ana|Ben)'s: \d+ is a card of that deck that you drew( \(move \d+\))?\.", result[1]
            )
        if kind == "ended":
            verdict = audit_of(honest)
            assert verdict["ok"] is False and verdict["cheat"] == cheat.me, verdict
            kind = "named: " + verdict["why"]
        elif kind == "refused":
            assert result[0] is honest, result
            kind = "refused: " + result[1]
        seen[kind] = seen.get(kind, 0) + 1
    print(seen)
    assert "stalled" not in seen


def test_a_play_that_names_cards_of_another_suit_is_refused_once_they_are_told(same_secrets):
    def want(sender: Device, receiver: Device, message: dict[str, Any]) -> bool:
        plays = [move for move in message["m"] if move["kind"] == "play"]
        return message["n"] > 4 and len(plays) == 1 and len({card // PER_SUIT for card in hand_faces(sender)}) > 1

    sender, receiver, honest = next_link({}, 3, want)
    play_move = next(move for move in honest["m"] if move["kind"] == "play")
    number = len(receiver.save["moves"]) + len(link_of(receiver.save).pending) + 1 + honest["m"].index(play_move)
    with reading(sender.save, sender.state):
        hand = [(card, peek(card)) for card in sender.state.hands[sender.me]]
    suit = "CDHS".index(play_move["suit"])
    handle, face = next((card, face) for card, face in hand if face // PER_SUIT != suit)  # type: ignore[operator]
    first = play_move["cards"][0]
    moves = [dict(move, cards=[str(handle), *move["cards"][1:]]) if move is play_move else move for move in honest["m"]]
    told = {place: value for place, value in honest["r"].items() if place != first[1:]}
    told_false = dict(told, **{str(handle)[1:]: str(face)})
    line = refused(receiver, to_code(resealed(sender, dict(honest, m=moves, r=told_false))))
    assert line.startswith(f"This link holds a move the rules do not allow (move {number}: the ") and " is not one of the " in line, line
    line = refused(receiver, to_code(resealed(sender, dict(honest, m=moves, r=told))))  # the card not told: it must be
    assert (
        line == f"This link does not tell a card of {sender.save['seats'][sender.me]['name']}'s that its moves turn up (move {number})."
    ), line
    not_held = [
        dict(move, cards=["?0.0" if move["cards"][0] != "?0.0" else "?0.1", *move["cards"][1:]]) if move is play_move else move
        for move in honest["m"]
    ]
    line = refused(receiver, to_code(resealed(sender, dict(honest, m=not_held))))
    assert "are not that many cards of your hand" in line, line
    receiver.open(to_code(resealed(sender, honest)))


class DiscardsHoldingAPlay(Cheat):
    """Discards a card once while it holds a play (which the rules forbid): its own device's check of
    its hand is turned off (a changed app); the other's device cannot read that hand, so it takes the
    move, and the check at the end, which reads every card, names it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__()
        self.cheat_move: int | None = None
        own_checks_off(monkeypatch, rules, self)

    def move(self, rng: Rng, choose: Choose | None = None) -> None:
        with reading(self.save, self.state):
            legal = self.module.legal_moves(self.state)
        if self.cheat_move is None and len(self.save["moves"]) > 6 and isinstance(legal[0], Play):
            after = play(self.module, self.save, self.state, Discard(self.state.hands[self.me][0]))
            self.cheat_move = len(self.save["moves"])
            assert after is not None
            self.state = after
            return
        super().move(rng, choose)


def test_a_discard_while_holding_a_play_is_refused_once_the_hand_is_told_or_named_by_the_check(monkeypatch, same_secrets):
    """The other device takes the discard (it cannot read the hand); once every card of that hand
    is told (played later), its replay finds the move against the rules and refuses the link that
    tells the last of them; otherwise the check at the end names the cheat."""
    seen: dict[str, int] = {}
    for seed, options, creator in SHORT:
        cheat, honest = DiscardsHoldingAPlay(monkeypatch), Device(W)
        kind, result = outcome_of(lambda: game(options, seed, creator, devices=(cheat, honest)))  # noqa: B023
        assert cheat.cheat_move is not None
        why = "you have a play, so you may not discard"
        refused_or_named(kind, result, cheat, honest, why)
        if kind == "ended":
            assert honest.save["moves"][cheat.cheat_move - 1]["kind"] == "discard" and honest.state == cheat.state
        seen[kind] = seen.get(kind, 0) + 1
    print(seen)


# --- damaged, replayed, reordered and foreign links -----------------------------------------------


def tampered(message: dict[str, Any], rng: Rng, old: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
    """One change a cheat or a damaged channel could make to a Towers of Wyoming link's message,
    and its kind."""
    m = copy.deepcopy(message)
    kind = rng.choice(["n", "h", "by", "drop", "e", "moves", "play", "r", "w", "d", "z", "junk", "twice"])
    passes = [sent["d"]["0"] for sent in old if "0" in sent.get("d", {})]
    if kind == "n":
        m["n"] += rng.choice([-2, -1, 1, 2, 5])
    elif kind == "h":
        m["h"] = old[rng.below(len(old))]["h"] if rng.coin() else "A" * 22
    elif kind == "by":
        m["by"] = 1 - m["by"]
    elif kind == "drop":  # a part of the link left out
        m.pop(rng.choice(["n", "h", "by", "m", "e", "id", "r"]))
    elif kind == "e":
        m["e"] = [m["e"][0] + rng.choice([-1, 1, 3]), m["e"][1]]
    elif kind == "moves":  # the moves cut, doubled, or another link's
        choice = rng.below(3)
        if choice == 0 and m["m"]:
            m["m"].pop()
        elif choice == 1:
            m["m"].append(m["m"][-1] if m["m"] else {"kind": "discard", "card": "?0.0"})
        else:
            m["m"] = old[rng.below(len(old))]["m"]
            if m["m"] == message["m"]:
                m["m"] = [*m["m"], {"kind": "discard", "card": "?0.1"}]
    elif kind == "play":  # a play's number changed, or its target, or a card it names
        move = next((move for move in m["m"] if move["kind"] == "play"), m["m"][0])
        field = rng.choice(["count", "owner", "foundation", "suit", "cards", "kind"])
        if field == "cards":
            move["cards"] = [*move.get("cards", [])[1:], rng.choice(["?0.0", "?9.9", "?0.99", "12", "AH", "?1.0"])]
        else:
            move[field] = rng.choice([0, 1, 2, 7, -1, "C", "H", "discard", None])
    elif kind == "r":  # a card told changed: another card, no card, or told for another place
        told = m.setdefault("r", {})
        place = rng.choice(sorted(told) or ["0.0"])
        if rng.coin():
            told[place] = rng.choice(["0", "57", "99", "100", "-1", "AH", "", "07", 3, None])
        else:
            told[rng.choice(["0.0", "0.99", "1.0", "0.100", "x", "0.-1"])] = told.pop(place, "5")
    elif kind == "w":  # a layer taken off dropped, given for another place, or no element of the deck
        removals = m.setdefault("w", {})
        place = rng.choice(sorted(removals) or ["0.0"])
        choice = rng.below(3)
        if choice == 0 and len(removals) > 1:  # one layer for two places
            removals[max(removals)] = removals[min(removals)]
        elif choice < 2:
            number, pos = place.split(".")
            removals[f"{number}.{int(pos) + rng.choice([-1, 1, -7])}"] = removals.pop(place, "x")
        else:
            removals[place] = rng.choice(["", "A" * ELEMENT_CHARS, "x", passes[0] if passes else "y", 5, pack([card_element(3)])])
    elif kind == "d":  # a pass sent again, of another deck, or cut short
        pass_ = passes[rng.below(len(passes))]
        choice = rng.below(3)
        if choice == 0:  # the receiver's own pass (the sender's own again would change nothing)
            m["d"] = {"0": passes[1]}
        elif choice == 1:
            m["d"] = {rng.choice(["1", "2", "01", "-1", "x"]): pass_}
        else:
            m["d"] = {"0": pass_[:-ELEMENT_CHARS]}  # one card short
    elif kind == "z":  # a secret shown before the end, or a damaged one
        m["z"] = rng.choice(["A" * 22, m["e"][1], 0])
    elif kind == "junk":
        m[rng.choice(["r", "w", "d", "n", "by", "m", "e", "h"])] = rng.choice([None, "x", [], 3, {"0.0": {"a": 1}}, 2**70, -1, True])
    else:  # one entry in the wrong part: a layer taken off sent as a card told, a pass as a layer
        place = sorted(m.get("w", {"0.0": ""}))[0]
        if rng.coin():
            m.setdefault("r", {})[place] = "1"
        else:
            m["w"] = dict(m.get("w", {}), **{place: passes[0] if passes else "x"})
    return kind, m


def test_four_hundred_tampered_replayed_and_foreign_links_are_refused_and_change_nothing(same_secrets):
    rng = Rng(17)
    ana, ben = Device(W), Device(W)
    ana.create(["Ana", "Ben"], {"wheel_of_opposition": True}, 0)
    history: list[str] = []
    for _ in range(8):  # a few turns in, so that links carry moves, layers taken off and cards told
        for device in (ana, ben):
            other = ben if device is ana else ana
            while device.save is not None and device.can_move():
                device.move(rng)
            if device.save is not None:
                code = device.outbox()
                if code:
                    history.append(code)
                    other.open(code)
    while ana.can_move():
        ana.move(rng)
    honest = ana.outbox()
    assert honest is not None
    assert {"m", "w", "r"} <= set(from_code(honest)), from_code(honest)
    old = [from_code(code) for code in history]
    foreign_device = Device(W)
    foreign_device.create(["Ana", "Ben"], {}, 0)
    foreign = foreign_device.outbox()
    assert foreign is not None
    kept, kept_state = copy.deepcopy(ben.save), ben.state
    refusals: set[str] = set()
    taken: dict[str, int] = {}
    for i in range(400):
        kind = i % 5
        what = ""
        if kind == 0:  # a character changed, or the link cut short
            pos = rng.below(len(honest) - 3) + 3
            code = honest[:pos] + rng.choice("AZaz09-_~ ") + honest[pos + 1 :] if rng.coin() else honest[:pos]
        elif kind == 1:  # an old link again
            code = history[rng.below(len(history))]
        elif kind == 2:
            code = foreign if rng.coin() else to_code(dict(from_code(foreign), n=from_code(honest)["n"]))
        elif kind == 3:  # changed on its way: the seal no longer fits
            code = to_code(tampered(from_code(honest), rng, old)[1])
        else:  # changed by Ana herself, who seals what she likes
            what, message = tampered(from_code(honest), rng, old)
            code = to_code(resealed(ana, message))
        try:
            ben.open(code)
        except LinkRefused as refusal:
            line = str(refusal)
            assert line.startswith("This ") and "\n" not in line and "Traceback" not in line and len(line) < 200, line
            refusals.add(line.split(":")[0].split("(")[0])
            assert ben.save == kept and ben.state is kept_state
            continue
        if from_code(code) != from_code(honest):
            assert kind == 4, f"a changed link was taken: {from_code(code)}"
            taken[what] = taken.get(what, 0) + 1
        ben.save, ben.state = copy.deepcopy(kept), kept_state
    print(sorted(refusals), taken)
    assert len(refusals) >= 12, refusals
    # A layer moved onto another of Ben's places opens to a card of the deck: only Ana's key, shown at
    # the end, tells it from the true one, and the check at the end names her
    # (test_layers_taken_off_for_each_others_places_are_named_by_the_check_at_the_end).
    assert set(taken) <= {"w"}, taken
    ben.open(honest)
