"""One decision being thought about, and the driver that runs it in slices.

A ``Search`` does its work in a generator (``work()``) that yields after every
small unit (one tree-search iteration, a few positions evaluated), and can say
at any moment which move it would play (``best()``). ``Thinking`` drives it:
to the end under CPython (``run``), or a slice at a time in the browser
(``advance(0.03)`` then hand the page back), stopping early at the time cap.

>>> from tabletop.engine.rng import Rng
>>> t = Thinking(RandomSearch(["a", "b", "c"], Rng(1)))
>>> t.run(), t.done, t.iterations
('c', True, 1)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tabletop.engine.rng import Rng

Move = Any
Clock = Callable[[], float]


class Search:
    """Base class: subclasses implement ``work`` (yield after each unit) and ``best``.

    ``iterations`` counts the units done; ``note`` is a short description for
    benchmarks and the balance lab ("1000 iterations, 3 determinizations ...").
    """

    iterations: int = 0

    def work(self) -> Iterator[None]:
        raise NotImplementedError

    def best(self) -> Move:
        raise NotImplementedError


class Decided(Search):
    """A decision already made (one legal move, or a cached plan): no work."""

    def __init__(self, move: Move):
        self.move = move

    def work(self) -> Iterator[None]:
        return iter(())

    def best(self) -> Move:
        return self.move


class RandomSearch(Search):
    """A uniform choice among the legal moves: the fallback for a game with no ``ai`` module."""

    def __init__(self, legal: Sequence[Move], rng: Rng):
        self.legal, self.rng, self.choice = list(legal), rng, None

    def work(self) -> Iterator[None]:
        self.choice = self.rng.choice(self.legal)
        self.iterations = 1
        yield

    def best(self) -> Move:
        return self.choice if self.choice is not None else self.legal[0]


class Thinking:
    """Runs a ``Search`` to its end or to the time cap, all at once or in slices.

    The cap counts time spent thinking since the first slice (wall-clock), so a
    page that yields between slices still answers on time.
    """

    def __init__(self, search: Search, time_cap: float | None = None, clock: Clock = time.perf_counter):
        self.search = search
        self.time_cap = time_cap
        self.clock = clock
        self.steps = search.work()
        self.started: float | None = None
        self.busy = 0.0  # seconds spent inside advance()
        self.slices = 0
        self.longest_slice = 0.0
        self.move: Move = None
        self.done = False
        self.capped = False

    @property
    def iterations(self) -> int:
        return self.search.iterations

    def advance(self, slice_seconds: float) -> bool:
        """Think for about ``slice_seconds`` (at least one unit); True once the move is chosen."""
        if self.done:
            return True
        clock = self.clock
        start = clock()
        if self.started is None:
            self.started = start
        deadline = start + slice_seconds
        cap_at = None if self.time_cap is None else self.started + self.time_cap
        try:
            while True:
                next(self.steps)
                now = clock()
                if cap_at is not None and now >= cap_at:
                    self.capped = True
                    self.steps.close()  # type: ignore[attr-defined]  # every work() is a generator
                    self._finish()
                    break
                if now >= deadline:
                    break
        except StopIteration:
            self._finish()
        spent = clock() - start
        self.busy += spent
        self.slices += 1
        self.longest_slice = max(self.longest_slice, spent)
        return self.done

    def _finish(self) -> None:
        self.move = self.search.best()
        self.done = True

    def run(self) -> Move:
        """Think to the end (or the cap) in one go and return the move."""
        while not self.advance(3600.0):
            pass
        return self.move

    @property
    def elapsed(self) -> float:
        """Wall-clock seconds since thinking started."""
        return 0.0 if self.started is None else self.clock() - self.started
