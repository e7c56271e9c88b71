"""Towers of Wyoming by link with three and four players: the links go round the table in seat order,
each carrying the messages its receiver has not seen, every message sealed by its writer for each
other player (link/game.py). Every device ends with the same game and checks it fair; no link shows
a card of a hand or a secret before the end; a turn costs no extra link once the first round is
done (the layers come off ahead, where ``draws_ahead`` makes the drawer certain); a message changed,
dropped, reordered or replayed by the player who passes it on is refused, and so is a false layer."""

from __future__ import annotations

import copy
import json
import statistics
from typing import Any

import pytest

from cheating import Cheat, assert_agreed_and_fair, outcome_of, refused, seeded_secrets
from link.test_joint_deck import public_cards
from tabletop.engine.hidden import HANDLE, peek
from tabletop.engine.rng import Rng
from tabletop.games import GAMES
from tabletop.games.towers_of_wyoming.facts import CODES
from tabletop.link.cards import Known
from tabletop.link.cipher import card_element, pack
from tabletop.link.codes import from_code, to_code
from tabletop.link.game import abandon_waits, b64, link_of, new_link_save, owes_link, reading, send
from tabletop.link.simulate import Device, play_by_links, varied

W = "towers-of-wyoming"
MODULE = GAMES[W]
GAMES_PLAYED = [  # players, seed, options: both sizes of table, each with a recycle and Tidal Influences' tosses
    (3, 1, {"tidal_influences": True}),
    (3, 11, dict(varied(W, 11), contractual_deadlines=False)),
    (4, 2, {"wheel_of_opposition": True, "tidal_influences": True}),
    (4, 5, {"sudden_death": False}),
]


def hand_codes(device: Device, seat: int, state: Any) -> set[str]:
    """The codes of ``seat``'s cards that ``device`` reads in ``state``."""
    with reading(device.save, state):
        faces = [peek(card) for card in state.hands[seat]]
    return {CODES[face] for face in faces if face is not None}  # type: ignore[index]


def strings(value: Any, skip: tuple[str, ...] = ()) -> list[str]:
    text = json.dumps({k: v for k, v in value.items() if k not in skip} if isinstance(value, dict) else value)
    return [part for part in text.replace('"', " ").replace(",", " ").replace("[", " ").replace("]", " ").split() if part]


class RingWatch:
    """Checks every link as it is taken: each message's writer, seals and secrets, the cards it names,
    and the receiver's view after it."""

    def __init__(self, devices: tuple[Device, ...]) -> None:
        self.devices = devices
        self.faults: list[str] = []
        self.sizes: list[tuple[int, int, bool]] = []  # (number of the link's last message, characters, carries passes)
        self.first_of: dict[int, int] = {}  # seat -> the number of its first message

    def __call__(self, sender: Device, receiver: Device, code: str, earlier: Any) -> None:
        data = from_code(code)
        messages = data["ring"]
        self.sizes.append((messages[-1]["n"], len(code), any("d" in message for message in messages)))
        seats = len(self.devices)
        if messages[-1]["by"] != sender.me or receiver.me != (sender.me + 1) % seats:
            self.faults.append(f"a link from seat {sender.me} to seat {receiver.me} that its writer did not end")
        for message in messages:
            self.first_of.setdefault(message["by"], message["n"])
            sealed = set(message.get("a", {}))
            owed = {str(seat) for seat, first in self.first_of.items() if first < message["n"] and seat != message["by"]}
            if not owed <= sealed:
                self.faults.append(f"message {message['n']} is not sealed for {sorted(owed - sealed)}")
            over = receiver.state is not None and MODULE.outcome(receiver.state) is not None
            if "z" in message and not over:
                self.faults.append(f"message {message['n']} shows a secret before the end")
            for move in message["m"]:
                named = move.get("cards", []) if move.get("kind") == "play" else [move.get("card")]
                if not all(isinstance(card, str) and HANDLE.fullmatch(card) for card in named):
                    self.faults.append(f"a move names plain cards: {move}")
        state = receiver.state
        if state is None:
            return
        over = MODULE.outcome(state) is not None
        public = public_cards(state)
        holds = bool(link_of(receiver.save).their_pending)  # a move it cannot apply yet (its toss waits): its cards are told
        for message in messages if not holds else ():
            for place, told in message.get("r", {}).items():
                if int(told) not in public:
                    self.faults.append(f"{place} tells {told}, which is not public on the receiver")
        by_seat = {device.me: device for device in self.devices if device.save is not None and device.state is not None}
        if not over:
            with reading(receiver.save, state):
                view = MODULE.view(state, receiver.me)
        for seat, owner in by_seat.items():
            if seat == receiver.me:
                continue
            if link_of(owner.save).pending:  # the cards its waiting move plays are in its hand here, on the table elsewhere
                continue
            held = hand_codes(owner, seat, owner.state)
            for text in strings(data, ("r",)):
                if text in held:
                    self.faults.append(f"the code {text} of a card in seat {seat}'s hand")
            shown = held & set(strings(view, ("events", "recent", "recycles"))) if not over else set()
            if shown:
                self.faults.append(f"seat {receiver.me}'s view shows seat {seat}'s cards {sorted(shown)}")


@pytest.fixture(scope="module")
def played() -> list[tuple[tuple[Device, ...], RingWatch]]:
    games = []
    for players, seed, options in GAMES_PLAYED:
        devices = tuple(Device(W) for _ in range(players))
        watch = RingWatch(devices)
        with seeded_secrets(seed):
            play_by_links(W, options, seed, seed % players, 4000, devices, watch, players=players)
        games.append((devices, watch))
    return games


def test_whole_games_round_the_table_agree_on_every_device_and_check_fair(played):
    for devices, _watch in played:
        assert_agreed_and_fair(devices[0], devices[1], lambda a, b: a.state == b.state, *devices[2:])
        seats = sorted(device.me for device in devices)
        assert seats == list(range(len(devices)))
        for device in devices:  # each device holds every other player's secret, each checked against their promise
            assert sorted(Known.read(device.save["link"]["cards"], device.me, len(devices)).secrets) == [s for s in seats if s != device.me]
    recycles = [sum(1 for e in devices[0].state.events if e["kind"] == "recycle") for devices, _ in played]
    assert sum(recycles) >= 2, recycles
    assert any(e["tosses"] for devices, _ in played for e in devices[0].state.events if e["kind"] == "recycle")


def test_no_link_shows_a_hand_a_secret_or_a_plain_card_and_every_message_is_sealed_for_each_player(played):
    for _devices, watch in played:
        assert watch.faults == []


def test_a_turn_costs_no_extra_link_once_the_first_round_is_done(played):
    """The layers off a drawer's cards come before the move that draws them: links beyond one per
    move come from the first round (every player's pass), recycles (a new deck's passes and layers),
    and the secrets at the end."""
    for devices, watch in played:
        moves = len(devices[0].save["moves"])
        recycles = sum(1 for e in devices[0].state.events if e["kind"] == "recycle")
        players = len(devices)
        assert len(watch.sizes) <= moves + players * (3 + 3 * recycles), (len(watch.sizes), moves, recycles)


def test_a_turns_link_stays_small_and_only_a_shuffles_is_long(played):
    """After the first two rounds (every pass, then every hand's layers), a link carries the last
    players' moves, layers off and seals: under 2,000 characters. A link that carries a recycle's
    passes (the new pile under each player's layer) is long, as the first ones are, and goes as a
    file where a chat would cut it."""
    turns = sorted(size for _devices, watch in played for number, size, passes in watch.sizes if number >= 2 * len(_devices) and not passes)
    shuffles = sorted(size for _devices, watch in played for number, size, passes in watch.sizes if number >= 2 * len(_devices) and passes)
    p95 = turns[int(0.95 * (len(turns) - 1))]
    print(f"{len(turns)} links of turns: median {statistics.median(turns)}, 95th percentile {p95}, largest {turns[-1]}")
    print(f"{len(shuffles)} links with a recycle's passes: largest {shuffles[-1] if shuffles else 0}")
    assert p95 < 2000
    assert shuffles and len(shuffles) < len(turns) / 5


def test_the_same_secrets_and_moves_make_the_same_game():
    runs = []
    for _ in range(2):
        with seeded_secrets(7):
            devices = play_by_links(W, {}, 7, 1, 4000, players=3)
        runs.append((devices[0].save["moves"], devices[2].state))
    assert runs[0] == runs[1]


# --- links changed on their way, out of order, or opened twice ------------------------------------------


def mid_game(players: int = 3, seed: int = 3) -> tuple[tuple[Device, ...], list[tuple[Device, Device, str]]]:
    """Devices in the middle of a game, with every link they sent, in order; the last one not opened."""
    sent: list[tuple[Device, Device, str]] = []
    devices = tuple(Device(W) for _ in range(players))

    def watch(sender: Device, receiver: Device, code: str, earlier: Any) -> None:
        sent.append((sender, receiver, code))

    with seeded_secrets(seed), pytest.raises(AssertionError, match="did not end"):
        play_by_links(W, {}, seed, 0, 3 * players + 6, devices, watch, players=players)
    rng = Rng(seed)
    for sender in devices:
        while sender.save is not None and sender.can_move():
            sender.move(rng)
        code = sender.outbox()
        if code is not None:
            sent.append((sender, devices[(devices.index(sender) + 1) % players], code))
            break
    return devices, sent


def test_a_message_changed_dropped_reordered_or_replayed_by_the_player_who_passes_it_on_is_refused():
    devices, sent = mid_game()
    sender, receiver, code = sent[-1]
    ring = from_code(code)["ring"]
    assert len(ring) == 2 and ring[0]["by"] != sender.me
    writer = devices[[d.me for d in devices].index(ring[0]["by"])]
    first = writer.save["seats"][writer.me]["name"]

    def forged(messages: list[dict[str, Any]]) -> str:
        return to_code({"ring": messages})

    changed = dict(ring[0], m=ring[0]["m"][:-1] if ring[0]["m"] else [{"kind": "discard", "card": "?0.1"}])
    assert refused(receiver, forged([changed, ring[1]])) == f"This link was changed on its way: it does not carry {first}'s seal."
    unsealed = {k: v for k, v in ring[0].items() if k != "a"}
    assert refused(receiver, forged([unsealed, ring[1]])) == f"This link was changed on its way: it does not carry {first}'s seal."
    line = refused(receiver, forged([ring[1]]))
    assert line.startswith("This link comes after one of") and line.endswith("that this device has not opened: open that one first."), line
    assert refused(receiver, forged([ring[1], ring[0]])).startswith("This link comes after one of")
    receiver.open(code)
    assert refused(receiver, code) == "This link was opened here before: the game goes on from where it stands."
    nobody = next(d for d in devices if d not in (sender, receiver))
    assert refused(nobody, code) == "This link was opened here before: the game goes on from where it stands."
    assert refused(sender, code).startswith("This is the link this device made, for ")


def test_a_link_of_two_players_opened_in_a_game_of_three_and_a_foreign_link_are_refused():
    devices, sent = mid_game()
    _sender, receiver, code = sent[-1]
    message = next(m for _, _, earlier in sent[::-1] for m in from_code(earlier)["ring"] if m["by"] < 2)  # a seat two players have
    assert refused(receiver, to_code(message)) == "This link belongs to another game."
    others, other_sent = mid_game(seed=4)
    assert refused(receiver, other_sent[-1][2]) == "This link belongs to another game."


def test_three_hundred_tampered_ring_links_are_refused_and_change_nothing():
    devices, sent = mid_game(4, 6)
    _sender, receiver, code = sent[-1]
    data = from_code(code)
    rng = Rng(35)
    fields = ("n", "h", "by", "m", "e", "w", "r", "d", "a", "id")
    for _ in range(300):
        ring = copy.deepcopy(data["ring"])
        message = ring[rng.below(len(ring))]
        field = fields[rng.below(len(fields))]
        if field in ("n", "by"):
            message[field] = (message.get(field, 0) + 1 + rng.below(3)) % 4
        elif field == "a":  # the receiver's own seal (the others' are theirs to check)
            message["a"][str(receiver.me)] = message["a"][str(receiver.me)][::-1]
        elif field in message and isinstance(message[field], str):
            text = message[field]
            at = rng.below(len(text))
            message[field] = text[:at] + ("A" if text[at] != "A" else "B") + text[at + 1 :]
        else:
            message[field] = {"0.1": pack([card_element(3)])} if field in ("w", "d") else [{"kind": "discard", "card": "?0.9"}]
        refused(receiver, to_code({"ring": ring}))
    receiver.open(code)


# --- a player who lies --------------------------------------------------------------------------------


def false_layer(cheat: Cheat, message: dict[str, Any]) -> bool:
    """One layer taken off falsely, on a card another player draws (the first time it takes one off)."""
    if cheat.cheated or not message.get("w"):
        return False
    place = sorted(message["w"])[0]
    message["w"] = dict(message["w"], **{place: pack([card_element(5)])})
    return True


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_false_layer_off_is_refused_by_the_drawer_or_named_at_the_end(seat):
    """Whoever takes a false layer off a card, first in its chain or in the middle, the drawer's device
    finds the card opens to none, or the check at the end names the liar; the game never ends fair."""
    devices: list[Device] = [Device(W) for _ in range(3)]
    devices[seat] = cheat = Cheat(false_layer)
    with seeded_secrets(seat + 20):
        kind, result = outcome_of(lambda: play_by_links(W, {}, 20 + seat, 0, 4000, tuple(devices), players=3))
    assert cheat.cheated == 1
    if kind == "refused":
        assert "falsely" in result[1] or "cannot be" in result[1], result
        return
    assert kind == "ended", kind
    for device in result:
        if device is not cheat:
            verdict = device.save["link"]["cards"]["audit"]
            assert verdict["ok"] is False and verdict["cheat"] == cheat.me, verdict


def test_contractual_deadlines_are_not_offered_round_a_table_yet():
    seats = [{"name": name, "kind": "human" if i == 0 else "friend"} for i, name in enumerate(("Ana", "Ben", "Cy"))]
    with pytest.raises(ValueError, match="Contractual Deadlines cannot be played by link with three or four players yet"):
        new_link_save(MODULE, seats, {"contractual_deadlines": True}, 0)
    save = new_link_save(MODULE, seats[:2], {"contractual_deadlines": True}, 0)  # two players: it is
    assert b64(link_of(save).id)


def test_an_abandon_goes_round_the_table_and_each_device_then_refuses_more_links():
    devices, sent = mid_game(4, 8)
    sender, receiver, code = sent[-1]
    receiver.open(code)
    waiting = devices[(devices.index(receiver) + 2) % 4]
    assert abandon_waits(waiting.save).startswith("Round the table, you can abandon once the game is back with you")
    assert abandon_waits(receiver.save) == ""
    quitter = receiver
    passed = send(quitter.save, abandon=True, module=quitter.module, state=quitter.state)
    holder, hops = quitter, 0
    while True:
        nxt = devices[(devices.index(holder) + 1) % 4]
        nxt.open(passed)
        hops += 1
        assert link_of(nxt.save).ended == {"by": quitter.me, "how": "abandoned"}
        if not owes_link(nxt.module, nxt.save, nxt.state):
            break
        passed = nxt.outbox()
        holder = nxt
    assert hops == 3  # every other player has seen it; the quitter's device is not sent it again
    assert all(link_of(d.save).ended is not None and not owes_link(d.module, d.save, d.state) for d in devices)
    assert refused(devices[(devices.index(quitter) + 1) % 4], code).startswith("This link was opened here before")
