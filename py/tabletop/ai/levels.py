"""The computer's levels, and how much thinking each may do.

A level's work is counted in *iterations* (search iterations, or positions
evaluated), so the same seed gives the same decision on any machine; a *time cap*
stops thinking early on a slow device (it is far above what the iteration budget
needs on CPython, so tests and simulations never meet it).

>>> BUDGETS["hard"].iterations > BUDGETS["normal"].iterations > BUDGETS["easy"].iterations
True
"""

from __future__ import annotations

from dataclasses import dataclass

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The computer levels a seat can be given, weakest first (``random`` also exists for tests and the lab)."""


@dataclass(frozen=True)
class Budget:
    """How long a level may think about one decision."""

    iterations: int
    time_cap: float | None = None  # seconds of thinking at most; None: no cap

    def capped(self, time_cap: float | None) -> Budget:
        return Budget(self.iterations, time_cap)


BUDGETS: dict[str, Budget] = {
    "easy": Budget(40, 0.5),
    "normal": Budget(250, 1.0),
    "hard": Budget(1000, 3.0),
}
"""Defaults for a game whose ``ai`` module names none (the shared tree search's iterations)."""

DESCRIPTIONS: dict[str, str] = {
    "random": "Picks any legal move at random (for tests and the balance lab).",
    "easy": "Plays sensibly but makes human mistakes: it looks only at what its move does at once and now and then "
            "picks a lesser move.",
    "normal": "Searches a little before each decision; answers within about a second.",
    "hard": "Searches several times deeper than normal and weighs the replies; takes up to about three seconds.",
}
