"""The moves of Tower War, stage by stage, and their JSON form (a pick-up and a drop are two moves)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.engine.cards import Card
from tabletop.engine.hidden import Hidden
from tabletop.engine.moves import Move, MoveCodec
from tabletop.engine.pyramids import Size


@dataclass(frozen=True)
class Split(Move):
    """Splitter: these face-up cards form pile A, the rest pile B."""

    kind: ClassVar[str] = "split"
    pile: tuple[Card, ...]


@dataclass(frozen=True)
class Sweeten(Move):
    """Splitter, advanced drafting: add one pyramid from the middle stash to a pile
    (every pyramid of a round goes to the same pile)."""

    kind: ClassVar[str] = "sweeten"
    pile: int
    size: Size


@dataclass(frozen=True)
class PilesReady(Move):
    """Splitter, advanced drafting: no more pyramids; the other player chooses."""

    kind: ClassVar[str] = "piles_ready"


@dataclass(frozen=True)
class Take(Move):
    """Chooser: take pile 0 (A) or 1 (B); the splitter gets the other."""

    kind: ClassVar[str] = "take"
    pile: int


@dataclass(frozen=True)
class Keep(Move):
    """Deck building: put one drafted card into the deck."""

    kind: ClassVar[str] = "keep"
    card: Card | Hidden


@dataclass(frozen=True)
class Play(Move):
    """Play a card in the skirmish; a joker names the earlier card it copies."""

    kind: ClassVar[str] = "play"
    card: Card | Hidden
    as_card: Card | None = None


@dataclass(frozen=True)
class Pass(Move):
    """By link: nothing in my hand can be played in this skirmish (the other's device cannot read
    my hand to skip me, as the table does)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class PickPyramid(Move):
    """Pick a pyramid of this size up from your stash (the tremor starts)."""

    kind: ClassVar[str] = "pick_pyramid"
    size: Size


@dataclass(frozen=True)
class LiftPyramid(Move):
    """Adjust: lift the top level's pyramid number ``index`` to drop it again."""

    kind: ClassVar[str] = "lift_pyramid"
    index: int


@dataclass(frozen=True)
class PickCard(Move):
    """Battle loser: pick up the battle card that will crown the tower."""

    kind: ClassVar[str] = "pick_card"
    card: Card | Hidden


@dataclass(frozen=True)
class Drop(Move):
    """Let go of the held piece: target (mm, top card's frame) after ``hold_ms``."""

    kind: ClassVar[str] = "drop"
    x: float
    y: float
    hold_ms: int


CODEC = MoveCodec(Split, Sweeten, PilesReady, Take, Keep, Play, Pass, PickPyramid, LiftPyramid, PickCard, Drop)
move_to_json = CODEC.to_json
move_from_json = CODEC.from_json
