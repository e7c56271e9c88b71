"""The end of a game of the match: its final towers with every bluff turned up, who won and
why, the match score, then "Next game" (the table waits for it before the next game shows).

The engine records each finished game (``view["match"]["results"]``), with its towers as
they stood and the same towers turned face up; this module only draws them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tabletop.engine.words import count
from tabletop.ui.render import TableContext
from tabletop.ui.web.dom import El, h

from . import cards as C
from .board import lanes, seat_words
from .news import how_it_ended, result_line, scoring_cards_line


def revealed_view(view: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """``view`` with the towers of the finished game ``result``, every card face up; a card that
    lay face down is marked ``revealed`` (a save from before the engine kept them shows backs)."""
    turned = result.get("revealed_towers") or {}
    pictures = result.get("final_towers") or {}
    towers = []
    for tower in view["towers"]:
        suit = tower["suit"]
        picture = pictures.get(suit, [])
        codes = turned.get(suit, picture)
        cards = [
            {
                "card": code,
                "face_up": code is not None,
                "revealed": code is not None and i < len(picture) and picture[i] is None,
                "label": C.label(code) if code else None,
            }
            for i, code in enumerate(codes)
        ]
        diplomat = bool(cards) and cards[-1]["card"] is not None and C.role(cards[-1]["card"]) == "Diplomat" and not cards[-1]["revealed"]
        towers.append(dict(tower, cards=cards, diplomat_on_top=diplomat))
    return dict(view, towers=towers, battle_offer=None)


def turned_up(view: dict[str, Any]) -> int:
    return sum(1 for tower in view["towers"] for card in tower["cards"] if card.get("revealed"))


def match_score(ctx: TableContext) -> str:
    match = ctx.view["match"]
    scores, target = match["scores"], match["target"]
    return f"Match score: {seat_words(ctx, 0)} {scores[0]}, {seat_words(ctx, 1)} {scores[1]}, first to {count(target, 'point')}."


def final_board(ctx: TableContext, result: dict[str, Any], bottom: int) -> El:
    """The finished game's towers, bluffs turned up, in the table's own lanes."""
    shown = revealed_view(ctx.view, result)
    n = turned_up(shown)
    note = f"{count(n, 'face-down card')} turned up, outlined in gold dashes." if n else "No card was face down."
    return h(
        "section.tb-board.tb-final",
        {"aria-labelledby": "tb-final-title"},
        h("h3#tb-final-title", f"How game {result['game']} ended ", h("span.tb-hint", note)),
        lanes(replace(ctx, view=shown), bottom, {}, None),
    )


def game_end(ctx: TableContext, next_game: Callable[[], None]) -> El:
    """The moment between two games: summary and "Next game" first (in view on a phone), the
    final towers under it."""
    match = ctx.view["match"]
    result = match["results"][-1]
    bottom = 0 if ctx.face_to_face or ctx.viewer is None else ctx.viewer  # face to face, seats keep their edges
    return h(
        "div.tb.tb-between",
        {"data-game-end": str(result["game"])},
        h(
            "div.tb-body",
            h(
                "section.tb-decide.tb-game-end",
                {"aria-labelledby": "tb-end-title"},
                h("h2#tb-end-title", result_line(ctx, result)),
                h("p", how_it_ended(ctx, result)),
                scoring_cards_line(result, ctx),
                h("p.tb-end-score", h("strong", match_score(ctx))),
                h(
                    "div.button-row",
                    h(
                        "button#tb-next-game.primary",
                        {"data-take-focus": ""},
                        f"Next game: game {match['game_number']}",
                        on_click=lambda _e: next_game(),
                    ),
                ),
            ),
            final_board(ctx, result, bottom),
        ),
    )
