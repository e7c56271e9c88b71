"""Tower Battle by link: hidden cards that only their owner reads (link/cards.py). Both devices end
with the same match; no link shows a card the rules have not turned up, nor a secret, nor its
sender's own share of a card; a player who lies about a card, plays one the rules forbid face
down, or sends a false share is refused at once or named by the check at the end."""

from __future__ import annotations

import copy
import json
import re
import secrets
import statistics
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cheating import Cheat, assert_agreed_and_fair, outcome_of, own_checks_off, refused, resealed
from tabletop.engine.cards import ACE, Card
from tabletop.engine.hidden import Hidden, peek
from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.games.tower_battle import rules
from tabletop.games.tower_battle.facts import side_cards
from tabletop.games.tower_battle.moves import PlayCard
from tabletop.games.tower_battle.state import PLAYING
from tabletop.link.cards import Known, decks_of, share
from tabletop.link.codes import LinkRefused, from_code, to_code
from tabletop.link.game import b64, link_of, message_for, owes_link, play, reading
from tabletop.link.simulate import Choose, Device, Watch, play_by_links

TB = "tower-battle"
MODULE = GAMES[TB]
CARD_CODE = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])[SHDC](?![0-9A-Za-z])")
SEALED_FIELDS = ("id", "h", "c", "k", "a", "z", "e", "y")  # ids, hashes, keys, shares: base64, no card in them


# --- two devices, link by link --------------------------------------------------------------------


def match(
    options: dict[str, Any],
    seed: int,
    creator: int = 0,
    devices: tuple[Device, Device] | None = None,
    watch: Watch | None = None,
    links: int = 4000,
) -> tuple[Device, Device]:
    """A whole game of random legal moves by links (``simulate.play_by_links``), each link seen by ``watch``."""
    return play_by_links(TB, options, seed, creator, links, devices, watch)


def finished(device: Device) -> bool:
    return device.state is not None and MODULE.outcome(device.state) is not None


def audit_of(device: Device) -> dict[str, Any]:
    return device.save["link"]["cards"]["audit"]


@pytest.fixture
def same_secrets(monkeypatch):
    """Each device's secrets from a seeded stream, so that a test meets the same matches on every run
    (the secrets decide every card, as a seed decides a game at one table)."""
    stream = Rng(35)
    monkeypatch.setattr(secrets, "token_bytes", lambda size: bytes(stream.below(256) for _ in range(size)))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), target=st.integers(1, 2), tnt=st.booleans(), creator=st.integers(0, 1), advanced=st.booleans())
def test_a_match_played_only_by_links_ends_the_same_on_both_devices_and_checks_fair(seed, target, tnt, creator, advanced):
    ana, ben = match({"target": target, "tnt": tnt, "scoring": "advanced" if advanced else "simple"}, seed, creator)
    assert_agreed_and_fair(ana, ben)
    assert ana.state.settings.advanced == advanced and ana.state.settings.target == target
    assert max(ana.state.scores) == target if not advanced else max(ana.state.scores) >= target
    if advanced:  # both scoring cards were set face down, and are turned up in every finished game's result
        assert all(None not in result.scoring_cards for result in ana.state.results if result.how != "unfinished")


# --- what a link shows ----------------------------------------------------------------------------


def card_codes(message: Any) -> list[str]:
    """Every card's code in a link's message, wherever it is (moves, cards told, settings, names),
    leaving out the base64 fields (ids, hashes, keys, seals and shares)."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                found.extend(m.group(0) for m in CARD_CODE.finditer(str(key)))
                if key not in SEALED_FIELDS:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            found.extend(m.group(0) for m in CARD_CODE.finditer(value))

    walk(message)
    return found


def public_cards(state: Any, since_game: int) -> set[str]:
    """The cards every device sees, from game ``since_game`` of the match on: face up on a tower, on
    a discard pile, in a finished game's towers turned up, or named by what the rules did (a card
    played face up, discarded, fought, struck, found; events name a card still hidden by its handle)."""
    seen: set[str] = set()
    if state is None:
        return seen
    seen |= {str(card) for tower in state.towers.values() for card, up in tower if up}
    seen |= {str(card) for pile in state.discards for card in pile}
    seen |= {code for result in state.results if result.number >= since_game for _, codes in result.revealed_towers for code in codes}
    events = state.event_list()
    start = next((i for i, e in enumerate(events) if e["kind"] == "game-begins" and e["game"] == since_game), 0)
    for event in events[start:]:
        for value in event.values():
            for item in value if isinstance(value, list) else (value,):
                if type(item) is str and 1 < len(item) < 4 and CARD_CODE.fullmatch(item):
                    seen.add(item)
    assert not any(CARD_CODE.fullmatch(code) is None for code in seen)
    return seen


class LeakWatch:
    """Checks every link as it is taken: its cards are public on the receiver once the moves that
    turn them up are through there (a move can wait on the receiver for the sender's next link);
    moves name hidden cards only by their handles; no secret of the sender's before the end."""

    def __init__(self) -> None:
        self.sizes: list[int] = []
        self.waiting: dict[int, list[tuple[list[str], int, dict[str, Any]]]] = {}
        self.messages: list[tuple[int, str]] = []  # (sender's seat, the message's JSON)

    def __call__(self, sender: Device, receiver: Device, code: str, earlier: Any) -> None:
        message = from_code(code)
        text = json.dumps(message)
        self.sizes.append(len(code))
        self.messages.append((sender.me, text))
        mine = link_of(sender.save)
        assert b64(mine.seal_secret) not in text
        if not finished(sender):
            assert "z" not in message and b64(mine.secret) not in text
        else:
            assert message.get("z") in (None, b64(mine.secret))
        for move in message["m"]:
            if "card" in move:
                Hidden.parse(move["card"])  # a card from a hand is named by its handle, whatever it is
        for place in message.get("y", {}):
            deck = int(place.split(".")[0])
            assert decks_of(receiver.state or sender.state)[deck].owner == receiver.me  # shares of the receiver's decks only
        for place in message.get("r", {}):
            deck = int(place.split(".")[0])
            assert decks_of(sender.state)[deck].owner == sender.me  # told: the sender's own cards only
        before = earlier.game_number if earlier is not None else 1
        queue = self.waiting.setdefault(receiver.me, [])
        queue.append((card_codes(message), before, message))
        held = link_of(receiver.save)
        if not held.pending and not held.their_pending:  # every move this link carries has gone through on the receiver
            for codes, since, sent in queue:
                if codes:
                    public = public_cards(receiver.state, since)
                    hidden = [code for code in codes if code not in public]
                    assert not hidden, f"a link shows {hidden}, which the rules have not turned up: {sent}"
            queue.clear()

    def owner_shares(self, device: Device) -> set[str]:
        """Every share ``device`` holds of its own decks' places: none may leave it."""
        link = link_of(device.save)
        return {
            b64(share(link.secret, link.id, number, pos))
            for number, deck in enumerate(decks_of(device.state))
            if deck.owner == device.me
            for pos in range(len(deck.contents))
        }


def test_two_hundred_matches_by_link_show_no_hidden_card_and_stay_small():
    """200 simulated matches (seeds 0..199, TNT or not, either player making the game): every card
    any link names is public on its receiver; no link holds its sender's secret before the end, its
    seal's secret, or a share of its sender's own cards; both devices agree and check fair; and the
    links stay short enough for a chat message."""
    watch = LeakWatch()
    for seed in range(200):
        ana, ben = match({"target": 1 + seed % 2, "tnt": seed % 4 >= 2}, seed, creator=(seed // 2) % 2, watch=watch)
        assert_agreed_and_fair(ana, ben)
        assert not watch.waiting.get(0) and not watch.waiting.get(1)
        for device in (ana, ben):
            own = watch.owner_shares(device)
            assert own and len(own) == sum(len(d.contents) for d in decks_of(device.state) if d.owner == device.me)
            for _seat, text in watch.messages:
                assert not any(value in text for value in own)
        watch.messages.clear()
    sizes = sorted(watch.sizes)
    p95 = sizes[int(0.95 * (len(sizes) - 1))]
    print(
        f"Tower Battle links over 200 matches: {len(sizes)} links, median {statistics.median(sizes)}, p95 {p95}, max {sizes[-1]} characters"
    )
    assert p95 < 2000


# --- cheats ---------------------------------------------------------------------------------------


def deck_cards(device: Device, place: str) -> tuple[Card, ...]:
    return decks_of(device.state)[int(place.split(".")[0])].contents


def shown_faces(device: Device) -> set[str]:
    """The cards ``device`` has told so far."""
    with reading(device.save, device.state):
        return {str(peek(Hidden.parse("?" + place))) for place in Known.read(device.save["link"]["cards"]).shown}


def false_face(device: Device, place: str, true: str) -> str | None:
    """A card of that deck that is not the one at ``place`` and was not told before."""
    told = shown_faces(device)
    return next((str(c) for c in deck_cards(device, place) if str(c) != true and str(c) not in told), None)


def lie_about(cheat: Cheat, message: dict[str, Any], at_end: bool) -> bool:
    """Tell another card of the cheat's deck, not told before, for a card the link tells. At the
    end: for a card that lay face down on a tower, one of the same suit that could have lain there
    (an army card still in the cheat's hand or stock), so that only the check at the end can tell."""
    if cheat.cheated or not message.get("r") or finished(cheat) != at_end:
        return False
    for place, true in message["r"].items():
        if not at_end:
            other = false_face(cheat, place, true)
        elif true in face_down_at_end(cheat.state):
            deck = [str(card) for card in deck_cards(cheat, place)]
            told = shown_faces(cheat)
            candidates = [code for code in still_hidden(cheat) if code in deck and code not in told]
            other = next((code for code in candidates if code[-1] == true[-1] and code[:-1] in ARMY and code != true), None)
        else:
            continue
        if other is not None:
            message["r"] = dict(message["r"], **{place: other})
            return True
    return False


ARMY = ("2", "3", "4", "5", "6", "7", "J")


def face_down_at_end(state: Any) -> set[str]:
    last = state.results[-1]
    return {
        code
        for (_, picture), (_, codes) in zip(last.final_towers, last.revealed_towers, strict=True)
        for up, code in zip(picture, codes, strict=True)
        if up is None
    }


def still_hidden(device: Device) -> list[str]:
    """The cards of ``device``'s hand and stock, which no one else has seen."""
    with reading(device.save, device.state):
        return [str(peek(card)) for card in device.state.hands[device.me] + device.state.stocks[device.me]]


def test_a_false_card_told_at_the_end_is_refused_or_named_by_the_check(same_secrets):
    """The cheat, their match over, tells a card of theirs that the end turns up as another of
    their cards: the other device refuses the link (the card changes how the last move ends there)
    or takes it, and then the check at the end names the cheat."""
    named = 0
    for seed in range(60):  # about one match in six ends with such a card told
        cheat, honest = Cheat(lambda c, m: lie_about(c, m, at_end=True), TB), Device(TB)
        kind, result = outcome_of(lambda: match({"target": 1}, seed, creator=seed % 2, devices=(cheat, honest), links=600))  # noqa: B023
        if not cheat.cheated:
            continue
        if kind == "refused":
            assert result[0] is honest, result
            print("refused:", result[1])
            continue
        assert kind == "ended", kind
        verdict = audit_of(honest)
        assert verdict["ok"] is False and verdict["cheat"] == cheat.me, verdict
        assert verdict["why"].endswith("told a card that was not the one they held.")
        named += 1
    assert named >= 3


def test_a_false_card_told_in_the_middle_is_refused_or_named(same_secrets):
    """A false card told mid-match: never a fair verdict. The other device refuses a later link
    (the true card turns up too, or a move no longer fits what it holds), or the two devices no
    longer agree and the match stalls (the cheat's own device refuses, or waits for ever), or the
    check at the end names the cheat."""
    seen: dict[str, int] = {}
    for seed in range(24):
        cheat, honest = Cheat(lambda c, m: lie_about(c, m, at_end=False), TB), Device(TB)
        options = {"target": 1, "tnt": seed % 2 == 1}
        kind, result = outcome_of(lambda: match(options, seed, creator=seed % 2, devices=(cheat, honest), links=600))  # noqa: B023
        if not cheat.cheated:  # no card of the cheat's was told before the end
            continue
        if kind == "ended":
            verdict = audit_of(honest)
            assert verdict["ok"] is False and verdict["cheat"] == cheat.me, verdict
            kind = "named by the check"
        elif kind == "refused":
            kind = f"refused by the {'honest' if result[0] is honest else 'cheating'} device"
        seen[kind] = seen.get(kind, 0) + 1
    print(seen)
    assert seen.get("named by the check", 0) + seen.get("refused by the honest device", 0) >= 8, seen


def first_told(options: dict[str, Any], seed: int) -> tuple[Device, Device, dict[str, Any]]:
    """Two devices some links into a match, and the next link of the one who then tells a card
    (taken by nobody yet) having told one before."""
    for attempt in range(seed, seed + 50):
        rng = Rng(attempt)
        ana, ben = Device(TB), Device(TB)
        ana.create(["Ana", "Ben"], options, 0)
        for _ in range(400):
            for device in (ana, ben):
                while device.save is not None and device.can_move():
                    device.move(rng)
            sender = next((d for d in (ana, ben) if d.save is not None and owes_link(d.module, d.save, d.state)), None)
            if sender is None:
                break
            receiver = ben if sender is ana else ana
            message = message_for(copy.deepcopy(sender.save), state=sender.state)
            if message.get("r") and message["n"] > 2 and Known.read(sender.save["link"]["cards"]).shown:
                return sender, receiver, {k: v for k, v in message.items() if k != "a"}
            receiver.open(sender.outbox())
    raise AssertionError("no card was told")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_card_told_twice_or_not_of_that_deck_is_refused_at_once(seed, same_secrets):
    sender, receiver, honest = first_told({"target": 1, "tnt": True}, seed)
    place, true = next(iter(honest["r"].items()))
    before = sorted(shown_faces(sender))[0]
    twice = dict(honest, r=dict(honest["r"], **{place: before}))
    line = refused(receiver, to_code(resealed(sender, twice)))
    assert line.startswith("This link tells a card that cannot be ") and line.endswith(f"it tells {Card.parse(before).label} twice."), line
    theirs = str(side_cards(receiver.me, tnt=True)[5])  # a card of the other colour
    foreign = dict(honest, r=dict(honest["r"], **{place: theirs}))
    line = refused(receiver, to_code(resealed(sender, foreign)))
    assert "is not one of that player's cards" in line, line
    for junk in ("ZZ", "1H", "?0.1", 5, None):
        assert "hidden cards are unreadable" in refused(receiver, to_code(resealed(sender, dict(honest, r={place: junk}))))
    untold = {k: v for k, v in honest.items() if k != "r"}
    kept = copy.deepcopy(receiver.save), receiver.state
    try:
        receiver.open(to_code(resealed(sender, untold)))
    except LinkRefused as refusal:  # the sender's device read the card before any of the receiver's: it owed it
        assert str(refusal).startswith("This link does not "), str(refusal)
        assert receiver.save == kept[0]
    else:  # the move read a card of the receiver's first, which the sender's device could not: it waits here too
        assert link_of(receiver.save).pending and Known.read(receiver.save["link"]["cards"]).owed, receiver.save["link"]
    receiver.save, receiver.state = kept
    receiver.open(to_code(resealed(sender, honest)))  # the honest link is still taken
    assert Known.read(receiver.save["link"]["cards"]).told[place] == true


def test_a_share_sent_again_with_another_value_is_refused_at_once(same_secrets):
    sender, receiver, honest = first_told({"target": 1}, 4)
    sent = Known.read(receiver.save["link"]["cards"]).shares
    assert sent, "the sender has sent shares of the receiver's cards already"
    place, value = next(iter(sent.items()))
    other = b64(bytes(16)) if value != bytes(16) else b64(b"\x01" * 16)
    changed = dict(honest, y=dict(honest.get("y", {}), **{place: other}))
    name = sender.save["seats"][sender.me]["name"]
    assert refused(receiver, to_code(resealed(sender, changed))) == f"This link changes a share of a card {name} sent before."
    same = dict(honest, y=dict(honest.get("y", {}), **{place: b64(value)}))
    receiver.open(to_code(resealed(sender, same)))  # the same share again changes nothing


def test_a_false_share_is_named_by_the_check_at_the_end(same_secrets):
    """The cheat sends a share of the other's card that their secret does not make: the other's
    cards come out differently, which no one sees during the match; the check at the end does."""

    def lie(cheat: Cheat, message: dict[str, Any]) -> bool:
        if cheat.cheated or not message.get("y"):
            return False
        place = sorted(message["y"])[-1]
        message["y"] = dict(message["y"], **{place: b64(bytes(range(16)))})
        return True

    for seed in range(4):
        cheat, honest = Cheat(lie, TB), Device(TB)
        match({"target": 1}, seed, creator=seed % 2, devices=(honest, cheat) if seed % 2 else (cheat, honest))
        assert cheat.cheated == 1
        verdict = audit_of(honest)
        assert verdict["ok"] is False and verdict["cheat"] == cheat.me, verdict
        assert verdict["why"].endswith("sent a share of one of your cards that their secret does not make.")
        assert MODULE.outcome(honest.state) is not None and honest.state == cheat.state  # nothing showed it during the match


class AceFaceDown(Device):
    """Plays an Assassin face down (which the rules forbid) once it holds one: its own device's
    check of that card is turned off for the rest of the match (a changed app), while the other
    device cannot read the card, so it takes the move; the check at the end reads every card."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__(TB)
        self.ace: Hidden | None = None
        self.cheat_move: int | None = None
        own_checks_off(monkeypatch, rules, self, only=lambda cards: self.ace in cards)

    def move(self, rng: Rng, choose: Choose | None = None) -> None:
        if self.ace is None and self.state.phase == PLAYING:
            with reading(self.save, self.state):
                aces = [card for card in self.state.hands[self.me] if peek(card).rank == ACE]
                suits = [peek(card).known_suit for card in aces]
            for card, suit in zip(aces, suits, strict=True):
                if not rules.both_tops_face_down(self.state, suit):
                    self.ace = card
                    after = play(self.module, self.save, self.state, PlayCard(card, False, suit))
                    if after is not None:  # None: it waits for a card of the other's (its end of turn, say)
                        self.state = after
                    self.cheat_move = len(self.save["moves"]) + len(self.save["link"]["pending"])
                    return
        super().move(rng, choose)


def test_an_assassin_played_face_down_is_taken_and_found_once_it_is_seen(monkeypatch, same_secrets):
    """The other device takes the face-down Assassin (it cannot read it); once the card is told
    (turned up in a battle, or with every tower at the game's end) its replay finds the move
    against the rules and refuses the link that tells it, or the check at the end names the cheat."""
    seen: Counter[tuple[str, bool]] = Counter()
    for seed in range(8):
        cheat, honest = AceFaceDown(monkeypatch), Device(TB)
        outcome: list[str] = []

        def watch(
            sender: Device,
            receiver: Device,
            code: str,
            earlier: Any,
            cheat: AceFaceDown = cheat,
            honest: Device = honest,
            outcome: list[str] = outcome,
        ) -> None:
            if cheat.cheat_move is not None and receiver is honest and not outcome:
                assert receiver.save["moves"][cheat.cheat_move - 1] == {
                    "kind": "play",
                    "card": str(cheat.ace),
                    "face_up": False,
                    "tower": peek_in(cheat, cheat.ace).suit.value,
                }
                outcome.append("taken")

        try:
            match({"target": 1}, seed, creator=seed % 2, devices=(cheat, honest), watch=watch)
        except LinkRefused as refusal:
            line = str(refusal)
            assert refusal.by is honest and cheat.cheat_move is not None, line  # type: ignore[attr-defined]
            at_once = f"This link holds a move the rules do not allow (move {cheat.cheat_move}: An Assassin is an effect card"
            later = f"This link tells a card that shows a move broke the rules: move {cheat.cheat_move} of the save is not allowed by the rules (An Assassin is an effect card"
            assert line.startswith((at_once, later)), line
            seen[("refused at once" if line.startswith(at_once) else "refused once told", outcome == ["taken"])] += 1
            continue
        if cheat.cheat_move is None:
            continue
        verdict = audit_of(honest)
        assert verdict["ok"] is False and verdict["cheat"] == cheat.me, verdict
        assert f"move {cheat.cheat_move} broke the rules" in verdict["why"] and "Assassin" in verdict["why"], verdict
        seen["named by the check", True] += 1
    print(dict(seen))
    assert sum(seen.values()) >= 3


def peek_in(device: Device, card: Hidden) -> Card:
    with reading(device.save, device.state):
        face = peek(card)
    assert face is not None
    return face


# --- damaged, replayed and foreign links ----------------------------------------------------------


def tampered(message: dict[str, Any], rng: Rng, old: list[dict[str, Any]]) -> dict[str, Any]:
    """One change a cheat or a damaged channel could make to a Tower Battle link's message."""
    m = copy.deepcopy(message)
    kind = rng.below(12)
    if kind == 0:
        m["n"] += rng.choice([-2, -1, 1, 2, 5])
    elif kind == 1:
        m["h"] = old[rng.below(len(old))]["h"] if rng.coin() else "A" * 22
    elif kind == 2:
        m["by"] = 1 - m["by"]
    elif kind == 3:
        m.pop(rng.choice(["n", "h", "by", "m", "e", "id"]))
    elif kind == 4:
        m["e"] = [m["e"][0] + rng.choice([-1, 1, 3]), m["e"][1]]
    elif kind == 5:  # the moves cut, doubled, or another link's
        choice = rng.below(3)
        if choice == 0 and m["m"]:
            m["m"].pop()
        elif choice == 1:
            m["m"].append(m["m"][-1] if m["m"] else {"kind": "discard", "card": "?0.0"})
        else:
            m["m"] = old[rng.below(len(old))]["m"]
            if m["m"] == message["m"]:
                m["m"] = m["m"] + [{"kind": "decline-battle"}]
    elif kind == 6:  # a move's card changed: another handle, a face, a tower
        moves = [move for move in m["m"] if "card" in move] or [{"kind": "play", "card": "?0.0", "face_up": False}]
        move = moves[0]
        move[rng.choice(["card", "tower", "face_up"])] = rng.choice(["?0.1", "?9.9", "5H", "AS", "H", "C", None, True, 7])
        if move not in m["m"]:
            m["m"].append(move)
    elif kind == 7:  # a card told changed, or told for another place
        told = m.setdefault("r", {})
        place = rng.choice(sorted(told) or ["0.0"])
        told[place if rng.coin() else rng.choice(["0.0", "1.99", "7.3", "x"])] = rng.choice(["AH", "5C", "10D", "QS", "?0.1", "", 3])
    elif kind == 8:  # a share changed, or one for a place sent before
        shares = m.setdefault("y", {})
        place = rng.choice(sorted(shares) or ["0.0"])
        shares[place if rng.coin() else rng.choice(["0.0", "1.0", "0.1"])] = rng.choice(["A" * 22, "B" * 21, "", None, "A" * 30])
    elif kind == 9:  # a secret shown before the end, or a damaged one
        m["z"] = rng.choice(["A" * 22, m["e"][1], 0])
    elif kind == 10:
        m[rng.choice(["r", "y"])] = rng.choice([None, "x", [], 3, {"0.0": {"a": 1}}])
    else:
        m[rng.choice(["n", "by", "m", "e", "h"])] = rng.choice([None, "x", [], {}, 2**70, -1, True])
    return m


def test_five_hundred_tampered_replayed_and_foreign_tower_battle_links_are_refused_and_change_nothing(same_secrets):
    rng = Rng(17)
    ana, ben = Device(TB), Device(TB)
    ana.create(["Ana", "Ben"], {"target": 2, "tnt": True}, 0)
    history: list[str] = []
    for _ in range(14):  # a few turns in, so that links carry moves, shares and cards told
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
    honest = ana.outbox() if owes_link(ana.module, ana.save, ana.state) else None
    if honest is None:  # Ana's last link is out: Ben answers, and the link is his
        ana, ben = ben, ana
        while ana.can_move():
            ana.move(rng)
        honest = ana.outbox()
    assert honest is not None
    old = [from_code(code) for code in history]
    foreign_device = Device(TB)
    foreign_device.create(["Ana", "Ben"], {"target": 2}, 0)
    foreign = foreign_device.outbox()
    assert foreign is not None
    kept, kept_state = copy.deepcopy(ben.save), ben.state
    refusals: set[str] = set()
    forgeries = 0
    for i in range(500):
        kind = i % 5
        if kind == 0:
            pos = rng.below(len(honest) - 3) + 3
            code = honest[:pos] + rng.choice("AZaz09-_~ ") + honest[pos + 1 :] if rng.coin() else honest[:pos]
        elif kind == 1:
            code = history[rng.below(len(history))]
        elif kind == 2:
            code = foreign if rng.coin() else to_code(dict(from_code(foreign), n=from_code(honest)["n"]))
        elif kind == 3:  # changed on its way: the seal no longer fits
            code = to_code(tampered(from_code(honest), rng, old))
        else:  # changed by Ana herself, who seals what she likes
            code = to_code(resealed(ana, tampered(from_code(honest), rng, old)))
        try:
            ben.open(code)
        except LinkRefused as refusal:
            line = str(refusal)
            assert line.startswith("This ") and "\n" not in line and len(line) < 200, line
            refusals.add(line.split(":")[0].split("(")[0])
            assert ben.save == kept
            continue
        if kind != 4:
            assert from_code(code) == from_code(honest), f"a changed link was taken: {code}"
        else:
            forgeries += 1  # Ana told another card of hers, or chose other moves: both devices must still agree on what they hold
            added = ben.save["moves"][len(kept["moves"]) :]  # Ben's own waiting moves, then Ana's
            assert added == (kept["link"]["pending"] + from_code(code)["m"])[: len(added)]
        ben.save, ben.state = copy.deepcopy(kept), kept_state
    assert len(refusals) >= 10, refusals
    assert forgeries < 60
    ben.open(honest)
