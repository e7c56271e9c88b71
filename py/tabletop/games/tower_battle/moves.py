"""The decisions of Tower Battle, each one small move.

A turn is: play a card (saying face up or down) or discard one; after an army
card, perhaps a battle answer from the mover and then from the other player.
In advanced scoring each game opens with each player choosing a scoring card.

>>> move_to_json(PlayCard(Card.parse("5H"), face_up=False))
{'kind': 'play', 'card': '5H', 'face_up': False}
>>> move_from_json({"kind": "decline-battle"})
DeclineBattle()
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from tabletop.engine.cards import Card, Suit
from tabletop.engine.hidden import Hidden
from tabletop.engine.moves import OMIT_NONE, Move, MoveCodec


@dataclass(frozen=True)
class PlayCard(Move):
    """Play ``card`` from hand onto your tower of its suit. A card of a game by link played face
    down names its ``tower``: the other device sees the tower it goes on, never the card."""

    kind: ClassVar[str] = "play"
    card: Card | Hidden
    face_up: bool
    tower: Suit | None = field(default=None, metadata={OMIT_NONE: True})


@dataclass(frozen=True)
class DiscardCard(Move):
    """Put ``card`` from hand on your discard pile (face up)."""

    kind: ClassVar[str] = "discard"
    card: Card | Hidden


@dataclass(frozen=True)
class DeclareBattle(Move):
    """Accept the battle on offer: both top cards are turned up and compared."""

    kind: ClassVar[str] = "declare-battle"


@dataclass(frozen=True)
class DeclineBattle(Move):
    """Let the offer pass (to the other player, when the mover declines)."""

    kind: ClassVar[str] = "decline-battle"


@dataclass(frozen=True)
class ChooseScoringCard(Move):
    """Advanced scoring: set ``card`` from your stock face down as this game's scoring card."""

    kind: ClassVar[str] = "choose-scoring-card"
    card: Card | Hidden


CODEC = MoveCodec(PlayCard, DiscardCard, DeclareBattle, DeclineBattle, ChooseScoringCard)
move_to_json = CODEC.to_json
move_from_json = CODEC.from_json
