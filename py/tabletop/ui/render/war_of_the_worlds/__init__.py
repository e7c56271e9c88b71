"""The table of The War of the Worlds: the L of coasters, both supplies, the decision at hand.

``render(ctx)`` draws ``ctx.view`` and offers only moves from ``ctx.legal``:

* place: a size in your supply (``data-step``), then a highlighted empty cell (``data-move``);
* war machine: ↺ ↻ on the coaster just used, a ghost outline in the empty corner to move
  it there, one button per place it may go in the decision bar (each with a little map of
  the L it makes), and Done (all ``data-move``);
* move: one of your movable pyramids (``data-step``; picked for you when it is the only
  one), then a cell its arrow points to (``data-move``), or Skip when nothing can move;
* destruction order: the doomed pyramids are marked and each is a ``data-move``;
* tactical: the three dice (first die ``data-step``, second ``data-move``), the Wild's
  faces, a coaster to Swap (``data-step``), Decline.

Modules: ``choices`` (legal moves indexed for the table), ``board`` (coasters, cells),
``pieces`` (pyramids in SVG), ``panels`` (decision bar, supplies, dice, last turn, end),
``recent`` (what just happened, read from the game's events).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.outcome import Outcome
from tabletop.ui.render import TableContext
from tabletop.ui.render.war_of_the_worlds.board import board
from tabletop.ui.render.war_of_the_worlds.choices import Choices, index
from tabletop.ui.render.war_of_the_worlds.panels import decision_bar, dice, end_panel, recent_panel, tray
from tabletop.ui.render.war_of_the_worlds.recent import recent
from tabletop.ui.web import in_view
from tabletop.ui.web.dom import El, h
from tabletop.ui.web.tips import install as install_tips


def score_at_end(view: dict[str, Any], outcome: Outcome) -> tuple[str, list[Any]] | None:
    """The standing pyramids, the first measure the war is decided by (the table below shows the rest)."""
    return ("Standing pyramids", list(outcome.scores)) if outcome.scores is not None else None


def active_coaster(ctx: TableContext, ch: Choices) -> int | None:
    """The coaster whose turn buttons and ghost are shown: the war machine's, or the one picked for Swap."""
    view = ctx.view
    if view["phase"] == "coaster" and view.get("coaster_step") and (ch.rotates or ch.relocates):
        coaster: int = view["coaster_step"]["coaster"]
        return coaster
    picked: int | None = ctx.ui.get("coaster")
    if picked in ch.rotates or picked in ch.relocates:
        return picked
    return None


def render(ctx: TableContext) -> El:
    install_tips()  # a long press explains a cell, its arrows, a coaster (ui/web/tips.py)
    view = ctx.view
    ch = index(ctx.legal, ctx.ui)
    rec = recent(view, ctx.told_names())
    highlight = active_coaster(ctx, ch)
    over = view.get("outcome") is not None
    phase = view["phase"]
    classes = f"div.wotw.wotw-phase-{phase}.wotw-mode-{view['mode']}" + (".is-my-turn" if ch.any else "")
    rolled = dice(ctx, ch)
    choosing_dice = bool(ch.keeps)  # the dice are the decision: show them in the decision bar
    table = h(
        classes,
        {"data-phase": phase},
        None if over else decision_bar(ctx, ch, highlight, rolled if choosing_dice else None),
        h(
            "div.wotw-play",
            h("div.wotw-rail", h("div.wotw-trays", tray(ctx, ch, 0), tray(ctx, ch, 1)), None if choosing_dice else rolled),
            board(ctx, ch, rec, highlight),
        ),
        end_panel(ctx) if over else None,  # the tie-break steps, under the final board (the table's summary says who won)
        recent_panel(ctx, rec),
    )
    if ch.size or ch.source:  # a size or a pyramid picked: the cells it may go to, the last turn and the decision, in view together
        in_view.mark(table, f"wotw:{ch.size}:{ch.source}", {"is-target", "wotw-recent", "wotw-decision"})
    return table
