"""The embed's "Open in full app" at the table: the game goes to the full app in a new tab through
its address (#/open/CODE), since a frame's storage is often blocked. That code holds the whole
deal, so it is made only when the button is pressed and never sits in the page (a link's href
can be read by anyone at the screen, hovered, or copied), and when the game hides cards from
someone else at this device it first says so, as Share… does. Against the computer, or once
the game is over, nothing is hidden from anyone else here: it opens at once."""

from __future__ import annotations

from typing import Any

import js

from tabletop.ui.web import browser
from tabletop.ui.web.dom import El, h


def hides_cards_from_someone_here(session: Any) -> bool:
    """Whether the deal, if seen, would show one person at this device cards hidden from them."""
    return bool(session.module.HIDDEN_INFORMATION) and session.outcome is None and len(session.human_seats()) > 1


def button(game_id: str, act: Any) -> El:
    """The button (a link to the full app's new-game page for this game until pressed)."""

    def pressed(event: Any) -> None:
        event.preventDefault()
        act.open_in_full_app()

    return h(
        "a#open-full.button",
        {"href": browser.full_app_url(f"#/new/{game_id}"), "target": "_blank", "rel": "noopener"},
        "Open in full app",
        on_click=pressed,
    )


def open_tab(link: str) -> None:
    """The full app in a new tab at ``link`` (#/open/CODE)."""
    js.window.open(browser.full_app_url(link), "_blank", "noopener")


def warning(act: Any) -> tuple[El, str]:
    """The dialog shown before the deal goes into an address, and the control that takes focus."""
    return h(
        "div.dialog-backdrop",
        h(
            "div.dialog.stack",
            {"role": "dialog", "aria-modal": "true", "aria-labelledby": "open-full-title"},
            h("h2#open-full-title", "Open this game in the full app?"),
            h(
                "p",
                "The full app gets this game through the new tab's address, and that address holds the "
                "whole deal: whoever sees it could work out every hidden card. Open it when the other "
                "players cannot see this screen, and keep the address to yourself.",
            ),
            h(
                "div.button-row",
                h(
                    "button#open-full-confirm.primary",
                    {"type": "button"},
                    "Open in full app",
                    on_click=lambda _e: act.open_in_full_app(confirmed=True),
                ),
                h("button#open-full-cancel", {"type": "button"}, "Cancel", on_click=lambda _e: act.close_dialog()),
            ),
        ),
    ), "open-full-cancel"
