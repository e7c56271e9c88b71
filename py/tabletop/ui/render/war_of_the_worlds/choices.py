"""The legal moves of the person at the screen, indexed the way the table asks for them,
plus the half-made choice kept in ``ctx.ui`` (a size picked, a pyramid picked, a first die).

Nothing here decides a rule: every entry is one of ``ctx.legal``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tabletop.engine.moves import Move
from tabletop.ui.render import TableContext


@dataclass
class Choices:
    places: dict[str, dict[str, Any]] = field(default_factory=dict)  # size -> cell -> Place
    steps: dict[str, dict[str, Any]] = field(default_factory=dict)  # source -> target -> Step
    rotates: dict[int, dict[str, Any]] = field(default_factory=dict)  # coaster -> "cw"/"ccw" -> Rotate
    relocates: dict[int, dict[str, Any]] = field(default_factory=dict)  # coaster -> quadrant -> Relocate
    destroys: dict[str, Any] = field(default_factory=dict)  # cell -> Destroy
    keeps: dict[tuple[str, str], Any] = field(default_factory=dict)  # (first, second) -> Keep
    wilds: dict[str, Any] = field(default_factory=dict)  # face -> WildAs
    done: Any = None
    skip: Any = None
    decline: Any = None
    size: str | None = None  # the size picked for a placement
    source: str | None = None  # the pyramid picked to move
    first_die: int | None = None  # index of the die picked to use first

    @property
    def any(self) -> bool:
        return bool(
            self.places
            or self.steps
            or self.rotates
            or self.relocates
            or self.destroys
            or self.keeps
            or self.wilds
            or self.done
            or self.skip
            or self.decline
        )


def index(legal: list[Any], ui: dict[str, Any]) -> Choices:
    ch = Choices()
    for move in legal:
        kind = move.kind
        if kind == "place":
            ch.places.setdefault(str(move.size), {})[move.cell] = move
        elif kind == "step":
            ch.steps.setdefault(move.source, {})[move.target] = move
        elif kind == "rotate":
            ch.rotates.setdefault(move.coaster, {})[move.turn] = move
        elif kind == "relocate":
            ch.relocates.setdefault(move.coaster, {})[move.to] = move
        elif kind == "destroy":
            ch.destroys[move.cell] = move
        elif kind == "keep":
            ch.keeps[move.first, move.second] = move
        elif kind == "wild":
            ch.wilds[move.face] = move
        elif kind == "done":
            ch.done = move
        elif kind == "skip":
            ch.skip = move
        elif kind == "decline":
            ch.decline = move
    size = ui.get("size")
    if size not in ch.places:
        size = next(iter(ch.places)) if len(ch.places) == 1 else None
    ch.size = size
    source = ui.get("source")
    if source not in ch.steps:
        source = next(iter(ch.steps)) if len(ch.steps) == 1 else None
    ch.source = source
    first = ui.get("first_die")
    ch.first_die = first if isinstance(first, int) and ch.keeps else None
    return ch


def move_attr(ctx: TableContext, move: Move) -> str:
    """The ``data-move`` value: the move's JSON."""
    return json.dumps(ctx.move_json(move))
