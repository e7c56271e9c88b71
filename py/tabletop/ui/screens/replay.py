"""History: the moves of a game, one at a time, read-only (ui/table/history.py holds the cursor).

Reached from the table's "History" button and at ``#/replay/<game>/<save-id>`` (any saved
game this browser holds, finished or not). The board is the game's own renderer drawing the
replay's view with no moves to offer, inside an ``inert`` box: nothing on it can be tapped or
focused. The arrow keys step (Home and End: first and last), Escape goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.ui.render import renderer_for
from tabletop.ui.screens.common import notices
from tabletop.ui.screens.table import LOG_SHOWN, log_panel, read_only_table
from tabletop.ui.shell.actions import Actions
from tabletop.ui.shell.context import ScreenContext
from tabletop.ui.table.history import History
from tabletop.ui.table.wording import log_lines, seat_label
from tabletop.ui.web.dom import El, h
from tabletop.ui.web.tips import install as install_tips
from tabletop.ui.web.tips import tip_shown

KEYS = {"ArrowLeft": "previous", "ArrowRight": "next", "Home": "first", "End": "last"}


def move_line(history: History) -> list[El | str]:
    """ "Move 3 of 40 · Ana (Aliens) placed …": the lines the move wrote in the log, said as the log
    panel says them (so the step and the log agree word for word); a move that wrote no
    line is said in the same past tense ("Ana (Red) kept a card for the deck")."""
    k, n = history.position, history.total
    if k == 0:
        return [h("strong", "The start"), f", before move 1 of {n}" if n else ": no move has been made yet"]
    mover = history.mover()
    who = seat_label(history, mover) if mover is not None else "Someone"
    lines = history.lines()
    said = " ".join(lines) if lines else f"{who} {history.quiet_move()}."
    return [h("strong", f"Move {k} of {n}"), f" · {said}"]


def step_button(ident: str, label: str, hint: str, enabled: bool, act: Callable[[], Any]) -> El:
    """A step control that keeps focus at either end (aria-disabled, not disabled: a disabled
    button would drop keyboard focus to the page body)."""

    def click(_e: Any) -> None:
        if enabled:
            act()

    return h(
        f"button#{ident}", {"aria-disabled": "false" if enabled else "true", "aria-label": hint, **tip_shown(hint)}, label, on_click=click
    )


def render(ctx: ScreenContext, act: Actions, history: History, back_label: str, back: Callable[[], None]) -> El:
    """The position under the history's cursor; ``history.fresh`` (just opened: focus goes to the
    controls once) is the app's to clear after drawing."""
    install_tips()  # the step buttons' words on a long press too
    module = history.module
    k, n = history.position, history.total
    steps: dict[str, Callable[[], int]] = {"first": history.first, "previous": history.previous, "next": history.next, "last": history.last}

    def step(where: str) -> None:
        steps[where]()
        act.refresh()

    def on_key(event: Any) -> None:
        key = str(getattr(event, "key", ""))
        if event.altKey or event.ctrlKey or event.metaKey:
            return
        if key in KEYS:
            event.preventDefault()
            step(KEYS[key])
        elif key == "Escape":
            event.preventDefault()
            back()

    view = history.view()
    table = read_only_table(ctx, act, module, view, history.seats, history.viewer)
    board = renderer_for(module.ID).render(table)
    fresh = history.fresh  # focus goes to the controls once, when the history opens
    title = history.save.get("name") or module.TITLE
    whose = ("as " + seat_label(history, history.viewer) + " saw it") if history.viewer is not None else "as anyone at the table saw it"
    step_ms = f"{history.step_ms[k - 1]:.1f}" if 0 < k <= len(history.step_ms) else "0"
    return h(
        "section.table-screen.replay-screen",
        {
            "data-screen": "replay",
            "data-game": module.ID,
            "data-position": str(k),
            "data-total": str(n),
            "data-step-ms": step_ms,
            "aria-labelledby": "replay-title",
        },
        notices(ctx, act),
        h("div.table-bar", h("h1#replay-title", "History: ", title), h("p.replay-whose", f"Read only, {whose}.")),
        h(
            "div#history-bar.history-bar",
            {"role": "group", "aria-label": "Step through the moves", "tabindex": "-1", "data-take-focus": True if fresh else None},
            h(
                "div.history-steps",
                step_button("history-first", "First", "First: the start of the game", k > 0, lambda: step("first")),
                step_button("history-prev", "◀ Previous", "Previous move", k > 0, lambda: step("previous")),
                step_button("history-next", "Next ▶", "Next move", k < n, lambda: step("next")),
                step_button("history-last", "Last", "Last: the position now", k < n, lambda: step("last")),
            ),
            h("p#history-line.history-line", {"role": "status"}, move_line(history)),
            h("button#history-back.primary", back_label, on_click=lambda _e: back()),
        ),
        h(
            "div.table-layout",
            h("div.table-main.replay-board", {"inert": True}, board),
            h("aside.table-side", log_panel(log_lines(history, view, last=LOG_SHOWN))),
        ),
        on_keydown=on_key,
    )
