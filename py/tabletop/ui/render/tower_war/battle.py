"""The war: this battle's cards face up with their values (and the multiplication when a
suit repeats), the running totals, the hand to play from, and who must add a piece."""

from __future__ import annotations

import json
from typing import Any

from tabletop.engine.moves import Move
from tabletop.engine.words import count, possessive
from tabletop.ui.render import TableContext
from tabletop.ui.render.tower_war.cards import (
    SEAT_CLASSES,
    back,
    breakdown,
    card,
    card_img,
    face,
    label,
    move_attr,
    name,
    sr,
    suit_products,
)
from tabletop.ui.render.tower_war.tower import seat_label, seat_name
from tabletop.ui.web import motion
from tabletop.ui.web.dom import El, h
from tabletop.ui.web.roving import roving
from tabletop.ui.web.tips import tip_shown


def zeroed(entries: list[dict[str, Any]], i: int) -> bool:
    """A card counts 0 towards the battle total once a later card of its suit is played
    (that later card multiplied by it).

    >>> zeroed([{"as": "8C"}, {"as": "5H"}, {"as": "5C"}], 0), zeroed([{"as": "8C"}, {"as": "5C"}], 1)
    (True, False)
    """
    suit = card(entries[i]["as"]).suit
    return any(card(e["as"]).suit == suit for e in entries[i + 1 :])


def played_row(entries: list[dict[str, Any]], current: str | None, last: bool = False) -> list[El]:
    """This battle's cards of one seat; ``last``: its newest card is the last card played (marked)."""
    out = []
    earlier: list[str] = []
    for i, e in enumerate(entries):
        sum_text = breakdown(e["as"], earlier)
        is_current = current is not None and i == len(entries) - 1
        joker = e["card"] != e["as"]
        note = f"{sum_text} = {e['value']}" if sum_text else f"{e['value']}"
        gone = zeroed(entries, i)
        extra = ["worth 0 now: a later card of its suit took its points" if gone else f"worth {e['value']}"]
        if sum_text and not gone:
            extra.append(f"{sum_text}")
        if joker:
            extra.insert(0, f"joker played as the {name(e['as'])}")
        if e["double"]:
            extra.append("a double")
        out.append(
            h(
                "li.twar-played-card",
                {
                    "class": " ".join(c for c in ("twar-current" if is_current else "", "twar-gone" if gone else "") if c) or None,
                    **motion.key("card", e["card"]),
                    **motion.last_move(is_current and last),
                },
                card_img(e["as"], note=None, extra=", ".join(extra)),
                h(
                    "span.twar-value.twar-zeroed",
                    {"aria-hidden": "true", **tip_shown("a later card of this suit took its points")},
                    h("s", note),
                    " 0",
                )
                if gone
                else h("span.twar-value", {"aria-hidden": "true"}, note),
                h("span.twar-tag", {"aria-hidden": "true"}, "joker") if joker else None,
                h("span.twar-tag.twar-tag-double", {"aria-hidden": "true"}, "double") if e["double"] else None,
            )
        )
        earlier.append(e["as"])
    return out


def last_to_play(battle: dict[str, Any]) -> int | None:
    """Who played the skirmish's last card: the answer when both have played, else the lead.

    >>> last_to_play({"leader": 0, "current": ["8C", "10C"]}), last_to_play({"leader": 1, "current": [None, "5H"]})
    (1, 1)
    """
    current, leader = battle.get("current") or [None, None], battle.get("leader")
    if all(current):
        return None if leader is None else 1 - leader
    return next((seat for seat, card in enumerate(current) if card), None)


def hand_area(ctx: TableContext, view: dict[str, Any], seat: int) -> El:
    """The viewer's hand in a battle: a button per playable card, and the joker's menu when open."""
    mine = view.get("mine") or {}
    hand = mine.get("hand") or []
    battle = view["battle"] or {}
    by_card = plays_by_card(ctx, battle.get("plays") or [])
    unread = mine.get("hand_unread") or 0
    waiting = h("p.twar-hint", f"{count(unread, 'card')} drawn: they show once your friend's next link is in.") if unread else None
    passes = ctx.legal_of("pass")
    pass_button = (
        h(
            "button.twar-pass",
            {"id": "twar-pass", "data-move": move_attr(ctx, passes[0])},
            "Nothing to play: pass",
            on_click=lambda _e, m=passes[0]: ctx.play(m),
        )
        if passes
        else None
    )
    if not hand:
        return waiting or h("p.twar-hint", "Your hand is empty.")
    joker_open = ctx.ui.get("twar_joker")
    buttons = [hand_card(ctx, code, by_card.get(code, []), joker_open) for code in hand]
    playable = [b for b in buttons if b.tag == "button"]
    stop = next((b for b in playable if b.attrs.get("aria-expanded") == "true"), None)  # the open joker keeps the Tab stop
    parts: list[El | None] = [
        roving(
            h(
                "div.twar-hand",
                {"role": "group", "aria-label": "Your hand (arrow keys move between the cards)", "data-part": "hand"},
                buttons,
            ),
            playable,
            stop,
        )
    ]
    if joker_open and joker_open in by_card:
        parts.append(joker_menu(ctx, by_card[joker_open]))
    if passes:
        parts.append(h("p.twar-hint", "None of these cards can be played now (a joker copies a card you played earlier this battle)."))
        parts.append(pass_button)
    parts.append(waiting)
    return h("div.twar-handwrap", parts)


def plays_by_card(ctx: TableContext, plays: list[dict[str, Any]]) -> dict[str, list[tuple[dict[str, Any], Move]]]:
    """Each card in hand with the legal plays of it (and what each would score)."""
    moves = {json.dumps(ctx.move_json(m), sort_keys=True): m for m in ctx.legal_of("play")}
    by_card: dict[str, list[tuple[dict[str, Any], Move]]] = {}
    for p in plays:
        move = moves.get(json.dumps(p["move"], sort_keys=True))
        if move is not None:
            by_card.setdefault(p["move"]["card"], []).append((p, move))
    return by_card


def hand_card(ctx: TableContext, code: str, options: list[tuple[dict[str, Any], Move]], joker_open: str | None) -> El:
    """One card of the hand: idle, a joker's toggle, or a button that plays it."""
    if not options:
        return idle_hand_card(ctx, code)
    if code.startswith("JOKER"):
        return joker_button(ctx, code, joker_open == code)
    p, move = options[0]
    result = p.get("result")
    words = f"Play the {name(code)}, worth"
    return h(
        "button.twar-handcard",
        {
            "data-move": move_attr(ctx, move),
            "id": f"twar-play-{code}",
            "data-result": result or "lead",
            **motion.key("card", code, effect="arrive"),
        },
        face(code),
        sr(words),
        h("span.twar-hand-note", h("b", f"{p['value']}"), " ", result or "", " · double" if p["double"] else ""),
        on_click=lambda _e, m=move: ctx.play(m),
    )


def idle_hand_card(ctx: TableContext, code: str) -> El:
    """A card that cannot be played now (a joker says why)."""
    why = "a joker copies one of your earlier cards of this battle" if code.startswith("JOKER") and ctx.legal_of("play") else ""
    return h(
        "span.twar-handcard.twar-idle",
        motion.key("card", code, effect="arrive"),
        card_img(code, extra=why),
        h("span.twar-hand-note", why) if why else None,
    )


def joker_button(ctx: TableContext, code: str, open_: bool) -> El:
    """A playable joker: a button that opens the menu of cards it can copy."""
    return h(
        "button.twar-handcard.twar-joker-btn",
        {
            "data-step": "joker",
            "aria-expanded": "true" if open_ else "false",
            "id": f"twar-j-{code}",
            **motion.key("card", code, effect="arrive"),
        },
        face(code),
        sr("Joker:"),
        h("span.twar-hand-note", "copy…"),
        sr("choose which of your cards it copies"),
        on_click=lambda _e, c=code: _toggle_joker(ctx, c),
    )


def joker_menu(ctx: TableContext, options: list[tuple[dict[str, Any], Move]]) -> El:
    """The open joker's menu: a button per card it can copy."""
    choices = []
    for p, move in options:
        as_code = p["move"]["as_card"]
        result = p.get("result")
        choices.append(
            h(
                "button.twar-joker-choice",
                {"data-move": move_attr(ctx, move)},
                face(as_code),
                sr(f"the {name(as_code)}:"),
                h("span", f"as {label(as_code)} · {p['value']}" + (f" · {result}" if result else "")),
                on_click=lambda _e, m=move: ctx.play(m),
            )
        )
    return h("div.twar-joker-menu", {"role": "group", "aria-label": "The joker copies"}, h("p.twar-hint", "The joker copies:"), choices)


def _toggle_joker(ctx: TableContext, code: str) -> None:
    ctx.ui["twar_joker"] = None if ctx.ui.get("twar_joker") == code else code
    ctx.refresh()


def battle_panel(ctx: TableContext, view: dict[str, Any]) -> El:
    battle = view.get("battle")
    viewer = ctx.viewer
    if not battle:
        return h("section.twar-battle", h("h3", "The war"), h("p.twar-hint", "The first battle starts when both decks are built."))
    order = [1 - viewer, viewer] if viewer in (0, 1) else [0, 1]
    players = view["players"]
    lines = []
    for seat in order:
        entries = battle["played"][seat]
        total = battle["running_totals"][seat]
        effs = [e["as"] for e in entries]
        lead = battle["leader"] == seat
        head = h(
            "div.twar-line-head",
            h("span.twar-who", {"class": SEAT_CLASSES[seat]}, seat_name(ctx, seat), h("span.twar-colour", f" ({('Red', 'Blue')[seat]})")),
            h("span.twar-lead", "leads") if lead else None,
            h("span.twar-total", "Total ", h("b", str(total))),
            h("span.twar-products", {"aria-hidden": "true"}, suit_products(effs)) if len(effs) > 1 else None,
        )
        row = played_row(entries, battle["current"][seat], last=seat == last_to_play(battle))
        body = [
            h("ol.twar-played", {"aria-label": f"{seat_name(ctx, seat)}'s cards this battle"}, row)
            if row
            else h("p.twar-hint.twar-none", "No card played yet this battle.")
        ]
        if seat == viewer:
            body.append(hand_area(ctx, view, seat))
        else:
            n = players[seat]["hand_count"]
            body.append(
                h(
                    "div.twar-opp-hand",
                    back(n, f"{seat_name(ctx, seat)} holds {count(n, 'card')}"),
                    h("span.twar-hint", f"{n} in hand"),
                )
            )
        lines.append(h("div.twar-line", {"class": SEAT_CLASSES[seat], "data-seat": str(seat)}, head, body))
    sk = battle["skirmish"]
    title = f"Battle {battle['number']} · skirmish {sk} of 3"
    summary = None
    if battle.get("last_totals") and view["phase"] in ("play",) and not any(battle["played"]):
        t = battle["last_totals"]
        summary = h("p.twar-hint", f"Last battle: {seat_label(ctx, 0)} {t[0]}, {seat_label(ctx, 1)} {t[1]}.")
    returned = battle.get("returned") or []
    if returned and not any(battle["played"]):
        words = ", ".join(f"{possessive(seat_name(ctx, r['owner']))} {r['size']}" for r in returned)
        summary = h("p.twar-hint", f"Tied battle: back to their stashes went {words}.")
    return h(
        "section.twar-battle",
        {"aria-label": "The battle", **motion.frame()},  # cards move within it, not with it
        h("h3", title),
        summary,
        owes(ctx, view),
        lines,
    )


def skirmish_result(ctx: TableContext, view: dict[str, Any]) -> El | None:
    """The skirmish just lost, in small: the winning card beside the losing one, next to the sizes
    to pick up (on a phone the battle panel is a screen further down, so the reason would be out of sight)."""
    placing = view.get("placing") or {}
    battle = view.get("battle") or {}
    if view["phase"] != "place" or placing.get("reason") != "skirmish" or not battle:
        return None
    loser = placing["seat"]
    sides = []
    for seat in (1 - loser, loser):
        entries = battle["played"][seat]
        if not battle["current"][seat] or not entries:
            return None  # a skirmish lost for want of a card: the "Just now" line says so
        played = entries[-1]
        who = seat_label(ctx, seat)
        sides.append(
            h(
                "span.twar-result-side",
                {"class": f"{SEAT_CLASSES[seat]}{' twar-result-won' if seat != loser else ''}", "data-seat": str(seat)},
                card_img(played["as"], extra=f"{possessive(seat_name(ctx, seat))} card, worth {played['value']}"),
                h("span.twar-result-words", h("b", who), h("span", f"worth {played['value']}")),
            )
        )
    return h(
        "div.twar-result",
        {"role": "group", "aria-label": "The skirmish just lost"},
        sides[0],
        h("span.twar-result-lost", h("span.twar-result-vs", "beats"), sides[1]),
    )  # wraps as one: "beats" stays with its card


def owes(ctx: TableContext, view: dict[str, Any]) -> El | None:
    """Who must add a piece to the tower, and why."""
    placing = view.get("placing")
    battle = view.get("battle") or {}
    if not placing:
        return None
    who = seat_label(ctx, placing["seat"])
    if placing["reason"] == "skirmish":
        text = f"{who} lost the skirmish and adds a pyramid."
    else:
        t = battle.get("last_totals") or [0, 0]
        score = f"{t[placing['seat']]} to {t[1 - placing['seat']]}"
        if placing["piece"] == "card":
            text = f"{who} lost the battle {score}: the level is full, now a card crowns it."
        else:
            n = placing["pyramids_needed"]
            text = f"{who} lost the battle {score}: {count(n, 'more pyramid')} to fill the level, then a card on top."
    return h("p.twar-owes", {"class": SEAT_CLASSES[placing["seat"]]}, text)
