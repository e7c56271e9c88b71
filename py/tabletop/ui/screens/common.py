"""Pieces several screens share."""

from __future__ import annotations

import time
from typing import Any

from tabletop.ui.shell.actions import Actions
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.web.dom import El, Handler, h


def page(title: str, *children: Any, **attrs: Handler | None) -> El:
    return h("section.screen", h("h1", title), *children, **attrs)


def link_button(label: str, fragment: str, primary: bool = False, **attrs: str) -> El:
    return h("a.button" + (".primary" if primary else ""), {"href": fragment, **attrs}, label)


def notices(ctx: ScreenContext, act: Actions) -> El | None:
    if not ctx.notices:
        return None
    items = [
        h(
            "div.notice" + (".error" if kind in ("error", "wiped") else ".ok" if kind == "ok" else ""),
            {"role": "alert" if kind in ("error", "wiped") else "status"},
            h("span", text),
            " ",
            h("a.button", {"href": "#/settings/backup"}, "Restore a backup") if kind == "wiped" else None,
            h("button.quiet", {"aria-label": "Dismiss"}, "✕", on_click=lambda _e, i=i: act.dismiss(i)),
        )
        for i, (kind, text) in enumerate(ctx.notices)
    ]
    return h("div.notices", items)


def saves_off_note(ctx: ScreenContext) -> El | None:
    """Where storage is blocked or full, the one line that says so (a screen shows it in place, not as a notice too)."""
    store = ctx.saves
    if not store.available:
        return h(
            "p.notice.saves-off",
            "Saves are off: this browser does not let the app store anything here. Games still play; export them to keep them.",
        )
    if store.full:
        return h("p.notice.storage-full", storage_full_text(store.usage()))
    return None


def storage_full_text(used: dict[str, Any]) -> str:
    """What a full store means and what to delete to make room, from where the room went."""
    from tabletop.ui.saves.storage import size_text

    text = (
        "Storage is full: saved games are listed and open, but new moves are not saved. "
        f"Saved games take {size_text(used['saves'])}, damaged records {size_text(used['aside'])}"
    )
    if used["other"] > used["saves"] + used["aside"]:
        return text + (
            f", and other pages of this site {size_text(used['other'])}, most of the room: "
            "clearing this site's data in the browser's settings frees it, but deletes these saved games too; export them first."
        )
    return text + ". Delete finished games or damaged records you no longer need to make room."


def when(timestamp: float | None) -> str:
    """ "3 min ago", "yesterday 18:02" style times for the saved-games list."""
    if not isinstance(timestamp, (int, float)) or not 0 < timestamp < 1e11:  # checked when read; never a crash here
        return ""
    ago = time.time() - float(timestamp)
    if ago < 60:
        return "just now"
    if ago < 3600:
        return f"{int(ago // 60)} min ago"
    if ago < 86400:
        return f"{int(ago // 3600)} h ago"
    return time.strftime("%d %b %Y %H:%M", time.localtime(float(timestamp)))
