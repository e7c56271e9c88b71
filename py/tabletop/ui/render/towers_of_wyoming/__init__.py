"""Towers of Wyoming at the table.

Layout, like sitting at a real table: the other builders across the top (in turn
order after you), the Settling Sky and the piles in the middle, then your own
foundations, the decision in plain words and your hand. Modules: ``board`` (Sky,
piles, seats, towers), ``hand`` (the hand and the decision), ``choice`` (the
half-made choice checked against ``ctx.legal``), ``cards`` (faces), ``words``
(sentences with the seats' real names).

A play is chosen in steps: tap cards of one suit (``data-step``), a lit target
(``data-step``), then Confirm (``data-move``); the decision panel also lists each
lit play as a button that plays it at once (``data-move``).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.events import Event, of_move
from tabletop.engine.outcome import Outcome
from tabletop.ui.render import TableContext
from tabletop.ui.render.towers_of_wyoming.board import center, changes, seat_panel
from tabletop.ui.render.towers_of_wyoming.choice import Choice
from tabletop.ui.render.towers_of_wyoming.hand import decision, hand
from tabletop.ui.render.towers_of_wyoming.words import Teller, events_in
from tabletop.ui.web import in_view, page
from tabletop.ui.web.dom import El, h
from tabletop.ui.web.tips import install as install_tips


def score_at_end(view: dict[str, Any], outcome: Outcome) -> tuple[str, list[Any]] | None:
    """Each builder's tallest tower, the measure the game is won by (screens/game_over.py)."""
    return ("Tallest tower", [seat["tallest"] for seat in view["seats"]])


def turned_up_at_end(view: dict[str, Any]) -> list[tuple[int, str, list[tuple[str, str]]]]:
    """Every builder's hand as the game ended (public in the engine's finished view)."""
    return [(seat, "hand", [(c["code"], c["label"]) for c in cards]) for seat, cards in enumerate(view.get("hands_at_end") or [])]


def seat_order(view: dict[str, Any], viewer: int | None) -> tuple[list[int], int | None]:
    """(others in turn order after the viewer, the viewer's own seat or None)."""
    n = view["players"]
    if viewer is None:
        return list(range(n)), None
    return [(viewer + k) % n for k in range(1, n)], viewer


def news(view: dict[str, Any], teller: Teller) -> list[El]:
    """What happened since the person's last turn: reshuffles first (the Sky changed), then plays."""
    recent = events_in(view, "recent")
    tidal = bool(view["options"].get("tidal_influences"))
    out = []
    for e in recent:
        if e["kind"] == "recycle":
            lines = teller.recycle(e, tidal)
            out.append(
                h(
                    "div.tow-recycle",
                    {"role": "status", "data-recycle": f"{e['sky_before']}-{e['sky_after']}"},
                    h(
                        "div.tow-recycle-sky",
                        {"aria-hidden": "true"},
                        h("span.tow-coin"),
                        h("strong", f"{e['sky_before']} → {e['sky_after']}"),
                    ),
                    h(
                        "div",
                        h("h2", "Reshuffle: the Settling Sky changed"),
                        [h("p", line) for line in lines],
                        h("p.tow-recycle-rule", view["win_rule"]),
                    ),
                )
            )
    lines = [line for line in (teller.event(e, view) for e in merged_draws(recent, teller.viewer)) if line]
    if lines and view.get("outcome") is None:
        heading = "Since your last turn" if teller.viewer is not None else "Last move"
        out.append(
            h("div.tow-news", {"aria-label": heading, "role": "region"}, h("h2", heading), h("ul", [h("li", line) for line in lines[-8:]]))
        )
    return out


def merged_draws(events: list[Event], seat: int | None) -> list[Event]:
    """The seat's own draws said once (a reshuffle in the middle splits a draw in two)."""
    total = sum(e["count"] for e in events if e["kind"] == "draw" and e["seat"] == seat)
    out, said = [], False
    for e in events:
        if e["kind"] == "draw" and e["seat"] == seat:
            if said:
                continue
            e, said = dict(e, count=total), True
        out.append(e)
    return out


def render(ctx: TableContext) -> El:
    install_tips()  # a long press explains the Sky, a foundation (ui/web/tips.py)
    view = ctx.view
    names = list(ctx.names)
    viewer = view.get("seat")
    teller = Teller(names, viewer, view["foundations_each"])
    choice = Choice(view, ctx.legal, ctx.ui)
    ui = ctx.ui

    def update(**changes_: Any) -> None:
        ui.update(changes_)
        ctx.refresh()

    def on_card(code: str, suit: str, index: int) -> None:
        if choice.must_discard:
            update(discard=None if choice.discard == code else code)
        elif suit not in choice.playable:
            update(suit=None, count=0, target=None, blocked=suit)
        elif choice.suit == suit and choice.count == index + 1:
            update(count=index, suit=suit if index else None, blocked=None)
        else:
            update(suit=suit, count=index + 1, blocked=None)

    def on_target(key: tuple[int, int]) -> None:
        chosen = choice.target != key
        update(target=list(key) if chosen else None)
        if chosen:
            page.focus("tow-confirm")

    def clear() -> None:
        ui.clear()
        ctx.refresh()

    def on_key(event: Any) -> None:
        if getattr(event, "key", "") == "Escape" and (ui.get("suit") or ui.get("discard") or ui.get("target")):
            clear()

    winners = (view.get("outcome") or {}).get("winners") or []
    last_move = of_move(events_in(view, "events"), view["turn"] - 1)  # the move that ended the game
    tags = changes(events_in(view, "recent") if view.get("outcome") is None else last_move, names)
    others, mine = seat_order(view, viewer)
    seats = view["seats"]

    def panel(p: int) -> El:
        return seat_panel(view, seats[p], choice, teller, tags, on_target, winners, ctx.edge(p))

    table = h(
        "div.tow",
        {
            "data-players": str(view["players"]),
            "data-foundations": str(view["foundations_each"]),
            "data-selected": f"{choice.suit or ''}{choice.count or ''}",
            "data-viewer-edge": ctx.edge(mine),  # face to face, the news turns with the hand to its edge
        },
        news(view, teller),
        h("div.tow-others", {"class": f"tow-n{len(others)}"}, [panel(p) for p in others]),
        center(view),
        h(
            "div.tow-mine",
            {"data-edge": ctx.edge(mine)},
            panel(mine) if mine is not None else None,
            h(
                "div.tow-act",
                hand(view, choice, on_card) if view.get("hand") is not None else None,
                decision(view, choice, teller, ctx, clear, lambda n: update(count=n), lambda: update(target=None)),
            ),
        )
        if mine is not None
        else None,
        on_keydown=on_key,
    )
    if choice.suit and not choice.target:  # cards chosen, no place yet: the places lit, the news and the decision in view together
        in_view.mark(table, f"tow:{choice.suit}{choice.count}", {"tow-lit", "tow-news", "tow-recycle"}, {"tow-decision"})
    return table
