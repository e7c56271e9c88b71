"""One Tab stop for a group of controls (a hand, a board's cells), the arrow keys moving between
them: the "roving tabindex" pattern.

Renderers mark the group here, in the element tree (browser-free, so it is tested under
CPython); ``tabletop.ui.web.focus`` listens for the arrow keys on the page and moves focus to
the nearest control in the key's direction, so a row, a grid or a fanned hand all work.
A control marked ``GIVES_AWAY`` is not where focus lands first.
"""

from __future__ import annotations

from tabletop.ui.web.dom import El

GROUP = "data-roving"
ITEM = "data-rove"
# A control that surely gives something away or loses a piece (declaring a battle that turns up one's
# own Knave): the table's first decision skips it while a harmless choice is there (focus.first_decision),
# so one reflexive Enter costs nothing.
GIVES_AWAY = "data-gives-away"


def roving(container: El, items: list[El], stop: El | None = None) -> El:
    """Mark ``container`` as an arrow-key group of ``items``: ``stop`` (else the first control that
    acts, else the first) is the one Tab reaches; the others wait for the arrow keys."""
    live = [item for item in items if not item.attrs.get("disabled")]
    container.attrs[GROUP] = ""
    if not live:
        return container
    if stop not in live:
        stop = next((item for item in live if item.attrs.get("aria-disabled") != "true"), live[0])
    for item in live:
        item.attrs[ITEM] = ""
        item.attrs["tabindex"] = "0" if item is stop else "-1"
    return container
