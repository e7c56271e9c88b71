"""The friendly page for an address the app does not know."""

from __future__ import annotations

from tabletop.ui.screens.common import link_button
from tabletop.ui.web.dom import El, h


def render(path: str | None = None) -> El:
    return h(
        "section.not-found",
        {"data-screen": "not-found"},
        h("p.big", {"aria-hidden": "true"}, "▲?"),
        h("h1", "There is no such page here"),
        h("p", "The address ", h("code", "#/" + (path or "")), " does not lead to any game or screen."),
        link_button("Back to the games", "#/", primary=True),
    )
