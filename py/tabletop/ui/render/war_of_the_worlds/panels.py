"""Everything around the board: the decision bar, the two supplies with the score, the
Treehouse dice, what happened last turn, and the end-of-game breakdown."""

from __future__ import annotations

from typing import Any

from tabletop.engine.events import with_side
from tabletop.engine.moves import Move
from tabletop.ui.render import TableContext
from tabletop.ui.render.war_of_the_worlds.board import QUADRANT_WORDS, coaster_name
from tabletop.ui.render.war_of_the_worlds.choices import Choices, move_attr
from tabletop.ui.render.war_of_the_worlds.pieces import SIDE_KEYS, icon
from tabletop.ui.render.war_of_the_worlds.recent import Recent
from tabletop.ui.web import motion
from tabletop.ui.web.dom import El, Handler, h
from tabletop.ui.web.tips import tip_shown

SIZES = (("small", 1), ("medium", 2), ("large", 3))
FACE_ICONS = {"tip": "▵", "swap": "⟳", "hop": "▲", "dig": "➜", "aim": "◆", "wild": "✶"}
FACE_WORDS = {
    "tip": "place a small or medium",
    "swap": "turn or move one coaster",
    "hop": "place a large",
    "dig": "move one of your pyramids",
    "aim": "move an obstacle",
    "wild": "any one of the others",
}


def who(ctx: TableContext, seat: int) -> str:
    side = ctx.view["seat_names"][seat]
    name = ctx.names[seat] if seat < len(ctx.names) else side
    return with_side(name, side)


# ------------------------------------------------------------------ the decision bar


def instruction(ctx: TableContext, ch: Choices, highlight: int | None) -> str:
    """What the person at the screen should do now, in plain words."""
    view = ctx.view
    phase, prompt = view["phase"], str(view["prompt"])
    if not ch.any:
        return prompt + "."
    if phase == "place" or (phase == "action" and ch.places):
        if ch.size:
            return f"Choose an empty cell for your {ch.size} pyramid."
        return "Choose a size from your supply, then an empty cell."
    if phase == "coaster":
        step = view["coaster_step"] or {}
        where = view["board"]["coasters"][step.get("coaster", 0)]["quadrant"]
        turn, move = not step.get("rotated"), not step.get("moved")
        # short enough for three lines of a phone's decision rail, with its buttons under it
        may = (
            "turn it (↺ ↻), move it elsewhere in the L, or both;"
            if turn and move
            else "turn it (↺ ↻) if you like,"
            if turn
            else "move it elsewhere in the L if you like,"
        )
        return f"War machine on the {where} coaster: {may} then Done."
    if phase == "destroy":
        return (
            f"{len(ch.destroys)} pyramids are trapped and outgunned (attack vs defence shown). "
            "Choose which falls first; the others are checked again after it."
        )
    if phase == "dice":
        if ch.first_die is None:
            return "Keep two of the three dice: choose the one to use first."
        return f"First: {view['dice'][ch.first_die].capitalize()}. Now choose the die to use second."
    if phase == "wild":
        return "Choose what the Wild stands for."
    if ch.skip and not ch.steps:
        return "None of your pyramids of that size, and no obstacle, can move: skip the move."
    if ch.steps:
        if ch.source:
            return f"Choose where the pyramid on {ch.source} goes: a highlighted cell its arrow points to."
        if phase == "move":
            size = placed_size(view)
            what = f"one of your other {size} pyramids or an obstacle" if size else "a pyramid"
            return f"Choose {what} to move (highlighted), then a cell its arrow points to."
        return "Choose the pyramid to move, then a cell along one of its arrows."
    if ch.rotates:
        if highlight is None:
            return "Swap: choose a coaster to turn or move."
        where = view["board"]["coasters"][highlight]["quadrant"]
        return f"Swap: turn the {where} coaster a quarter (↺ ↻), or move it to another place in the L."
    return prompt + "."


def placed_size(view: dict[str, Any]) -> str | None:
    """The size of the pyramid placed this turn (it decides which of yours may move)."""
    for coaster in view["board"]["coasters"]:
        for cell in coaster["cells"]:
            if cell["cell"] == view.get("placed") and cell["piece"]:
                size: str = cell["piece"]["size"]
                return size
    return None


def decision_bar(ctx: TableContext, ch: Choices, highlight: int | None, extra: El | None = None) -> El:
    view = ctx.view
    seat = view["to_act"]
    buttons: list[El] = []

    def play_button(
        ident: str, label: str | list[Any], move: Move, primary: bool = False, hint: str | None = None, part: str | None = None
    ) -> El:
        cls = "button.primary" if primary else "button"
        attrs = {"data-move": move_attr(ctx, move), "data-part": part, **(tip_shown(hint) if hint else {})}
        return h(f"{cls}#{ident}", attrs, label, on_click=lambda _e: ctx.play(move))

    if ch.done is not None:
        done = ["Done", h("span.wotw-wordy", " with the coaster")]
        buttons.append(play_button("wotw-done", done, ch.done, primary=True, part="coaster-done"))
    if ch.skip is not None:
        buttons.append(play_button("wotw-skip", "Skip the move", ch.skip, primary=True))
    if ch.wilds:
        for face, move in ch.wilds.items():
            buttons.append(
                h(
                    f"button#wotw-wild-{face}.wotw-face-button",
                    {"data-move": move_attr(ctx, move)},
                    h("span.wotw-face-icon", {"aria-hidden": "true"}, FACE_ICONS[face]),
                    h("span.visually-hidden", "Use the Wild as "),
                    face.capitalize(),
                    h("small", " " + FACE_WORDS[face]),
                    on_click=lambda _e, m=move: ctx.play(m),
                )
            )
    buttons += relocation_buttons(ctx, ch, highlight)
    if ch.rotates and view["phase"] == "action":
        for coaster in view["board"]["coasters"]:
            cid = coaster["id"]
            chosen = cid == highlight
            # the swatch is a little map of the L with this coaster's corner in its colour (where, not only which colour)
            buttons.append(
                h(
                    f"button#wotw-pick-{cid}.wotw-chip.wotw-c{cid}.wotw-at-{coaster['quadrant']}",
                    {"data-step": "coaster", "aria-pressed": "true" if chosen else "false"},
                    h("span.wotw-swatch", {"aria-hidden": "true"}),
                    h("span.wotw-chip-words", f"{coaster['quadrant'].capitalize()} coaster"),
                    on_click=lambda _e, c=cid: pick(ctx, "coaster", c),
                )
            )
    if ch.decline is not None:
        action = (view.get("action") or "").capitalize()
        buttons.append(play_button("wotw-decline", f"Don't use the {action}" if action else "Decline", ch.decline))
    if ch.source and len(ch.steps) > 1:
        buttons.append(h("button#wotw-unpick.quiet", "Pick another pyramid", on_click=lambda _e: pick(ctx, "source", None)))
    state = "is-mine" if ch.any else "is-waiting"
    side = SIDE_KEYS[seat] if seat is not None else "none"
    return h(
        f"div.wotw-decision.{state}.wotw-side-{side}",
        {"role": "region", "aria-label": "Your decision" if ch.any else "Turn", "data-edge": ctx.edge(seat)},
        h(
            "div.wotw-say",
            step_line(view["step"]) if view.get("step") and ch.any else None,
            h(
                "p#wotw-prompt.wotw-prompt",
                {"aria-live": "polite"},
                h("strong", f"{who(ctx, seat)}: ") if seat is not None and ch.any else None,
                instruction(ctx, ch, highlight),
            ),
        ),
        extra,
        h("div.wotw-actions.button-row" + (".wotw-faces" if ch.wilds else ""), buttons) if buttons else None,
    )


def step_line(step: dict[str, Any]) -> El:
    """The turn's step, "Step x of 3: what it is"; where the rail is short (a phone, a wiki frame) the count runs into
    the prompt's line and the step's name, which the prompt says again, is left out (the CSS)."""
    count, _, name = step["words"].partition(": ")
    return h("p#wotw-step.wotw-step", h("span.wotw-step-count", count), h("span.wotw-step-name", f": {name}"))


def relocation_buttons(ctx: TableContext, ch: Choices, highlight: int | None) -> list[El]:
    """One button per place the coaster in play may be moved to, each with a little map of the L it makes."""
    if highlight is None:
        return []
    moves = ch.relocates.get(highlight, {})
    if not moves:
        return []
    coasters = ctx.view["board"]["coasters"]
    coaster = coasters[highlight]
    out = []
    for place in coaster["places"]:
        move = moves.get(place["to"])
        if move is not None:
            out.append(
                h(
                    f"button#wotw-relocate-{place['to']}.wotw-relocate",
                    {"data-move": move_attr(ctx, move), **tip_shown(f"Move {coaster_name(coaster)} {place['words']}")},
                    mini_map(coasters, highlight, place),
                    h("span.wotw-wordy", f"Move it {place['words']}"),
                    on_click=lambda _e, m=move: ctx.play(m),
                )
            )
    return out


def mini_map(coasters: list[dict[str, Any]], moving: int, place: dict[str, Any]) -> El:
    """The three coasters as squares in today's frame, the moving one dashed where it would land."""
    spots = {c["id"]: divmod(QUADRANT_WORDS.index(c["quadrant"]), 2) for c in coasters}
    tr, tc = divmod(QUADRANT_WORDS.index(place["to"]), 2)
    dr, dc = place["slide"]
    landing = (tr - dr, tc - dc)  # in today's frame: outside it when the others' names slide
    rows = [r for r, _ in spots.values()] + [landing[0]]
    cols = [c for _, c in spots.values()] + [landing[1]]
    top, left = min(rows), min(cols)
    unit = 12

    def square(spot: tuple[int, int], cls: str) -> El:
        return h(
            "rect",
            {
                "class": cls,
                "x": str((spot[1] - left) * unit + 1),
                "y": str((spot[0] - top) * unit + 1),
                "width": str(unit - 2),
                "height": str(unit - 2),
                "rx": "2",
            },
        )

    shapes = [square(spot, f"wotw-mini wotw-c{cid}" + (" is-leaving" if cid == moving else "")) for cid, spot in spots.items()]
    shapes.append(square(landing, f"wotw-mini wotw-c{moving} is-landing"))
    width, height = (max(cols) - left + 1) * unit, (max(rows) - top + 1) * unit
    return h(
        "svg.wotw-mini-map",
        {"viewBox": f"0 0 {width} {height}", "width": str(width * 2), "height": str(height * 2), "aria-hidden": "true"},
        shapes,
    )


def pick(ctx: TableContext, key: str, value: Any) -> None:
    ctx.ui[key] = None if ctx.ui.get(key) == value else value
    ctx.refresh()


# ------------------------------------------------------------------ supplies and score


def tray(ctx: TableContext, ch: Choices, seat: int) -> El:
    view = ctx.view
    side = SIDE_KEYS[seat]
    supply = view["supply"][seat]
    score = view["score"]
    acting = view["to_act"] == seat
    mine = acting and bool(ch.places)
    items = []
    for size, pips in SIZES:
        count = supply[size]
        label = f"{count} {size}"
        if mine:
            can = size in ch.places
            chosen = ch.size == size
            items.append(
                h(
                    f"button#wotw-size-{size}.wotw-size",
                    {
                        "data-step": "size" if can else None,
                        "aria-pressed": "true" if chosen else "false",
                        "disabled": not can,
                        "class": "is-chosen" if chosen else None,
                    },
                    h("span.visually-hidden", f"Place a {size} pyramid: "),
                    icon(side, pips),
                    h("span.wotw-count", f"×{count}"),
                    h("span.visually-hidden", " left"),
                    on_click=lambda _e, s=size: pick(ctx, "size", s),
                )
            )
        else:
            items.append(
                h(
                    "span.wotw-size.is-static",
                    {"role": "img", "aria-label": f"{label} left"},
                    icon(side, pips),
                    h("span.wotw-count", {"aria-hidden": "true"}, f"×{count}"),
                )
            )
    stats = h(
        "p.wotw-stats",
        {"data-part": "score"},
        h("span", h("b", str(score["standing"][seat])), " standing"),
        h("span", h("b", str(score["standing_pips"][seat])), " pips"),
        h("span", h("b", str(score["destroyed_enemy_pips"][seat])), " enemy pips down"),
    )
    cls = f"div.wotw-tray.wotw-side-{side}" + (".is-acting" if acting else "")
    return h(
        cls,
        {"role": "group", "aria-label": f"{who(ctx, seat)}: supply and score", "data-part": f"supply:{side}", "data-edge": ctx.edge(seat)},
        h(
            "h2.wotw-tray-title",
            h("span.wotw-badge", {"aria-hidden": "true"}),
            h("span.wotw-to-play", {"aria-hidden": "true"}, "▶") if acting else None,
            who(ctx, seat),
            h("span.visually-hidden", " (to play)") if acting else None,
        ),
        h("div.wotw-sizes", items),
        stats,
    )


# ------------------------------------------------------------------ dice (tactical game)


def dice(ctx: TableContext, ch: Choices) -> El | None:
    view = ctx.view
    faces = view.get("dice") or []
    if view["mode"] != "tactical" or not faces:
        return None
    phase = view["phase"]
    out = []
    for i, face in enumerate(faces):
        label = f"{face.capitalize()}: {FACE_WORDS[face]}"
        attrs: dict[str, Any] = {
            "class": f"wotw-die wotw-face-{face}",
            "data-face": face,
            **motion.key("die", i, state=f"{view.get('turn')}-{face}", effect="roll"),
        }  # rolls anew each turn
        handler: Handler | None = None
        hint = ""  # what pressing the die does, for screen readers (the visible text stays part of the name)
        if phase == "dice" and ch.keeps:
            first = ch.first_die
            if first is None:
                attrs.update({"data-step": "die", "aria-pressed": "false"})
                hint = ", use first"
                handler = lambda _e, i=i: pick(ctx, "first_die", i)  # noqa: E731
            elif first == i:
                attrs.update({"aria-pressed": "true"})
                hint = ", chosen first (press to change)"
                attrs["class"] += " is-first"
                handler = lambda _e: pick(ctx, "first_die", None)  # noqa: E731
            else:
                move = ch.keeps.get((faces[first], face))
                if move is not None:
                    attrs.update({"data-move": move_attr(ctx, move)})
                    hint = ", use second"
                    handler = lambda _e, m=move: ctx.play(m)  # noqa: E731
        body = [
            h("span.wotw-die-icon", {"aria-hidden": "true"}, FACE_ICONS[face]),
            h("span.wotw-die-name", face.capitalize()),
            h("small.wotw-die-words", " " + FACE_WORDS[face]),
            h("span.visually-hidden", hint) if hint else None,
        ]
        if "is-first" in attrs["class"]:
            body.append(h("span.wotw-die-order", {"aria-hidden": "true"}, "1st"))
        if handler is not None:
            attrs["id"] = f"wotw-die-{i}"
            out.append(h("button", attrs, body, on_click=handler))
        else:
            attrs["role"] = "img"
            attrs["aria-label"] = label
            out.append(h("span", attrs, body))
    plan = []
    if view.get("action"):
        plan.append(h("span.wotw-plan-now", "Now: ", h("b", view["action"].capitalize())))
    elif phase == "wild":
        plan.append(h("span.wotw-plan-now", "Now: ", h("b", "Wild")))
    for face in view.get("plan") or []:
        plan.append(h("span.wotw-plan-next", "Then: ", h("b", face.capitalize())))
    return h(
        "div.wotw-dice",
        {"role": "group", "aria-label": "This turn's Treehouse dice"},
        h("span.wotw-dice-title", "Dice"),
        h("div.wotw-dice-row", out),
        h("div.wotw-plan", plan) if plan else None,
    )


# ------------------------------------------------------------------ last turn, end


def recent_panel(ctx: TableContext, recent: Recent) -> El | None:
    """The last turn and this one so far, in the log's words (the game's ``tell``, each side said
    as its player, "Ana (Aliens)"); the end of the war is the table's end summary's to say."""

    def lines(said: list[str]) -> El:
        return h("ul", [h("li", line) for line in said[-6:]])

    blocks = []
    if recent.last_lines and recent.last_side is not None:
        blocks.append(h("div.wotw-recent-block", h("h3", f"Last turn: {who(ctx, recent.last_side)}"), lines(recent.last_lines)))
    if recent.now_lines and ctx.view["to_act"] is not None:
        blocks.append(h("div.wotw-recent-block", h("h3", "This turn so far"), lines(recent.now_lines)))
    if not blocks:
        return None
    return h("div.wotw-recent", {"role": "region", "aria-label": "What just happened"}, blocks)


ROWS = (
    ("standing", "Standing pyramids", "more wins"),
    ("standing-pips", "Pips standing", "fewer wins"),
    ("destroyed-pips", "Enemy pips destroyed", "more wins"),
)
SCORE_KEYS = {"standing": "standing", "standing-pips": "standing_pips", "destroyed-pips": "destroyed_enemy_pips"}


def end_panel(ctx: TableContext) -> El | None:
    outcome = ctx.view.get("outcome")
    if not outcome:
        return None
    details = outcome.get("details") or {}
    step = details.get("step")
    score = ctx.view["score"]
    rows = []
    for key, title, rule in ROWS:
        values = score[SCORE_KEYS[key]]
        deciding = key == step
        rows.append(
            h(
                "tr",
                {"class": "is-deciding" if deciding else None},
                h("th", {"scope": "row"}, title, h("small", f" ({rule})")),
                [h("td", str(v)) for v in values],
                h("td.wotw-decided", "✔ decided here" if deciding else "tied" if values[0] == values[1] else ""),
            )
        )
    verdict = "Every step is tied: a draw." if step == "draw" else ""
    return h(
        "section.wotw-end",
        {"aria-labelledby": "wotw-end-title", "data-end-detail": step or ""},
        h("h2#wotw-end-title", "How the war was decided"),
        h(
            "table.wotw-score",
            h(
                "thead",
                h(
                    "tr",
                    h("th", {"scope": "col"}, "Step"),
                    [h("th", {"scope": "col"}, who(ctx, s)) for s in (0, 1)],
                    h("th", {"scope": "col"}, "Result"),
                ),
            ),
            h("tbody", rows),
        ),
        h("p.wotw-verdict", verdict) if verdict else None,
    )
