"""The tower: a top-down view of the top card (where pieces are aimed) and a side view of
the whole tower (its height, its wobble, its fall). Pure tree building from the view.

Frames: the view gives world millimetres (origin at the base card's centre, x right,
y up, seen from above) and the top card's origin; the top view draws in the top
card's frame (world minus that origin) with SVG's y flipped, the side view draws x
against height z.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

from tabletop.engine.events import with_side
from tabletop.engine.words import count
from tabletop.games.tower_war.exact_drop import ExactDrop
from tabletop.games.tower_war.hand import is_calm
from tabletop.ui.render import TableContext
from tabletop.ui.render.tower_war.cards import SEAT_CLASSES, SIZE_PIPS, label
from tabletop.ui.render.tower_war.news import landed_pyramid
from tabletop.ui.web import motion, tower_war_aim, tower_war_sway
from tabletop.ui.web.dom import El, h
from tabletop.ui.web.tips import tip

CARD_W, CARD_L = 63.0, 88.0
VIEW_MARGIN_MM = 4.0
SIDE_CARD_MM = 2.2  # drawn thickness of a card seen from the side (a real one is 0.3 mm)
SIDE_FLOOR_MM = 8.0  # the side view shows this much below the table line
WOBBLE_MAX_DEG = 3.2


def f(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".") if v == v else "0"


def wobble_word(w: float) -> str:
    if w <= 0:
        return "steady"
    if w < 0.4:
        return "firm"
    if w < 0.75:
        return "uneasy"
    return "on the edge"


def seat_name(ctx: TableContext, seat: int) -> str:
    names = ctx.names or []
    return names[seat] if seat < len(names) else ("Red", "Blue")[seat]


def seat_label(ctx: TableContext, seat: int) -> str:
    """'Ana (Red)': the name with the pyramids' colour beside it (just 'Red' for a player named so)."""
    return with_side(seat_name(ctx, seat), ("Red", "Blue")[seat])


# --- top-down view --------------------------------------------------------------------------------


def reach(view: dict[str, Any]) -> tuple[float, float]:
    ph = view["physics"]
    return (ph["card"]["width_mm"] / 2 + ph["drop_reach_mm"], ph["card"]["length_mm"] / 2 + ph["drop_reach_mm"])


def pyramid_top(
    p: dict[str, Any], ox: float, oy: float, cls: str = "", attrs: dict[str, Any] | None = None, **events: Callable[..., Any] | None
) -> El:
    """A pyramid seen from above: its square base, ridges to the apex, pips for its size."""
    b = p["base_mm"]
    x, y = p["x"] - ox, p["y"] - oy
    half = b / 2
    pips = SIZE_PIPS[p["size"]]
    dots = [h("circle.twar-top-pip", {"cx": f(-half + 3.2 + 3.2 * i), "cy": f(half - 3.2), "r": "1.1"}) for i in range(pips)]
    a = {
        "class": f"twar-pyr {SEAT_CLASSES[p['owner']]} {cls}".strip(),
        "transform": f"translate({f(x)} {f(-y)})",
        "data-x": f"{x:.3f}",
        "data-y": f"{y:.3f}",
        "data-size": p["size"],
        "data-owner": str(p["owner"]),
    }
    a.update(attrs or {})
    return h(
        "g",
        a,
        h("rect.twar-pyr-base", {"x": f(-half), "y": f(-half), "width": f(b), "height": f(b), "rx": "0.8"}),
        h("rect.twar-pyr-hatch", {"x": f(-half), "y": f(-half), "width": f(b), "height": f(b), "rx": "0.8"}) if p["owner"] == 1 else None,
        h("path.twar-pyr-ridge", {"d": f"M{f(-half)} {f(-half)}L{f(half)} {f(half)}M{f(half)} {f(-half)}L{f(-half)} {f(half)}"}),
        h("circle.twar-pyr-apex", {"cx": "0", "cy": "0", "r": "1.3"}),
        dots,
        **events,
    )


def ghost_shape(held: dict[str, Any], physics: dict[str, Any]) -> list[Any]:
    if held["piece"] == "card":
        return [
            h("rect.twar-ghost-card", {"x": f(-CARD_W / 2), "y": f(-CARD_L / 2), "width": f(CARD_W), "height": f(CARD_L), "rx": "3"}),
            h("text.twar-ghost-label", {"x": "0", "y": "3", "text-anchor": "middle"}, label(held["card"]) if held.get("card") else "card"),
            h("circle.twar-ghost-dot", {"cx": "0", "cy": "0", "r": "1.6"}),
        ]
    b = physics["pyramids"][held["size"]]["base_mm"]
    half = b / 2
    return [
        h(
            "rect.twar-ghost-pyr",
            {"x": f(-half), "y": f(-half), "width": f(b), "height": f(b), "rx": "0.8", "class": SEAT_CLASSES[held["owner"]]},
        ),
        h("path.twar-ghost-ridge", {"d": f"M{f(-half)} {f(-half)}L{f(half)} {f(half)}M{f(half)} {f(-half)}L{f(-half)} {f(half)}"}),
        h("circle.twar-ghost-dot", {"cx": "0", "cy": "0", "r": "1.2"}),
    ]


def top_view(ctx: TableContext, view: dict[str, Any], aiming: bool) -> El:
    """The top card from above. ``aiming``: the person at the screen holds a piece."""
    tower = view["tower"]
    held = view.get("held")
    fall = tower.get("fall")
    levels = tower["levels"]
    shown_k = tower["top_level"]
    if fall and fall["piece"] == "card" and fall["level"] >= 1:
        shown_k = fall["level"] - 1  # show the tripod the fallen card stood on
    ox, oy = levels[shown_k]["x"], levels[shown_k]["y"]
    rx, ry = reach(view)
    m = VIEW_MARGIN_MM
    vb = f"{f(-rx - m)} {f(-ry - m)} {f(2 * (rx + m))} {f(2 * (ry + m))}"
    placing = view.get("placing") or {}
    parts: list[Any] = [
        h("rect.twar-felt", {"x": f(-rx - m), "y": f(-ry - m), "width": f(2 * (rx + m)), "height": f(2 * (ry + m))}),
        h("rect.twar-reach", {"x": f(-rx), "y": f(-ry), "width": f(2 * rx), "height": f(2 * ry), "rx": "2"}) if aiming else None,
    ]
    parts.extend(top_card_parts(levels, shown_k, ox, oy))
    parts.append(support_mark(tower, shown_k, ox, oy))
    top = levels[shown_k]
    # where a crowning card must rest: the triangle of this level's apexes
    if top["pyramids"] and len(top["pyramids"]) == 3 and (placing.get("piece") == "card" or (held and held["piece"] == "card")):
        pts = " ".join(f"{f(p['x'] - ox)},{f(-(p['y'] - oy))}" for p in top["pyramids"])
        parts.append(h("polygon.twar-crown-tri", {"points": pts}))
    watching = not aiming and held is not None and view["phase"] == "drop"
    exact = None
    if (aiming or watching) and held:
        target, hold = tower_war_aim.AIM.configure(ctx, view, watch=watching)
        exact = tower_war_aim.AIM.exact()  # the engine's answer for a landing exactly on the aim (None while watching)
    parts.extend(top_pyramids(ctx, view, shown_k, ox, oy, exact))
    if fall and fall["piece"] == "card":
        parts.extend(fallen_cards(tower, ox, oy))
    parts.append(last_drop_mark(view, shown_k, aiming))
    if (aiming or watching) and held:
        parts.extend(aim_and_ghost(view, held, target, hold, exact, watching))
    if aiming:
        return aiming_svg(parts, vb, shown_k)
    return h(
        "svg",
        {
            "id": "twar-top-still",
            "data-part": "top-card",
            "class": "twar-topview",
            "viewBox": vb,
            "role": "img",
            "data-top-level": str(shown_k),
            "aria-label": top_words(ctx, levels[shown_k], shown_k),
        },
        parts,
    )


def top_card_parts(levels: list[dict[str, Any]], shown_k: int, ox: float, oy: float) -> list[El]:
    """The card below (faint, showing the stack's drift), the top card, its grid and its corner label."""
    parts = []
    # the card below, faint, when it sits offset (you see the stack's drift)
    if shown_k >= 1:
        below = levels[shown_k - 1]
        parts.append(
            h(
                "rect.twar-card-below",
                {
                    "x": f(below["x"] - ox - CARD_W / 2),
                    "y": f(-(below["y"] - oy) - CARD_L / 2),
                    "width": f(CARD_W),
                    "height": f(CARD_L),
                    "rx": "3",
                },
            )
        )
    parts.append(h("rect.twar-topcard", {"x": f(-CARD_W / 2), "y": f(-CARD_L / 2), "width": f(CARD_W), "height": f(CARD_L), "rx": "3"}))
    parts.append(grid_lines())
    code = levels[shown_k]["card"]
    parts.append(
        h(
            "text.twar-card-corner",
            {
                "x": f(-CARD_W / 2 + 2.5),
                "y": f(-CARD_L / 2 + 8),
                "class": "twar-red-ink" if code[-1:] in "HD" and not code.startswith("JOKER") else None,
            },
            label(code),
        )
    )
    return parts


def support_mark(tower: dict[str, Any], shown_k: int, ox: float, oy: float) -> El | None:
    """How the top card rests on the level below: its tripod and balance point."""
    fall = tower.get("fall")
    support = None if fall and fall["piece"] == "card" else next((st for st in tower["stability"] if st["level"] == shown_k), None)
    if not support:
        return None
    pts = " ".join(f"{f(x - ox)},{f(-(y - oy))}" for x, y in support["tripod"])
    cx, cy = support["com"][0] - ox, support["com"][1] - oy
    return h(
        "g.twar-support",
        {"data-wobble": str(support["wobble"])},
        h("polygon.twar-support-tri", {"points": pts}),
        [h("circle.twar-support-apex", {"cx": f(x - ox), "cy": f(-(y - oy)), "r": "1.4"}) for x, y in support["tripod"]],
        h("circle.twar-com", {"cx": f(cx), "cy": f(-cy), "r": "2.2"}),
        h("path.twar-com-cross", {"d": f"M{f(cx - 3.4)} {f(-cy)}h6.8M{f(cx)} {f(-cy - 3.4)}v6.8"}),
    )


def top_pyramids(ctx: TableContext, view: dict[str, Any], shown_k: int, ox: float, oy: float, exact: ExactDrop | None) -> list[El]:
    """The shown level's pyramids: the newest marked, the fallen ones coloured, the liftable ones playable."""
    tower = view["tower"]
    fall = tower.get("fall")
    top = tower["levels"][shown_k]
    placing = view.get("placing") or {}
    lifting = set(placing.get("liftable") or []) if ctx.legal_of("lift_pyramid") else set()
    lifts = {m_.index: m_ for m_ in ctx.legal_of("lift_pyramid")}
    landed = landed_pyramid(view)  # the pyramid the newest move set down, marked as the last move
    newest = next((p["index"] for p in top["pyramids"] if landed is not None and p.get("id") == landed), None)
    overlapped = {i for i, _ in exact.overlaps} if exact is not None else set()
    parts = []
    for p in top["pyramids"]:
        marks = {"id": f"twar-top-pyr-{p['index']}", "data-overlap": "1" if p["index"] in overlapped else "0"} if exact is not None else {}
        moving = {**motion.key("pyr", f"{shown_k}-{p['index']}", effect="land"), **motion.last_move(p["index"] == newest)}
        cls = ""
        if fall and fall["piece"] == "pyramid" and fall["level"] == shown_k and p["index"] in (fall["index"], fall.get("other")):
            cls = "twar-culprit" if p["index"] == fall["index"] else "twar-victim"
        if p["index"] in lifting and p["index"] in lifts:
            move = lifts[p["index"]]
            parts.append(
                h(
                    "g",
                    moving,
                    pyramid_top(
                        p,
                        ox,
                        oy,
                        "twar-liftable " + cls,
                        {"data-move": json.dumps(ctx.move_json(move)), **marks},
                        on_click=lambda _e, mv=move: ctx.play(mv),
                    ),
                )
            )
        else:
            parts.append(h("g", moving, pyramid_top(p, ox, oy, cls, marks)))
    return parts


def fallen_cards(tower: dict[str, Any], ox: float, oy: float) -> list[El]:
    """Cards that fell: their outlines, what stood on them, and the balance point that left the tripod."""
    fall = tower["fall"]
    parts = []
    for lv in tower["levels"][fall["level"] :]:
        parts.append(
            h(
                "rect.twar-fallen-card",
                {
                    "x": f(lv["x"] - ox - CARD_W / 2),
                    "y": f(-(lv["y"] - oy) - CARD_L / 2),
                    "width": f(CARD_W),
                    "height": f(CARD_L),
                    "rx": "3",
                },
            )
        )
        parts.extend(pyramid_top(p, ox, oy, "twar-fallen-pyr") for p in lv["pyramids"])
    fs = tower.get("fall_support")
    if fs:
        pts = " ".join(f"{f(x - ox)},{f(-(y - oy))}" for x, y in fs["tripod"])
        cx, cy = fs["com"][0] - ox, fs["com"][1] - oy
        parts.append(
            h(
                "g.twar-fall-support",
                h("polygon.twar-fall-tri", {"points": pts}),
                h("circle.twar-fall-com", {"cx": f(cx), "cy": f(-cy), "r": "2.6"}),
                h("path.twar-fall-cross", {"d": f"M{f(cx - 4)} {f(-cy)}h8M{f(cx)} {f(-cy - 4)}v8"}),
            )
        )
    return parts


def last_drop_mark(view: dict[str, Any], shown_k: int, aiming: bool) -> El | None:
    """The last pyramid drop on this level: a line from where it was aimed to where it landed."""
    last = view.get("last_drop")
    if not (last and last["piece"] == "pyramid" and last["level"] == shown_k and not aiming):
        return None
    tx, ty = last["target"]
    lx, ly = last["landing"]
    return h(
        "g.twar-lastdrop",
        h("line.twar-lastdrop-line", {"x1": f(tx), "y1": f(-ty), "x2": f(lx), "y2": f(-ly)}),
        h("path.twar-lastdrop-aim", {"d": f"M{f(tx - 2.5)} {f(-ty - 2.5)}l5 5M{f(tx + 2.5)} {f(-ty - 2.5)}l-5 5"}),
    )


def aim_and_ghost(
    view: dict[str, Any], held: dict[str, Any], target: tuple[float, float], hold: int, exact: ExactDrop | None, watching: bool
) -> list[El]:
    """The held piece: where it was lifted from, the aim with its ring, and the ghost where it would land."""
    parts = []
    if held.get("from"):
        fx, fy = held["from"]
        b = view["physics"]["pyramids"][held["size"]]["base_mm"]
        parts.append(h("rect.twar-from", {"x": f(fx - b / 2), "y": f(-fy - b / 2), "width": f(b), "height": f(b), "rx": "0.8"}))
    gx, gy = tower_war_aim.ghost_at(held, target, hold)
    parts.append(
        h(
            "g",
            {
                "id": tower_war_aim.AIM_ID,
                "class": "twar-aim",
                "transform": f"translate({f(target[0])} {f(-target[1])})",
                "data-x": f"{target[0]:.1f}",
                "data-y": f"{target[1]:.1f}",
                "data-stands": None if exact is None else ("1" if exact.stands else "0"),
            },
            # the piece's outline exactly on the aim: green if the tower would stand, red if not (the engine's answer)
            h("g.twar-exact-shape", ghost_shape(held, view["physics"])) if exact is not None else None,
            h("circle.twar-aim-ring", {"cx": "0", "cy": "0", "r": f(held["amplitude_mm"])}),
            h("path.twar-aim-cross", {"d": "M-5 0h3.5M1.5 0h3.5M0 -5v3.5M0 1.5v3.5"}),
        )
    )
    parts.append(
        h(
            "g",
            {
                "id": tower_war_aim.GHOST_ID,
                "class": "twar-ghost twar-ghost-watch" if watching else "twar-ghost",
                "transform": f"translate({gx:.2f} {-gy:.2f})",
                "data-calm": "1" if is_calm(tuple(held["phases"]), hold) else "0",
                "data-x": f"{gx:.3f}",
                "data-y": f"{gy:.3f}",
                "data-hold": str(hold),
                "pointer-events": "none",
            },
            ghost_shape(held, view["physics"]),
        )
    )
    return parts


def aiming_svg(parts: list[Any], vb: str, shown_k: int) -> El:
    """The top view's frame while aiming: a keyboard- and pointer-driven aiming area."""
    a = tower_war_aim.AIM
    return h(
        "svg",
        {
            "id": tower_war_aim.TOP_ID,
            "data-part": "top-card",
            "class": "twar-topview twar-aiming",
            "viewBox": vb,
            "role": "application",
            "tabindex": "0",
            "aria-label": "Aiming area over the top card. Arrow keys move the aim, Shift with an arrow moves it 5 mm, Space lets go.",
            "aria-describedby": tower_war_aim.AIM_TEXT_ID,
            "data-top-level": str(shown_k),
        },
        parts,
        on_pointerdown=a.on_pointerdown,
        on_pointermove=a.on_pointermove,
        on_pointerup=a.on_pointerup,
        on_pointercancel=a.on_pointercancel,
        on_keydown=a.on_keydown,
    )


def grid_lines() -> El:
    """Faint 10 mm lines over the card, to judge distances by."""
    d = []
    for i in range(-3, 4):
        d.append(f"M{i * 10} {f(-CARD_L / 2)}V{f(CARD_L / 2)}")
    for j in range(-4, 5):
        d.append(f"M{f(-CARD_W / 2)} {j * 10}H{f(CARD_W / 2)}")
    return h("path.twar-grid", {"d": "".join(d)})


def top_words(ctx: TableContext, level: dict[str, Any], k: int) -> str:
    ps = level["pyramids"]
    what = (
        "no pyramids"
        if not ps
        else ", ".join(
            f"{seat_name(ctx, p['owner'])}'s {p['size']} pyramid at {p['x'] - level['x']:.0f}, {p['y'] - level['y']:.0f} mm" for p in ps
        )
    )
    return f"Top card of the tower (level {k}, the {label(level['card'])}), seen from above: {what}."


# --- side view -----------------------------------------------------------------------------------


def side_pct(z: float, z_top: float) -> str:
    """Height ``z`` (mm) as a percentage from the bottom of the side view, whose box is
    exactly its viewBox (from ``-z_top`` to ``SIDE_FLOOR_MM`` below the table)."""
    return f"{100 * (z + SIDE_FLOOR_MM) / (z_top + SIDE_FLOOR_MM):.3f}%"


def side_labels(side: str, marks: list[tuple[float, str]], z_top: float) -> El:
    """A column of HTML labels beside the drawing, each centred on its height: SVG text would
    shrink with the drawing (a tall tower on a phone made it ~6 px), HTML text keeps the
    size the stylesheet gives it."""
    return h(
        f"div.twar-side-marks.twar-side-{side}",
        {"aria-hidden": "true"},
        [h("span.twar-side-mark", {"style": f"bottom:{side_pct(z, z_top)}", "data-z": f(z)}, text) for z, text in marks],
    )


def side_view(ctx: TableContext, view: dict[str, Any], reduced: bool) -> El:
    """The whole tower from the side: the ruler, the levels (swaying or falling), their labels."""
    tower = view["tower"]
    levels = tower["levels"]
    fall = tower.get("fall")
    stab = {st["level"]: st for st in tower["stability"]}
    spill = 34 if fall else 0  # room for what falls
    x_lo = min(lv["x"] for lv in levels) - CARD_W / 2 - 12 - spill  # ticks, and room to sway
    x_hi = max(lv["x"] for lv in levels) + CARD_W / 2 + 6 + spill
    top = levels[-1]
    z_top = top["z"] + max((p["height_mm"] for p in top["pyramids"]), default=0) + 10
    z_top = max(z_top, 110.0)
    vb_w, vb_h = x_hi - x_lo, z_top + SIDE_FLOOR_MM
    vb = f"{f(x_lo)} {f(-z_top)} {f(vb_w)} {f(vb_h)}"
    ruler, heights = side_ruler(x_lo, x_hi, z_top)
    names = [(lv["z"] - SIDE_CARD_MM / 2, f"L{k}") for k, lv in enumerate(levels)]  # beside each card
    now = tower_war_sway.now_ms()
    fall_key = f"{ctx.names}|{len(view.get('log') or [])}|{json.dumps(fall, sort_keys=True)}" if fall else ""
    falling = f"animation-delay:{tower_war_sway.fall_delay(fall_key, now)};" if fall and not reduced else ""
    sway = SideSway(levels, stab, fall, reduced, falling, now)
    if not fall and not reduced and any(st["wobble"] > 0 for st in stab.values()):
        tower_war_sway.keep_on_the_clock()
    height_cm = (top["z"] + max((p["height_mm"] for p in top["pyramids"]), default=0)) / 10
    words = (
        f"The tower from the side: {count(len(levels), 'card')}, {height_cm:.1f} cm tall"
        + (f"; the tightest balance is {tower['tightest_margin_mm']:.1f} mm" if tower.get("tightest_margin_mm") is not None else "")
        + "."
    )
    # the drawing's box is exactly its viewBox (CSS: aspect-ratio), so a label's percentage
    # height beside it is the height it names
    return h(
        "figure.twar-side",
        {"data-part": "tower"},
        h(
            "div.twar-side-frame",
            {"style": f"--twar-side-ratio:{vb_w / vb_h:.5f}"},
            side_labels("scale", heights, z_top),
            h(
                "svg",
                {"class": "twar-sideview", "viewBox": vb, "preserveAspectRatio": "xMidYMax meet", "role": "img", "aria-label": words},
                ruler,
                side_level(sway, 0),
            ),
            side_labels("levels", names, z_top),
        ),
        h("figcaption.twar-side-cap", f"{count(len(levels), 'level')} · {height_cm:.1f} cm"),
    )


def side_ruler(x_lo: float, x_hi: float, z_top: float) -> tuple[list[El], list[tuple[float, str]]]:
    """The table line and a tick each centimetre up the side; and the heights to label (each 5 cm)."""
    ruler = [h("line.twar-table", {"x1": f(x_lo), "y1": "0", "x2": f(x_hi), "y2": "0"})]
    heights: list[tuple[float, str]] = [(0.0, "cm")]  # the unit sits at the table line
    for cm in range(0, int(z_top // 10) + 1):
        z = cm * 10
        big = cm % 5 == 0
        ruler.append(h("line.twar-tick", {"x1": f(x_lo + 1), "x2": f(x_lo + (7 if big else 4)), "y1": f(-z), "y2": f(-z)}))
        if big and cm:
            heights.append((z, str(cm)))
    return ruler, heights


class SideSway(NamedTuple):
    """What the side view's levels need to know to sway or fall."""

    levels: list[dict[str, Any]]
    stab: dict[int, dict[str, Any]]
    fall: dict[str, Any] | None
    reduced: bool
    falling: str  # the fall animation's delay, or "" when nothing falls (or motion is reduced)
    now: float


def side_level(sway: SideSway, k: int) -> El:
    """Level ``k`` from the side: its card, its pyramids and (nested) the levels above it, swaying or falling."""
    lv = sway.levels[k]
    z = lv["z"]
    fall = sway.fall
    kids: list[Any] = [
        h(
            "rect.twar-side-card",
            {
                "x": f(lv["x"] - CARD_W / 2),
                "y": f(-z),
                "width": f(CARD_W),
                "height": f(SIDE_CARD_MM),
                "rx": "0.6",
                "data-level": str(k),
            },
        )
    ]
    kids.extend(side_pyramid(sway, k, p) for p in lv["pyramids"])
    if k + 1 < len(sway.levels):
        kids.append(side_level(sway, k + 1))
    attrs: dict[str, Any] = {"class": "twar-side-level-g", "data-level": str(k)}
    st = sway.stab.get(k)
    if fall and fall["piece"] == "card" and fall["level"] == k:
        below = sway.levels[k - 1] if k else lv
        direction = 1 if lv["x"] >= below["x"] else -1
        attrs["class"] += " twar-fallen" if sway.reduced else " twar-falling-card"
        attrs["style"] = f"--twar-dir:{direction};transform-origin:{f(lv['x'] + direction * CARD_W / 2)}px {f(-z)}px;{sway.falling}"
    elif st and st["wobble"] > 0 and not fall:
        amp = WOBBLE_MAX_DEG * st["wobble"]
        attrs["class"] += " twar-wobble"
        period = round(2.4 - 1.2 * st["wobble"], 2)
        attrs["style"] = (
            f"--twar-amp:{amp:.2f}deg;--twar-period:{period:.2f}s;animation-delay:{tower_war_sway.sway_delay(period, sway.now)};"
            f"transform-origin:{f(st['com'][0])}px {f(-(z - 0.3))}px"
        )
        attrs["data-wobble"] = str(st["wobble"])
    return h("g", attrs, kids)


def side_pyramid(sway: SideSway, k: int, p: dict[str, Any]) -> El:
    """One pyramid of level ``k`` from the side: a triangle, tipping over if it is the one that fell."""
    lv = sway.levels[k]
    z = lv["z"]
    fall = sway.fall
    b, hh = p["base_mm"], p["height_mm"]
    cls = SEAT_CLASSES[p["owner"]]
    style = None
    if fall and fall["piece"] == "pyramid" and fall["level"] == k and fall["index"] == p["index"]:
        cls += " twar-fallen" if sway.reduced else " twar-falling-pyr"
        style = f"--twar-dir:{1 if p['x'] >= lv['x'] else -1};transform-origin:{f(p['x'])}px 0px;{sway.falling}"
    return h(
        "polygon.twar-side-pyr",
        {
            "class": cls,
            "style": style,
            "points": f"{f(p['x'] - b / 2)},{f(-z)} {f(p['x'] + b / 2)},{f(-z)} {f(p['x'])},{f(-(z + hh))}",
        },
    )


# --- balance readout -------------------------------------------------------------------------------


def balance_list(view: dict[str, Any]) -> El | None:
    tower = view["tower"]
    stab = sorted(tower["stability"], key=lambda st: -st["level"])
    if not stab:
        if tower.get("fall"):  # the end of the game: no card above the base is left standing
            return h("p.twar-hint", "The tower fell: no card is left standing to balance.")
        return h("p.twar-hint", "The base card lies on the table: nothing can tip yet.")
    tight = tower.get("tightest_margin_mm")
    items = []
    for st in stab:
        w = st["wobble"]
        worst = st["margin_mm"] == tight
        spare = st["margin_mm"] - st["needed_mm"]
        items.append(
            h(
                "li.twar-balance-item",
                {
                    "class": "twar-tightest" if worst else None,
                    "data-wobble": str(w),
                    "tabindex": "0",
                    **tip(
                        f"Card {st['level']} rests on three pyramid tips. The balance point of it and everything on it is "
                        f"{st['margin_mm']:.1f} mm inside their triangle; under {st['needed_mm']:g} mm the card topples and the "
                        "player who made it fall loses the war."
                    ),
                },
                h("span.twar-balance-name", f"Card {st['level']}"),
                h(
                    "span.twar-meter",
                    {"aria-hidden": "true"},
                    h("span.twar-meter-fill", {"style": f"width:{max(4, 100 * (1 - w)):.0f}%", "data-level": wobble_word(w)}),
                ),
                h(
                    "span.twar-balance-words",
                    f"{wobble_word(w)}: {spare:.1f} mm to spare" if spare >= 0 else f"{wobble_word(w)}: {-spare:.1f} mm short",
                ),
            )
        )
    return h(
        "div.twar-balance",
        h("h3", "Balance"),
        h("p.twar-hint", "How far each card's balance point sits inside the triangle of pyramid tips under it (it needs 1 mm)."),
        h("ul.twar-balance-list", items),
    )
