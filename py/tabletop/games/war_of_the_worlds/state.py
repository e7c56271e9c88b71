"""The state of a game of The War of the Worlds, and the setup.

Pieces live in three parallel lists indexed by slot (see ``board``): ``side``
(-1 empty, 0 Aliens, 1 Humans, 2 neutral obstacle), ``size`` (pips 1-3, 0 empty)
and ``up`` (True while standing). Turning or moving a coaster only changes
``layout``; the pieces ride along because slots belong to coasters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.engine.events import Event
from tabletop.engine.moves import Move
from tabletop.engine.outcome import Outcome
from tabletop.engine.pyramids import Size
from tabletop.engine.rng import Rng, new_rng
from tabletop.games.war_of_the_worlds.board import CENTRE, COASTERS, INITIAL_LAYOUT, SLOTS, Layout
from tabletop.games.war_of_the_worlds.facts import ALIENS, EMPTY, NEUTRAL, PER_SIZE, SEAT_NAMES

# Phases: what the player to act is deciding.
PLACE = "place"  # strategic 1: put a pyramid on the board
COASTER = "coaster"  # strategic 2: after a large, turn and/or move its coaster
MOVE = "move"  # strategic 3: step a pyramid of the placed size or an obstacle
DESTROY = "destroy"  # 4 (both games): pick which doomed pyramid falls next
DICE = "dice"  # tactical: keep two of the three dice
WILD = "wild"  # tactical: say what the Wild die stands for
ACTION = "action"  # tactical: perform (or decline) the current die's action
OVER = "over"

IDLE_TURNS_LIMIT = 10
"""Tactical: the game ends after this many turns in a row with no pyramid placed."""


@dataclass(slots=True)
class State:
    """A position plus where the turn stands. Treat a state as frozen once it has been
    handed out: ``rules.legal_moves`` caches its answer in ``legal_cache`` (which
    equality ignores and ``copy`` drops) and ``apply`` always works on a copy."""

    tactical: bool
    layout: Layout
    side: list[int]
    size: list[int]
    up: list[bool]
    supply: list[list[int]]  # supply[seat][pips], index 0 unused
    player: int  # whose turn it is
    phase: str
    turn: int = 1
    placed: int = -1  # slot of the pyramid placed this turn (strategic), -1 if none
    placed_size: int = 0
    rotated: bool = False  # strategic coaster step: already turned / moved this turn
    relocated: bool = False
    forbidden: tuple[tuple[int, int], ...] = ()  # (from, to) slot pairs undoing the opponent's obstacle moves
    obstacle_moves: tuple[tuple[int, int], ...] = ()  # this turn's obstacle moves (from, to)
    dice: tuple[str, ...] = ()  # tactical: this turn's roll
    plan: tuple[str, ...] = ()  # tactical: kept dice not yet used, in the chosen order
    action: str = ""  # tactical: the action being performed now
    placed_any: bool = False  # tactical: a pyramid was added this turn
    idle_turns: int = 0  # tactical: turns in a row without a placement
    rng: Rng = field(default_factory=Rng)
    epoch: int = 0
    moves: int = 0  # moves applied so far: the number the next move's events carry
    events: list[Event] = field(default_factory=list)  # what every move did (``telling``)
    result: Outcome | None = None
    legal_cache: list[Move] | None = field(default=None, compare=False, repr=False)

    def copy(self) -> State:
        """A cheap independent copy (lists copied, immutable fields shared)."""
        new = object.__new__(State)
        new.tactical, new.layout, new.player, new.phase, new.turn = self.tactical, self.layout, self.player, self.phase, self.turn
        new.placed, new.placed_size, new.rotated, new.relocated = self.placed, self.placed_size, self.rotated, self.relocated
        new.forbidden, new.obstacle_moves, new.dice, new.plan = self.forbidden, self.obstacle_moves, self.dice, self.plan
        new.action, new.placed_any, new.idle_turns, new.epoch = self.action, self.placed_any, self.idle_turns, self.epoch
        new.moves = self.moves
        new.result, new.legal_cache = self.result, None
        new.side = self.side[:]
        new.size = self.size[:]
        new.up = self.up[:]
        new.supply = [self.supply[0][:], self.supply[1][:]]
        new.rng = self.rng.copy()
        new.events = self.events[:]  # the events themselves are never changed once recorded: shared
        return new


def empty_board() -> tuple[list[int], list[int], list[bool]]:
    return [EMPTY] * SLOTS, [0] * SLOTS, [False] * SLOTS


def full_supply() -> list[list[int]]:
    return [[0, PER_SIZE, PER_SIZE, PER_SIZE] for _ in SEAT_NAMES]


def setup(tactical: bool, seed: int) -> State:
    """Three coasters in the starting L, an obstacle on each centre, full supplies; Aliens begin."""
    side, size, up = empty_board()
    for coaster in range(COASTERS):
        slot = coaster * 9 + CENTRE
        side[slot], size[slot], up[slot] = NEUTRAL, int(Size.LARGE), True
    return State(
        tactical=tactical,
        layout=INITIAL_LAYOUT,
        side=side,
        size=size,
        up=up,
        supply=full_supply(),
        player=ALIENS,
        phase=DICE if tactical else PLACE,
        rng=new_rng(seed),
    )
