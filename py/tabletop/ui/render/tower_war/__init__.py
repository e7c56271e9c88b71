"""Tower War at the table: draft, deck building, battles and the trembling tower.

``render(ctx)`` draws ``ctx.view`` and plays only moves found in ``ctx.legal``.
Parts a lesson may outline (``data-part``, ``engine/lesson.py``): ``draft-cards`` (the five to
split), ``piles`` (the piles to take), ``hand``, ``pickup`` (the sizes or cards to pick up),
``top-card`` (the top card seen from above, where a piece is aimed) and ``tower`` (the tower
from the side).
Modules: ``cards`` (faces, glyphs, value words), ``draft`` (split, sweeten, take,
deck building), ``battle`` (the cards of the war), ``tower`` (top and side views,
balance, the fall), ``ui/web/tower_war_aim`` (the live unsteady hand), ``players`` (stashes, counts).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from tabletop.engine.cards import Card
from tabletop.engine.hidden import Hidden, unveiled
from tabletop.engine.outcome import Outcome
from tabletop.engine.words import count
from tabletop.games.tower_war.hand import amplitude, is_calm
from tabletop.games.tower_war.physics import HOLD_MS_MAX, PYRAMIDS_PER_LEVEL
from tabletop.games.tower_war.telling import tell
from tabletop.ui.render import TableContext
from tabletop.ui.render.tower_war import news
from tabletop.ui.render.tower_war.battle import battle_panel, skirmish_result
from tabletop.ui.render.tower_war.cards import SEAT_CLASSES, face, move_attr, name, pyramid_glyph, sr
from tabletop.ui.render.tower_war.draft import build_panel, draft_panel
from tabletop.ui.render.tower_war.players import player_strip
from tabletop.ui.render.tower_war.tower import balance_list, seat_label, seat_name, side_view, top_view
from tabletop.ui.web import motion, page, tower_war_aim
from tabletop.ui.web.dom import El, h
from tabletop.ui.web.roving import roving
from tabletop.ui.web.tips import install as install_tips
from tabletop.ui.web.tips import tip

DRAFT_PHASES = ("split", "sweeten", "take")


def score_at_end(view: dict[str, Any], outcome: Outcome) -> tuple[str, list[Any]] | None:
    """No points decide the war (a fall or a missing pyramid does): the stashes left say how it stood."""
    return ("Pyramids left", [player["pyramids"] for player in view["players"]])


def turned_up_at_end(view: dict[str, Any]) -> list[tuple[int, str, list[tuple[str, str]]]]:
    """Each player's hand, deck and unused drafted cards, public once the war is over (engine view's ``at_end``)."""
    rows = []
    for seat, cards in enumerate(view.get("at_end") or []):
        for key, what in (("hand", "hand"), ("deck", "deck"), ("unused", "cards left out of the deck")):
            rows.append((seat, what, [(code, Card.parse(code).label) for code in cards[key]]))
    return rows


def reduced_motion(ctx: TableContext) -> bool:
    """The app's reduce_motion setting (read defensively) or the system's preference: the setting
    turned off again leaves the system's wish in force."""
    for holder in (ctx, getattr(ctx, "settings", None), getattr(ctx, "ui", None)):
        value = holder.get("reduce_motion") if isinstance(holder, dict) else getattr(holder, "reduce_motion", None)
        if value:
            return True
    return bool(page.stored_settings().get("reduce_motion")) or page.matches("(prefers-reduced-motion: reduce)")


def prompt(ctx: TableContext, view: dict[str, Any]) -> str:
    phase = view["phase"]
    actor = view["to_act"]
    prompt: str = view["prompt"]
    if phase == "over" or actor is None:
        return prompt
    who = seat_name(ctx, actor)
    d = view["draft"]
    placing = view.get("placing") or {}
    if phase == "split":
        return f"{who}: split the five cards into two piles."
    if phase == "sweeten":
        return f"{who}: add pyramids from the middle to a pile, or say the piles are ready."
    if phase == "take":
        return f"{who}: take pile A or pile B ({seat_name(ctx, d['splitter'])} gets the other)."
    if phase == "build":
        return f"{who}: choose the cards of your deck."
    if phase == "play":
        battle = view["battle"] or {}
        led = battle.get("current", [None, None])[1 - actor]
        if led:
            return f"{who}: answer the {name(led)} with a card."
        return f"{who}: lead skirmish {battle.get('skirmish', 1)} of battle {battle.get('number', 1)}."
    if phase == "place":
        if placing.get("piece") == "card":
            return f"{who}: crown the tower with one of your battle cards."
        size = placing.get("required_size")
        level = view["tower"]["top_level"]
        return f"{who}: pick up {'a ' + size + ' pyramid' if size else 'a pyramid (any size)'} for level {level}."
    if phase == "drop":
        held = view.get("held") or {}
        piece = f"the {name(held['card'])}" if held.get("card") else f"the {held.get('size', '')} pyramid"
        return f"{who}: aim {piece} and let go when the hand is calm."
    return prompt


def just_happened(ctx: TableContext, view: dict[str, Any]) -> list[El | str] | None:
    """The newest move in the game's words, each player said as the table calls them ("Ana (Red)
    plays the K♥, worth 13."); then, in bold, any pyramid of one player the other just moved to
    adjust it ("Ben (Blue) moved your medium pyramid 22 mm to adjust it."). What the board and the
    prompt show already (``news.UNSAID_HERE``: a deal, the discards) is left to them, so the line
    stays short enough to keep the cards it speaks of in view in a small frame; a move that did
    nothing else (the deal before the first move) is said by its last event."""
    names = ctx.told_names()
    newest = [e for e in news.newest(view) if e["kind"] != "end"]
    said = [e for e in newest if e["kind"] not in news.UNSAID_HERE] or newest[-1:]
    words = [tell(e, names, view) for e in said]
    if not words:
        return None
    moved = news.moved_pieces(news.last_turn(view), names, ctx.viewer)
    return [" ".join(words), *(h("strong.twar-adjusted", f" {line}") for line in moved)]


def size_tip(size: str, view: dict[str, Any]) -> str:
    """A size button's explanation: what the pyramid is and what choosing it commits the level to."""
    dims = view["physics"]["pyramids"][size]
    return (
        f"{size.capitalize()} pyramid: base {dims['base_mm']:g} mm, {dims['height_mm']:g} mm tall, {dims['mass_g']:g} g. "
        "A level holds three pyramids of one size: the first one chosen sets the size for the level."
    )


def place_panel(ctx: TableContext, view: dict[str, Any]) -> El | None:
    """The controls of a placing turn: sizes to pick up, cards to crown with, pyramids to lift."""
    placing = view["placing"]
    picks = ctx.legal_of("pick_pyramid")
    cards = ctx.legal_of("pick_card")
    lifts = ctx.legal_of("lift_pyramid")
    if not (picks or cards or lifts):
        return None
    rows = [skirmish_result(ctx, view)]  # why this pyramid is owed, beside the sizes to pick from
    level = view["tower"]["top_level"] + (placing["piece"] == "card")
    shake = amplitude(placing["piece"], level)
    shaking = h(
        "p.twar-hint.twar-shake",
        f"At level {level} your hand trembles up to {shake:.1f} mm each way while you hold the "
        f"{placing['piece']}: the higher the tower, the shakier the hand.",
    )
    if picks:
        rows.extend(pickup_rows(ctx, view, picks))
    if cards:
        rows.append(crown_row(ctx, cards))
    if lifts:
        rows.append(adjust_row(ctx, view, lifts))
    rows.append(shaking)  # after the decision, so the buttons come first on a small screen
    return h("div.twar-controls", rows)


def pickup_rows(ctx: TableContext, view: dict[str, Any], picks: list[Any]) -> list[El]:
    """The pyramid sizes to pick up, then a warning under each size that cannot complete the level."""
    placing = view["placing"]
    me = view["players"][placing["seat"]]
    warned: dict[str, str] = placing.get("size_warnings") or {}  # the engine's: sizes that cannot complete the level
    needed = PYRAMIDS_PER_LEVEL - len(view["tower"]["levels"][-1]["pyramids"])
    sizes = [
        h(
            "button.twar-pyr-btn.primary",
            {
                "id": f"twar-pick-{m.size}",
                "data-move": move_attr(ctx, m),
                "data-short": "1" if str(m.size) in warned else None,
                "aria-describedby": f"twar-short-{m.size}" if str(m.size) in warned else None,
                **tip(size_tip(str(m.size), view)),
            },
            pyramid_glyph(str(m.size), placing["seat"], 40),
            h(
                "span",
                h("span", sr("Pick up a "), str(m.size).capitalize(), sr(" pyramid")),
                h("small", f"{me['stash'][str(m.size)]} left" + (f", {needed} needed" if str(m.size) in warned else "")),
            ),
            on_click=lambda _e, mv=m: ctx.play(mv),
        )
        for m in picks
    ]
    rows = [roving(h("div.twar-pickup", {"role": "group", "aria-label": "Pick up a pyramid", "data-part": "pickup"}, sizes), sizes)]
    for m in picks:
        if str(m.size) in warned:
            rows.append(
                h("p.twar-warn", {"role": "note", "id": f"twar-short-{m.size}"}, f"{str(m.size).capitalize()}: {warned[str(m.size)]}")
            )
    return rows


def crown_row(ctx: TableContext, cards: list[Any]) -> El:
    """The cards to pick up and crown the tower with."""
    crowns = [
        h(
            "button.twar-card-btn",
            {"id": f"twar-crown-{m.card}", "data-move": move_attr(ctx, m)},
            face(str(m.card)),
            sr(f"the {name(str(m.card))}:"),
            h("span", "Pick up"),
            on_click=lambda _e, mv=m: ctx.play(mv),
        )
        for m in cards
    ]
    return roving(
        h("div.twar-pickup", {"role": "group", "aria-label": "Crown the tower with a card", "data-part": "pickup"}, crowns), crowns
    )


def adjust_row(ctx: TableContext, view: dict[str, Any], lifts: list[Any]) -> El:
    """The buttons that lift a pyramid of the top level to drop it again."""
    top = view["tower"]["levels"][-1]
    ox, oy = top["x"], top["y"]
    buttons = []
    for m in lifts:
        p = top["pyramids"][m.index]
        where = f"{p['x'] - ox:+.0f}, {p['y'] - oy:+.0f} mm"
        buttons.append(
            h(
                "button.twar-lift",
                {"id": f"twar-lift-{m.index}", "data-move": move_attr(ctx, m)},
                pyramid_glyph(p["size"], p["owner"], 22),
                f"Lift #{m.index + 1}",
                sr(f": {seat_name(ctx, p['owner'])}'s {p['size']} pyramid at {where}, to adjust it"),
                on_click=lambda _e, mv=m: ctx.play(mv),
            )
        )
    n = view["placing"]["adjustments_left"]
    return h(
        "div.twar-adjust",
        h(
            "p.twar-hint",
            f"Or adjust first: lift a pyramid of the top level and drop it again ({count(n, 'adjustment')} left). "
            "Choose it on the card or use these buttons.",
        ),
        h("div.button-row", buttons),
    )


def release_bar(ctx: TableContext, view: dict[str, Any]) -> El:
    """Pinned right under the aiming card: the grip's countdown and the release, so the aim,
    the ghost, the tremor and the release are always in one view."""
    held = view["held"]
    a = tower_war_aim.AIM
    hold = a.hold_now()
    target = a.target
    left = max(0, held["hold_ms_max"] - hold)
    low = left <= tower_war_aim.GRIP_WARN_MS
    calm = is_calm(tuple(held["phases"]), hold)
    return h(
        "div.twar-release",
        {"id": tower_war_aim.RELEASE_ID, "data-low": "1" if low else "0"},
        h(
            "span",
            {"id": tower_war_aim.CALM_ID, "class": "twar-calm-light", "data-calm": "1" if calm else "0"},
            tower_war_aim.calm_words(calm, a.started or a.watching),
        ),
        h(
            "div.twar-grip-gauge",
            h(
                "span.twar-bar",
                {"aria-hidden": "true"},
                h(
                    "span",
                    {
                        "id": tower_war_aim.GRIP_ID,
                        "class": "twar-bar-fill twar-grip",
                        "style": f"width:{100 * left / held['hold_ms_max']:.1f}%",
                    },
                ),
            ),
            h(
                "span",
                {"id": tower_war_aim.GRIP_TEXT_ID, "class": "twar-grip-words"},
                tower_war_aim.grip_words(left) if a.started else tower_war_aim.GRIP_WAITING,
            ),
            h("span", {"id": tower_war_aim.GRIP_ALERT_ID, "class": "visually-hidden", "role": "alert"}),
        ),
        exact_words(a),
        h(
            "button.primary.twar-letgo",
            {"id": tower_war_aim.DROP_ID, "data-move": json.dumps(tower_war_aim.drop_json(target, hold))},
            "Let go here",
            on_click=a.on_drop_click,
        ),
    )


def exact_words(a: tower_war_aim.Aim, ident: str = tower_war_aim.EXACT_ID) -> El | None:
    """The engine's answer for a landing exactly on the aim, kept current as the aim moves (``aim.show_exact``).
    Drawn twice, one shown per layout: under the card on a phone, beside it on wider screens."""
    answer = a.exact()
    if answer is None:
        return None
    return h(
        "p.twar-exact",
        {"id": ident, "data-stands": "1" if answer.stands else "0", "aria-live": "polite" if ident == tower_war_aim.EXACT_ID else None},
        answer.words(),
    )


def drop_panel(ctx: TableContext, view: dict[str, Any]) -> El:
    held = view["held"]
    a = tower_war_aim.AIM
    return h(
        "div.twar-controls.twar-dropctl",
        exact_words(a, tower_war_aim.EXACT_WIDE_ID),
        h(
            "div.twar-gauge",
            h("span.twar-gauge-label", "Drift"),
            h(
                "span.twar-bar",
                {"aria-hidden": "true"},
                h("span", {"id": tower_war_aim.STEADY_ID, "class": "twar-bar-fill twar-drift", "style": "width:50%"}),
            ),
            h("span.twar-gauge-num", f"±{held['amplitude_mm']:.1f} mm"),
        ),
        h("p", {"id": tower_war_aim.AIM_TEXT_ID, "class": "twar-aimtext", "aria-live": "polite"}, tower_war_aim.aim_words(a.target)),
        h(
            "p.twar-hint",
            "Press and hold on the card where the piece should go: the hand starts to sway at your first "
            "press. Let go when the light turns Calm and the ghost sits still on your aim: the piece lands "
            "where the ghost is at that moment. Arrow keys move the aim (the first one starts the hand), "
            f"Space lets go. The hand holds on for at most {held['hold_ms_max'] / 1000:g} s from your first press.",
        ),
    )


def grip_gave_out(ctx: TableContext, view: dict[str, Any]) -> El | None:
    """Said plainly when the last drop was the hand giving out, not a release. When it gave out on
    this page the words take the focus (a Space meant as "let go" must not land on a card's Play
    button), and they say what a press that came too late did (``aim.late_words``)."""
    last = view.get("last_drop")
    if not last or not news.gave_out(view):
        return None
    who = seat_label(ctx, last["seat"])
    here = tower_war_aim.AIM.gave_out
    return h(
        "p.twar-gripout",
        {
            "role": "status",
            "tabindex": "-1" if here else None,
            "data-take-focus": f"twar-gripout-{len(view.get('events') or [])}" if here else None,
        },
        h("b", "The grip gave out. "),
        f"{who} held the {last['piece']} for the full {HOLD_MS_MAX / 1000:g} s, so the hand let go by itself where it was aimed.",
        h("span", {"id": tower_war_aim.LATE_ID}),
    )


def tower_area(ctx: TableContext, view: dict[str, Any], reduced: bool) -> El | None:
    if not view.get("tower"):
        return None
    aiming = view["phase"] == "drop" and bool(ctx.legal_of("drop")) and view.get("held") is not None
    top = top_view(ctx, view, aiming)  # first: it sets up the aim the panels below read (aim.AIM.configure)
    controls = None
    if aiming:
        controls = drop_panel(ctx, view)
    elif view["phase"] == "place":
        controls = place_panel(ctx, view)
    waiting = None
    if view["phase"] == "drop" and not aiming:
        held = view.get("held") or {}
        waiting = h(
            "p.twar-hint.twar-watching",
            {"role": "status"},
            f"{seat_label(ctx, view['to_act'])} holds the {held.get('piece', 'piece')}: the ghost shows their hand shaking.",
        )
    if view["phase"] == "drop" and view.get("held"):
        tower_war_aim.AIM.start()  # the person's aim, or the other hand drawn shaking
    focus = view["phase"] in ("place", "drop") or view.get("tower", {}).get("fall")
    return h(
        "section.twar-tower",
        {"aria-label": "The tower", "class": "twar-tower-focus" if focus else None},
        h(
            "div.twar-views",
            h(
                "div.twar-maincol",
                h(
                    "figure.twar-topfig",
                    motion.frame(),
                    top,
                    release_bar(ctx, view) if aiming else None,
                    h("figcaption.twar-top-cap", top_caption(view, aiming)),
                ),
            ),
            h("div.twar-sidecol", waiting, controls, side_view(ctx, view, reduced)),
        ),
        balance_list(view),
    )


def top_caption(view: dict[str, Any], aiming: bool) -> str:
    tower = view["tower"]
    if aiming:
        held = view["held"]
        return f"From above: the top card (level {tower['top_level']}). Ghost = where the {held['piece']} lands if you let go now."
    if tower.get("fall"):
        return "From above, where it went wrong."
    return f"From above: the top card (level {tower['top_level']}). Triangle = the pyramid tips it rests on; + = its balance point."


def moves_by_faces(ctx: TableContext) -> TableContext:
    """By link, a move names a hidden card of the seat's own: the renderer is given each move by
    the card it names (the view's ``mine.faces``), as at one table, and a tap plays the move itself."""
    faces = (ctx.view.get("mine") or {}).get("faces") or {}
    if not faces:
        return ctx
    known = {Hidden.parse(handle): Card.parse(code) for handle, code in faces.items()}
    moves = {unveiled(move, known.get): move for move in ctx.legal}
    play = ctx.play
    return dataclasses.replace(ctx, legal=list(moves), play=lambda move: play(moves.get(move, move)))


def render(ctx: TableContext) -> El:
    install_tips()  # a long press explains a size, a card's balance (ui/web/tips.py)
    ctx = moves_by_faces(ctx)
    view = ctx.view
    phase = view["phase"]
    reduced = reduced_motion(ctx)
    body: list[Any] = []
    if phase in DRAFT_PHASES:
        body.append(draft_panel(ctx, view))
    elif phase == "build":
        body.append(build_panel(ctx, view))
    else:
        war = battle_panel(ctx, view)
        tower = tower_area(ctx, view, reduced)
        focus_tower = phase in ("place", "drop") or (view.get("tower") or {}).get("fall")
        body.append(h("div.twar-war", {"class": "twar-war-tower-first" if focus_tower else None}, war, tower))
    actor = view["to_act"]
    happened = just_happened(ctx, view)
    head = None
    if phase != "over":  # the table's end banner says how it ended
        head = h(
            "div.twar-prompt",
            {"class": SEAT_CLASSES[actor] if actor is not None else None},
            h("h2.twar-prompt-text", {"id": "twar-prompt"}, prompt(ctx, view)),
            h("p.twar-last", h("span.twar-last-label", "Just now: "), happened) if happened else None,
            grip_gave_out(ctx, view),
        )
    aiming = phase == "drop" and bool(ctx.legal_of("drop"))
    return h(
        "div.twar",
        {
            "class": "twar-calm" if reduced else None,
            "data-phase": phase,
            "data-game-ui": "tower-war",
            "data-actor-edge": ctx.edge(actor),  # face to face, the question and its cards turn to this edge
        },
        head,
        player_strip(ctx, view),
        body,
        on_pointermove=tower_war_aim.AIM.on_outside_move if aiming else None,
    )
