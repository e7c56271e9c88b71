"""The decisions a player makes, one small move each.

Strategic turn: ``Place`` -> (after a large: ``Rotate`` / ``Relocate`` / ``Done``)
-> ``Step`` (or ``Skip`` when no step is legal) -> ``Destroy`` while several
pyramids could fall. Tactical turn: ``Keep`` two dice -> for each kept die
(``WildAs`` first for a Wild) its action's move or ``Decline`` -> ``Destroy`` as above.

Cells are named as on the board ("B5"); coasters by their fixed number 0-2.

>>> move_to_json(Place(Size.LARGE, "C3"))
{'kind': 'place', 'size': 'large', 'cell': 'C3'}
>>> move_from_json({"kind": "step", "source": "B2", "target": "C2"})
Step(source='B2', target='C2')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.engine.moves import Move, MoveCodec
from tabletop.engine.pyramids import Size

FACES: tuple[str, ...] = ("tip", "swap", "hop", "dig", "aim", "wild")
"""Treehouse die faces, in the order of the die (each 1/6)."""
ACTIONS: tuple[str, ...] = FACES[:5]
"""What a Wild may stand for."""


@dataclass(frozen=True)
class Place(Move):
    """Put a pyramid of ``size`` from your supply on the empty ``cell``."""

    kind: ClassVar[str] = "place"
    size: Size
    cell: str


@dataclass(frozen=True)
class Rotate(Move):
    """Turn ``coaster`` a quarter turn, ``turn`` = "cw" or "ccw"."""

    kind: ClassVar[str] = "rotate"
    coaster: int
    turn: str


@dataclass(frozen=True)
class Relocate(Move):
    """Lift ``coaster`` so that it lies in quadrant ``to`` ("top-left", ...) of the L that results
    (``board.relocation_targets``)."""

    kind: ClassVar[str] = "relocate"
    coaster: int
    to: str


@dataclass(frozen=True)
class Done(Move):
    """Finish the war machine's coaster step (rotating and moving are optional)."""

    kind: ClassVar[str] = "done"


@dataclass(frozen=True)
class Step(Move):
    """Move the standing pyramid on ``source`` along one of its arrows to ``target``."""

    kind: ClassVar[str] = "step"
    source: str
    target: str


@dataclass(frozen=True)
class Skip(Move):
    """Pass the move step: offered only when no pyramid can legally move."""

    kind: ClassVar[str] = "skip"


@dataclass(frozen=True)
class Destroy(Move):
    """Choose which of several doomed pyramids falls next."""

    kind: ClassVar[str] = "destroy"
    cell: str


@dataclass(frozen=True)
class Keep(Move):
    """Tactical: keep two of the three dice; ``first``'s action is done first."""

    kind: ClassVar[str] = "keep"
    first: str
    second: str


@dataclass(frozen=True)
class WildAs(Move):
    """Tactical: the Wild die being used acts as ``face`` (one of the other five)."""

    kind: ClassVar[str] = "wild"
    face: str


@dataclass(frozen=True)
class Decline(Move):
    """Tactical: do not perform the current die's action."""

    kind: ClassVar[str] = "decline"


CODEC = MoveCodec(Place, Rotate, Relocate, Done, Step, Skip, Destroy, Keep, WildAs, Decline)
move_to_json = CODEC.to_json
move_from_json = CODEC.from_json

DONE, SKIP, DECLINE = Done(), Skip(), Decline()
