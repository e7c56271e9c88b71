"""How a finished game ended."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    ``winners`` lists the winning seats: one seat for a plain win, several for a
    shared win, none for a draw. ``reason`` says in plain words how it was decided
    ("Aliens have more standing pyramids: 6 to 4"). ``scores`` is optional detail
    (one number per seat) for end screens. ``why`` is the reason without naming the
    winner, for a screen whose headline already does ("Ben wins" over "A tower of 11
    cards is taller than the Sky of 10 pennies."); empty where a game gives none.
    """

    winners: tuple[int, ...]
    reason: str
    scores: tuple[float, ...] | None = None
    details: dict[str, Any] = field(default_factory=dict, compare=False)
    why: str = ""

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "draw": self.is_draw,
            "reason": self.reason,
            "scores": list(self.scores) if self.scores is not None else None,
            "details": self.details,
            "why": self.why,
        }
