"""The modelled tower: top-down statics of cards on pyramid tripods (pure functions).

Frame and poses
---------------
One world frame, in millimetres, seen from above: the origin is the centre of the
base card (level 0, lying on the table), ``x`` runs along the cards' 63 mm side
(to the right on screen) and ``y`` along their 88 mm side (up on screen). Every
card lies axis-aligned in that frame (portrait, never rotated), so a card's pose is
just its centre, and "the top card's frame" that drop targets use is the world
frame shifted to the top card's centre. Pyramids are squares aligned with their
card; a pyramid's apex is straight above the centre of its base.

Levels
------
Level ``k`` is card ``k`` plus the pyramids standing on it. Card 0 lies on the
table; card ``k + 1`` rests on the three apexes of level ``k``. A level's pyramids
are all of one size (the rules make sure of it; the statics do not need it).

What stands (rules page, ``guide.py``: "What makes the tower fall")
------------------------------------------------------------------
* A pyramid stands if the centre of its base lies inside its card and its base
  does not overlap another base on that card (touching is fine).
* Card ``k >= 1`` stays if each apex of level ``k - 1`` lies inside it and the
  centre of mass of card ``k`` and everything above lies inside the triangle of
  those apexes, at least ``COM_MARGIN_MM`` from its edges.

``first_fall`` runs these checks bottom-up through every level (a heavy pyramid
high up can topple a card far below) and names the lowest failure; ``supports``
gives every card's margin for the UI's wobble.

>>> from tabletop.engine.cards import Card, Suit
>>> tripod = (Pyramid(Size.MEDIUM, -15, -20, 0), Pyramid(Size.MEDIUM, 15, -20, 1), Pyramid(Size.MEDIUM, 0, 25, 0))
>>> tower = (Level(Card(5, Suit.CLUBS), 0, 0, tripod), Level(Card(9, Suit.HEARTS), 0, 0))
>>> first_fall(tower) is None
True
>>> first_fall(tower[:1] + (Level(Card(9, Suit.HEARTS), 0, 0, (Pyramid(Size.LARGE, -25, -40, 1),)),)).cause
'centre-of-mass'
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

from tabletop.engine.cards import Card
from tabletop.engine.pyramids import Size
from tabletop.games.tower_war.physics import (
    CARD_HALF_LENGTH_MM,
    CARD_HALF_WIDTH_MM,
    CARD_MASS_G,
    CARD_THICKNESS_MM,
    COM_MARGIN_MM,
    PYRAMID_BASE_MM,
    PYRAMID_HEIGHT_MM,
    PYRAMID_MASS_G,
    PYRAMIDS_PER_LEVEL,
    TOLERANCE_MM,
    WOBBLE_CALM_MM,
)


class Pyramid(NamedTuple):
    """A pyramid standing on a card: size, centre of its base (world mm), owner's seat, and its
    number (``id``: 1, 2, ... in the order they left a stash, kept when it is adjusted, so an
    event can name it wherever it stands; 0 where nobody numbered it, as in a statics check)."""

    size: Size
    x: float
    y: float
    owner: int
    id: int = 0


class Level(NamedTuple):
    """Card ``k`` (centre in world mm) and the pyramids standing on it."""

    card: Card
    x: float
    y: float
    pyramids: tuple[Pyramid, ...] = ()


Tower = tuple[Level, ...]
Apexes = Sequence[tuple[float, float]]  # a tripod's three apexes, (x, y) in mm

CAUSES = ("off-card", "overlap", "apex-outside", "centre-of-mass")


class Fall(NamedTuple):
    """The lowest thing that fell, and why.

    ``piece`` is ``"pyramid"`` (``index`` = its place on the card of ``level``; only
    it falls) or ``"card"`` (card ``level`` and everything above it fall).
    ``margin_mm`` is the measured margin (negative = outside) and ``needed_mm`` the
    least it had to be. ``other`` is the pyramid it overlapped, for ``"overlap"``.
    """

    level: int
    piece: str
    index: int | None  # type: ignore[assignment]  # the field shadows tuple.index
    cause: str
    margin_mm: float
    needed_mm: float
    other: int | None = None

    def words(self, would: bool = False, other: str = "other") -> str:
        """The fall in a sentence a player understands: what happened, or (``would``) what a drop
        landing exactly on the aim would do (``exact_drop``), ``other`` naming the overlapped size."""
        m = abs(self.margin_mm)
        where = f"{m:.1f} mm outside" if self.margin_mm < 0 else f"only {m:.1f} mm inside"
        if self.cause == "off-card":
            if would:
                return f"its centre is {m:.1f} mm beyond the card's edge and it falls"
            return f"a pyramid on level {self.level} landed with the centre of its base {m:.1f} mm beyond the edge of its card and fell"
        if self.cause == "overlap":
            if would:
                return f"it overlaps the {other} pyramid already there by {m:.1f} mm and falls"
            return f"a pyramid on level {self.level} landed on the base of another one (they overlap by {m:.1f} mm) and fell"
        if self.cause == "apex-outside":
            if would:
                return f"the card misses a pyramid by {m:.1f} mm and slides off"
            return f"the card of level {self.level} missed a pyramid: one apex was {m:.1f} mm outside it, so the card slid off"
        if would:
            return (
                f"the card of level {self.level} topples: the balance point of it and everything on it is {where} "
                f"its tripod (it needs {self.needed_mm:g} mm)"
            )
        return (
            f"the card of level {self.level} toppled: the centre of mass of it and everything above was {where} "
            f"the triangle of its three supporting apexes (it needs {self.needed_mm:g} mm inside)"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "piece": self.piece,
            "index": self.index,
            "other": self.other,
            "cause": self.cause,
            "margin_mm": round(self.margin_mm, 3),
            "needed_mm": self.needed_mm,
            "words": self.words(),
        }


class Support(NamedTuple):
    """How card ``level`` (>= 1) rests on its tripod: the centre of mass of it and
    everything above, the three apexes under it, the signed distance of that centre
    from the triangle's nearest edge (positive inside) and the least signed distance
    of an apex from the card's edges (positive inside)."""

    level: int
    com: tuple[float, float]
    apexes: tuple[tuple[float, float], ...]
    margin_mm: float
    apex_margin_mm: float


# --- elementary geometry --------------------------------------------------------------------


def inside_card_margin(cx: float, cy: float, x: float, y: float) -> float:
    """Signed distance of point (x, y) from the nearest edge of the card centred at
    (cx, cy): positive inside, negative outside (by the larger overshoot)."""
    return min(CARD_HALF_WIDTH_MM - abs(x - cx), CARD_HALF_LENGTH_MM - abs(y - cy))


def overlap_depth(a: Pyramid, b: Pyramid) -> float:
    """How far two square bases overlap (mm, the smaller axis); <= 0 when they do not."""
    reach = (PYRAMID_BASE_MM[a.size] + PYRAMID_BASE_MM[b.size]) / 2
    return min(reach - abs(a.x - b.x), reach - abs(a.y - b.y))


def triangle_margin(px: float, py: float, apexes: Apexes) -> float:
    """Signed distance of (px, py) from the nearest edge of the triangle ``apexes``:
    positive inside. A degenerate triangle (apexes in a line) has no inside: 0 or less."""
    (ax, ay), (bx, by), (cx, cy) = apexes
    area2 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    if abs(area2) < TOLERANCE_MM:
        return min(0.0, -_segment_gap(px, py, apexes))
    sign = 1.0 if area2 > 0 else -1.0
    best = math.inf
    for (x1, y1), (x2, y2) in (((ax, ay), (bx, by)), ((bx, by), (cx, cy)), ((cx, cy), (ax, ay))):
        ex, ey = x2 - x1, y2 - y1
        d = sign * (ex * (py - y1) - ey * (px - x1)) / (ex * ex + ey * ey) ** 0.5
        if d < best:
            best = d
    return best


def _segment_gap(px: float, py: float, apexes: Apexes) -> float:
    """Distance from a point to the nearest of three (collinear) points' hull, roughly:
    the nearest apex. Only used to grade a degenerate tripod."""
    return float(min(((px - x) ** 2 + (py - y) ** 2) ** 0.5 for x, y in apexes))


# --- the statics ------------------------------------------------------------------------------


def loads(tower: Tower) -> list[tuple[float, float, float]]:
    """For every level k: (mass, x, y) of card k and everything above it."""
    out: list[tuple[float, float, float]] = [(0.0, 0.0, 0.0)] * len(tower)
    m = mx = my = 0.0
    for k in range(len(tower) - 1, -1, -1):
        level = tower[k]
        for p in level.pyramids:
            w = PYRAMID_MASS_G[p.size]
            m += w
            mx += w * p.x
            my += w * p.y
        m += CARD_MASS_G
        mx += CARD_MASS_G * level.x
        my += CARD_MASS_G * level.y
        out[k] = (m, mx / m, my / m)
    return out


def support(tower: Tower, k: int, load: tuple[float, float, float] | None = None) -> Support:
    """How card ``k`` (>= 1) rests on the apexes of level ``k - 1``."""
    below = tower[k - 1].pyramids
    if len(below) != PYRAMIDS_PER_LEVEL:
        raise ValueError(f"card {k} needs three pyramids under it, not {len(below)}")
    card = tower[k]
    _, comx, comy = load or loads(tower)[k]
    apexes = tuple((p.x, p.y) for p in below)
    apex_margin = min(inside_card_margin(card.x, card.y, x, y) for x, y in apexes)
    return Support(k, (comx, comy), apexes, triangle_margin(comx, comy, apexes), apex_margin)


def supports(tower: Tower) -> list[Support]:
    """Every card's support, from card 1 up (card 0 lies on the table)."""
    weights = loads(tower)
    return [support(tower, k, weights[k]) for k in range(1, len(tower))]


def pyramid_fall(k: int, level: Level) -> Fall | None:
    """The first pyramid of level ``k`` that cannot stand: off its card or overlapping."""
    pyramids = level.pyramids
    for i, p in enumerate(pyramids):
        margin = inside_card_margin(level.x, level.y, p.x, p.y)
        if margin < -TOLERANCE_MM:
            return Fall(k, "pyramid", i, "off-card", margin, 0.0)
    for j in range(1, len(pyramids)):
        for i in range(j):
            depth = overlap_depth(pyramids[i], pyramids[j])
            if depth > TOLERANCE_MM:
                return Fall(k, "pyramid", j, "overlap", -depth, 0.0, other=i)
    return None


def card_fall(s: Support) -> Fall | None:
    """Card ``s.level`` slides off a missed apex or topples over its tripod's edge."""
    if s.apex_margin_mm < -TOLERANCE_MM:
        return Fall(s.level, "card", None, "apex-outside", s.apex_margin_mm, 0.0)
    if s.margin_mm < COM_MARGIN_MM - TOLERANCE_MM:
        return Fall(s.level, "card", None, "centre-of-mass", s.margin_mm, COM_MARGIN_MM)
    return None


def first_fall(tower: Tower) -> Fall | None:
    """Check every level bottom-up; the lowest failure, or None if the tower stands."""
    weights = loads(tower)
    for k, level in enumerate(tower):
        if k >= 1:
            fall = card_fall(support(tower, k, weights[k]))
            if fall:
                return fall
        fall = pyramid_fall(k, level)
        if fall:
            return fall
    return None


# --- for views --------------------------------------------------------------------------------


def wobble(margin_mm: float) -> float:
    """0 (calm) .. 1 (about to go) from a support margin, for the UI's wobble."""
    if margin_mm >= WOBBLE_CALM_MM:
        return 0.0
    if margin_mm <= COM_MARGIN_MM:
        return 1.0
    return round((WOBBLE_CALM_MM - margin_mm) / (WOBBLE_CALM_MM - COM_MARGIN_MM), 3)


def heights(tower: Tower) -> list[float]:
    """Height (mm) of the top face of every card above the table, for side views."""
    out, z = [], 0.0
    for level in tower:
        z += CARD_THICKNESS_MM
        out.append(round(z, 3))
        if level.pyramids:
            z += PYRAMID_HEIGHT_MM[level.pyramids[0].size]
    return out


def stability(tower: Tower) -> list[dict[str, Any]]:
    """Every card's support as JSON for the wobble: margins, centre of mass, tripod."""
    return [
        {
            "level": s.level,
            "margin_mm": round(s.margin_mm, 3),
            "needed_mm": COM_MARGIN_MM,
            "apex_margin_mm": round(s.apex_margin_mm, 3),
            "com": [round(s.com[0], 3), round(s.com[1], 3)],
            "tripod": [[round(x, 3), round(y, 3)] for x, y in s.apexes],
            "wobble": wobble(min(s.margin_mm, s.apex_margin_mm + COM_MARGIN_MM)),
        }
        for s in supports(tower)
    ]


# --- benchmark ----------------------------------------------------------------------------------


def sample_tower(levels: int = 10) -> Tower:
    """A standing tower of ``levels`` cards, each on a slightly skewed medium tripod."""
    from tabletop.engine.cards import standard_deck

    deck = standard_deck(jokers=2)
    out = []
    for k in range(levels):
        dx = 1.5 * (k % 3 - 1)
        tripod = (
            Pyramid(Size.MEDIUM, dx - 17.0, -22.0, k % 2),
            Pyramid(Size.MEDIUM, dx + 17.0, -22.0, (k + 1) % 2),
            Pyramid(Size.MEDIUM, dx, 24.0, k % 2),
        )
        out.append(Level(deck[k], dx * 0.5, 0.0, tripod if k < levels - 1 else ()))
    return tuple(out)


def benchmark(levels: int = 10, repeats: int = 2000) -> dict[str, Any]:
    """Time the full stability check of a ``levels``-level tower (CPython or Pyodide).

    Returns ``{"levels", "repeats", "check_ms", "stands"}``; the issue's budget is
    under 2 ms per check.
    """
    tower = sample_tower(levels)
    stands = first_fall(tower) is None
    start = time.perf_counter()
    for _ in range(repeats):
        first_fall(tower)
    per = (time.perf_counter() - start) / repeats
    return {"levels": levels, "repeats": repeats, "check_ms": round(per * 1000, 4), "stands": stands}
