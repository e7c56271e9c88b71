"""Cards, pyramid glyphs and the words around them (pure: no browser needed).

Cards arrive from the view as codes ("9H", "JOKER1"); ``Card.parse`` reads them.
Colour is never the only signal: every card shows its suit symbol and every
pyramid its size in pips and words.
"""

from __future__ import annotations

import json
from typing import Any

from tabletop.engine.cards import Card, rank_code
from tabletop.engine.moves import Move
from tabletop.games.tower_war.scoring import points
from tabletop.ui.render import TableContext
from tabletop.ui.web.dom import El, h

SEAT_CLASSES = ("twar-seat0", "twar-seat1")
SEAT_COLOURS = ("Red", "Blue")  # the engine's seat names are its pyramid colours
SIZE_ORDER = ("small", "medium", "large")
SIZE_PIPS = {"small": 1, "medium": 2, "large": 3}


def card(code: str) -> Card:
    return Card.parse(code)


def label(code: str) -> str:
    """ "9♥", "Joker"."""
    return card(code).label


def name(code: str) -> str:
    """ "9 of hearts", "joker"."""
    return card(code).name


def face(code: str, cls: str = "", note: str | None = None) -> El:
    """A card face: rank, suit symbol (red suits in red), optional small note under it."""
    c = card(code)
    if c.is_joker:
        rank, suit, colour = "★", "Joker", "twar-joker"
    else:
        rank, suit, colour = rank_code(c.rank), c.known_suit.symbol, f"twar-{c.known_suit.colour}"
    return h(
        "span.twar-card",
        {"class": f"{colour} {cls}".strip(), "aria-hidden": "true"},
        h("span.twar-rank", rank),
        h("span.twar-pip", suit),
        h("span.twar-note", note) if note else None,
    )


def card_img(code: str, cls: str = "", note: str | None = None, extra: str = "") -> El:
    """A card face as an image for assistive tech (role img with its name)."""
    words = name(code) + (f", {extra}" if extra else "")
    return h("span.twar-cardwrap", {"role": "img", "aria-label": words, "class": cls or None}, face(code, note=note))


def back(count: int | None = None, label_text: str = "") -> El:
    """A face-down stack, with its count."""
    return h(
        "span.twar-back",
        {"role": "img", "aria-label": label_text or f"{count} cards face down"},
        h("span.twar-back-count", {"aria-hidden": "true"}, str(count) if count is not None else ""),
    )


def sr(text: str) -> El:
    """Words for screen readers only (a button's name is its content, never a mismatching aria-label)."""
    return h("span.visually-hidden", text)


def move_attr(ctx: TableContext, move: Move) -> str:
    return json.dumps(ctx.move_json(move))


def pyramid_glyph(size: str, seat: int | None, px: int | None = None) -> El:
    """A side-on pyramid drawn to scale (large 25, medium 20, small 15 mm), with pips."""
    base = {"small": 15, "medium": 20, "large": 25}[size]
    height = {"small": 26, "medium": 35, "large": 44}[size]
    scale = (34 if px is None else px) / 44
    w, hgt = base * scale, height * scale
    cls = SEAT_CLASSES[seat] if seat is not None else "twar-neutral"
    pips = SIZE_PIPS[size]
    r = max(1.0, 1.6 * scale)
    dots = [
        h("circle", {"cx": f"{w / 2:.1f}", "cy": f"{hgt - 2.2 * r - 2.6 * r * i:.1f}", "r": f"{r:.1f}", "class": "twar-glyph-pip"})
        for i in range(pips)
    ]
    return h(
        "svg",
        {
            "class": f"twar-glyph {cls}",
            "viewBox": f"0 0 {w:.1f} {hgt:.1f}",
            "width": f"{w:.0f}",
            "height": f"{hgt:.0f}",
            "aria-hidden": "true",
            "focusable": "false",
        },
        h("polygon", {"points": f"0,{hgt:.1f} {w:.1f},{hgt:.1f} {w / 2:.1f},0", "class": "twar-glyph-body"}),
        dots,
    )


def stash_row(stash: dict[str, Any], seat: int | None, who: str) -> El:
    """A stash by size: a glyph per size with its count."""
    parts = []
    for size in reversed(SIZE_ORDER):
        n = stash.get(size, 0)
        parts.append(
            h("span.twar-stash-size", {"class": "twar-empty" if not n else None}, pyramid_glyph(size, seat), h("span.twar-stash-n", f"{n}"))
        )
    words = ", ".join(f"{stash.get(z, 0)} {z}" for z in reversed(SIZE_ORDER))
    return h("span.twar-stash", {"role": "img", "aria-label": f"{who}: {words} pyramids"}, parts)


def breakdown(eff: str, earlier: list[str]) -> str | None:
    """The multiplication behind a card's value when its suit repeats: "5 × 10 × 8"."""
    c = card(eff)
    same = [card(e) for e in earlier if card(e).suit == c.suit]
    if not same:
        return None
    return " × ".join(str(points(x)) for x in [c, *same])


def suit_products(effs: list[str]) -> str:
    """A battle total written out per suit: "♣ 10×8×5 + ♥ 9"."""
    groups: dict[str, list[int]] = {}
    for e in effs:
        c = card(e)
        groups.setdefault(c.suit.symbol if c.suit else "★", []).append(points(c))
    return " + ".join(f"{sym} {'×'.join(map(str, pts))}" for sym, pts in groups.items())
