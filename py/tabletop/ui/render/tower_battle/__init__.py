"""The Tower Battle table: four towers facing each other, the hand, and the decision at hand.

Modules: ``cards`` (one card), ``board`` (towers, lanes, piles), ``decide`` (the
current decision and its controls), ``news`` (recap, battle reveal, results),
``matchbar`` (score and card summary) and ``recent`` (reading the view's events).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tabletop.engine.outcome import Outcome
from tabletop.ui.render import TableContext
from tabletop.ui.web.dom import El, h
from tabletop.ui.web.in_view import MARK

from . import cards as C
from . import recent
from .board import board
from .decide import render_decision
from .ending import game_end, revealed_view  # noqa: F401  (the table asks for game_end)
from .matchbar import match_bar
from .news import battle_reveal, game_result_panel, match_games, recap_panel


def score_at_end(view: dict[str, Any], outcome: Outcome) -> tuple[str, list[Any]] | None:
    """The match score: each player's points, as the game's outcome keeps them (screens/game_over.py)."""
    return (f"Match score (first to {view['match']['target']})", list(outcome.scores or view["match"]["scores"]))


def hand_panel(ctx: TableContext, seat: int | None) -> El | None:
    """The viewer's hand when it is not part of the decision (while answering a battle or waiting)."""
    if seat is None:
        return None
    hand = ctx.view["players"][seat]["hand"]
    if not hand:
        return None
    return h(
        "section.tb-hand",
        {"aria-labelledby": "tb-hand-title"},
        h("h2#tb-hand-title", f"Your hand, {ctx.names[seat]}"),
        h("ul.tb-hand-cards", {"data-part": "hand"}, [h("li", C.face(code, attrs=C.key("card", code, effect="arrive"))) for code in hand]),
    )


def escape_cancels(ctx: TableContext) -> Callable[[Any], None]:
    """Escape puts a chosen card back (keyboard users' way out of a half-made play)."""

    def on_key(event: Any) -> None:
        if getattr(event, "key", "") == "Escape" and "tb_card" in ctx.ui:
            ctx.ui.pop("tb_card", None)
            ctx.ui.pop("tb_tower", None)
            ctx.refresh()

    return on_key


def mark_the_moment(ctx: TableContext, parts: list[El | None]) -> None:
    """While a card is chosen: its lit places, the news and the decision are one moment to keep in
    view together (ui/web/in_view.py; a phone's screen holds them, not the whole table)."""
    card = ctx.ui.get("tb_card")
    if not card:
        return
    moment = f"tb:{card}:{'face' if ctx.ui.get('tb_tower') else 'tower'}"
    for part in parts:
        if part is not None:
            part.attrs[MARK] = moment


def render(ctx: TableContext) -> El:
    view = ctx.view
    viewer = ctx.viewer
    at_screen = viewer if viewer is not None else ctx.holder  # who the decision and news are for
    bottom = 0 if ctx.face_to_face else at_screen if at_screen is not None else 0  # face to face, seats keep their edges
    events = view.get("events") or []  # (a position code of an earlier edition has none)
    told = recent.recap(events, viewer)
    if view["phase"] == "over":  # the table's end summary says who won and how
        decided = next((e for e in reversed(told) if e["kind"] == "game-won"), None)
        told = [e for e in told if e["kind"] != "end" and e is not decided]
    last = recent.last_action(events)
    panel, lit, lit_discard, hand_inside = render_decision(ctx)
    if view["phase"] == "over":
        panel = match_games(ctx)  # after the board: the table's summary says who won, why and the score
    if view["phase"] == "over" and view["match"]["results"]:
        # the match is over: the last game's towers stay, every bluff turned up
        table = board(replace(ctx, view=revealed_view(view, view["match"]["results"][-1])), bottom, {}, None, last)
    else:
        table = board(ctx, bottom, lit, lit_discard, last)
    news = h("div.tb-news", game_result_panel(ctx), battle_reveal(ctx, recent.battle_in(told)), recap_panel(ctx, told))
    if hand_inside:
        mark_the_moment(ctx, [*lit.values(), lit_discard, news, panel])
    side: list[El | None] = [panel, None if hand_inside else hand_panel(ctx, viewer), news]
    if ctx.face_to_face:  # one block, turned to the edge of whoever is at the screen
        side = [h("div.tb-side", {"data-edge": ctx.edge(at_screen if at_screen is not None else view.get("to_act"))}, side)]
    return h(
        "div.tb",
        {"data-phase": view["phase"], "data-bottom": str(bottom)},
        match_bar(ctx),
        h("div.tb-body", table, side),
        on_keydown=escape_cancels(ctx),
    )
