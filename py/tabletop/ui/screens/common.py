"""Pieces several screens share."""

from __future__ import annotations

import time

from tabletop.ui.dom import El, h


def page(title: str, *children, **attrs) -> El:
    return h("section.screen", h("h1", title), *children, **attrs)


def link_button(label: str, fragment: str, primary: bool = False, **attrs) -> El:
    return h("a.button" + (".primary" if primary else ""), {"href": fragment, **attrs}, label)


def notices(app) -> El | None:
    if not app.notices:
        return None
    items = [h("div.notice" + (".error" if kind == "error" else ".ok" if kind == "ok" else ""), {"role": "alert" if kind == "error" else "status"},
               h("span", text), " ", h("button.quiet", {"aria-label": "Dismiss"}, "✕", on_click=lambda _e, i=i: app.dismiss(i)))
             for i, (kind, text) in enumerate(app.notices)]
    return h("div.notices", items)


def saves_off_note(app) -> El | None:
    """Where storage is blocked, the one line that says so (a screen shows it in place, not as a notice too)."""
    if app.store.available:
        return None
    return h("p.notice.saves-off", "Saves are off: this browser does not let the app store anything here. "
                                   "Games still play; export them to keep them.")


def when(timestamp: float | None) -> str:
    """"3 min ago", "yesterday 18:02" style times for the saved-games list."""
    if not timestamp:
        return ""
    ago = time.time() - float(timestamp)
    if ago < 60:
        return "just now"
    if ago < 3600:
        return f"{int(ago // 60)} min ago"
    if ago < 86400:
        return f"{int(ago // 3600)} h ago"
    return time.strftime("%d %b %Y %H:%M", time.localtime(float(timestamp)))
