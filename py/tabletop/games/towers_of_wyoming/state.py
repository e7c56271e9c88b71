"""The State of a game of Towers of Wyoming: hands, towers, piles, the Settling Sky."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine.events import Event
from tabletop.engine.outcome import Outcome
from tabletop.engine.rng import Rng


@dataclass(slots=True, eq=False)
class State:
    """Everything about one game. Cards are ints (see ``facts``); a tower is a list
    of cards, all of one suit, bottom first; an empty list is a foundation.

    ``events`` holds what every move did (``facts.EVENT_KINDS``: plays, draws, recycling
    with the Sky change and every toss, eliminations, the end), each tagged with the move
    that made it; a draw names its cards, which only the drawer's view shows (``view``).
    ``fresh`` lists the cards the seat to act drew at the start of this turn
    (private to that seat).
    """

    players: int
    options: dict[str, Any]
    foundations: int
    sky_start: int
    hands: list[list[int]]
    towers: list[list[list[int]]]  # per seat, per foundation: the cards bottom first
    draw: list[int]
    discard: list[int]
    sky: int
    in_game: list[bool]
    current: int
    result: Outcome | None
    rng: Rng
    epoch: int
    moves: int
    events: list[Event]
    fresh: list[int]
    beats: tuple[int, ...]
    attackers: tuple[int, ...]

    def copy(self) -> State:
        s = State.__new__(State)
        s.players = self.players
        s.options = self.options
        s.foundations = self.foundations
        s.sky_start = self.sky_start
        s.hands = [h[:] for h in self.hands]
        s.towers = [[t[:] for t in ts] for ts in self.towers]
        s.draw = self.draw[:]
        s.discard = self.discard[:]
        s.sky = self.sky
        s.in_game = self.in_game[:]
        s.current = self.current
        s.result = self.result
        s.rng = self.rng.copy()
        s.epoch = self.epoch
        s.moves = self.moves
        s.events = self.events[:]
        s.fresh = self.fresh[:]
        s.beats = self.beats
        s.attackers = self.attackers
        return s

    def key(self) -> tuple[Any, ...]:
        """Everything that decides the future of the game (for equality checks in tests)."""
        return (
            self.players,
            tuple(sorted(self.options.items())),
            tuple(tuple(h) for h in self.hands),
            tuple(tuple(tuple(t) for t in ts) for ts in self.towers),
            tuple(self.draw),
            tuple(self.discard),
            self.sky,
            tuple(self.in_game),
            self.current,
            self.result,
            self.rng.state,
            self.epoch,
            self.moves,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.key() == other.key() and self.events == other.events

    __hash__ = None  # type: ignore[assignment]  # mutable while a move is applied
