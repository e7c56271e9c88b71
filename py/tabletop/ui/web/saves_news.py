"""The saved games' store in the page (static/js/saves.js) and what it tells the app: another
tab's write, a wipe of the site's storage, a write the disk refused, a game stored again after
one, and whether the browser promised to keep the storage."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.games import FACTS
from tabletop.ui.saves.storage import Store
from tabletop.ui.table import deleted_elsewhere
from tabletop.ui.table.current_game import CurrentGame
from tabletop.ui.web import browser


def open_store() -> Store:
    """The store on IndexedDB, else localStorage, else none (saves off), with old deletion markers gone."""
    backend, full = browser.saves_backend()
    store = Store(backend, FACTS, full=full)
    if store.available:
        store.forget_old_deletions()
    store.persistent = browser.storage_persistent()
    return store


def listen(game: CurrentGame, route: Callable[[], str], redraw: Callable[[], None]) -> None:
    """Hear the news for good: saves.js's "tw-saves" events, and localStorage's "storage" events
    where it holds the saves; ``redraw`` when the page shows it (``route``: the route's name now)."""

    def news(detail: Any) -> None:
        if heard(game, detail, route()):
            redraw()

    browser.on_window("storage", news)
    browser.on_window("tw-saves", lambda event: news(event.detail))


def heard(game: CurrentGame, detail: Any, route: str) -> bool:
    """Act on one piece of news (the ``detail`` of a "tw-saves" event, or a localStorage "storage"
    event); whether the page must be redrawn (``route``: the page's route name)."""
    if getattr(detail, "wiped", False):
        game.storage_wiped()
        return True
    if getattr(detail, "persisted", None) is not None:
        game.store.persistent = bool(detail.persisted)
        return route in ("home", "settings")
    if getattr(detail, "stored", False):
        game.room_again()
        return False
    if getattr(detail, "refused", None):
        game.store.full = True
        deleted_elsewhere.refused([str(key) for key in detail.keys])
        return game.storage_full(str(detail.refused))  # news only the first time: later refusals change nothing on screen
    return other_tab(game, getattr(detail, "key", None), getattr(detail, "newValue", None), route)


def other_tab(game: CurrentGame, key: Any, value: Any, route: str) -> bool:
    """Another tab stored or deleted ``key``: a game on this tab's table that moved on there is shown
    as it stands now, or said deleted; Home lists the change."""
    if browser.absent(key):
        return route == "home"
    if deleted_elsewhere.heard(game, str(key), browser.absent(value)):
        return True  # the table says so (deleted_elsewhere.py)
    return game.stored_elsewhere(str(key)) or route == "home"
