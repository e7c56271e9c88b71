"""The computer's hands: where to put a piece on the tower, and when to let go.

Everything here works on what a seat's view shows (the tower's geometry, the held
piece's tremor phases and amplitude) with the statics of ``tower.py``; it never
touches a game state.

A drop is planned in two steps.

1. **Where it should land** (``plan_pyramid``, ``plan_card``). A level is meant to
   become a broad tripod that a card can crown safely: the *plan* of a level is a
   template triangle (``level_template``), placed on the top card where the crowning
   card would have the most room while every card below keeps its centre of mass
   inside its own tripod. Its first pyramids cannot simply go to the corners - one
   heavy pyramid near a card's edge drags the card's centre of mass off the tripod
   under it - so a pyramid either fills a free slot of the plan, if that is safe now,
   or is *parked* near the middle, where it balances the card, and lifted onto its
   slot later (an adjustment) once the others make that safe (``relocation``).
   Everything is recomputed from the geometry at each decision, so it also copes with
   pyramids an opponent put anywhere. A card goes where the least of its margins is
   largest.
2. **How to get it there** (``aim``). The hand trembles: ``landing = target + d(t)``.
   The computer waits for a calm moment (``hand.calm_holds``: a local minimum of the
   tremor's distance from the pointer), aims so that the piece would land on the spot
   at that moment, and lets go off that moment by a random error: its level's skill
   (``Skill.release_sigma_ms``). It knows its own hand, so among the calm moments and
   small corrections of the target it takes the one whose *worst* landing, over
   release errors of -2..+2 sigma, keeps the most room: it maximises the minimum
   stability margin of the whole tower after the drop.

"Room" is millimetres before something falls: a pyramid's centre from its card's
edge, the gap between two pyramid bases, a card's apexes from its edges, a centre of
mass from its tripod's edge (beyond the ``COM_MARGIN_MM`` the statics demand). Supports below the
top card can no longer be aimed at, only loaded, so their room counts
``SUPPORT_WEIGHT`` times.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Iterable, Sequence
from typing import Any, NamedTuple, TypeVar

from tabletop.engine.cards import Card
from tabletop.engine.pyramids import Size
from tabletop.engine.rng import Rng
from tabletop.games.tower_war import hand as unsteady
from tabletop.games.tower_war.physics import (
    CARD_HALF_LENGTH_MM,
    CARD_HALF_WIDTH_MM,
    CARD_MASS_G,
    COM_MARGIN_MM,
    DROP_REACH_MM,
    HOLD_MS_MAX,
    PYRAMID_BASE_MM,
    PYRAMID_MASS_G,
    TREMOR_AMPLITUDE_CARD_MM,
    TREMOR_AMPLITUDE_PYRAMID_MM,
    TREMOR_FREQUENCIES_HZ,
)
from tabletop.games.tower_war.tower import Apexes, Level, Pyramid, Tower, inside_card_margin, loads, triangle_margin

T = TypeVar("T")
Point = tuple[float, float]  # (x, y) in mm
Change = tuple[float, float, float]  # (mass, x, y) put on the top card (negative mass: taken off)
RoomAt = Callable[[float, float], float]  # grades a landing point (world mm): room before a fall

SUPPORT_WEIGHT = 3.0  # 1 mm of room in a support below counts as this many mm of aim
CARD_WEIGHT = TREMOR_AMPLITUDE_PYRAMID_MM / TREMOR_AMPLITUDE_CARD_MM  # a card trembles 1.5x as much
# The template tripod, found by search: the broadest triangle whose crowning card keeps
# about 11.5 mm of room on every side. Corners (-19.5, -22), (19.5, -22), apex (0, 22)
# around the centre of its bounding box; orientation -1 mirrors it (apex down).
TEMPLATE_HALF_BASE_MM = 19.5
TEMPLATE_HALF_HEIGHT_MM = 22.0
SHIFT_STEP_MM = 2.5
SHIFT_RANGE_MM = 10.0
MATCH_TOLERANCE_MM = 6.0  # a pyramid this close to a slot counts as on it
PARKING_STEP_MM = 5.0
PARKING_RANGE_MM = 20.0
PARKING_COST_MM = 1.0  # a parked pyramid needs another drop later
ROOM_CAP_MM = 15.0  # more room than this makes no drop safer (default cap)
FUTURE_WEIGHT = 0.5  # the room left for the level's next step, against the room now
DRIFT_WEIGHT = 0.3  # aim: each mm off the planned spot costs this much room
ERROR_QUANTILES = (-2.0, -1.0, 0.0, 1.0, 2.0)  # release errors checked, in sigmas
TARGET_NUDGES_MM = (-2.0, -1.0, 0.0, 1.0, 2.0)
CALM_CANDIDATES = 4  # calm moments whose target is then fine-tuned
# Speed of the hand through a calm moment, per mm of amplitude (mm/s): 2*pi*rms(f).
HAND_SPEED_PER_MM = 2 * math.pi * math.sqrt(sum(f * f for f in TREMOR_FREQUENCIES_HZ) / 2)


class Skill(NamedTuple):
    """How steady a computer hand is.

    ``release_sigma_ms``: the spread of its release around the calm moment it waits
    for (a near-normal error: Irwin-Hall of four uniforms, never beyond 3.5 sigma).
    ``slip_chance`` / ``slip_sigma_ms``: now and then a much wider release (a human
    twitch). ``patience_ms``: the longest it holds a piece waiting for a calm moment.
    ``robust``: whether it checks its worst landings (normal, hard) or trusts its aim.
    """

    release_sigma_ms: float
    slip_chance: float
    slip_sigma_ms: float
    patience_ms: int
    robust: bool

    def error_mm(self, amp: float) -> float:
        """The typical landing error (mm) of this hand at tremor amplitude ``amp``."""
        return HAND_SPEED_PER_MM * amp * self.release_sigma_ms / 1000.0


# --- the tower as the view draws it, and its statics ----------------------------------------------


def tower_from_view(view: dict[str, Any]) -> Tower:
    """The tower (``tower.py``'s geometry) from a view's ``tower`` key."""
    levels = []
    for lv in view["tower"]["levels"]:
        pyramids = tuple(Pyramid(Size.parse(p["size"]), float(p["x"]), float(p["y"]), int(p["owner"])) for p in lv["pyramids"])
        levels.append(Level(Card.parse(lv["card"]), float(lv["x"]), float(lv["y"]), pyramids))
    return tuple(levels)


class Statics:
    """The supports of a tower, ready to be loaded (or unloaded) at its top.

    Every piece added to, or lifted from, the top card changes the load of every card
    from the top down by the same mass at the same point, so one pass over the tower
    answers "how much room would every support keep" for any handful of changes.
    """

    __slots__ = ("supports",)

    def __init__(self, tower: Tower):
        weights = loads(tower)
        self.supports: list[tuple[float, float, float, Apexes, float]] = []
        for k in range(1, len(tower)):
            card = tower[k]
            apexes = tuple((p.x, p.y) for p in tower[k - 1].pyramids)
            apex_room = min(inside_card_margin(card.x, card.y, x, y) for x, y in apexes)
            m, x, y = weights[k]
            self.supports.append((m, m * x, m * y, apexes, apex_room))

    def room(self, changes: Iterable[Change] = ()) -> float:
        """Least room of any support after ``changes``: (mass, x, y) put on (negative
        mass: taken off) the top card."""
        dm = sum(c[0] for c in changes)
        dx = sum(c[0] * c[1] for c in changes)
        dy = sum(c[0] * c[2] for c in changes)
        room = math.inf
        for m, mx, my, apexes, apex_room in self.supports:
            mm = m + dm
            room = min(room, apex_room, triangle_margin((mx + dx) / mm, (my + dy) / mm, apexes) - COM_MARGIN_MM)
        return room


def with_pyramid(tower: Tower, p: Pyramid) -> Tower:
    """The tower with pyramid ``p`` added to its top level."""
    top = tower[-1]
    return tower[:-1] + (top._replace(pyramids=top.pyramids + (p,)),)


def pyramid_change(p: Pyramid, sign: float = 1.0) -> tuple[float, float, float]:
    return (sign * PYRAMID_MASS_G[p.size], p.x, p.y)


def pyramid_room(top: Level, standing: Iterable[Pyramid], statics: Statics, p: Pyramid, changes: Sequence[Change] = ()) -> float:
    """Room after pyramid ``p`` lands on card ``top`` beside the ``standing`` pyramids
    (``changes``: what else differs from ``statics``): its centre from the card's
    edge, its gap to the other bases, and (weighted) every support. Negative: a fall."""
    room = inside_card_margin(top.x, top.y, p.x, p.y)
    reach = PYRAMID_BASE_MM[p.size]
    for q in standing:
        room = min(room, max(abs(p.x - q.x), abs(p.y - q.y)) - (reach + PYRAMID_BASE_MM[q.size]) / 2)
    return min(room, SUPPORT_WEIGHT * statics.room((*changes, pyramid_change(p))))


def card_room(apexes: Apexes, statics: Statics, x: float, y: float, changes: Sequence[Change] = ()) -> float:
    """Room after a card lands centred at (x, y) on the tripod ``apexes``: the apexes
    inside the card, its centre of mass inside the tripod, every support below."""
    room = triangle_margin(x, y, apexes) - COM_MARGIN_MM
    for px, py in apexes:
        room = min(room, CARD_HALF_WIDTH_MM - abs(px - x), CARD_HALF_LENGTH_MM - abs(py - y))
    return min(room, SUPPORT_WEIGHT * statics.room((*changes, (CARD_MASS_G, x, y))))


def crown_spot(apexes: Apexes) -> tuple[float, float]:
    """A good centre for a card on a tripod: on the way from the triangle's incentre
    (most room for the centre of mass) to the centre of its bounding box (most room
    for the apexes), where the smaller of the two is largest."""
    (ax, ay), (bx, by), (cx, cy) = apexes
    la, lb, lc = math.hypot(bx - cx, by - cy), math.hypot(ax - cx, ay - cy), math.hypot(ax - bx, ay - by)
    per = la + lb + lc
    if per < 1e-9:
        return (ax, ay)
    ix, iy = (la * ax + lb * bx + lc * cx) / per, (la * ay + lb * by + lc * cy) / per
    mx = (min(ax, bx, cx) + max(ax, bx, cx)) / 2
    my = (min(ay, by, cy) + max(ay, by, cy)) / 2
    best, spot = -math.inf, (ix, iy)
    for j in range(7):
        f = j / 6
        x, y = ix + (mx - ix) * f, iy + (my - iy) * f
        room = triangle_margin(x, y, apexes) - COM_MARGIN_MM
        for px, py in apexes:
            room = min(room, CARD_HALF_WIDTH_MM - abs(px - x), CARD_HALF_LENGTH_MM - abs(py - y))
        if room > best:
            best, spot = room, (x, y)
    return spot


def crown_room(apexes: Apexes, statics: Statics, changes: Sequence[Change] = ()) -> float:
    """Room of a card crowning ``apexes`` at its crown spot, in pyramid-tremor mm."""
    x, y = crown_spot(apexes)
    return CARD_WEIGHT * card_room(apexes, statics, x, y, changes)


# --- step 1: where a piece should land ------------------------------------------------------------


def template(orientation: int, cx: float, cy: float) -> tuple[tuple[float, float], ...]:
    """The template tripod (``orientation`` +1 apex up, -1 apex down), its bounding
    box centred at (cx, cy)."""
    a, h = TEMPLATE_HALF_BASE_MM, TEMPLATE_HALF_HEIGHT_MM * orientation
    return ((cx - a, cy - h), (cx + a, cy - h), (cx, cy + h))


_TEMPLATES: dict[tuple[Tower, Size], tuple[tuple[float, float], ...]] = {}


def level_template(bare: Tower, size: Size) -> tuple[tuple[float, float], ...]:
    """The plan for the (empty) top level of ``bare`` (see ``level_template_steps``)."""
    return finish(level_template_steps(bare, size))


def level_template_steps(bare: Tower, size: Size) -> Generator[None, None, tuple[Point, ...]]:
    """The template, apex up or down and shifted on a 2.5 mm grid, whose three pyramids
    keep the most room on the card and between them, for the crowning card and for
    every support below. A generator (it yields now and then so a page can breathe);
    remembered per tower."""
    key = (bare, size)
    if key in _TEMPLATES:
        return _TEMPLATES[key]
    top = bare[-1]
    statics = Statics(bare)
    reach = PYRAMID_BASE_MM[size]
    mass = PYRAMID_MASS_G[size]
    steps = round(SHIFT_RANGE_MM / SHIFT_STEP_MM)
    best, best_value = None, -math.inf
    for orientation in (1, -1):
        for i in range(-steps, steps + 1):
            for j in range(-steps, steps + 1):
                if j % 3 == 0:
                    yield
                slots = template(orientation, top.x + i * SHIFT_STEP_MM, top.y + j * SHIFT_STEP_MM)
                value = min(inside_card_margin(top.x, top.y, x, y) for x, y in slots)
                value = min(value, 2 * TEMPLATE_HALF_BASE_MM - reach)
                value = min(value, crown_room(slots, statics, [(mass, x, y) for x, y in slots]))
                if value > best_value:
                    best, best_value = slots, value
    if best is None:
        raise RuntimeError("no template was tried")  # the loops above always try at least one
    if len(_TEMPLATES) > 256:
        _TEMPLATES.clear()
    _TEMPLATES[key] = best
    return best


def finish(steps: Generator[None, None, T]) -> T:
    """Run a planning generator to its end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


class Layout(NamedTuple):
    """The top level against its plan: the plan's slots, the slot each standing
    pyramid sits on (None: parked) and the slots still free."""

    slots: tuple[tuple[float, float], ...]
    on_slot: tuple[int | None, ...]
    free: tuple[int, ...]


def layout(slots: Sequence[Point], standing: Sequence[Pyramid]) -> Layout:
    """Match standing pyramids to slots, nearest first, within ``MATCH_TOLERANCE_MM``."""
    pairs = sorted((math.hypot(p.x - sx, p.y - sy), i, k) for i, p in enumerate(standing) for k, (sx, sy) in enumerate(slots))
    on_slot: list[int | None] = [None] * len(standing)
    taken: set[int] = set()
    for d, i, k in pairs:
        if d <= MATCH_TOLERANCE_MM and on_slot[i] is None and k not in taken:
            on_slot[i] = k
            taken.add(k)
    return Layout(tuple(slots), tuple(on_slot), tuple(k for k in range(3) if k not in taken))


class Level3(NamedTuple):
    """What a plan step needs: the top card, its plan, the tower's statics as it stands."""

    top: Level
    slots: tuple[tuple[float, float], ...]
    statics: Statics
    size: Size
    owner: int


def level_context(tower: Tower, size: Size, owner: int) -> Level3:
    return finish(level_context_steps(tower, size, owner))


def level_context_steps(tower: Tower, size: Size, owner: int) -> Generator[None, None, Level3]:
    top = tower[-1]
    size = top.pyramids[0].size if top.pyramids else size
    bare = tower[:-1] + (top._replace(pyramids=()),)
    slots = yield from level_template_steps(bare, size)
    return Level3(top, slots, Statics(tower), size, owner)


def next_step_room(ctx: Level3, standing: list[Pyramid], changes: list[Any]) -> float:
    """Room of the best next step once ``standing`` are the level's pyramids
    (``changes`` from the statics): filling a free slot by adding a pyramid or moving a
    parked one there, or, with every slot filled, crowning it."""
    lay = layout(ctx.slots, standing)
    if not lay.free:
        return crown_room([(p.x, p.y) for p in standing], ctx.statics, changes) if len(standing) == 3 else math.inf
    best = -math.inf
    for k in lay.free:
        x, y = lay.slots[k]
        p = Pyramid(ctx.size, x, y, ctx.owner)
        if len(standing) < 3:
            best = max(best, pyramid_room(ctx.top, standing, ctx.statics, p, changes))
        for i, slot in enumerate(lay.on_slot):
            if slot is None:
                rest = standing[:i] + standing[i + 1 :]
                best = max(best, pyramid_room(ctx.top, rest, ctx.statics, p, (*changes, pyramid_change(standing[i], -1))))
    return best


def step_score(room_now: float, room_next: float, cap: float) -> float:
    """A drop's worth: its own room first, then the room it leaves the next step -
    never more than its own, so no promise of later excuses a fall now. Room beyond
    ``cap`` (a few times the hand's error) makes nothing safer and counts no more."""
    return min(room_now, cap) + FUTURE_WEIGHT * min(room_next, room_now, cap)


class Plan(NamedTuple):
    spot: tuple[float, float]  # world mm where the piece should land
    score: float  # see ``step_score``
    parked: bool


def plan_pyramid(tower: Tower, size: Size, owner: int, cap: float = ROOM_CAP_MM, adjusting: bool = False) -> Plan:
    """Where the held pyramid should land (see ``plan_pyramid_steps``)."""
    return finish(plan_pyramid_steps(tower, size, owner, cap, adjusting))


def plan_pyramid_steps(
    tower: Tower, size: Size, owner: int, cap: float = ROOM_CAP_MM, adjusting: bool = False
) -> Generator[None, None, Plan]:
    """A free slot of the plan, or a parking spot near the middle, whichever gives the
    best ``step_score`` (parking costs ``PARKING_COST_MM``; a pyramid lifted to move
    onto a slot parks again only if no slot is safe at all). A generator."""
    ctx = yield from level_context_steps(tower, size, owner)
    standing = list(ctx.top.pyramids)
    lay = layout(ctx.slots, standing)
    best = Plan((ctx.top.x, ctx.top.y), -math.inf, True)
    for k in lay.free:
        p = Pyramid(ctx.size, *lay.slots[k], owner)
        room = pyramid_room(ctx.top, standing, ctx.statics, p)
        score = step_score(room, next_step_room(ctx, [*standing, p], [pyramid_change(p)]), cap)
        if score > best.score:
            best = Plan(lay.slots[k], score, False)
    if adjusting and best.score > 0:
        return best
    n = round(PARKING_RANGE_MM / PARKING_STEP_MM)
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            if j % 3 == 0:
                yield
            x, y = ctx.top.x + i * PARKING_STEP_MM, ctx.top.y + j * PARKING_STEP_MM
            p = Pyramid(ctx.size, x, y, owner)
            room = pyramid_room(ctx.top, standing, ctx.statics, p)
            if step_score(room, cap, cap) - PARKING_COST_MM <= best.score:
                continue
            score = step_score(room, next_step_room(ctx, [*standing, p], [pyramid_change(p)]), cap) - PARKING_COST_MM
            if score > best.score:
                best = Plan((x, y), score, True)
    return best


def relocation(tower: Tower, owner: int, min_room: float) -> int | None:
    """A parked pyramid of the top level that can move onto a free slot of the plan
    now, leaving at least ``min_room``, or None."""
    top = tower[-1]
    if not top.pyramids:
        return None
    ctx = level_context(tower, top.pyramids[0].size, owner)
    standing = list(top.pyramids)
    lay = layout(ctx.slots, standing)
    best, choice = min_room, None
    for i, slot in enumerate(lay.on_slot):
        if slot is not None:
            continue
        rest = standing[:i] + standing[i + 1 :]
        for k in lay.free:
            p = Pyramid(ctx.size, *lay.slots[k], owner)
            room = pyramid_room(top, rest, ctx.statics, p, [pyramid_change(standing[i], -1)])
            if room > best:
                best, choice = room, i
    return choice


def plan_card(tower: Tower) -> Plan:
    """Where the crowning card should land: from the tripod's crown spot, the point
    with the most room (apexes, centre of mass, every support below)."""
    apexes = [(p.x, p.y) for p in tower[-1].pyramids]
    statics = Statics(tower)
    x, y = crown_spot(apexes)
    best = Plan((x, y), card_room(apexes, statics, x, y), False)
    for step in (2.0, 1.0, 0.5):
        improved = True
        while improved:
            improved = False
            bx, by = best.spot
            for dx, dy in ((step, 0), (-step, 0), (0, step), (0, -step)):
                room = card_room(apexes, statics, bx + dx, by + dy)
                if room > best.score + 1e-9:
                    best, improved = Plan((bx + dx, by + dy), room, False), True
    return best


# --- step 2: aim and release -----------------------------------------------------------------------


def calm_moments(phases: unsteady.Phases, patience_ms: int) -> list[int]:
    """The calm moments (ms) within ``patience_ms`` (see ``calm_moments_steps``)."""
    return finish(calm_moments_steps(phases, patience_ms))


def calm_moments_steps(phases: unsteady.Phases, patience_ms: int) -> Generator[None, None, list[int]]:
    """``hand.calm_holds`` on a 10 ms grid, each refined to the millisecond. A
    generator: it yields every 200 samples of the tremor."""
    dist = []
    for i, t in enumerate(range(0, patience_ms + 1, 10)):
        if i % 200 == 199:
            yield
        dist.append(math.hypot(*unsteady.tremor(1.0, phases, t)))
    coarse = [i * 10 for i in range(1, len(dist) - 1) if dist[i] <= dist[i - 1] and dist[i] <= dist[i + 1]]
    out = []
    for t in coarse:
        best, least = t, dist[t // 10]
        for u in range(max(0, t - 9), min(HOLD_MS_MAX, t + 10)):
            d = math.hypot(*unsteady.tremor(1.0, phases, u))
            if d < least:
                best, least = u, d
        out.append(best)
    yield
    return out


class Aim(NamedTuple):
    x: float  # target in the top card's frame
    y: float
    hold_ms: int  # the calm moment aimed for (before the release error)
    room: float  # the worst landing's room


def aim(room_at: RoomAt, spot: Point, origin: Point, amp: float, phases: unsteady.Phases, skill: Skill) -> Aim:
    """The target and calm moment for a drop (see ``aim_steps``)."""
    return finish(aim_steps(room_at, spot, origin, amp, phases, skill))


def aim_steps(room_at: RoomAt, spot: Point, origin: Point, amp: float, phases: unsteady.Phases, skill: Skill) -> Generator[None, None, Aim]:
    """The target and calm moment whose worst landing (release errors of -2..+2 sigma)
    leaves the most room; ``room_at(x, y)`` grades a landing point (world mm). A
    generator."""
    sigma = skill.release_sigma_ms
    quantiles = ERROR_QUANTILES if skill.robust else (0.0,)
    moments = (yield from calm_moments_steps(phases, skill.patience_ms)) or [0]
    ox, oy = origin
    scored = []
    for i, t in enumerate(moments):
        if i % 4 == 3:
            yield
        dx, dy = unsteady.tremor(amp, phases, t)
        offsets = [_offset(amp, phases, t, q * sigma, dx, dy) for q in quantiles]
        scored.append((_worst(room_at, spot, offsets), t, spot[0] - dx - ox, spot[1] - dy - oy, offsets))
    scored.sort(key=lambda s: -s[0])
    room, t, tx, ty, _ = scored[0]
    best = Aim(*_clamp(tx, ty), t, room)
    if not skill.robust:
        return best
    for _, t, tx, ty, offsets in scored[:CALM_CANDIDATES]:
        for nx in TARGET_NUDGES_MM:
            for ny in TARGET_NUDGES_MM:
                yield
                x, y = _clamp(tx + nx, ty + ny)
                room = _worst(room_at, (spot[0] + x - tx, spot[1] + y - ty), offsets)
                if room > best.room + 1e-9:
                    best = Aim(x, y, t, room)
    return best


def _offset(amp: float, phases: unsteady.Phases, t: int, err: float, dx: float, dy: float) -> Point:
    """Where the piece lands, relative to the spot, when let go ``err`` ms after ``t``."""
    u = min(HOLD_MS_MAX, max(0, round(t + err)))
    ex, ey = unsteady.tremor(amp, phases, u)
    return (ex - dx, ey - dy)


def _worst(room_at: RoomAt, point: Point, offsets: Iterable[Point]) -> float:
    return min(room_at(point[0] + ox, point[1] + oy) for ox, oy in offsets)


def _clamp(x: float, y: float) -> tuple[float, float]:
    rx, ry = CARD_HALF_WIDTH_MM + DROP_REACH_MM, CARD_HALF_LENGTH_MM + DROP_REACH_MM
    return (round(min(rx, max(-rx, x)), 2), round(min(ry, max(-ry, y)), 2))


def release_error(rng: Rng, skill: Skill) -> float:
    """Milliseconds between the calm moment aimed for and the actual release."""
    sigma = skill.release_sigma_ms
    if skill.slip_chance and rng.unit() < skill.slip_chance:
        sigma = skill.slip_sigma_ms
    return sigma * (rng.unit() + rng.unit() + rng.unit() + rng.unit() - 2.0) * math.sqrt(3.0)


def choose_drop(view: dict[str, Any], skill: Skill, rng: Rng) -> tuple[float, float, int]:
    """The drop for the held piece: (target x, target y, hold ms)."""
    return finish(choose_drop_steps(view, skill, rng))


def choose_drop_steps(view: dict[str, Any], skill: Skill, rng: Rng) -> Generator[None, None, tuple[float, float, int]]:
    """``choose_drop`` as a generator that yields every few milliseconds of work."""
    tower = tower_from_view(view)
    held = view["held"]
    amp, phases = float(held["amplitude_mm"]), tuple(float(p) for p in held["phases"])  # 2 or 3: the hand's edition
    top = tower[-1]
    statics = Statics(tower)
    if held["piece"] == "card":
        plan = plan_card(tower)
        apexes = [(p.x, p.y) for p in top.pyramids]

        def room_at(x: float, y: float) -> float:
            return card_room(apexes, statics, x, y)
    else:
        size = Size.parse(held["size"])
        cap = room_cap(skill, amp)
        plan = yield from plan_pyramid_steps(tower, size, view["seat"], cap, bool(held["adjusting"]))
        standing = top.pyramids
        sx, sy = plan.spot

        def room_at(x: float, y: float) -> float:
            room = pyramid_room(top, standing, statics, Pyramid(size, x, y, -1))
            return min(room, cap) - DRIFT_WEIGHT * math.hypot(x - sx, y - sy)

    a = yield from aim_steps(room_at, plan.spot, (top.x, top.y), amp, phases, skill)
    hold = min(HOLD_MS_MAX, max(0, round(a.hold_ms + release_error(rng, skill))))
    return a.x, a.y, hold


# --- adjusting ------------------------------------------------------------------------------------------


def room_cap(skill: Skill, amp: float) -> float:
    """Room beyond which a drop by this hand at this amplitude is as safe as it gets."""
    return 3.0 + 4.0 * skill.error_mm(amp)


def lift_choice(view: dict[str, Any], skill: Skill) -> int | None:
    """A parked top-level pyramid to lift now, because it can move onto its slot with
    room to spare for this hand's error at this height; or None."""
    tower = tower_from_view(view)
    level = len(tower) - 1
    min_room = 2.0 + 2.5 * skill.error_mm(unsteady.amplitude("pyramid", level))
    return relocation(tower, view["seat"], min_room)
