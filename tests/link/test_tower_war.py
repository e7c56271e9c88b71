"""Tower War by link: the draft dealt by each deal's joint chance, drafted cards concealed, decks
drawn by their owner alone, a hidden hand judged by its owner (``Pass``), and the unsteady hand's
foreseeable chance. Whole games agree on both devices and check fair; no link and no view shows a
card of the other's hand, deck or choice of deck; a false pass and a false card told are refused or
named by the check at the end; tampered links are refused and change nothing."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from cheating import (
    FAIR,
    Cheat,
    Faces,
    assert_agreed_and_fair,
    outcome_of,
    own_checks_off,
    refused,
    refused_or_named,
    resealed,
    seeded_secrets,
)
from tabletop.engine.cards import Card
from tabletop.engine.errors import IllegalMove
from tabletop.engine.hidden import HANDLE, Hidden, cards_known, peek
from tabletop.engine.rng import ChanceAwaited, Rng
from tabletop.games import GAMES
from tabletop.games.tower_war import ai, rules, views
from tabletop.games.tower_war.moves import Pass, Play
from tabletop.link.cards import Known, decks_of, share
from tabletop.link.chance import Chain, Elements
from tabletop.link.codes import LinkRefused, from_code, to_code
from tabletop.link.game import b64, link_of, owes_link, play, reading
from tabletop.link.simulate import Device, play_by_links, varied

TW = "tower-war"
MODULE = GAMES[TW]


def careful(state: Any, legal: list[Any], rng: Rng) -> Any:
    """The computer's drops (so that a game lasts some battles and reshuffles); every other move at random."""
    if state.phase == "drop":
        return ai.choose(views.view(state, state.actor), legal, "medium", rng)
    return legal[rng.below(len(legal))]


def game(seed: int, advanced: bool, creator: int, devices: tuple[Device, Device] | None = None, watch: Any = None) -> tuple[Device, Device]:
    return play_by_links(TW, {"advanced_draft": advanced}, seed, creator, 4000, devices, watch, careful)


def audit_of(device: Device) -> dict[str, Any]:
    return device.save["link"]["cards"]["audit"]


def seen_by(device: Device, state: Any = None) -> dict[str, Any]:
    """``device``'s view of its own seat, its hidden cards read as it reads them."""
    state = device.state if state is None else state
    with reading(device.save, state):
        return MODULE.view(state, device.me)


def secret_cards(device: Device, seat: int) -> dict[Hidden, Card]:
    """Every hidden card of ``seat``'s that the rules have not turned up (its hand, deck, drafted,
    kept and unused cards), read on ``device``, which must be that seat's own."""
    s = device.state
    held = [*s.hand[seat], *s.deck[seat], *s.drafted[seat], *s.kept[seat], *s.unused[seat]]
    with reading(device.save, s):
        return {card: peek(card) for card in held if isinstance(card, Hidden) and peek(card) is not None}


class TowerWarWatch:
    """Checks every link as it is taken, and the receiver's view after it (``views``)."""

    def __init__(self, views: bool = True) -> None:
        self.views = views
        self.faults: list[str] = []
        self.texts: list[str] = []
        self.counts = {"links": 0, "told": 0, "shares": 0, "views": 0, "moves": 0}

    def fault(self, text: str) -> None:
        self.faults.append(f"link {self.counts['links']}: {text}")

    def __call__(self, sender: Device, receiver: Device, code: str, earlier: Any) -> None:
        self.counts["links"] += 1
        message = from_code(code)
        text = json.dumps(message)
        self.texts.append(text)
        mine = link_of(sender.save)
        over = MODULE.outcome(sender.state) is not None if sender.state is not None else False
        if b64(mine.seal_secret) in text or (("z" in message or b64(mine.secret) in text) and not over):
            self.fault("a secret before the end")
        for move in message["m"]:
            self.counts["moves"] += 1
            if move["kind"] in ("keep", "play") and not HANDLE.fullmatch(str(move["card"])):
                self.fault(f"a move names a plain card of a hand or a draft: {move}")
        decks = decks_of(receiver.state)
        for place in message.get("y", {}):
            self.counts["shares"] += 1
            if decks[int(place.split(".")[0])].owner != receiver.me:
                self.fault(f"a share of {place}, not of a deck of the receiver's")
        state = receiver.state
        if state is None or link_of(receiver.save).their_pending:
            return
        for place, told in message.get("r", {}).items():  # a card told is one the rules turned up
            self.counts["told"] += 1
            if told not in public_codes(state):
                self.fault(f"{place} tells {told}, which is not public on the receiver")
        if not over:
            self.check_secrets_kept(sender, receiver)

    def check_secrets_kept(self, sender: Device, receiver: Device) -> None:
        """The receiver reads none of the sender's hidden cards, and its view shows none of them
        (the sender's cards a view could show by their codes: its hand, deck and chosen deck)."""
        same = sender.state is not None and sender.state.moves == receiver.state.moves  # else the sender's state lags
        theirs = secret_cards(sender, sender.me) if same else {}
        with reading(receiver.save, receiver.state):
            read = [card for card in theirs if peek(card) is not None]
        if read:
            self.fault(f"seat {receiver.me} reads {read} of the other's hidden cards")
        if not self.views:
            return
        self.counts["views"] += 1
        view = seen_by(receiver)
        mine = view["mine"] or {}
        own = set(mine.get("hand", [])) | set(mine.get("deck", [])) | set(mine.get("kept", [])) | set(mine.get("drafted", []))
        if set(mine.get("faces", {})) & {str(card) for card in theirs}:
            self.fault(f"seat {receiver.me}'s view gives the face of a hidden card of the other's")
        if own & {str(card) for card in theirs.values()} - public_codes(receiver.state):
            self.fault(f"seat {receiver.me}'s own cards in its view include the other's")


def public_codes(state: Any) -> set[str]:
    """Cards the rules turned up: played, picked up to crown the tower, or discarded (events say
    them all), and the tower's base."""
    seen = {str(level.card) for level in state.tower}
    for e in state.events:
        if e["kind"] in ("played", "picked-card"):
            seen.add(e["card"])
        elif e["kind"] == "discarded":
            seen |= {code for pile in e["discards"] for code in pile}
    return seen


# (seed, advanced draft, creator): both drafts, either seat making the game; each lasts several battles
GAMES_PLAYED = [(0, False, 0), (1, True, 1), (3, True, 0), (6, False, 1)]


@pytest.fixture(scope="module")
def played() -> list[tuple[Device, Device, TowerWarWatch]]:
    out = []
    for seed, advanced, creator in GAMES_PLAYED:
        watch = TowerWarWatch()
        with seeded_secrets(seed):
            ana, ben = game(seed, advanced, creator, watch=watch)
        out.append((ana, ben, watch))
    return out


def test_whole_games_of_tower_war_by_link_agree_on_both_devices_and_check_fair(played):
    battles = reshuffles = 0
    for ana, ben, _watch in played:
        assert_agreed_and_fair(ana, ben, same=lambda a, b: MODULE.view(a.state, None) == MODULE.view(b.state, None))
        battles += ana.state.battle
        reshuffles += sum(1 for e in ana.state.events if e["kind"] == "reshuffled")
    assert battles >= 16 and reshuffles >= 2, (battles, reshuffles)


def test_no_link_and_no_view_of_those_games_shows_a_card_the_other_may_not_see(played):
    for _ana, _ben, watch in played:
        assert not watch.faults, watch.faults[:5]
        assert watch.counts["told"] > 20 and watch.counts["shares"] > 20 and watch.counts["views"] > 30, watch.counts


def test_two_hundred_games_by_link_agree_check_fair_and_keep_every_hidden_card():
    """200 games of random moves (seeds 0..199, both drafts, either player making the game), every
    link checked as above but for the views; no device's own shares of its decks in any link."""
    watch = TowerWarWatch(views=False)
    sizes = []
    for seed in range(200):
        ana, ben = play_by_links(TW, varied(TW, seed), seed, seed // 2 % 2, 4000, None, watch)
        assert ana.save["moves"] == ben.save["moves"] and link_of(ana.save).hash == link_of(ben.save).hash
        assert audit_of(ana) == audit_of(ben) == FAIR
        for device in (ana, ben):
            link = link_of(device.save)
            own = {
                b64(share(link.secret, link.id, n, pos))
                for n, deck in enumerate(decks_of(device.state))
                if deck.owner == device.me
                for pos in range(len(deck.contents))
            }
            assert own and not any(value in text for text in watch.texts for value in own)
        sizes += [len(code) for code in ana.sent + ben.sent]
        watch.texts.clear()
    assert not watch.faults, watch.faults[:5]
    sizes.sort()
    print(
        f"Tower War links over 200 games: {len(sizes)} links, median {sizes[len(sizes) // 2]}, p95 {sizes[int(0.95 * (len(sizes) - 1))]}, max {sizes[-1]}"
    )
    assert sizes[int(0.95 * (len(sizes) - 1))] < 2000


def test_at_the_end_each_device_shows_both_players_remaining_cards(played):
    for ana, ben, _watch in played:
        ends = [seen_by(device)["at_end"] for device in (ana, ben)]
        assert ends[0] == ends[1]
        for seat in (0, 1):
            left = len(ana.state.hand[seat]) + len(ana.state.deck[seat])
            assert len(ends[0][seat]["hand"]) + len(ends[0][seat]["deck"]) == left
            assert len(ends[0][seat]["unused"]) == len(ana.state.unused[seat])


def test_the_cards_of_a_draft_round_are_first_known_where_the_link_with_the_take_is_opened():
    """The chooser's take deals the next round: the chooser's device cannot deal it (the other's share
    of that move's chance is not in yet), so the take waits, and the other device deals it first."""
    with seeded_secrets(4):
        rng = Rng(4)
        ana, ben = Device(TW), Device(TW)
        ana.create(["Ana", "Ben"], {}, 0)
        ben.open(ana.outbox())
        ana.open(ben.outbox())
        while ana.can_move():  # Ana splits round 1
            ana.move(rng)
        ben.open(ana.outbox())
        assert ben.state.phase == "take" and ben.can_move()
        ben.move(rng)  # Ben takes a pile: round 2 is dealt by this move's chance
        assert link_of(ben.save).pending and ben.state.phase == "take"
        ana.open(ben.outbox())
        assert ana.state.round == 1 and ana.state.phase == "split" and ana.state.actor == 1
        ben.open(ana.outbox())  # Ana's share of the take's chance: Ben sees the round he splits
        assert not link_of(ben.save).pending
        assert ben.state.faceup == ana.state.faceup and len(ben.state.faceup) == 5


def test_a_pick_up_draws_its_tremor_at_once_on_the_pickers_device():
    """The unsteady hand's phases are foreseeable chance: no pick-up waits for the other's link."""
    waits = picks = 0
    with seeded_secrets(8):
        watch: list[tuple[str, bool]] = []

        def seen(sender: Device, receiver: Device, code: str, earlier: Any) -> None:
            for move in from_code(code)["m"]:
                watch.append((move["kind"], bool(link_of(sender.save).pending)))

        game(8, False, 0, watch=seen)
    for kind, pending in watch:
        if kind in ("pick_pyramid", "pick_card", "lift_pyramid"):
            picks += 1
            waits += pending
    assert picks > 10 and waits == 0, (picks, waits)


def test_foreseeable_chance_needs_the_drawers_share_of_the_move_and_the_others_of_their_last_move():
    ana, ben = Chain(bytes(16)), Chain(bytes([1]) * 16)
    on_ana = Elements(b"game", 2, {1: (-1, ben.top)}, own=(0, ana))
    with pytest.raises(ChanceAwaited):
        next(on_ana.foreseen(12, 0, 9))  # Ben's share of move 9 has not come
    on_ana.show(1, 10, ben.element(10))
    first = list(zip(range(3), on_ana.foreseen(12, 0, 9), strict=False))
    on_ben = Elements(b"game", 2, {0: (-1, ana.top)}, own=(1, ben))
    on_ben.show(0, 12, ana.element(12))
    assert first == list(zip(range(3), on_ben.foreseen(12, 0, 9), strict=False))  # both devices draw the same
    assert first != list(zip(range(3), on_ben.foreseen(12, 0, 8), strict=False))  # and from that move's share
    assert first != list(zip(range(3), on_ben.stream(12), strict=False))  # not the move's joint chance
    with pytest.raises(RuntimeError):
        on_ana.foreseen(12, 0, 12)


# --- a hand of hidden cards -------------------------------------------------------------------------


def battle_with_hand(cards: list[str]) -> tuple[Any, dict[Hidden, Card]]:
    """A hot-seat game at its first skirmish, the leader's hand replaced by hidden cards of ``cards``."""
    s = MODULE.new_game(2, {}, 5)
    rng = Rng(5)
    while s.phase != "play":
        legal = MODULE.legal_moves(s)
        s = MODULE.apply(s, legal[rng.below(len(legal))])
    s = s.copy()
    leader = s.leader
    faces = {Hidden(9, i): Card.parse(code) for i, code in enumerate(cards)}
    s.hand[leader] = list(faces)
    s.played = [[], []]
    s.skirmish = 0
    return s, faces


def test_a_hand_of_hidden_cards_is_its_owners_to_judge():
    """The other's device cannot read the hand, so the owner is asked while it holds a card; the
    owner's device offers a pass only when nothing can be played (jokers open no battle)."""
    s, faces = battle_with_hand(["JOKER1", "JOKER2"])
    leader = s.leader
    assert rules.may_play(s, leader)
    with cards_known(Faces(faces)):
        assert MODULE.legal_moves(s) == [Pass()]
        after = MODULE.apply(s, Pass())
    assert after.actor == 1 - leader and after.current == [None, None]
    assert after.events[-1]["kind"] == "passed" and after.events[-1]["seat"] == leader
    assert MODULE.apply(s, Pass()).actor == 1 - leader  # the other's device cannot read it: it takes the pass
    s, faces = battle_with_hand(["JOKER1", "7H"])
    with cards_known(Faces(faces)):
        assert MODULE.legal_moves(s) == [Play(Hidden(9, 1))]
        with pytest.raises(IllegalMove, match="you hold a card you can play"):
            MODULE.apply(s, Pass())
        played = MODULE.apply(s, Play(Hidden(9, 1)))
    assert played.played[leader][0].card == Card.parse("7H")  # played face up: a plain card from then on
    assert Hidden(9, 0) in played.hand[leader]


def test_at_one_table_a_hand_is_never_passed():
    s = MODULE.new_game(2, {}, 5)
    rng = Rng(5)
    while s.phase != "play":
        legal = MODULE.legal_moves(s)
        s = MODULE.apply(s, legal[rng.below(len(legal))])
    assert Pass() not in MODULE.legal_moves(s)
    with pytest.raises(IllegalMove, match="only a hand the other player cannot see is passed"):
        MODULE.apply(s, Pass())


# --- cheats ---------------------------------------------------------------------------------------------


class PassesHoldingAPlay(Cheat):
    """Passes once while it holds a card it could play: its own device's check of its hand is turned
    off (a changed app); the other's device cannot read that hand, so it takes the pass, and the
    check at the end, which reads every card, names it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__(game=TW)
        self.cheat_move: int | None = None
        own_checks_off(monkeypatch, rules, self)

    def move(self, rng: Rng, choose: Any = None) -> None:
        with reading(self.save, self.state):
            legal = self.module.legal_moves(self.state)
        if self.cheat_move is None and isinstance(legal[0], Play):
            after = play(self.module, self.save, self.state, Pass())
            self.cheat_move = len(self.save["moves"])
            assert after is not None
            self.state = after
            return
        super().move(rng, choose)


def test_a_pass_while_holding_a_play_is_refused_once_the_hand_is_turned_up_or_named_by_the_check(monkeypatch):
    """The other device takes the pass (it cannot read the hand); once the cards of that hand are
    turned up (played, crowned or discarded), its replay finds the pass against the rules and it
    refuses the link that tells the last of them; otherwise the check at the end names the cheat."""
    why = "you hold a card you can play"
    seen: dict[str, int] = {}
    for seed in (2, 5):
        with seeded_secrets(seed):
            cheat, honest = PassesHoldingAPlay(monkeypatch), Device(TW)
            kind, result = outcome_of(lambda: game(seed, False, 0, devices=(cheat, honest)))  # noqa: B023
        assert cheat.cheat_move is not None
        refused_or_named(kind, result, cheat, honest, why)
        if kind == "ended":
            assert honest.save["moves"][cheat.cheat_move - 1] == {"kind": "pass"}
        seen[kind] = seen.get(kind, 0) + 1
    print(seen)


def tell_falsely(cheat: Cheat, message: dict[str, Any]) -> bool:
    """Tells a card played as another of the deck's cards, once."""
    told = message.get("r", {})
    if cheat.cheated or not told:
        return False
    place = sorted(told)[0]
    others = [code for code in ("2C", "3D", "4H", "5S", "6C") if code != told[place]]
    told[place] = others[0]
    return True


def test_a_false_card_told_is_refused_or_named_never_fair():
    """A card told as another: never a fair verdict. The other device refuses it at once (no card of
    that deck, or one told before) or a later link, or the devices no longer agree and the game
    stalls (each waits for the other: refusing to answer stalls a game too), or the check at the
    end names the cheat."""
    seen: dict[str, int] = {}
    for seed in (1, 2, 3, 4):
        with seeded_secrets(seed):
            cheat, honest = Cheat(tell_falsely, TW), Device(TW)
            kind, result = outcome_of(lambda: game(seed, False, 0, devices=(cheat, honest)))  # noqa: B023
        assert cheat.cheated == 1
        if kind == "refused":
            assert result[0] is honest and "tells a card" in result[1], result
        elif kind == "ended":
            assert audit_of(honest)["ok"] is False and audit_of(honest)["cheat"] == cheat.me, audit_of(honest)
        seen[kind] = seen.get(kind, 0) + 1
    print(seen)
    assert seen.get("refused", 0) + seen.get("ended", 0) >= 2, seen


# --- damaged, replayed and foreign links -------------------------------------------------------------------


def links_into_the_war(seed: int) -> tuple[Device, Device, list[str], str]:
    """Two devices into the war, and Ana's next link, not taken yet (it carries moves and cards told)."""
    rng = Rng(seed)
    ana, ben = Device(TW), Device(TW)
    ana.create(["Ana", "Ben"], {}, 0)
    history: list[str] = []
    for _ in range(400):
        for device in (ana, ben):
            while device.save is not None and device.can_move():
                device.move(rng, careful)
        sender = next(d for d in (ana, ben) if d.save is not None and owes_link(d.module, d.save, d.state))
        code = sender.outbox()
        message = from_code(code)
        if sender is ana and ana.state is not None and ana.state.battle >= 2 and message.get("r") and message["m"]:
            return ana, ben, history, code
        history.append(code)
        (ben if sender is ana else ana).open(code)
    raise AssertionError("no such link")


def tampered(message: dict[str, Any], rng: Rng, old: list[dict[str, Any]]) -> dict[str, Any]:
    m = copy.deepcopy(message)
    kind = rng.choice(["n", "h", "m", "e", "r", "y", "junk"])
    if kind == "n":
        m["n"] += rng.choice([-2, -1, 1, 3])
    elif kind == "h":
        m["h"] = old[rng.below(len(old))]["h"]
    elif kind == "m":
        move = m["m"][0]
        move.update(rng.choice([{"kind": "pass"}, {"card": "?0.0"}, {"card": "?99.1"}, {"kind": "keep"}, {"x": 1e9}, {"card": "AS"}]))
    elif kind == "e":
        m["e"] = [m["e"][0] + rng.choice([-1, 1]), m["e"][1]]
    elif kind == "r":
        told = m.setdefault("r", {})
        place = rng.choice(sorted(told) or ["1.0"])
        told[place] = rng.choice(["AS", "JOKER3", "", "?1.0", 7, None]) if rng.coin() else told[place]
        if rng.coin():
            told[f"{place.split('.')[0]}.{rng.below(40)}"] = told.pop(place)
    elif kind == "y":
        m["y"] = {rng.choice(["0.0", "5.3", "99.0"]): rng.choice(["A" * 22, "x", 3])}
    else:
        m[rng.choice(["r", "y", "m", "e", "n"])] = rng.choice([None, "x", [], 3, {"0.0": {"a": 1}}])
    return m


def test_tampered_replayed_and_foreign_tower_war_links_are_refused_and_change_nothing():
    with seeded_secrets(11):
        ana, ben, history, honest = links_into_the_war(11)
        foreign_device = Device(TW)
        foreign_device.create(["Ana", "Ben"], {}, 0)
        foreign = foreign_device.outbox()
    rng = Rng(23)
    old = [from_code(code) for code in history]
    lines: set[str] = set()
    for i in range(300):
        kind = i % 4
        if kind == 0:
            pos = rng.below(len(honest) - 3) + 3
            code = honest[:pos] + rng.choice("AZaz09-_") + honest[pos + 1 :] if rng.coin() else honest[:pos]
        elif kind == 1:
            code = history[rng.below(len(history))]
        elif kind == 2:
            code = foreign
        else:
            changed = tampered(from_code(honest), rng, old)
            if changed == from_code(honest):
                continue
            code = to_code(resealed(ana, changed))
        try:
            if from_code(code) == from_code(honest):
                continue  # a change the code's last characters do not carry
        except LinkRefused:
            pass
        try:
            lines.add(refused(ben, code).split(":")[0])
        except Exception:
            pytest.fail(f"a changed link was taken or broke the device: {from_code(code) if kind == 3 else kind}")
    assert len(lines) >= 6, lines
    ben.open(honest)
    assert Known.read(ben.save["link"]["cards"], ben.me).told
