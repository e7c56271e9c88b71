"""A moment for the mover (hot-seat): after a move that hands the device to someone else, the mover
sees how it turned out and may take it back where undo is allowed; one tap on "Pass to NAME"
brings up the curtain for the next person (session.py keeps the moment).

While it lasts the board shows only what is public, with no moves to make: in a game with hidden
cards nothing of either person's hand or face-down cards is drawn (the device is on its way to the
next person), and nothing can be played for anyone.
"""

from __future__ import annotations

from typing import Any

from tabletop.ui.shell.actions import Actions
from tabletop.ui.web.dom import El, h
from tabletop.ui.web.tips import tip_shown


def moment_banner(act: Actions, session: Any) -> El:
    """Where the turn banner goes: what this is, Undo when allowed, and the one tap to pass."""
    mover, following = session.moment, session.to_act
    undo = session.undo_status()
    return h(
        "div.turn-banner.moment",
        {"role": "status", "data-moment": str(mover)},
        h("span.moment-text", f"{session.name(mover)}, this is how your move turned out."),
        h(
            "div.moment-actions",
            h("button#moment-undo", tip_shown(undo.reason), "Undo", on_click=lambda _e: act.undo()) if undo.allowed else None,
            h(
                "button#pass-on.primary",
                {"data-take-focus": True},
                f"Pass to {session.name(following)}",
                on_click=lambda _e: act.end_moment(),
            ),
        ),
    )
