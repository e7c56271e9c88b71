"""A game by link between two devices: the same game on both at every link, chance that neither
device sees before it is due, and every link that is not the next one of the game refused in one
line with nothing changed."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.rng import Rng
from tabletop.engine.share import pack_json
from tabletop.games import GAMES
from tabletop.link.codes import LinkRefused, from_code, to_code
from tabletop.link.game import b64, chain_of, link_of
from tabletop.link.seal import seal, shared
from tabletop.link.simulate import Device, play_by_links

WOTW = "war-of-the-worlds"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), tactical=st.booleans(), creator=st.integers(0, 1))
def test_a_game_played_only_by_links_ends_the_same_on_both_devices(seed, tactical, creator):
    ana, ben = play_by_links(WOTW, {"tactical": tactical}, seed, creator)
    assert ana.save["moves"] == ben.save["moves"]
    assert ana.state == ben.state
    assert GAMES[WOTW].outcome(ana.state) is not None
    assert link_of(ana.save).hash == link_of(ben.save).hash  # the two transcripts agree to the last message
    assert not link_of(ana.save).pending and not link_of(ben.save).pending
    assert max(len(code) for code in ana.sent + ben.sent) < 2000


def started(tactical: bool, creator: int = 0) -> tuple[Device, Device, str]:
    """Ana has made the game (and her first turn, unless the first dice wait for Ben); her link is out."""
    ana, ben = Device(WOTW), Device(WOTW)
    ana.create(["Ana", "Ben"], {"tactical": tactical}, creator)
    rng = Rng(5)
    while ana.can_move():
        ana.move(rng)
    code = ana.outbox()
    assert code is not None
    return ana, ben, code


def test_the_first_dice_are_rolled_by_the_device_that_opens_the_first_link():
    ana, ben, code = started(tactical=True)
    assert ana.state is None  # Ana's own device cannot know the dice of her first turn: Ben's share is not in
    ben.open(code)
    dice = ben.state.dice
    assert len(dice) == 3 and GAMES[WOTW].to_act(ben.state) == 0
    reply = ben.outbox()  # Ben owes the link that carries his share, though he has no move to make
    assert reply is not None and ben.outbox() is None
    ana.open(reply)
    assert ana.state.dice == dice


def test_a_roll_at_the_end_of_a_turn_is_first_known_where_the_link_is_opened():
    ana, ben, code = started(tactical=True)
    ben.open(code)
    ana.open(ben.outbox())
    rng = Rng(9)
    while ana.can_move():
        ana.move(rng)
    waiting = link_of(ana.save).pending
    assert waiting, "the move that ends Ana's turn rolls Ben's dice, which her device cannot roll alone"
    before = len(ana.save["moves"])
    ben.open(ana.outbox())
    assert len(ben.save["moves"]) == before + len(waiting)
    assert GAMES[WOTW].to_act(ben.state) == 1 and ben.state.dice


def refused(device: Device, code: str) -> str:
    """The one line a device says when it refuses ``code``, having checked that nothing changed."""
    kept = copy.deepcopy(device.save)
    with pytest.raises(LinkRefused) as refusal:
        device.open(code)
    assert device.save == kept
    return str(refusal.value)


def test_links_out_of_their_place_are_refused():
    ana, ben, first = started(tactical=False)
    ben.open(first)
    assert refused(ben, first) == "This link was opened here before: the game goes on from where it stands."
    rng = Rng(3)
    while ben.can_move():
        ben.move(rng)
    second = ben.outbox()
    assert "link this device made, for Ana's device" in refused(ben, second)
    ana.open(second)
    while ana.can_move():
        ana.move(rng)
    third = ana.outbox()
    skipped = json.loads(json.dumps(from_code(third)))
    skipped["n"] += 2
    assert "comes after one of Ana's" in refused(ben, to_code(skipped))
    forked = dict(from_code(third), h=from_code(second)["h"])
    assert "another copy of the game" in refused(ben, to_code(forked))
    _, _, other_first = started(tactical=False)
    assert refused(ben, other_first) == "This link belongs to another game."
    stranger = Device(WOTW)
    assert "has not joined" in refused(stranger, third)
    ben.open(third)


def test_a_changed_move_or_chance_is_refused():
    ana, ben, first = started(tactical=True)
    ben.open(first)
    message = from_code(ben.outbox())
    ana.open(to_code(message))
    rng = Rng(4)
    while ana.can_move():
        ana.move(rng)
    honest = from_code(ana.outbox())
    changed_chance = dict(honest, e=[honest["e"][0], from_code(first)["e"][1]])
    assert refused(ben, to_code(changed_chance)) == "This link was changed on its way: it does not carry Ana's seal."
    assert "not the chance Ana promised" in refused(ben, to_code(resealed(ana, changed_chance)))  # Ana herself cheating
    moves = copy.deepcopy(honest["m"])
    moves[0] = dict(moves[0], square="Z9")
    assert "move" in refused(ben, to_code(resealed(ana, dict(honest, m=moves))))
    step = honest["e"][0] + 1
    out_of_turn = dict(honest, m=honest["m"] + honest["m"][:1], e=[step, b64(chain_of(link_of(ana.save)).element(step))])
    assert "it is not their turn" in refused(ben, to_code(resealed(ana, out_of_turn)))
    ben.open(to_code(honest))


def resealed(device: Device, message: dict) -> dict:
    """``message`` sealed again by its writer's own device: what a player who cheats can send."""
    link = link_of(device.save)
    return dict(message, a=seal(shared(link.seal_secret, link.keys[link.other]), message))


def test_damaged_and_foreign_codes_are_refused_in_one_line():
    _, ben, first = started(tactical=False)
    for code in (first[:-7], first + "AAAA", "l1.@@@", "g1." + first[3:], pack_json([1, 2], "l1"), pack_json({"n": "x"}, "l1")):
        line = refused(ben, code)
        assert line.startswith("This link") and "\n" not in line


def tampered(message: dict, rng: Rng, old: list[dict]) -> dict:
    """One change a cheat or a damaged channel could make to a link's message."""
    m = copy.deepcopy(message)
    kind = rng.below(9)
    if kind == 0:
        m["n"] += rng.choice([-2, -1, 1, 2, 5])
    elif kind == 1:
        m["h"] = old[rng.below(len(old))]["h"] if old and rng.coin() else "A" * 22
    elif kind == 2:
        m["by"] = 1 - m["by"]
    elif kind == 3:
        m["id"] = "B" * 22
    elif kind == 4:
        m.pop(rng.choice(["n", "h", "by", "m", "e", "id"]))
    elif kind == 5:
        m["e"] = [m["e"][0] + rng.choice([-1, 1, 3]), m["e"][1]]
    elif kind == 6:
        m["e"] = [m["e"][0], old[rng.below(len(old))]["e"][1] if old else "C" * 22]
    elif kind == 7:  # the moves reordered, cut, doubled or taken from another link
        moves = m["m"]
        choice = rng.below(4)
        if choice == 0 and len(moves) > 1:
            i = rng.below(len(moves) - 1)
            moves[i], moves[i + 1] = moves[i + 1], moves[i]
            if moves[i] == moves[i + 1]:
                moves.append(moves[0])
        elif choice == 1 and moves:
            moves.pop(rng.below(len(moves)))
        elif choice == 2:
            moves.append(moves[-1] if moves else {"kind": "decline"})
        else:
            m["m"] = old[rng.below(len(old))]["m"] if old else [{"kind": "?"}]
            if m["m"] == message["m"]:
                m["m"] = m["m"] + [{"kind": "decline"}]
    else:
        m[rng.choice(["n", "by", "m", "e", "h"])] = rng.choice([None, "x", [], {}, 2**70, -1, True])
    return m


def test_two_thousand_tampered_replayed_and_foreign_links_are_refused_and_change_nothing():
    ana, ben, first = started(tactical=True)
    ben.open(first)
    history: list[str] = [first]
    rng = Rng(11)
    for _ in range(6):  # a few turns in, so that links carry moves and chance
        for device in (ana, ben):
            other = ben if device is ana else ana
            while device.can_move():
                device.move(rng)
            code = device.outbox()
            if code:
                history.append(code)
                other.open(code)
    while ana.can_move():
        ana.move(rng)
    honest = ana.outbox()
    old = [from_code(code) for code in history]
    _, _, foreign = started(tactical=True)
    kept, kept_state = copy.deepcopy(ben.save), ben.state
    refusals: set[str] = set()
    accepted_forgeries: list[str] = []
    for i in range(2000):
        kind = i % 5
        if kind == 0:  # the text itself damaged
            pos = rng.below(len(honest) - 3) + 3
            code = honest[:pos] + rng.choice("AZaz09-_~ ") + honest[pos + 1 :] if rng.coin() else honest[:pos]
        elif kind == 1:  # an old link opened again, or Ben's own sent back to him
            code = history[rng.below(len(history))]
        elif kind == 2:  # another game's link
            code = foreign if rng.coin() else to_code(dict(from_code(foreign), n=from_code(honest)["n"]))
        elif kind == 3:  # changed on its way: the seal no longer fits
            code = to_code(tampered(from_code(honest), rng, old))
        else:  # changed by Ana herself, who can seal what she likes: the rules and her promises still hold
            code = to_code(resealed(ana, tampered(from_code(honest), rng, old)))
        try:
            ben.open(code)
        except LinkRefused as refusal:
            line = str(refusal)
            assert line.startswith("This ") and "\n" not in line and len(line) < 200
            refusals.add(line.split(":")[0].split("(")[0])
            assert ben.save == kept
            continue
        if kind != 4:
            assert from_code(code) == from_code(honest), f"a changed link was taken: {code}"
        else:  # Ana chose other moves (her right): her device and Ben's must still agree on them
            assert ben.save["moves"][-len(from_code(code)["m"]) or len(ben.save["moves"]) :] == from_code(code)["m"]
            accepted_forgeries.append(code)
        ben.save, ben.state = copy.deepcopy(kept), kept_state  # the honest link after all: set back for the next try
    assert len(refusals) >= 9, refusals
    assert (
        len(accepted_forgeries) < 40
    )  # what Ana can change and still send is only another legal turn of hers  # the reasons differ: each refusal says what is wrong
    ben.open(honest)


def test_a_stored_game_by_link_reads_back_and_replays_with_its_joint_chance():
    from tabletop.engine.saves import parse_save
    from tabletop.link.game import replayed

    ana, _ = play_by_links(WOTW, {"tactical": True}, 21)
    stored = parse_save(json.dumps(ana.save), GAMES)
    assert stored["link"] == ana.save["link"]
    assert replayed(GAMES[WOTW], stored) == ana.state


def test_two_hundred_games_by_link_agree_keep_every_secret_and_open_every_promise():
    """200 simulated games (half with the Treehouse dice): both devices end with the same game and
    transcript; no link holds a device's secrets or shows chance for a move it does not carry; every
    share of chance shown was the one promised, to the last move."""
    from tabletop.link.chance import hashed
    from tabletop.link.game import first_hash

    sizes = []
    for seed in range(200):
        ana, ben = play_by_links(WOTW, {"tactical": seed % 2 == 1}, seed)
        assert ana.state == ben.state and ana.save["moves"] == ben.save["moves"]
        assert link_of(ana.save).hash == link_of(ben.save).hash != first_hash(link_of(ana.save).id)
        for device, other in ((ana, ben), (ben, ana)):
            mine, theirs = link_of(device.save), link_of(other.save)
            secrets_held = (b64(mine.secret), b64(mine.seal_secret))
            for code in device.sent:
                message = from_code(code)
                assert not any(secret in json.dumps(message) for secret in secrets_held)
                assert message["e"][0] <= len(device.save["moves"])
                sizes.append(len(code))
            step, element = theirs.shown[mine.me]  # what the other holds of this device's chain: as far as its last link, checked
            assert step == from_code(device.sent[-1])["e"][0]
            assert hashed(element, step + 1) == chain_of(mine).top
    sizes.sort()
    assert sizes[int(0.95 * (len(sizes) - 1))] < 2000
