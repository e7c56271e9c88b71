"""The two moves of Towers of Wyoming and their JSON form.

``Play(suit, count, owner, foundation)``: play ``count`` cards of ``suit`` onto
foundation ``foundation`` (0-based) of seat ``owner``; ``Discard(card)``: the forced
discard, offered only when no play exists (``rules`` says why a play names no ranks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from tabletop.engine.cards import Card, Suit
from tabletop.engine.hidden import Hidden
from tabletop.engine.moves import OMIT_NONE, Move, MoveCodec


@dataclass(frozen=True)
class Play(Move):
    """Play ``count`` cards of ``suit`` onto ``owner``'s foundation number ``foundation`` (0-based).
    A play of a game by link names its ``cards`` (handles): the other device cannot read the hand."""

    kind: ClassVar[str] = "play"
    suit: Suit
    count: int
    owner: int
    foundation: int
    cards: tuple[Hidden, ...] | None = field(default=None, metadata={OMIT_NONE: True})


@dataclass(frozen=True)
class Discard(Move):
    """The forced discard when no play exists: one card of the player's choice."""

    kind: ClassVar[str] = "discard"
    card: Card | Hidden


CODEC = MoveCodec(Play, Discard)
move_to_json = CODEC.to_json
move_from_json = CODEC.from_json
