"""Looney pyramids in side view, as SVG shapes: size by height, pips by size, side by colour.

Drawn inside a 100x100 box standing on the line y = ``floor``; a destroyed pyramid lies
on its side. Colour is never the only signal: pips count the size and every cell and
tray item carries words in its accessible name.
"""

from __future__ import annotations

from typing import Any

from tabletop.ui.web.dom import El, h

SHAPE = {1: (33, 14), 2: (47, 19), 3: (61, 25)}  # pips -> (height, half width)
WORDS = {"aliens": "Aliens", "humans": "Humans", "neutral": "obstacle"}
SIDE_KEYS = ("aliens", "humans")  # by seat


def pyramid(side: str, pips: int, standing: bool = True, floor: float = 80, cx: float = 50) -> list[El]:
    """One pyramid as two SVG shapes: its body and its pips (one path), classed by side and state."""
    height, half = SHAPE[pips]
    if standing:
        points = f"{cx - half},{floor} {cx + half},{floor} {cx},{floor - height}"
        pips_xy = [(cx + (i - (pips - 1) / 2) * 7.5, floor - 7) for i in range(pips)]
    else:
        left = cx - height / 2
        points = f"{left},{floor} {left},{floor - 2 * half} {left + height},{floor - half}"
        pips_xy = [(left + 7, floor - half + (i - (pips - 1) / 2) * 7.5) for i in range(pips)]
    cls = f"wotw-{side} wotw-{'up' if standing else 'down'}"
    dots = " ".join(f"M{x - PIP:.1f},{y:.1f}a{PIP},{PIP} 0 1,0 {2 * PIP},0a{PIP},{PIP} 0 1,0 {-2 * PIP},0" for x, y in pips_xy)
    return [h("polygon", {"class": f"wotw-body {cls}", "points": points}), h("path", {"class": f"wotw-pips {cls}", "d": dots})]


PIP = 2.6


def icon(side: str, pips: int, standing: bool = True) -> El:
    """A small stand-alone pyramid picture (trays, score, end screen)."""
    return h("svg", {"class": "wotw-icon", "viewBox": "16 16 68 68", "aria-hidden": "true"}, pyramid(side, pips, standing, floor=80))


def words(piece: dict[str, Any] | None) -> str:
    """'Humans medium pyramid, standing' / 'obstacle, destroyed' / 'empty'."""
    if piece is None:
        return "empty"
    state = "standing" if piece["standing"] else "destroyed (lying down)"
    if piece["side"] == "neutral":
        return f"obstacle, {state}"
    return f"{WORDS[piece['side']]} {piece['size']} pyramid, {state}"
