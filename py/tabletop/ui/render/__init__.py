"""One renderer per game: ``tabletop.ui.render.<package>.render(ctx) -> El``.

A renderer draws ``ctx.view`` (what the seat at the screen may see) and turns taps
into moves from ``ctx.legal``; it never decides a rule. ``ctx.ui`` is a dict for
transient choices (a selected card, a half-built play) that survives re-renders and
is cleared after every move.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

from tabletop.engine.events import Names
from tabletop.games import REGISTRY
from tabletop.ui.table.edges import edge
from tabletop.ui.table.wording import names_for

if TYPE_CHECKING:
    from tabletop.engine.protocol import GameModule


@dataclass
class TableContext:
    module: GameModule
    view: dict[str, Any]
    legal: list[Any]
    names: list[str]
    viewer: int | None
    play: Callable[[Any], None]
    refresh: Callable[[], None]
    ui: dict[str, Any] = field(default_factory=dict)
    notify: Callable[[str], None] = print
    settings: dict[str, Any] = field(default_factory=dict)  # e.g. settings.get("reduce_motion")
    holder: int | None = None  # the mover's moment: their side stays nearest them, though the view is public
    grip_ms: int | None = None  # how long the hand has held the piece it holds, as saved (a reload resumes it)
    keep_grip: Callable[[int], None] | None = None  # store the grip so far; None where nothing is stored (a lesson)
    face_to_face: bool = False  # a game at the table laid out for players round a flat tablet (ui/table/edges.py)

    def move_json(self, move: Any) -> dict[str, Any]:
        json: dict[str, Any] = self.module.move_to_json(move)
        return json

    def legal_of(self, kind: str) -> list[Any]:
        return [m for m in self.legal if m.kind == kind]

    def edge(self, seat: int | None) -> str | None:
        """The edge ``seat`` sits at when face to face (marked always; CSS acts only in that mode)."""
        return edge(seat, len(self.names))

    def told_names(self) -> Names:
        """The seats as the table calls them, for the game's ``tell`` (a seat nobody named is called
        by its side, as the game's own pages call it)."""
        return names_for(self.module, self.names)


def renderer_for(game_id: str) -> ModuleType:
    """The game's renderer module, or the generic one listing legal moves."""
    name = f"{__name__}.{REGISTRY[game_id].package}"
    if importlib.util.find_spec(name) is not None:
        return importlib.import_module(name)
    return importlib.import_module(f"{__name__}.generic")
