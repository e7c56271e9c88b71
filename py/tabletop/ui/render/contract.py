"""What a game's renderer (``tabletop.ui.render.<package>``) offers the table.

Required: ``render(ctx: TableContext) -> El``, the board, hands and choices of the seat at the
screen. Optional, each declared once here with its default: callers ask ``renderer_hook``,
never ``getattr``, so a misspelt name is refused rather than quietly defaulted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from tabletop.engine.hooks import optional_part

View = dict[str, Any]


class OptionalRenderer(Protocol):
    def score_at_end(self, view: View, outcome: Any) -> tuple[str, list[float]] | None:
        """What the score is called and its numbers at the end. Default: "Score" and the
        outcome's scores (none when the outcome has none)."""
        ...

    def turned_up_at_end(self, view: View) -> list[tuple[int, str, list[tuple[str, str]]]]:
        """(seat, what, [(code, label), ...]): the cards the finished view makes public. Default: none."""
        ...

    def game_end(self, ctx: Any, next_game: Callable[[], None]) -> Any:
        """The board between two games of a match, with "Next game". Default: none (needed
        only by a game with the game hook ``finished_games``)."""
        ...


def score_from_outcome(view: View, outcome: Any) -> tuple[str, list[float]] | None:
    return ("Score", list(outcome.scores)) if outcome.scores is not None else None


def nothing_turned_up(view: View) -> list[tuple[int, str, list[tuple[str, str]]]]:
    return []


RENDERER_DEFAULTS: dict[str, Any] = {
    "score_at_end": score_from_outcome,
    "turned_up_at_end": nothing_turned_up,
    "game_end": None,
}


def renderer_hook(renderer: object, name: str) -> Any:
    """A renderer's optional part ``name``, or its default (see ``OptionalRenderer``)."""
    return optional_part(renderer, name, RENDERER_DEFAULTS, "a renderer", "ui/render/contract.py")
