"""The table top: four towers facing each other in two lanes, and each side's piles.

The seat at the screen sits at the bottom: their towers grow upward from their
kings, the opponent's grow downward from theirs, so facing towers meet in the
middle of each lane (hearts faces clubs, diamonds faces spades).

Parts a lesson may outline (``data-part``, engine/lesson.py): ``tower:<suit>`` (``tower:H``),
``towers:<n>`` (both towers of seat n),
``lane:H`` and ``lane:D`` (the two lanes, named by the red suit in them), ``seat:<n>``,
``stock:<n>``, ``discard:<n>``, ``hand-count:<n>`` (the other side's hand); in decide.py:
``hand``, ``hand-card:<code>``, ``decision``; ``score`` is the match bar.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.events import Event, Names
from tabletop.engine.words import count
from tabletop.ui.render import TableContext
from tabletop.ui.web.dom import El, h
from tabletop.ui.web.motion import last_move

from . import cards as C

WINNING_HEIGHT = 5
LANES = (("H", "C"), ("D", "S"))


def seat_names(ctx: TableContext) -> Names:
    """How the table calls the seats: each person with their colour beside ("Ana (Red)")."""
    return Names(tuple(ctx.names), tuple(ctx.view["seat_names"]))


def seat_words(ctx: TableContext, seat: int) -> str:
    """'Ana (Red)' (just 'Red' for a player named after their colour)."""
    return seat_names(ctx)(seat)


def tower_by_suit(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {t["suit"]: t for t in view["towers"]}


def tower_el(ctx: TableContext, tower: dict[str, Any], mine_side: bool, slot: El | None, played: Event | None, battle: bool) -> El:
    """One tower: its king, its cards overlapping toward the middle, and its height. The card the
    last play (``played``) put on it is marked while it is still its top card."""
    suit = tower["suit"]
    owner = tower["owner"]
    n = len(tower["cards"])
    layers = [C.face(tower["king"], ".tb-king" + ("" if n else ".tb-top"), aria=f"K{C.SYMBOLS[suit]}, the base of the tower")]
    last_here = False
    for i, card in enumerate(tower["cards"]):
        extra = ""
        if i == n - 1:
            extra += ".tb-top"
            if played is not None and played["tower"] == suit and played["index"] == i:
                extra += ".tb-last"
                last_here = True
        from_hand = f"hand:{owner}" if ".tb-last" in extra and not mine_side else None  # the other player's card travels from their hand
        layers.append(C.layer(card, extra, place=f"{suit}{i}", came_from=from_hand))
    if slot is not None:
        layers.append(slot)
    owner_name = ctx.names[owner]
    height = h("span.tb-height", {"aria-hidden": "true"}, h("b", str(n)), f"/{WINNING_HEIGHT}")
    label = h(
        "div.tb-tower-label",
        h("span.tb-tower-name", h(f"span.{C.suit_class(suit)}", {"aria-hidden": "true"}, tower["symbol"]), " ", C.NOUNS[suit].capitalize()),
        height,
        h("span.tb-flag", "Diplomat") if tower["diplomat_on_top"] else None,
        h("span.tb-flag.tb-flag-last", "Last play") if last_here else None,
    )
    aria = f"{owner_name}'s {C.NOUNS[suit]} tower ({ctx.view['seat_names'][owner]}): {n} of {WINNING_HEIGHT} cards"
    if tower["diplomat_on_top"]:
        aria += ", a Diplomat on top"
    stack = h("div.tb-stack" + (".tb-stack-up" if mine_side else ".tb-stack-down"), layers)
    parts = [stack, label] if mine_side else [label, stack]
    return h(
        "div.tb-tower" + (".tb-mine" if mine_side else ".tb-theirs") + (".tb-in-battle" if battle else ""),
        {"role": "group", "aria-label": aria, "data-suit": suit, "data-height": str(n), "data-part": f"tower:{suit} towers:{owner}"},
        parts,
    )


def front_line(view: dict[str, Any], a: dict[str, Any], b: dict[str, Any], offer: dict[str, Any] | None) -> El:
    """The middle of a lane: which towers face each other, and whether a Diplomat or a battle offer is there."""
    words = [
        h(
            "span.tb-front-suits",
            {"aria-hidden": "true"},
            h(f"span.{C.suit_class(a['suit'])}", a["symbol"]),
            " faces ",
            h(f"span.{C.suit_class(b['suit'])}", b["symbol"]),
        )
    ]
    if offer is not None:
        words.append(h("span.tb-front-note.tb-front-battle", "Battle on offer"))
    elif a["diplomat_on_top"] or b["diplomat_on_top"]:
        words.append(h("span.tb-front-note", "Diplomat: no battle"))
    return h("div.tb-front", words)


def lanes(ctx: TableContext, bottom: int, lit: dict[str, Any], last: Event | None) -> El:
    """Both lanes; ``lit`` maps a suit to the slot button placed on that tower."""
    view = ctx.view
    towers = tower_by_suit(view)
    offer = view.get("battle_offer")
    in_battle = set(offer["towers"]) if offer else set()
    played = last if last and last["kind"] in ("play", "play-face-down") else None
    out = []
    for pair in LANES:
        mine = next(towers[s] for s in pair if towers[s]["owner"] == bottom)
        theirs = next(towers[s] for s in pair if towers[s]["owner"] != bottom)
        lane_offer = offer if offer and mine["suit"] in in_battle else None
        out.append(
            h(
                "div.tb-lane" + (".tb-lane-battle" if lane_offer else ""),
                {"data-part": f"lane:{pair[0]}"},
                tower_el(ctx, theirs, False, None, played, theirs["suit"] in in_battle),
                front_line(view, theirs, mine, lane_offer),
                tower_el(ctx, mine, True, lit.get(mine["suit"]), played, mine["suit"] in in_battle),
            )
        )
    return h("div.tb-lanes", out)


def discard_pile(ctx: TableContext, seat: int, lit: El | None, last: Event | None) -> El:
    """A face-up discard pile: its top card and count; tapping it lists every card (it is public)."""
    pile = ctx.view["players"][seat]["discard"]
    name = h("span.tb-pile-name", f"Discard · {len(pile)}")
    if lit is not None:
        return h("div.tb-pile.tb-discard", {"data-part": f"discard:{seat}"}, name, lit)
    if not pile:
        return h(
            "div.tb-pile.tb-discard",
            {"data-part": f"discard:{seat}"},
            name,
            h("div.tb-card.tb-small.tb-empty", {"role": "img", "aria-label": "empty discard pile"}, "empty"),
        )
    just = last is not None and last["kind"] == "discard" and last["seat"] == seat and pile[-1] == last["card"]
    top = C.face(
        pile[-1],
        ".tb-small" + (".tb-last" if just else ""),
        aria=f"{C.words(pile[-1])} on top",
        attrs={**C.key("card", pile[-1]), **last_move(just)},
    )
    return h(
        "details.tb-pile.tb-discard.tb-pile-list",
        {"data-part": f"discard:{seat}"},
        h("summary", name, top, h("span.tb-pile-more", "all", h("span.visually-hidden", f" cards of {ctx.names[seat]}'s discard pile"))),
        h("ul", {"aria-label": f"{ctx.names[seat]}'s discard pile, newest first"}, [h("li", C.mini(code)) for code in reversed(pile)]),
    )


def stock_pile(ctx: TableContext, seat: int) -> El:
    n = ctx.view["players"][seat]["stock_count"]
    card = C.back(".tb-small", aria=f"stock of {count(n, 'card')}", content=h("span.tb-count", str(n)))
    return h("div.tb-pile.tb-stock", {"data-part": f"stock:{seat}"}, h("span.tb-pile-name", f"Stock · {n}"), card)


def scoring_pile(ctx: TableContext, seat: int) -> El | None:
    """Advanced scoring: the face-down scoring card (its owner and, at the end, everyone sees it)."""
    view = ctx.view
    if view["match"]["scoring"] != "advanced":
        return None
    p = view["players"][seat]
    if p["scoring_card"]:
        mine = seat == ctx.viewer and view["phase"] != "over"
        card = (
            C.peek(p["scoring_card"], ".tb-small", aria=f"scoring card {C.words(p['scoring_card'])} (only you see it)")
            if mine
            else C.face(p["scoring_card"], ".tb-small", aria=f"scoring card {C.words(p['scoring_card'])}")
        )
    elif p["scoring_card_set"]:
        card = C.back(".tb-small", aria="scoring card, face down")
    else:
        card = h("div.tb-card.tb-small.tb-empty", {"role": "img", "aria-label": "no scoring card yet"}, "not yet")
    return h("div.tb-pile.tb-scoring", h("span.tb-pile-name", "Scoring card"), card)


def seat_strip(ctx: TableContext, seat: int, bottom: int, lit_discard: El | None, last: Event | None) -> El:
    """One side's name, score, hand size and piles."""
    view = ctx.view
    p = view["players"][seat]
    to_act = view.get("to_act")
    colour = view["seat_names"][seat]
    hand = None
    if seat != bottom or p["hand"] is None:
        n = p["hand_count"]
        hand = h(
            "div.tb-pile.tb-hand-count",
            {"data-part": f"hand-count:{seat}"},
            h("span.tb-pile-name", f"Hand · {n}"),
            h(
                "div.tb-fan",
                {"role": "img", "aria-label": f"{count(n, 'card')} in hand", **C.key("hand", seat)},
                [h("span.tb-fan-card", {"aria-hidden": "true"}) for _ in range(n)],
            ),
        )
    return h(
        "div.tb-seat" + (".tb-seat-bottom" if seat == bottom else ".tb-seat-top") + (".tb-acting" if to_act == seat else ""),
        {"data-seat": str(seat), "data-part": f"seat:{seat}", "data-edge": ctx.edge(seat)},
        h(
            "div.tb-seat-name",
            h(f"span.tb-colour.tb-colour-{colour.lower()}", {"aria-hidden": "true"}),
            h("strong", ctx.names[seat]),
            None if ctx.names[seat] == colour else h("span.tb-seat-colour", colour),  # not "Red Red"
            h("span.tb-to-act", "to act") if to_act == seat else None,
        ),
        h("div.tb-piles", hand, stock_pile(ctx, seat), discard_pile(ctx, seat, lit_discard, last), scoring_pile(ctx, seat)),
    )


def board(ctx: TableContext, bottom: int, lit: dict[str, Any], lit_discard: El | None, last: Event | None) -> El:
    top = 1 - bottom
    return h(
        "section.tb-board",
        {"aria-label": "The table"},
        seat_strip(ctx, top, bottom, None, last),
        lanes(ctx, bottom, lit, last),
        seat_strip(ctx, bottom, bottom, lit_discard, last),
    )
