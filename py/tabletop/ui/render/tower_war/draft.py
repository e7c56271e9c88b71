"""The draft (split the five cards, sweeten a pile, take a pile) and deck building."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from tabletop.engine.moves import Move
from tabletop.engine.words import count
from tabletop.games.tower_war.ai import suggested_deck
from tabletop.games.tower_war.scoring import suit_example, suit_rule_short
from tabletop.ui.render import TableContext
from tabletop.ui.render.tower_war.cards import (
    SEAT_CLASSES,
    SIZE_ORDER,
    back,
    card,
    card_img,
    face,
    move_attr,
    name,
    pyramid_glyph,
    sr,
    stash_row,
)
from tabletop.ui.render.tower_war.tower import seat_name
from tabletop.ui.web.dom import El, h
from tabletop.ui.web.roving import roving
from tabletop.ui.web.tips import tip

PILE_B_KEY = "twar_pile_b"
DECK_PICK_KEY = "twar_deck_pick"  # (seat, codes): a whole deck chosen at once, not yet kept


def draft_panel(ctx: TableContext, view: dict[str, Any]) -> El:
    d = view["draft"]
    phase = view["phase"]
    splitter, chooser = d["splitter"], d["chooser"]
    example = suit_example()
    head = h(
        "div.twar-draft-head",
        h("h3", f"Draft round {d['round']} of {d['rounds']}"),
        h("p.twar-hint", f"{seat_name(ctx, splitter)} splits, {seat_name(ctx, chooser)} chooses. {d['cards_left']} cards still to come."),
        # the rule that makes a pile worth taking, where piles are chosen (not first at deck building)
        h("p.twar-rule", {"id": "twar-suit-rule", **tip(example)}, suit_rule_short()),
    )
    if phase == "split":
        body = split_area(ctx, view)
    else:
        body = piles_area(ctx, view)
    middle = None
    if d["advanced"]:
        middle = h("div.twar-middle", h("span.twar-label", "Middle stash"), stash_row(d["middle"], None, "Middle stash"))
    return h("section.twar-draft", {"aria-label": "The draft"}, head, middle, body, drafted_counts(ctx, view))


def drafted_counts(ctx: TableContext, view: dict[str, Any]) -> El:
    items = []
    for p in view["players"]:
        n = p["drafted_count"]
        items.append(
            h(
                "div.twar-drafted",
                {"class": SEAT_CLASSES[p["seat"]]},
                back(n, f"{seat_name(ctx, p['seat'])} has drafted {count(n, 'card')}, face down"),
                h("span", h("b", seat_name(ctx, p["seat"])), f": {n} drafted"),
            )
        )
    return h("div.twar-drafted-row", items, h("p.twar-hint", "Drafted cards stay face down, even to their owner, until the draft ends."))


def split_area(ctx: TableContext, view: dict[str, Any]) -> El:
    faceup = view["draft"]["faceup"]
    splits = ctx.legal_of("split")
    if not splits:
        return h(
            "div.twar-piles",
            {"data-part": "draft-cards"},
            h("div.twar-faceup", [card_img(c) for c in faceup]),
            h("p.twar-hint", f"{seat_name(ctx, view['draft']['splitter'])} is splitting these five cards."),
        )
    in_b = [c for c in ctx.ui.get(PILE_B_KEY, []) if c in faceup]
    pile_a = [c for c in faceup if c not in in_b]
    pile_b = [c for c in faceup if c in in_b]
    legal_sets = {frozenset(str(c) for c in m.pile) for m in splits}
    valid = frozenset(pile_a) in legal_sets or frozenset(pile_b) in legal_sets
    move = ctx.module.move_from_json({"kind": "split", "pile": pile_a}) if valid else None

    def toggle(code: str) -> Callable[[Any], None]:
        def handler(_e: Any) -> None:
            current = [c for c in ctx.ui.get(PILE_B_KEY, []) if c in faceup]
            ctx.ui[PILE_B_KEY] = [c for c in current if c != code] if code in current else current + [code]
            ctx.refresh()

        return handler

    every: list[El] = []

    def zone(title: str, cards: list[str], other: str, ident: str) -> El:
        buttons = [
            h(
                "button.twar-pick",
                {"id": f"twar-split-{c}", "data-step": "split"},
                face(c),
                sr(f"{name(c)}: move to pile {other}"),
                on_click=toggle(c),
            )
            for c in cards
        ]
        every.extend(buttons)
        return h(
            "div.twar-pile-zone",
            {"id": ident, "aria-label": f"Pile {title}", "role": "group"},
            h("div.twar-pile-title", f"Pile {title}", h("span.twar-count", f" · {count(len(cards), 'card')}")),
            h("div.twar-pile-cards", buttons or h("p.twar-hint.twar-empty-zone", f"Choose a card to move it to pile {title}.")),
        )

    confirm = h(
        "button.primary.twar-confirm",
        {"id": "twar-split-ok", "data-move": json.dumps(ctx.move_json(move)) if move else None, "disabled": not valid},
        "Offer these two piles",
        on_click=(lambda _e: ctx.play(move)) if move else None,
    )
    return h(
        "div.twar-split",
        {"data-part": "draft-cards"},
        h(
            "p.twar-hint",
            "Choose a card to move it to the other pile. Both piles need at least one card; the other player takes the pile they like.",
        ),
        roving(h("div.twar-zones", zone("A", pile_a, "B", "twar-zone-a"), zone("B", pile_b, "A", "twar-zone-b")), every),
        h("div.button-row", confirm, None if valid else h("span.twar-hint", "Move at least one card to pile B.")),
    )


def pile_card(
    ctx: TableContext, view: dict[str, Any], i: int, pile: dict[str, Any], take: Move | None = None, sweets: list[Any] | None = None
) -> El:
    pyr = pile["pyramids"]
    extra = [pyramid_glyph(z, None, 26) for z in reversed(SIZE_ORDER) for _ in range(pyr.get(z, 0))]
    pyr_words = ", ".join(f"{pyr[z]} {z}" for z in reversed(SIZE_ORDER) if pyr.get(z))
    kids = [
        h(
            "div.twar-pile-title",
            f"Pile {pile['name']}",
            h("span.twar-count", f" · {count(len(pile['cards']), 'card')}"),
        ),
        h("div.twar-pile-cards", [card_img(c) for c in pile["cards"]]),
        h("div.twar-pile-pyr", {"role": "img", "aria-label": f"with pyramids: {pyr_words}"}, extra) if extra else None,
    ]
    if sweets:
        kids.append(
            h(
                "div.twar-sweeten",
                {"role": "group", "aria-label": f"Add a pyramid to pile {pile['name']}"},
                [
                    h(
                        "button.twar-sweet",
                        {"data-move": move_attr(ctx, m), "id": f"twar-sweet-{i}-{m.size}"},
                        h("span", {"aria-hidden": "true"}, "+"),
                        pyramid_glyph(str(m.size), None, 22),
                        sr("Add a"),
                        str(m.size),
                        sr(f"pyramid from the middle to pile {pile['name']}"),
                        on_click=lambda _e, mv=m: ctx.play(mv),
                    )
                    for m in sweets
                ],
            )
        )
    if take is not None:
        what = f"{count(len(pile['cards']), 'card')}" + (f" and {pyr_words} pyramids" if pyr_words else "")
        kids.append(
            h(
                "button.primary.twar-take",
                {"data-move": move_attr(ctx, take), "id": f"twar-take-{i}"},
                f"Take pile {pile['name']}",
                sr(f": {what}"),
                on_click=lambda _e: ctx.play(take),
            )
        )
    marked = view["draft"].get("sweetened_pile") == i
    return h("div.twar-pile", {"class": "twar-sweetened" if marked else None}, kids)


def piles_area(ctx: TableContext, view: dict[str, Any]) -> El:
    d = view["draft"]
    piles = d["piles"] or []
    takes = {m.pile: m for m in ctx.legal_of("take")}
    sweets = ctx.legal_of("sweeten")
    ready = ctx.legal_of("piles_ready")
    cols = [pile_card(ctx, view, i, p, takes.get(i), [m for m in sweets if m.pile == i]) for i, p in enumerate(piles)]
    hint = None
    if view["phase"] == "sweeten" and sweets:
        hint = h(
            "p.twar-hint",
            "You may add pyramids from the middle stash to one pile (all to the same pile); whoever gets that pile keeps them.",
        )
    elif view["phase"] == "take" and takes:
        hint = h("p.twar-hint", f"{seat_name(ctx, d['splitter'])} gets the pile you leave.")
    elif view["phase"] == "take":
        hint = h("p.twar-hint", f"{seat_name(ctx, d['chooser'])} is choosing a pile.")
    done = (
        h(
            "div.button-row",
            h(
                "button.primary",
                {"data-move": move_attr(ctx, ready[0]), "id": "twar-ready"},
                "The piles are ready",
                on_click=lambda _e: ctx.play(ready[0]),
            ),
        )
        if ready
        else None
    )
    choices = [kid for col in cols for kid in col.children if isinstance(kid, El) and kid.tag == "button"]
    return h("div.twar-piles", {"data-part": "piles"}, hint, roving(h("div.twar-zones", cols), choices), done)


def build_panel(ctx: TableContext, view: dict[str, Any]) -> El:
    mine = view.get("mine") or {}
    keeps = {str(m.card): m for m in ctx.legal_of("keep")}
    actor = view["to_act"]
    if not keeps or mine.get("deck_target") is None:
        return h(
            "section.twar-build",
            h("h3", "Building decks"),
            h("p.twar-hint", f"{seat_name(ctx, actor)} is choosing the cards of their deck." if actor is not None else ""),
        )
    kept = mine["kept"]
    target = mine["deck_target"]
    left = mine["drafted"]
    tally: dict[str, int] = {}
    for c in kept:
        k = card(c)
        sym = k.suit.symbol if k.suit else "★"
        tally[sym] = tally.get(sym, 0) + 1
    tally_words = "  ".join(f"{s} {tally.get(s, 0)}" for s in ("♣", "♦", "♥", "♠", "★") if s != "★" or tally.get("★"))
    picked = ctx.ui.get(DECK_PICK_KEY)
    if isinstance(picked, tuple) and picked[0] == actor:
        return deck_pick(ctx, view, list(picked[1]), keeps)
    last = len(kept) == target - 1  # the card that completes the deck is staged for a review first
    staged = ctx.ui.get("twar_last_keep")
    staged = staged[1] if isinstance(staged, tuple) and staged[0] == actor and staged[1] in keeps and last else None
    if staged:
        return deck_review(ctx, kept, staged, keeps[staged], target)
    buttons = [
        h(
            "button.twar-pick",
            {"id": f"twar-keep-{c}", "data-step": "last-card"} if last else {"id": f"twar-keep-{c}", "data-move": move_attr(ctx, keeps[c])},
            face(c),
            sr(f"Keep the {name(c)}"),
            on_click=(lambda _e, c=c: _stage(ctx, actor, c)) if last else (lambda _e, m=keeps[c]: ctx.play(m)),
        )
        for c in left
        if c in keeps
    ]
    pct = 100 * len(kept) / target if target else 100
    return h(
        "section.twar-build",
        {"aria-label": "Build your deck"},
        h(
            "div.twar-build-head",
            h("h3", "Choose your deck"),
            h("p.twar-count-big", {"role": "status", "id": "twar-deck-count"}, h("b", str(len(kept))), f" of {target} chosen"),
            h("div.twar-progress", {"aria-hidden": "true"}, h("span.twar-progress-fill", {"style": f"width:{pct:.0f}%"})),
            h(
                "button.twar-suggest",
                {"id": "twar-suggest"},
                "Suggested deck",
                sr(f": the {target} cards the computer would keep, to check and change before you keep them"),
                on_click=lambda _e: _pick(ctx, actor, suggested_deck(view)),
            ),
        ),
        h(
            "p.twar-hint",
            "Choose a card to put it in your deck. Cards of one suit multiply each other in a battle; "
            "the cards you leave out stay hidden for the rest of the game.",
        ),
        roving(h("div.twar-pickgrid", {"role": "group", "aria-label": "Your drafted cards"}, buttons), buttons),
        h(
            "div.twar-kept",
            h("h4", "Your deck so far ", h("span.twar-tally", sr("by suit:"), tally_words) if kept else None),
            h("div.twar-kept-cards", [card_img(c) for c in kept]) if kept else h("p.twar-hint", "Nothing chosen yet."),
        ),
    )


def _pick(ctx: TableContext, seat: int, codes: list[str] | None) -> None:
    ctx.ui[DECK_PICK_KEY] = (seat, tuple(codes)) if codes is not None else None
    ctx.refresh()


def _keep_all(ctx: TableContext, moves: list[Move]) -> None:
    """Keep a whole chosen deck: one ``keep`` move per card, as if each were chosen by hand (the rules
    judge each; the last one completes the deck and the war can begin)."""
    ctx.ui[DECK_PICK_KEY] = None
    for move in moves:
        ctx.play(move)


def deck_pick(ctx: TableContext, view: dict[str, Any], picked: list[str], keeps: dict[str, Move]) -> El:
    """A whole deck to check before keeping it (the suggested one at first): a card in it is left out
    with a press, one left out is put in; the cards already kept stay. Nothing is kept until the
    player confirms, so the suggestion can be changed or set aside."""
    mine, actor = view["mine"], view["to_act"]
    kept, target = mine["kept"], mine["deck_target"]
    chosen = [c for c in picked if c in kept or c in keeps]
    out = [c for c in mine["drafted"] if c in keeps and c not in chosen]
    full = len(chosen) >= target

    def toggle(code: str) -> Callable[[Any], None]:
        return lambda _e: _pick(ctx, actor, [c for c in chosen if c != code] if code in chosen else [*chosen, code])

    def pick_button(c: str) -> El:
        inside = c in chosen
        words = "kept already" if c in kept else "in the deck: press to leave it out" if inside else "left out: press to put it in"
        return h(
            "button.twar-pick",
            {"id": f"twar-deckpick-{c}", "aria-pressed": "true" if inside else "false", "disabled": c in kept or (not inside and full)},
            face(c),
            sr(f"The {name(c)}, {words}"),
            on_click=toggle(c),
        )

    deck_buttons, out_buttons = [pick_button(c) for c in chosen], [pick_button(c) for c in out]
    return h(
        "section.twar-build.twar-review",
        {"aria-label": "Check the suggested deck"},
        h(
            "div.twar-build-head",
            h("h3", "Check the suggested deck"),
            h("p.twar-count-big", {"role": "status", "id": "twar-deck-count"}, h("b", str(len(chosen))), f" of {target} chosen"),
        ),
        h(
            "p.twar-hint",
            "The computer's choice: high cards and cards that share a suit. Press a card to leave it out, "
            "or one below to put it in. Once you keep the deck, the cards left out leave the game unseen.",
        ),
        roving(h("div.twar-pickgrid", {"role": "group", "aria-label": "Your deck"}, deck_buttons), deck_buttons),
        h("h4", "Left out"),
        roving(h("div.twar-pickgrid", {"role": "group", "aria-label": "Left out"}, out_buttons), out_buttons)
        if out_buttons
        else h("p.twar-hint", "Nothing left out."),
        h(
            "div.button-row",
            h(
                "button.primary",
                {"id": "twar-keep-deck", "disabled": len(chosen) != target},
                f"Keep these {target} cards",
                on_click=lambda _e: _keep_all(ctx, [keeps[c] for c in chosen if c not in kept]),
            ),
            h("button", {"id": "twar-choose-own"}, "Choose one by one", on_click=lambda _e: _pick(ctx, actor, None)),
        ),
    )


def _stage(ctx: TableContext, seat: int, code: str | None) -> None:
    ctx.ui["twar_last_keep"] = (seat, code) if code else None
    ctx.refresh()


def _confirm(ctx: TableContext, move: Move) -> None:
    ctx.ui["twar_last_keep"] = None
    ctx.play(move)


def deck_review(ctx: TableContext, kept: list[str], staged: str, move: Move, target: int) -> El:
    """The whole deck, once more, before the last card commits it (no going back after)."""
    deck = [*kept, staged]
    tally: dict[str, int] = {}
    for c in deck:
        k = card(c)
        sym = k.suit.symbol if k.suit else "★"
        tally[sym] = tally.get(sym, 0) + 1
    words = "  ".join(f"{s} {tally[s]}" for s in ("♣", "♦", "♥", "♠", "★") if tally.get(s))
    actor = ctx.view["to_act"]
    return h(
        "section.twar-build.twar-review",
        {"aria-label": "Check your deck"},
        h(
            "div.twar-build-head",
            h("h3", "Check your deck"),
            h("p.twar-count-big", {"role": "status", "id": "twar-deck-count"}, h("b", str(len(deck))), f" of {target} chosen"),
        ),
        h(
            "p.twar-hint",
            f"These {len(deck)} cards are your deck for the whole war ({words}). Once you confirm, the other "
            "drafted cards leave the game unseen.",
        ),
        h("div.twar-kept-cards", [card_img(c, cls="twar-staged" if c == staged else "") for c in deck]),
        h(
            "div.button-row",
            h(
                "button.primary",
                {"id": "twar-confirm-deck", "data-move": move_attr(ctx, move)},
                "Confirm this deck",
                on_click=lambda _e: _confirm(ctx, move),
            ),
            h(
                "button",
                {"id": "twar-change-last"},
                "Change the last card",
                sr(f" (now the {name(staged)})"),
                on_click=lambda _e: _stage(ctx, actor, None),
            ),
        ),
    )
