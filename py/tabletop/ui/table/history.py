"""A game's history, one move at a time: a read-only walk through a save's moves.

Browser-free (tested under CPython). The replay screen (screens/replay.py) draws the
position under the cursor with the game's own renderer and no moves to offer.

- The states are built once, as far as the cursor has gone, and kept: a step back costs
  nothing and a step forward one ``apply`` (Tower War's physics included), never a replay
  from the start.
- Whose eyes: a replay never shows more than the device's owner could see at that point.
  With exactly one person at the table (the others are the computer) it is that person's
  view; with several people sharing the device, or none, a spectator's view (``seat=None``)
  at every step, so a finished hot-seat game shows face-down cards only where the rules'
  own spectator view of the finished game turns them up.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from tabletop.engine.errors import SaveError
from tabletop.engine.saves import replay_steps
from tabletop.ui.table.session import cards_read, joint_chance
from tabletop.ui.table.wording import log_lines, told

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule


def replay_viewer(seats: list[dict[str, Any]]) -> int | None:
    """The seat whose view a replay shows: the only person at the table, else a spectator."""
    people = [i for i, seat in enumerate(seats) if seat.get("kind", "human") == "human"]
    return people[0] if len(people) == 1 else None


class History:
    """A cursor over positions 0 (the deal, no move yet) .. ``total`` (after the last move)."""

    def __init__(self, module: GameModule, save: dict[str, Any], position: int | None = None):
        self.module = module
        self.save = dict(save, moves=list(save["moves"]))  # a snapshot: the game at the table may go on
        self.seats: list[dict[str, Any]] = self.save["seats"]
        self.viewer: int | None = replay_viewer(self.seats)
        self.fresh = False  # just opened: the replay screen puts focus on its controls once
        self._steps = replay_steps(module, self.save, chance=joint_chance(self.save))  # the one replay loop, a step at a time
        self._broken: SaveError | None = None  # a bad move, said again if the cursor comes back to it
        self.states: list[Any] = [next(self._steps).state]
        self.movers: list[int | None] = []
        self._logs: dict[int, list[str]] = {}
        self.step_ms: list[float] = []  # time taken by each state built (for the report, and data-step-ms)
        self.position = 0
        self.go(self.total if position is None else position)

    @property
    def total(self) -> int:
        return len(self.save["moves"])

    # -- moving the cursor
    def go(self, position: int) -> int:
        """Put the cursor at ``position`` (clamped to the game), building the states up to it."""
        position = max(0, min(self.total, position))
        while len(self.states) <= position:
            self._build_next()
        self.position = position
        return position

    def first(self) -> int:
        return self.go(0)

    def previous(self) -> int:
        return self.go(self.position - 1)

    def next(self) -> int:
        return self.go(self.position + 1)

    def last(self) -> int:
        return self.go(self.total)

    def _build_next(self) -> None:
        if self._broken is not None:
            raise self._broken
        start = time.perf_counter()
        try:
            step = next(self._steps)
        except SaveError as exc:
            self._broken = exc
            raise
        self.movers.append(step.mover)
        self.states.append(step.state)
        self.step_ms.append((time.perf_counter() - start) * 1000)

    # -- what the cursor shows
    @property
    def state(self) -> Any:
        return self.states[self.position]

    def view(self, position: int | None = None) -> dict[str, Any]:
        state = self.states[self.position if position is None else position]
        with cards_read(self.save, state):
            view: dict[str, Any] = self.module.view(state, self.viewer)
        return view

    def log(self, position: int) -> list[str]:
        """The log at ``position`` in the table's words."""
        if position not in self._logs:
            self._logs[position] = log_lines(self, self.view(position))
        return self._logs[position]

    def mover(self, position: int | None = None) -> int | None:
        """Who made the move that led to ``position`` (None at the start)."""
        position = self.position if position is None else position
        return self.movers[position - 1] if position > 0 else None

    def lines(self, position: int | None = None) -> list[str]:
        """The log lines move number ``position`` added (as the replay's viewer reads them)."""
        position = self.position if position is None else position
        if position == 0:
            return []
        # the events this move added: the deal's, numbered 0 like the first move's, were there before it
        view, known = self.view(position), len(self.view(position - 1).get("events") or [])
        return told(self, view, list(view.get("events") or [])[known:])

    def quiet_move(self, position: int | None = None) -> str:
        """What a move said no line did (every move of every game tells at least one event: this is
        for a save of a game that may not), in the past tense like the log."""
        position = self.position if position is None else position
        data = self.save["moves"][position - 1] if position > 0 else {}
        kind = str(data.get("kind") or "") if isinstance(data, dict) else ""
        return f"made a move ({kind.replace('_', ' ')})" if kind else "made a move"

    # -- who is who (the names the table's wording helpers ask for)
    def name(self, seat: int | None) -> str:
        name: str = self.seats[seat]["name"] if seat is not None else "Nobody"
        return name
