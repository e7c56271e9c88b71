"""Devices of a game by link that cheat, and what the tests watch them with: each device's secrets
from a seeded stream (the same games on every run), a message sealed again by a changed app, the
one line a device says when it refuses a link, and how a game with a cheat went; and ``Faces``, the
card table of a device that reads the hidden cards it is given (the rules' and views' tests)."""

from __future__ import annotations

import copy
import random
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tabletop.engine.hidden import current_table
from tabletop.engine.rng import Rng
from tabletop.link.cards import CardTable
from tabletop.link.codes import LinkRefused, to_code
from tabletop.link.game import link_of, message_for, owes_link, write_down
from tabletop.link.seal import seal, shared
from tabletop.link.simulate import Device

FAIR = {"ok": True, "cheat": None, "why": "Every hidden card was checked: the game was played fair."}


@contextmanager
def seeded_secrets(seed: int) -> Iterator[None]:
    """Each device's secrets and the order of each of its passes from a seeded stream, so that a
    test meets the same games on every run (the secrets and the passes decide every card)."""
    stream = Rng(seed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(secrets, "token_bytes", lambda size: bytes(stream.below(256) for _ in range(size)))
        patch.setattr(secrets, "SystemRandom", lambda: random.Random(stream.next_u64()))
        yield


def resealed(device: Device, message: dict[str, Any]) -> dict[str, Any]:
    """``message`` sealed again by its writer's own device: what a player who cheats can send."""
    link = link_of(device.save)
    message = {k: v for k, v in message.items() if k != "a"}
    if link.seats > 2:  # round a table of three or four: one seal for each player whose key it has
        return (
            dict(message, a={str(seat): seal(shared(link.seal_secret, key), message) for seat, key in link.keys.items()})
            if link.keys
            else message
        )
    their_key = link.keys.get(link.other)
    return dict(message, a=seal(shared(link.seal_secret, their_key), message)) if their_key else message


def refused(device: Device, code: str) -> str:
    """The one line ``device`` says when it refuses ``code``, having checked that nothing changed."""
    kept, state = copy.deepcopy(device.save), device.state
    with pytest.raises(LinkRefused) as refusal:
        device.open(code)
    assert device.save == kept and device.state is state
    line = str(refusal.value)
    assert line.startswith("This ") and "\n" not in line and "Traceback" not in line, line
    return line


class Cheat(Device):
    """A device that changes its own messages before it writes them down and seals them (so its
    transcript goes on from the message it sent): ``change(self, message)`` returns True once it
    has cheated."""

    def __init__(
        self, change: Callable[[Cheat, dict[str, Any]], bool] = lambda cheat, message: False, game: str = "towers-of-wyoming"
    ) -> None:
        super().__init__(game)
        self.change = change
        self.cheated = 0
        self.lied_at: int | None = None

    def finished(self) -> bool:
        return self.state is not None and self.module.outcome(self.state) is not None

    def outbox(self) -> str | None:
        assert self.save is not None
        if not owes_link(self.module, self.save, self.state):
            return None
        message = {k: v for k, v in message_for(self.save, state=self.state, over=self.finished()).items() if k != "a"}
        if self.change(self, message):
            self.cheated += 1
        message = resealed(self, message)
        write_down(self.save, message, self.state)
        link = link_of(self.save)
        code = to_code(message) if link.seats == 2 else to_code({"ring": link.recent})
        self.save["link"] = dict(self.save["link"], last=code)
        self.sent.append(code)
        return code


def outcome_of(run: Callable[[], tuple[Device, Device]]) -> tuple[str, Any]:
    """How a game with a cheat went: ("ended", devices), ("refused", (the refusing device, its
    line)), or ("stalled", None): the two devices no longer agree on whose link is due."""
    try:
        ana, ben = run()
    except LinkRefused as refusal:
        line = str(refusal)
        assert line.startswith("This ") and "\n" not in line, line
        return "refused", (refusal.by, line)  # type: ignore[attr-defined]
    except AssertionError as stop:
        if "did not end" not in str(stop):
            raise
        return "stalled", None
    return "ended", (ana, ben)


def own_checks_off(
    monkeypatch: pytest.MonkeyPatch, rules: Any, cheat: Device, only: Callable[[tuple[Any, ...]], bool] = lambda cards: True
) -> None:
    """A changed app: ``cheat``'s own device skips the checks that only its hidden cards settle
    (``rules.checkable`` says no there, for the cards ``only`` picks), so it makes moves the rules
    forbid; the other device, which cannot read those cards, takes them, and the check at the end,
    which reads every card, does not."""
    honest_check = rules.checkable

    def checkable(*cards: Any) -> bool:
        table = current_table()
        mine = isinstance(table, CardTable) and table.me == cheat.me and not table.everything
        return False if mine and only(cards) else honest_check(*cards)

    monkeypatch.setattr(rules, "checkable", checkable)


def same_state(ana: Device, ben: Device) -> bool:
    return bool(ana.state == ben.state)


def assert_agreed_and_fair(ana: Device, ben: Device, same: Callable[[Device, Device], bool] = same_state, *more: Device) -> None:
    """Every device (two, or ``more``) holds one finished game (``same``: their states are equal),
    owes nothing, waits for nothing, and the check at the end found it fair."""
    for other in (ben, *more):
        assert ana.save["moves"] == other.save["moves"]
        assert same(ana, other)
    if not more:  # round a table, the last messages of a game need not come round to everyone
        assert link_of(ana.save).hash == link_of(ben.save).hash
    assert ana.module.outcome(ana.state) is not None
    for device in (ana, ben, *more):
        link = link_of(device.save)
        assert not link.pending and not link.their_pending
        assert device.save["link"]["cards"]["audit"] == FAIR
        assert not owes_link(device.module, device.save, device.state)


def refused_or_named(kind: str, result: Any, cheat: Any, honest: Device, why: str) -> None:
    """How a move against the rules that only the cheat's hidden cards show ended (``outcome_of``):
    the honest device refused the link that turned those cards up, or the game ended and the check
    at the end named the cheat (``cheat.cheat_move``: the move's number; ``why``: the rules' words)."""
    broke = f"move {cheat.cheat_move} of the save is not allowed by the rules ({why})"
    if kind == "refused":
        assert result[0] is honest
        assert result[1] == f"This link tells a card that shows a move broke the rules: {broke}.", result
        return
    assert kind == "ended", kind
    name = cheat.save["seats"][cheat.me]["name"]
    verdict = honest.save["link"]["cards"]["audit"]
    assert verdict == {
        "ok": False,
        "cheat": cheat.me,
        "why": f"{name}'s move {cheat.cheat_move} broke the rules, as the cards now show: {why}",
    }, verdict


class Faces:
    """The card table of one device that reads exactly the hidden cards given (engine/hidden.py's Table)."""

    def __init__(self, faces: dict[Any, Any]) -> None:
        self.faces = faces

    def face_of(self, card: Any) -> Any:
        return self.faces.get(card)

    def read(self, card: Any, face: Any) -> None:
        pass

    def shuffled(self, deck: int, contents: tuple[Any, ...], owner: int | None) -> None:
        pass
