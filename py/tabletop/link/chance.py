"""Chance that no player alone chooses or foresees: dice and coins of a game by link.

Each player picks a secret and, in their first link, promises a hash chain grown from it: the
``top`` is the secret hashed ``STEPS + 1`` times. Step ``n`` of the game (0 the deal, ``n`` the
``n``-th move) has one element of each player's chain, the secret hashed ``STEPS - n`` times, so
each element is the hash of the next one: a link shows its sender's element for the last step it
holds, and anyone checks it by hashing down to what that player showed before. No one can show an
element other than the promised one (that would be a preimage of SHA-256), so no one can steer a
roll; and a step's chance needs every player's element for it, which each shows only once that
step's move is made, so no one can know a roll before it is due. The first device to know it is
the one that opens the link carrying the move.

**Chance its drawer may foresee** (Tower War's unsteady hand, ``Rng.foreseeable``) is made from the
drawer's element for the move and the other's element for move ``since`` (their last move, which
the drawer's device holds), so the drawer's device draws it at once, with no round trip: no one
steers it (both elements were promised), but the drawer knows it before choosing the move.

>>> ana, ben = Chain(bytes(16)), Chain(bytes([1]) * 16)
>>> joint = Elements(b"game", 2, {0: (-1, ana.top), 1: (-1, ben.top)})
>>> joint.show(0, 3, ana.element(3)); joint.show(1, 2, ben.element(2))
>>> joint.known(2), joint.known(3)
(True, False)
>>> joint.show(1, 5, ben.element(2))
Traceback (most recent call last):
...
tabletop.link.chance.ChainBroken: seat 2's chance for move 5 is not the one promised
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import AbstractContextManager

from tabletop.engine.rng import ChanceAwaited, joint_chance
from tabletop.link.record import SIZE, STEPS  # noqa: E402  (16 bytes: a preimage of a 128-bit hash is out of reach)

CHAIN_TAG = b"towers-and-worlds chance chain"
DRAW_TAG = b"towers-and-worlds chance draw"
FORESEEN_TAG = b"towers-and-worlds foreseeable draw"
_CHAINS: dict[bytes, list[bytes]] = {}  # secret -> its whole chain, made once per session


class ChainBroken(Exception):
    """A link shows chance that is not the one its sender promised (a changed or forged link)."""


def step_hash(element: bytes) -> bytes:
    return hashlib.sha256(CHAIN_TAG + element).digest()[:SIZE]


def hashed(element: bytes, times: int) -> bytes:
    for _ in range(times):
        element = step_hash(element)
    return element


class Chain:
    """One player's secret and the chain grown from it (kept on that player's device only)."""

    def __init__(self, secret: bytes):
        if len(secret) != SIZE:
            raise ValueError(f"a chain's secret is {SIZE} bytes")
        self.secret = secret

    def _links(self) -> list[bytes]:
        """Every element, step STEPS first; a chain is 20,001 hashes, made once and kept."""
        chain = _CHAINS.get(self.secret)
        if chain is None:
            chain = [self.secret]
            for _ in range(STEPS + 1):
                chain.append(step_hash(chain[-1]))
            _CHAINS[self.secret] = chain
        return chain

    @property
    def top(self) -> bytes:
        """What the first link promises: the element of step -1."""
        return self._links()[STEPS + 1]

    def element(self, step: int) -> bytes:
        if not -1 <= step <= STEPS:
            raise ValueError(f"step {step} is past the {STEPS} moves a game holds")
        return self._links()[STEPS - step]


class Elements:
    """What one device knows of every player's chain: for each seat, the deepest step it has been
    shown and that step's element (step -1: the promised top). Checks each new showing, and
    gives each step's chance once every seat has shown that far."""

    def __init__(self, game_id: bytes, seats: int, shown: dict[int, tuple[int, bytes]], own: tuple[int, Chain] | None = None):
        self.game_id = game_id
        self.seats = seats  # a seat that has promised nothing yet (not joined) holds every step back
        self.shown = dict(shown)
        self.own = own  # this device's seat and chain: every element of it is at hand
        self._down: dict[int, list[bytes]] = {}  # seat -> its elements from step -1 to the deepest shown

    def show(self, seat: int, step: int, element: bytes) -> None:
        """Take a link's element for ``step``; ChainBroken when it is not the promised one."""
        if seat not in self.shown:
            raise ChainBroken(f"seat {seat + 1} promised no chance")
        known_step, known = self.shown[seat]
        if step < known_step:
            return  # shown before: an earlier element is the hash of the one held
        if not 0 <= step <= STEPS or len(element) != SIZE or hashed(element, step - known_step) != known:
            raise ChainBroken(f"seat {seat + 1}'s chance for move {step} is not the one promised")
        self.shown[seat] = (step, element)

    def element(self, seat: int, step: int) -> bytes | None:
        if self.own is not None and seat == self.own[0]:
            return self.own[1].element(step)
        if seat not in self.shown:
            return None
        known_step, known = self.shown[seat]
        if not -1 <= step <= known_step:
            return None
        down = self._down.get(seat)
        if down is None or len(down) != known_step + 2:
            down = [known]
            for _ in range(known_step + 1):
                down.append(step_hash(down[-1]))
            down.reverse()  # down[s + 1] is step s's element
            self._down[seat] = down
        return down[step + 1]

    def known(self, step: int) -> bool:
        return all(self.element(seat, step) is not None for seat in range(self.seats))

    def stream(self, step: int) -> Iterator[int]:
        """Step ``step``'s chance: 64-bit numbers from every seat's element for it, or
        ChanceAwaited at the first draw while a seat has not shown that far."""
        parts = [self.element(seat, step) for seat in range(self.seats)]
        if any(part is None for part in parts):
            raise ChanceAwaited(f"move {step}'s chance needs every player's share")
        yield from numbers(hashlib.sha256(DRAW_TAG + self.game_id + step.to_bytes(4, "big") + b"".join(p for p in parts if p)).digest())

    def foreseen(self, step: int, seat: int, since: int) -> Iterator[int]:
        """Chance of step ``step`` that ``seat`` may foresee: from its element for the step and each
        other seat's for step ``since`` (-1: the promised top); ChanceAwaited if one is not here."""
        if since >= step:
            raise RuntimeError(f"move {step}'s foreseeable chance is made from an earlier move's share, not move {since}'s")
        parts = [self.element(s, step if s == seat else since) for s in range(self.seats)]
        if any(part is None for part in parts):
            raise ChanceAwaited(f"move {step}'s foreseeable chance needs the other players' share of move {since}")
        facts = step.to_bytes(4, "big") + seat.to_bytes(1, "big") + (since + 1).to_bytes(4, "big")
        return numbers(hashlib.sha256(FORESEEN_TAG + self.game_id + facts + b"".join(p for p in parts if p)).digest())

    def block(self, step: int) -> Block:
        """The block step ``step`` is applied in (``engine.saves.replay_steps``' ``chance``)."""
        return Block(self, step)


def numbers(seed: bytes) -> Iterator[int]:
    """64-bit numbers from a seed, one hash each."""
    count = 0
    while True:
        yield int.from_bytes(hashlib.sha256(seed + count.to_bytes(4, "big")).digest()[:8], "big")
        count += 1


class Block:
    """One step applied inside its joint chance; ``drew`` says afterwards whether it drew any
    (a step that draws none never waits for the others' shares)."""

    def __init__(self, elements: Elements, step: int):
        self.elements, self.step = elements, step
        self.drew = False
        self._numbers: Iterator[int] | None = None
        self._inside: AbstractContextManager[None] | None = None

    def draw(self) -> int:
        if self._numbers is None:
            self._numbers = self.elements.stream(self.step)
        self.drew = True
        return next(self._numbers)

    def foresee(self, seat: int, since: int) -> Iterator[int]:
        return self.elements.foreseen(self.step, seat, since)

    def __enter__(self) -> None:
        self._inside = joint_chance(self.draw, self.foresee)
        self._inside.__enter__()

    def __exit__(self, *exc: object) -> None:
        assert self._inside is not None
        self._inside.__exit__(*exc)  # type: ignore[arg-type]
