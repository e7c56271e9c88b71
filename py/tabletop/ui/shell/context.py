"""What a screen may read: ``ScreenContext``, handed to every screen with the ``Actions`` it may
ask for (ui/shell/actions.py). Screens only draw from it; nothing in it is theirs to change, except
``table_ui``: the renderer's transient choices (a selected card), which event handlers keep
between renders and the app clears after every move.

Browser-free: tests build one over a store on a dict (``ScreenContext.detached``).
"""

from __future__ import annotations

import builtins
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.games import FACTS, REGISTRY
from tabletop.ui.saves.storage import Store
from tabletop.ui.shell.device import Device
from tabletop.ui.shell.router import Route
from tabletop.ui.table.session import Session


class SavesView:
    """The store, read only: the saved games (listed once per render), the damaged records,
    whether saves are on and how full storage is."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._records: builtins.list[dict[str, Any]] | None = None

    @property
    def available(self) -> bool:
        return self._store.available

    @property
    def full(self) -> bool:
        return self._store.full

    @property
    def persistent(self) -> bool | None:
        return self._store.persistent

    def usage(self) -> dict[str, int]:
        return self._store.usage()

    def list(self) -> builtins.list[dict[str, Any]]:  # the Store's own name (embed_saves reads either)
        return self.records()

    def records(self) -> builtins.list[dict[str, Any]]:
        """Every saved game, newest first (read once: the app reads it before Home is drawn,
        so what the store set aside on the way is a notice on that same page)."""
        if self._records is None:
            self._records = self._store.list()
        return self._records

    def set_aside_records(self) -> builtins.list[dict[str, Any]]:
        return self._store.set_aside_records()


@dataclass(frozen=True)
class ScreenContext:
    route: Route
    settings: dict[str, Any]
    notices: Sequence[tuple[str, str]]
    saves: SavesView
    game: Session | None = None  # the game at the table (its read model: view, legal moves, undo status)
    table_ui: dict[str, Any] = field(default_factory=dict)
    url_seed: int | None = None  # a seed the page's address carries (shown on the new-game form)
    deleted_elsewhere: bool = False  # the game at the table was deleted in another tab (deleted_elsewhere.py)
    catalog: Mapping[str, Any] = field(default_factory=lambda: REGISTRY)
    device: Device = field(default_factory=Device)  # what the device is and allows (an iPad, full screen)

    @property
    def games(self) -> Mapping[str, Any]:
        """The game modules, imported on first use (start-up needs only the catalogue)."""
        from tabletop.games import GAMES

        return GAMES

    @classmethod
    def detached(cls, store: Store | None = None, **fields: Any) -> ScreenContext:
        """A context with no page behind it (tests, the build's prerendered pages): a store on a dict
        (or the one given), on Home, unless told otherwise."""
        from tabletop.ui.saves.storage import MemoryBackend

        store = store if store is not None else Store(MemoryBackend(), FACTS)
        values: dict[str, Any] = {"route": Route("home"), "settings": {}, "notices": (), "saves": SavesView(store)}
        values.update(fields)
        return cls(**values)
