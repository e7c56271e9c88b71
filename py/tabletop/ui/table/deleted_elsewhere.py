"""A game deleted in another tab while this tab still has it at its table: saving it again on the
next move would bring it back without a word. Instead the table says it was deleted elsewhere
and offers "Keep playing as a new save"; the game goes on in memory and nothing is written until
the player chooses.

Found two ways: the other tab's deletion arrives as a storage event (the record's key, no new
value), or, when this tab missed that event (a tab in the background may), the next save finds
gone a record this tab had seen stored, and the marker a deletion leaves (storage.GONE_PREFIX).
A record gone without that marker was wiped with everything else (the browser cleared the site's
storage): that is said as a wipe, and the game is saved again at once."""

from __future__ import annotations

from typing import Any

from tabletop.ui.saves.storage import SAVE_PREFIX
from tabletop.ui.web.dom import El, h

_seen_stored: set[str] = set()  # ids this tab has seen in storage (stored by it, or found there)


def heard(game: Any, key: str, gone: bool) -> bool:
    """A storage event for ``key``: True (and the table told) when it deleted the game at this table
    (``game``: the CurrentGame, which keeps ``deleted_elsewhere``)."""
    session = game.session
    if session is None or not gone or key != f"{SAVE_PREFIX}{session.save.get('id')}":
        return False
    game.deleted_elsewhere = session.save["id"]
    return True


def holds_save(game: Any) -> bool:
    """Whether the game at the table must not be written now (deleted elsewhere, not yet kept anew)."""
    save_id = game.session.save.get("id")
    if not save_id:
        return False
    if game.deleted_elsewhere == save_id:
        return True
    if game.store.backend.get(f"{SAVE_PREFIX}{save_id}") is not None:
        _seen_stored.add(save_id)
        return False
    if save_id in _seen_stored:  # it was there, and this tab did not delete it
        if game.store.deleted_here(save_id):  # another tab did
            game.deleted_elsewhere = save_id
            return True
        game.storage_wiped(save_now=False)
    return False


def forget_seen() -> None:
    """Storage was wiped: nothing this tab saw stored is there any more."""
    _seen_stored.clear()


def refused(keys: list[str]) -> None:
    """Writes the disk refused (full): those games were never stored, so finding them missing is no news."""
    for key in keys:
        if key.startswith(SAVE_PREFIX):
            _seen_stored.discard(key[len(SAVE_PREFIX) :])


def saved(save_id: str | None) -> None:
    """The game was just written."""
    if save_id:
        _seen_stored.add(save_id)


def banner(ctx: Any, act: Any) -> El | None:
    """The table's word about it, with the one way on that writes anything (``ctx``: the screen's
    ScreenContext, ``act`` its Actions)."""
    if not ctx.deleted_elsewhere:
        return None
    return h(
        "div.notice.deleted-elsewhere",
        {"role": "status"},
        h("p", "This game was deleted in another tab. It goes on here, but nothing is saved until you choose."),
        h("button#keep-as-new", {"type": "button"}, "Keep playing as a new save", on_click=lambda _e: act.keep_as_new()),
    )


def keep_as_new(game: Any) -> None:
    """Save the game at the table under a new id (the deleted one stays deleted)."""
    from tabletop.ui.table.session import new_id

    session = game.session
    session.save["id"] = new_id()
    session.save["revision"] = 0
    session.save.pop("played_again", None)
    game.deleted_elsewhere = None
    game.autosave()
