"""The two moves of Towers of Wyoming and their JSON form.

``Play(suit, count, owner, foundation)``: play ``count`` cards of ``suit`` onto
foundation ``foundation`` (0-based) of seat ``owner``; ``Discard(card)``: the forced
discard, offered only when no play exists (``rules`` says why a play names no ranks).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.engine.cards import Card, Suit
from tabletop.engine.moves import Move, MoveCodec


@dataclass(frozen=True)
class Play(Move):
    """Play ``count`` cards of ``suit`` onto ``owner``'s foundation number ``foundation`` (0-based)."""

    kind: ClassVar[str] = "play"
    suit: Suit
    count: int
    owner: int
    foundation: int


@dataclass(frozen=True)
class Discard(Move):
    """The forced discard when no play exists: one card of the player's choice."""

    kind: ClassVar[str] = "discard"
    card: Card


CODEC = MoveCodec(Play, Discard)
move_to_json = CODEC.to_json
move_from_json = CODEC.from_json
