"""The current decision, stated in plain words, with the controls that make it.

Playing a card is three small steps: choose a card (``data-step``), then its tower
(only a tower with a legal play lights up; ``data-step`` when a face is still to be
chosen, else the move itself), then face up or down when there is a choice. Every
control that plays at once carries ``data-move``. The words for what a play would
do and why a face is forced come from the view; the legal moves decide what lights up.
"""

from __future__ import annotations

import json
from typing import Any

from tabletop.engine.moves import Move
from tabletop.games.tower_battle.telling import tower as tower_of
from tabletop.ui.render import TableContext
from tabletop.ui.web.dom import El, h
from tabletop.ui.web.roving import GIVES_AWAY, roving

from . import cards as C
from .board import seat_names, seat_words


def key(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True)


def legal_map(ctx: TableContext) -> dict[str, Move]:
    """The legal moves keyed by their JSON (so view entries find the move they describe)."""
    return {key(ctx.move_json(m)): m for m in ctx.legal}


def move_button(ctx: TableContext, move: Move, selector: str, attrs: dict[str, Any] | None, *children: Any) -> El:
    """A button that plays ``move`` at once (tagged with data-move for tests and tools)."""
    return h(selector, {**(attrs or {}), "data-move": json.dumps(ctx.move_json(move))}, *children, on_click=lambda _e: ctx.play(move))


def decision(heading: str | list[Any], *body: Any, kind: str = "") -> El:
    return h("section.tb-decide" + kind, {"aria-labelledby": "tb-prompt", "data-part": "decision"}, h("h2#tb-prompt", heading), *body)


# --- playing a card ----------------------------------------------------------------------------

# The play decision holds the hand: on a phone it stays pinned to the bottom of the screen while
# the board scrolls above it, so a chosen card and its lit tower are in view together.
PLAY_KIND = ".tb-decide-play"


class Choice:
    """What the player's taps have built so far, and the controls that follow from it."""

    def __init__(self, ctx: TableContext):
        self.ctx = ctx
        self.legal = legal_map(ctx)
        self.plays = {entry["card"]: entry for entry in ctx.view.get("plays") or []}
        code = ctx.ui.get("tb_card")
        self.entry = self.plays.get(code)
        if self.entry is None:
            ctx.ui.pop("tb_card", None)
            ctx.ui.pop("tb_tower", None)
        self.options = []  # (view option, legal move) for the selected card
        self.discard = None
        if self.entry is not None:
            self.options = [(opt, self.legal[key(opt["move"])]) for opt in self.entry["options"] if key(opt["move"]) in self.legal]
            self.discard = self.legal.get(key(self.entry["discard"]))
        self.at_face = bool(ctx.ui.get("tb_tower")) and len(self.options) == 2

    # the taps
    def select(self, code: str) -> None:
        ui = self.ctx.ui
        if ui.get("tb_card") == code:
            ui.pop("tb_card", None)
        else:
            ui["tb_card"] = code
        ui.pop("tb_tower", None)
        self.ctx.refresh()

    def to_tower(self) -> None:
        self.ctx.ui["tb_tower"] = True
        self.ctx.refresh()

    def back(self) -> None:
        self.ctx.ui.pop("tb_tower", None)
        self.ctx.refresh()

    def cancel(self) -> None:
        self.ctx.ui.pop("tb_card", None)
        self.ctx.ui.pop("tb_tower", None)
        self.ctx.refresh()

    # what it lights up
    def place_control(self, entry: dict[str, Any], selector: str, ident: str, text: list[Any] | str) -> El | None:
        """The control that puts the selected card (``entry``) on its tower (a step, or the move when the face is forced)."""
        noun = C.NOUNS[entry["tower"]]
        if len(self.options) == 2:
            # A toggle: pressed while the face is being chosen; pressing it again steps back.
            more = h("span.visually-hidden", f" on your {noun} tower, then choose face up or face down")
            return h(
                selector,
                {"id": ident, "data-step": "tower", "aria-pressed": "true" if self.at_face else "false"},
                text,
                more,
                on_click=lambda _e: self.back() if self.at_face else self.to_tower(),
            )
        if len(self.options) == 1:
            more = h("span.visually-hidden", f" on your {noun} tower")
            return move_button(self.ctx, self.options[0][1], selector, {"id": ident}, text, more)
        return None

    def lit_towers(self) -> dict[str, El | None]:
        if self.entry is None or not self.options:
            return {}
        entry = self.entry
        way = (
            " up or down?"
            if self.at_face
            else ""
            if len(self.options) == 2
            else " face up"
            if self.options[0][0]["face_up"]
            else " face down"
        )
        text = [h("span.tb-slot-text", "Place "), h("span.tb-slot-card", C.label(entry["card"])), h("span.tb-slot-text", f" here{way}")]
        selector = "button.tb-card.tb-slot" + (".tb-slot-waiting" if self.at_face else "")
        return {entry["tower"]: self.place_control(entry, selector, f"tb-slot-{entry['tower']}", text)}

    def lit_discard(self) -> El | None:
        if self.entry is None or self.discard is None:
            return None
        return move_button(
            self.ctx,
            self.discard,
            "button.tb-card.tb-small.tb-slot.tb-slot-discard",
            {"id": "tb-discard-pile"},
            h("span.tb-slot-text", "Discard "),
            h("span.tb-slot-card", self.entry["label"]),
        )

    # the panel
    def hand(self) -> El:
        items, buttons = [], []
        selected = self.entry["card"] if self.entry else None
        for code, entry in self.plays.items():
            r = entry["role"]
            desc = "army card" if r == "army" else r
            # A card no offered move uses stays shut (a lesson offers one move; at a normal table every card may be discarded).
            usable = key(entry["discard"]) in self.legal or any(key(opt["move"]) in self.legal for opt in entry["options"])
            button = h(
                "button.tb-hand-card" + (".tb-selected" if code == selected else ""),
                {
                    "id": f"tb-hand-{code}",
                    "data-step": "card",
                    "aria-pressed": "true" if code == selected else "false",
                    "data-part": f"hand-card:{code}",
                    "disabled": not usable,
                },
                C.face(
                    code,
                    aria=f"{entry['label']}, {desc}, for your {C.NOUNS[entry['tower']]} tower",
                    attrs=C.key("card", code, effect="arrive"),
                ),
                on_click=lambda _e, c=code: self.select(c),
            )
            buttons.append(button)
            items.append(h("li", button))
        stop = next((b for b in buttons if b.attrs["aria-pressed"] == "true"), None)
        hand = h("ul.tb-hand-cards", {"aria-label": "Your hand (arrow keys move between the cards)", "data-part": "hand"}, items)
        return roving(hand, buttons, stop)

    def panel(self) -> El:
        ctx = self.ctx
        me = ctx.view["player"]
        if self.entry is None:
            return decision(
                f"Your turn, {ctx.names[me]}: play or discard a card",
                h(
                    "p.tb-hint",
                    "Choose a card from your hand. It goes on your tower of its suit, or onto your discard pile; then you draw.",
                ),
                self.hand(),
                kind=PLAY_KIND,
            )
        entry = self.entry
        noun = C.NOUNS[entry["tower"]]
        body = [self.hand()]
        if len(self.options) == 2:
            body.append(
                h(
                    "div.button-row",
                    self.place_control(
                        entry, "button" if self.at_face else "button.primary", "tb-place", f"Place {entry['label']} on the lit tower"
                    ),
                )
            )
        elif self.options:
            up = self.options[0][0]["face_up"]
            body.append(
                h(
                    "div.button-row",
                    self.place_control(entry, "button.primary", "tb-place", f"Play {entry['label']} {'face up' if up else 'face down'}"),
                )
            )
            body.append(h("p.tb-effect", self.options[0][0]["effect"]))
        if self.at_face:
            faces = []
            for opt, move in self.options:
                up = opt["face_up"]
                title = "Face up" if up else "Face down"
                sub = "everyone sees it" if up else "only you know it"
                faces.append(
                    move_button(
                        ctx,
                        move,
                        "button.tb-option",
                        {"id": "tb-face-up" if up else "tb-face-down"},
                        h("span.tb-option-title", title, h("span.tb-option-sub", f" · {sub}")),
                        h("span.tb-option-effect", opt["effect"]),
                    )
                )
            body.append(h("div.tb-options", faces))
        if entry.get("reason"):
            body.append(h("p.tb-reason", h("strong", "Why: " if self.options else "Not on the tower: "), entry["reason"]))
        body.append(
            h(
                "div.button-row",
                self.discard_button(),
                h("button#tb-cancel.quiet", "Choose another card", on_click=lambda _e: self.cancel()),
            )
        )
        if self.at_face:
            head = f"Play {entry['label']} face up or face down?"
        elif self.options:
            head = f"{entry['label']}: place it on your {noun} tower, or discard it"
        else:
            head = f"{entry['label']} cannot go on your {noun} tower now: discard it or choose another card"
        return decision(head, *body, kind=PLAY_KIND)

    def discard_button(self) -> El | None:
        if self.discard is None or self.entry is None:
            return None
        return move_button(self.ctx, self.discard, "button", {"id": "tb-discard"}, f"Discard {self.entry['label']}")


# --- the other decisions -----------------------------------------------------------------------


def battle_panel(ctx: TableContext) -> El:
    """A battle on offer to the seat at the screen: declare it or let it pass."""
    view = ctx.view
    offer = view["battle_offer"]
    legal = legal_map(ctx)
    declare = legal.get(key({"kind": "declare-battle"}))
    decline = legal.get(key({"kind": "decline-battle"}))
    towers = {t["suit"]: t for t in view["towers"]}
    sides = []
    for suit, top in zip(offer["towers"], offer["tops"]):
        tower = towers[suit]
        card = C.layer(top, ".tb-small")
        value = top.get("value")
        sides.append(
            h(
                "div.tb-duel-side",
                h("span.tb-duel-name", f"{ctx.names[tower['owner']]}'s {tower['symbol']} {C.NOUNS[suit]}"),
                card,
                h(
                    "span.tb-duel-value",
                    ("face down" if top["card"] is None else f"value {value}" if value is not None else top.get("role") or ""),
                ),
            )
        )
    mover = offer["mover"]
    if offer["asking_mover"]:
        note = f"You answer first. If you decline, {seat_words(ctx, 1 - mover)} may declare it instead."
    else:
        note = (
            f"{seat_words(ctx, mover)} played this card and did not declare the battle. You may: if you decline too, "
            f"{ctx.names[mover]}'s turn ends."
        )
    costs = offer.get("declaring_costs")
    rows = [
        move_button(
            ctx, declare, "button" if costs else "button.primary", {"id": "tb-declare", GIVES_AWAY: bool(costs)}, "Declare the battle"
        )
        if declare
        else None,
        move_button(ctx, decline, "button.primary" if costs else "button", {"id": "tb-decline"}, "No battle") if decline else None,
    ]
    return decision(
        f"Declare a battle between {tower_of(offer['towers'][0], seat_names(ctx))} and {tower_of(offer['towers'][1], seat_names(ctx))}?",
        h("div.tb-duel", sides[0], h("span.tb-duel-vs", {"aria-hidden": "true"}, "vs"), sides[1]),
        h("p.tb-hint", note),
        h(
            "p.tb-hint",
            "Both top cards are turned up: the higher stays, the lower is discarded, a tie discards "
            "both; an exposed Knave loses its whole tower.",
        ),
        h("p.tb-reason", h("strong", "Careful: "), costs) if costs else None,
        h("div.button-row", rows),
        kind=".tb-decide-battle",
    )


def scoring_panel(ctx: TableContext) -> El:
    """Advanced scoring: pick this game's scoring card from the stock (the other player does not see it)."""
    view = ctx.view
    choice = view["scoring_choice"]
    legal = legal_map(ctx)
    previous = choice.get("previous")
    buttons = []
    moves = choice.get("moves") or [{"kind": "choose-scoring-card", "card": code} for code in choice["choices"]]
    for code, data in zip(choice["choices"], moves):
        move = legal.get(key(data))
        if move is None:
            continue
        extra = " (last game's card)" if code == previous else ""
        buttons.append(
            h(
                "li",
                move_button(
                    ctx,
                    move,
                    "button.tb-score-choice" + (".tb-previous" if code == previous else ""),
                    {"id": f"tb-score-{code}", "aria-label": f"Choose {C.words(code)}{extra}"},
                    C.face(code, ".tb-small", attrs={"aria-hidden": "true"}),
                    h("span.tb-score-tag", "last game") if extra else None,
                ),
            )
        )
    body = [h("p.tb-hint", choice["note"])]
    if previous:
        body.append(h("p.tb-hint", "Last game your scoring card was ", C.mini(previous), ": keep it or pick another."))
    body.append(h("ul.tb-score-choices", {"aria-label": "Cards of your stock"}, buttons))
    body.append(h("p.tb-hint", "It lies face down until the game ends; your opponent does not see it."))
    return decision(
        f"Game {view['match']['game_number']}: choose your scoring card, {ctx.names[choice['seat']]}", *body, kind=".tb-decide-scoring"
    )


def waiting_panel(ctx: TableContext) -> El | None:
    view = ctx.view
    seat = view.get("to_act")
    if seat is None:
        return decision("Waiting")
    if seat == ctx.viewer:  # the viewer's own turn with nothing offered (a lesson's coach is talking): nothing to wait for
        return None
    who = seat_words(ctx, seat)
    doing = {"battle": "is deciding whether to declare a battle", "scoring-card": "is choosing a scoring card"}.get(
        view["phase"], "is taking a turn"
    )
    return decision(f"Waiting for {ctx.names[seat]}", h("p.tb-hint", f"{who} {doing}."), kind=".tb-decide-waiting")


def render_decision(ctx: TableContext) -> tuple[El | None, dict[str, Any], El | None, bool]:
    """(the decision panel (none once the match is over), lit tower slots, lit discard pile, whether the hand is inside the panel)."""
    view = ctx.view
    phase = view["phase"]
    if ctx.legal and phase == "play" and view.get("plays") is not None:
        choice = Choice(ctx)
        return choice.panel(), choice.lit_towers(), choice.lit_discard(), True
    if ctx.legal and phase == "battle" and view.get("battle_offer"):
        return battle_panel(ctx), {}, None, False
    if ctx.legal and phase == "scoring-card" and view.get("scoring_choice"):
        return scoring_panel(ctx), {}, None, False
    if phase == "over":
        return None, {}, None, False
    return waiting_panel(ctx), {}, None, False
