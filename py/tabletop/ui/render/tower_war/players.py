"""The two players: colour, stash by size, card counts and public discard piles."""

from __future__ import annotations

from typing import Any

from tabletop.ui.render import TableContext
from tabletop.ui.render.tower_war.cards import SEAT_CLASSES, SEAT_COLOURS, card_img, stash_row
from tabletop.ui.render.tower_war.tower import seat_name
from tabletop.ui.web.dom import El, h


def counts_words(view: dict[str, Any], p: dict[str, Any]) -> list[str]:
    if view["draft"]["active"]:
        return [f"{p['drafted_count']} drafted"]
    if view["phase"] == "build":
        return [f"{p['drafted_count']} drafted"]
    return [f"deck {p['deck_count']}", f"hand {p['hand_count']}", f"discards {len(p['discard'])}"]


def player_strip(ctx: TableContext, view: dict[str, Any]) -> El:
    cells = []
    for p in view["players"]:
        seat = p["seat"]
        acting = view["to_act"] == seat
        who = seat_name(ctx, seat)
        discards = p["discard"]
        disc = None
        if discards:
            disc = h(
                "details.twar-discards",
                h("summary", f"Discard pile ({len(discards)})"),
                h("div.twar-discard-cards", [card_img(c) for c in discards]),
            )
        cells.append(
            h(
                "div.twar-player",
                {
                    "class": f"{SEAT_CLASSES[seat]}{' twar-acting' if acting else ''}",
                    "data-seat": str(seat),
                    "data-edge": ctx.edge(seat),
                    "aria-current": "true" if acting else None,
                },
                h(
                    "div.twar-player-head",
                    h("span.twar-swatch", {"aria-hidden": "true"}),
                    h("b.twar-player-name", who),
                    None if who == SEAT_COLOURS[seat] else h("span.twar-colour", f"{SEAT_COLOURS[seat]} pyramids"),  # not "Red Red"
                    h("span.twar-you", "you") if p["is_you"] else None,
                ),
                stash_row(p["stash"], seat, f"{who}'s stash"),
                h("div.twar-player-counts", " · ".join(counts_words(view, p))),
                disc,
            )
        )
    return h("div.twar-players", {"role": "group", "aria-label": "Players"}, cells)
