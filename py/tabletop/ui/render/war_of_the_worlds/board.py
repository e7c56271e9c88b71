"""The L of three Martian Coasters, drawn from ``view["board"]``.

The frame is one CSS grid: a label row and column (A-F, 1-6) and the 6x6 cells, with a
narrow gutter between the coaster rows and columns. Each coaster is a coloured plate
behind its nine cells (its dot in the corner it has turned to); each cell is a button
holding one small SVG: the tile, its arrows as they point now, and the pyramid on it.
The empty quadrant shows a ghost outline where a coaster may be moved.

Parts a lesson may outline (``data-part``, ``engine/lesson.py``): ``board``, ``cell:<name>``
(each cell, e.g. ``cell:D3``) and ``coaster-turn`` (the quarter-turn buttons); ``panels``
names ``supply:aliens`` / ``supply:humans``, ``score`` and ``coaster-done``.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.events import of_move
from tabletop.games.war_of_the_worlds.telling import cell_now
from tabletop.ui.render import TableContext
from tabletop.ui.render.war_of_the_worlds.choices import Choices, move_attr
from tabletop.ui.render.war_of_the_worlds.pieces import SIDE_KEYS, pyramid, words
from tabletop.ui.render.war_of_the_worlds.recent import Recent
from tabletop.ui.web.dom import El, Handler, h
from tabletop.ui.web.motion import frame as motion_frame
from tabletop.ui.web.motion import key, last_move
from tabletop.ui.web.roving import roving
from tabletop.ui.web.tips import tip, tip_shown

QUADRANT_WORDS = ("top-left", "top-right", "bottom-left", "bottom-right")
ARROW_POINTS = {  # large, from the tile's edge out to the cell's: the whole game turns on them
    "U": "31,19 69,19 50,1",
    "R": "81,31 81,69 99,50",
    "D": "31,81 69,81 50,99",
    "L": "19,31 19,69 1,50",
}
ARROW_PATHS = {a: "M" + " L".join(p.split()) + "Z" for a, p in ARROW_POINTS.items()}
TILE = h("rect", {"class": "wotw-tile", "x": "13", "y": "13", "width": "74", "height": "74", "rx": "9"})
ARROW_WORDS = {"U": "up", "R": "right", "D": "down", "L": "left"}
DELTAS = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}
MARK_WORDS = {"placed": "just placed", "moved": "just moved here", "from": "just left", "destroyed": "just destroyed"}
MARK_ORDER = ("destroyed", "placed", "moved", "from")


def name_at(row: int, col: int) -> str | None:
    return f"{'ABCDEF'[col]}{row + 1}" if 0 <= row < 6 and 0 <= col < 6 else None


def coaster_name(coaster: dict[str, Any]) -> str:
    return f"the {coaster['quadrant']} coaster"


def board(ctx: TableContext, ch: Choices, recent: Recent, highlight_coaster: int | None) -> El:
    view = ctx.view
    b = view["board"]
    doomed = set(view.get("doomed") or [])
    banned = {(n["source"], n["target"]) for n in view.get("no_undo") or []}
    placed = view.get("placed")
    items: list[El] = [h("span.wotw-corner", {"aria-hidden": "true"})]
    items += [h(f"span.wotw-lab.wotw-col-{c}", {"aria-hidden": "true"}, "ABCDEF"[c]) for c in range(6)]
    items += [h(f"span.wotw-lab.wotw-row-{r}", {"aria-hidden": "true"}, str(r + 1)) for r in range(6)]
    if ctx.face_to_face:  # the same letters and numbers on the far edges, turned for the player across
        items += [h(f"span.wotw-lab.wotw-far-col.wotw-k{c}", {"aria-hidden": "true"}, "ABCDEF"[c]) for c in range(6)]
        items += [h(f"span.wotw-lab.wotw-far-row.wotw-r{r}", {"aria-hidden": "true"}, str(r + 1)) for r in range(6)]
    cells: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for coaster in b["coasters"]:
        items.append(plate(ctx, ch, coaster, recent, highlight_coaster))
        cells += [(coaster, cell) for cell in coaster["cells"]]
    cells.sort(key=lambda pair: (pair[1]["row"], pair[1]["col"]))
    tiles = tile_keys(b["coasters"])
    came = just_moved(view, tiles)
    buttons = [cell_button(ctx, ch, coaster, cell, doomed, banned, placed, recent, (tiles[cell["cell"]], came)) for coaster, cell in cells]
    items += buttons
    refused = ctx.ui.pop("refused", None)  # said once, beside the tapped cell; the next tap replaces it
    if refused:
        where = next(cell for _c, cell in cells if cell["cell"] == refused["cell"])
        items.append(
            h(
                f"div.wotw-refusal-at.wotw-r{where['row']}.wotw-k{where['col']}",
                h("span#wotw-refusal.wotw-refusal", {"role": "status"}, refused["why"]),
            )
        )
    items.append(ghost(ctx, ch, b["empty_quadrant"], b["coasters"], highlight_coaster))
    label = f"The Earth: three coasters in an L, the {b['empty_quadrant']} corner empty; {b['occupied']} of 27 cells occupied"
    acting = SIDE_KEYS[view["to_act"]] if view.get("to_act") is not None else "none"  # targets wear its colour
    return h(
        f"div.wotw-board.wotw-side-{acting}",
        {"role": "group", "aria-label": label, "data-part": "board", **motion_frame()},
        roving(h("div.wotw-frame", items), buttons),
    )


def tile_keys(coasters: list[dict[str, Any]]) -> dict[str, str]:
    """Each cell's tile, for motion: a coaster lists its cells tile by tile, so the same tile keeps
    its key when its coaster turns or moves (motion.py draws it travelling)."""
    return {cell["cell"]: f"{coaster['id']}-{i}" for coaster in coasters for i, cell in enumerate(coaster["cells"])}


def just_moved(view: dict[str, Any], tiles: dict[str, str]) -> dict[str, str]:
    """The pyramid the newest move stepped: {its cell now: the tile it left}, so it is drawn sliding along its arrow."""
    events = view.get("events") or []
    newest = of_move(events, events[-1]["move"]) if events else []
    steps = [e for e in newest if e["kind"] == "stepped"]
    if not steps:
        return {}
    source, target = (cell_now(view, steps[-1][end]) for end in ("from", "to"))
    return {target: tiles[source]} if source in tiles else {}


def plate(ctx: TableContext, ch: Choices, coaster: dict[str, Any], recent: Recent, highlight: int | None) -> El:
    """The coloured coaster behind its cells, its dot, and (when allowed) its turn buttons."""
    cid = coaster["id"]
    classes = f"wotw-coaster wotw-q-{coaster['quadrant']} wotw-c{cid} wotw-dot-{coaster['dot_corner']}"
    if highlight == cid:
        classes += " is-active"
    if cid in recent.coasters:
        classes += " is-recent"
    buttons = []
    turns = ch.rotates.get(cid, {}) if highlight == cid else {}
    for turn, icon, word in (("ccw", "↺", "counter-clockwise"), ("cw", "↻", "clockwise")):
        move = turns.get(turn)
        if move is not None:
            buttons.append(
                h(
                    f"button.wotw-turn.wotw-turn-{turn}",
                    {
                        "id": f"wotw-turn-{turn}",
                        "data-part": "coaster-turn",
                        "data-move": move_attr(ctx, move),
                        **tip_shown(f"Turn {coaster_name(coaster)} {word}"),
                        "aria-label": f"Turn {coaster_name(coaster)} a quarter turn {word}",
                    },
                    h("span", {"aria-hidden": "true"}, icon),
                    on_click=lambda _e, m=move: ctx.play(m),
                )
            )
    return h(
        "div",
        {
            "class": classes,
            **key("coaster", cid, state=coaster["rotation"], effect="turn"),
            **tip(
                f"The {coaster['colour']} coaster: its nine cells, their arrows and what stands on them turn and move together. "
                f"The log calls it the {coaster['colour']} coaster wherever it goes."
            ),
        },
        h("span.wotw-dot", {"aria-hidden": "true"}),
        buttons,
    )


def cell_tip(name: str, arrows: str) -> str:
    """What a cell and its arrows are for (a tooltip, a description, a long press)."""
    pointing = " and ".join(ARROW_WORDS[a] for a in arrows)
    return (
        f"Cell {name}. Its arrows ({pointing}) are the ways a standing pyramid here may step, one cell, onto an empty cell "
        "(step 3 of a turn). They are printed on the coaster: they turn and move with it."
    )


def cell_button(
    ctx: TableContext,
    ch: Choices,
    coaster: dict[str, Any],
    cell: dict[str, Any],
    doomed: set[Any],
    banned: set[Any],
    placed: str | None,
    recent: Recent,
    moving: tuple[str, dict[str, str]] = ("", {}),
) -> El:
    name, piece = cell["cell"], cell["piece"]
    row, col = cell["row"], cell["col"]
    classes = [f"wotw-cell wotw-r{row} wotw-k{col} wotw-c{coaster['id']}"]
    label = [name, words(piece)]
    tile_key, came = moving
    attrs: dict[str, Any] = {
        "id": f"wotw-{name}",
        "data-cell": name,
        "data-part": f"cell:{name}",
        **(key("tile", tile_key, state=coaster["rotation"], effect="turn") if tile_key else {}),
    }
    action, live_arrows, odds = cell_action(ctx, ch, cell, classes, label, attrs)
    cell_marks(ch, cell, doomed, banned, placed, recent, classes, label, attrs)
    if cell["arrows"]:
        label.append("arrows " + ", ".join(ARROW_WORDS[a] for a in cell["arrows"]))
    if action is None:
        attrs["tabindex"] = "-1"
        attrs["aria-disabled"] = "true"
        why = refusal(ctx, ch, cell, banned)
        action = lambda _e, w=why: refuse(ctx, name, w)  # noqa: E731
    attrs["aria-label"] = ", ".join(label)
    attrs.update(tip(cell_tip(name, cell["arrows"])))
    attrs["class"] = " ".join(classes)
    came_from = f"piece:{came[name]}" if name in came else None
    piece_key = (
        key("piece", tile_key, came_from=came_from, state="up" if piece["standing"] else "down", effect="tip arrive")
        if piece and tile_key
        else {}
    )
    return h(
        "button",
        attrs,
        tile(cell, piece, live_arrows, piece_key),
        h("span.wotw-odds", {"aria-hidden": "true"}, odds) if odds else None,
        on_click=action,
    )


def cell_action(
    ctx: TableContext, ch: Choices, cell: dict[str, Any], classes: list[str], label: list[str], attrs: dict[str, Any]
) -> tuple[Handler | None, set[Any], str | None]:
    """What tapping the cell does now (place, move here, pick to fall, pick to move), marked on its
    classes, label and attributes; returns the handler, the arrows lit from it and the odds badge."""
    name, piece = cell["cell"], cell["piece"]
    row, col = cell["row"], cell["col"]
    action: Handler | None = None
    size_pick = ch.places.get(ch.size) if ch.size else None
    targets = ch.steps.get(ch.source, {}) if ch.source else {}
    live_arrows = set()
    odds = None
    if size_pick and name in size_pick:
        move = size_pick[name]
        classes.append("is-target")
        label.append(f"place your {ch.size} pyramid here")
        attrs["data-move"] = move_attr(ctx, move)
        action = lambda _e, m=move: ctx.play(m)  # noqa: E731
    elif name in targets:
        move = targets[name]
        classes.append("is-target")
        label.append(f"move the pyramid from {ch.source} here")
        attrs["data-move"] = move_attr(ctx, move)
        action = lambda _e, m=move: ctx.play(m)  # noqa: E731
    elif name in ch.destroys:
        move = ch.destroys[name]
        classes.append("is-doomed")
        label.append("choose this one to fall next")
        if piece and piece.get("attack") is not None:
            attrs["data-odds"] = odds = f"{piece['attack']} vs {piece['defence']}"
            label.append(f"{odds}, attack vs defence")  # the badge's words, read out too
        attrs["data-move"] = move_attr(ctx, move)
        action = lambda _e, m=move: ctx.play(m)  # noqa: E731
    elif name in ch.steps:
        chosen = name == ch.source
        classes.append("is-selected" if chosen else "is-movable")
        label.append("selected to move; choose a cell it can reach" if chosen else "can move; choose it")
        attrs["data-step"] = "source"
        attrs["aria-pressed"] = "true" if chosen else "false"
        action = lambda _e, n=name: pick_source(ctx, n)  # noqa: E731
        if chosen:
            live_arrows = {a for a in cell["arrows"] if name_at(row + DELTAS[a][0], col + DELTAS[a][1]) in ch.steps[name]}
    return action, live_arrows, odds


def cell_marks(
    ch: Choices,
    cell: dict[str, Any],
    doomed: set[Any],
    banned: set[Any],
    placed: str | None,
    recent: Recent,
    classes: list[str],
    label: list[str],
    attrs: dict[str, Any],
) -> None:
    """The cell's standing marks, added to its classes, label and attributes: barred, doomed,
    surrounded, placed this turn, changed by the last move."""
    name, piece = cell["cell"], cell["piece"]
    if ch.source and (ch.source, name) in banned:
        classes.append("is-banned")
        label.append(f"the obstacle may not go back here from {ch.source} this turn")
    if name in doomed and name not in ch.destroys:
        classes.append("is-doomed")
    if piece and piece.get("surrounded") and piece["standing"]:
        label.append(f"surrounded: attack {piece['attack']}, defence {piece['defence']}")
    if name == placed:
        classes.append("is-placed")
        label.append("placed this turn")
    marks = recent.marks.get(name, set())
    mark = next((m for m in MARK_ORDER if m in marks), None)
    if mark and not (mark == "from" and piece):
        attrs["data-recent"] = mark
        attrs.update(last_move())
        label.append(MARK_WORDS[mark])


def tile(cell: dict[str, Any], piece: dict[str, Any] | None, live: set[Any], piece_key: dict[str, Any] | None = None) -> El:
    """The cell's picture: tile, arrows (those leading to a legal target drawn live), pyramid
    (in a group named for motion: it slides, tips over, arrives)."""
    arrows = [h("path", {"class": "wotw-arrow is-live" if a in live else "wotw-arrow", "d": ARROW_PATHS[a]}) for a in cell["arrows"]]
    return h(
        "svg",
        {"viewBox": "0 0 100 100", "aria-hidden": "true"},
        TILE,
        arrows,
        h("g.wotw-piece", piece_key or {}, pyramid(piece["side"], piece["pips"], piece["standing"], floor=78)) if piece else None,
    )


def ghost(ctx: TableContext, ch: Choices, quadrant: str, coasters: list[dict[str, Any]], highlight: int | None) -> El:
    """The empty quadrant; an outlined target when the coaster in play may be moved into it."""
    move = ch.relocates.get(highlight, {}).get(quadrant) if highlight is not None else None
    if move is None or highlight is None:
        return h(f"div.wotw-empty.wotw-q-{quadrant}", {"aria-hidden": "true"})
    coaster = coasters[highlight]
    return h(
        f"button#wotw-relocate.wotw-empty.wotw-ghost.wotw-q-{quadrant}.wotw-c{coaster['id']}",
        {"data-move": move_attr(ctx, move), "aria-label": f"Move {coaster_name(coaster)} here, to the {quadrant}, keeping its turn"},
        h("span.wotw-ghost-icon", {"aria-hidden": "true"}, "⤡"),
        h("span.wotw-ghost-text", f"Move the {coaster['quadrant']} coaster here"),
        on_click=lambda _e: ctx.play(move),
    )


def refusal(ctx: TableContext, ch: Choices, cell: dict[str, Any], banned: set[Any]) -> str:
    """Why a tap on this cell does nothing now, in a few words (shown where the finger is)."""
    name, piece = cell["cell"], cell["piece"]
    if ctx.view.get("outcome") is not None:
        return "The game is over."
    if not ch.any:
        return "Not your turn yet."
    if ch.places:
        if ch.size is None:
            return "Choose a size in your supply first."
        return "This cell is taken." if piece else f"Your {ch.size} cannot go here."
    if ch.steps:
        if ch.source is None:
            return "This pyramid cannot move now." if piece else "Choose a pyramid that can move first."
        if (ch.source, name) in banned:
            return f"No straight back: it came from here to {ch.source} this turn."
        return "Taken." if piece else f"{ch.source}'s arrows do not lead here."
    if ch.destroys:
        return "Choose one of the pyramids marked to fall."
    if ch.rotates or ch.relocates or ch.done:
        return "Turn or move the coaster with its buttons, or choose Done."
    if ch.keeps or ch.wilds:
        return "Choose with the dice first."
    return "Nothing to do on this cell now."


def refuse(ctx: TableContext, name: str, why: str) -> None:
    ctx.ui["refused"] = {"cell": name, "why": why}
    ctx.refresh()


def pick_source(ctx: TableContext, name: str) -> None:
    ctx.ui["source"] = None if ctx.ui.get("source") == name else name
    ctx.refresh()
