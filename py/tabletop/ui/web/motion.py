"""Motion at the table: pieces travel, turn, tip and arrive instead of jumping.

The table is rebuilt whole on every render (dom.Mount), so motion works the FLIP way:
before a render ``Motion.before`` notes where each keyed element stands; after it
``Motion.after`` finds the elements with the same key, and each that moved is drawn from
its old place to its new one (a Web Animations transform, at most ``LONGEST_MS``). The
element is already where it belongs: clicks and keys reach the new page at once, the
animation only paints the way there. Nothing waits for it.

Renderers only label what they draw, with ``key(...)`` (the same thing, before and after
a move: a card by its code, a coaster by its id) and ``last_move()`` (where the other
player's last move landed); they never animate. The effects:

- a keyed element that moved: slides from where it was (a card from the hand to a tower,
  a pyramid along its arrow, a coaster to its new corner);
- ``came_from``: new under its key, it was drawn under another before (a pyramid that left B2
  for B3, the computer's card that left its hand);
- ``state`` + ``effect``: the same thing changed state (``tip`` a pyramid knocked down,
  ``turn`` a coaster's quarter turns, ``flip`` a card turned over, ``roll`` a die);
- ``effect="arrive"`` on a new key: it comes in (a drawn card, a placed pyramid); ``"land"``:
  it comes down from above onto a top view, shrinking onto its spot (its centre never leaves
  where it landed). Effects combine as words (``"tip arrive"``).

Off when the app's reduce-motion setting is on or the system asks for reduced motion
(prefers-reduced-motion); then nothing is animated. The plan (what to animate) is
browser-free and tested under CPython; only ``Motion`` touches the page.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

Scope = tuple[Any, ...]  # what a table shows: (game, eyes, moves)

KEY = "data-motion"
FROM = "data-motion-from"
STATE = "data-motion-state"
EFFECT = "data-motion-effect"
LAST = "data-last-move"
EFFECTS = ("arrive", "land", "tip", "turn", "flip", "roll")
LONGEST_MS = 300
SLIDE_MS = 260
MIN_SHIFT_PX = 3.0  # a smaller shift is a re-layout, not a move: not animated


def key(kind: str, ident: Any, came_from: str | None = None, state: Any = None, effect: str | None = None) -> dict[str, str]:
    """Attributes naming a thing on the table for motion (merge them into the element's attributes).

    >>> key("card", "QS")
    {'data-motion': 'card:QS'}
    >>> key("coaster", 0, state=3, effect="turn")
    {'data-motion': 'coaster:0', 'data-motion-state': '3', 'data-motion-effect': 'turn'}
    """
    if effect is not None and not set(effect.split()) <= set(EFFECTS):
        raise ValueError(f"unknown motion effect {effect!r}")
    attrs = {KEY: f"{kind}:{ident}"}
    if came_from:
        attrs[FROM] = came_from
    if state is not None:
        attrs[STATE] = str(state)
    if effect:
        attrs[EFFECT] = effect
    return attrs


def last_move(on: bool = True) -> dict[str, str]:
    """The mark on what the last move changed (shown until the next move: each render draws it anew)."""
    return {LAST: "1"} if on else {}


@dataclass(frozen=True)
class Spot:
    """Where a keyed element stood (page pixels) and its state, as noted before a render."""

    x: float
    y: float
    state: str | None = None


@dataclass(frozen=True)
class Seen:
    """A keyed element of the new page, in document order. ``parent`` is the index of the nearest
    keyed element around it (a pyramid inside its cell): what carries it carries it."""

    key: str
    spot: Spot
    came_from: str | None = None
    effect: str | None = None
    parent: int | None = None


@dataclass(frozen=True)
class Step:
    """One animation to play: ``index`` is the element's place in document order."""

    index: int
    effect: str  # "slide" or one of EFFECTS
    dx: float = 0.0
    dy: float = 0.0
    turn: int = 0  # quarter turns to unwind (effect "turn")


def plan(before: dict[str, Spot], after: list[Seen], scoped: bool = True) -> list[Step]:
    """What to animate, from where things stood before and each keyed element now. A key that
    appears more than once now is ambiguous and left still; an element whose carrier (``parent``)
    moves is carried, not moved again. ``scoped`` False (another game, another viewer) animates nothing.

    >>> plan({"card:QS": Spot(10.0, 300.0)}, [Seen("card:QS", Spot(200.0, 40.0))])
    [Step(index=0, effect='slide', dx=-190.0, dy=260.0, turn=0)]
    >>> plan({"pyr:B2": Spot(0, 0, "up")}, [Seen("pyr:B3", Spot(50, 0, "up"), "pyr:B2", "tip")])[0].effect
    'slide'
    >>> plan({"pyr:B3": Spot(0, 0, "up")}, [Seen("pyr:B3", Spot(0, 0, "down"), effect="tip")])[0].effect
    'tip'
    >>> plan({"x": Spot(0, 0)}, [Seen("card:2H", Spot(0, 0), effect="arrive")])
    [Step(index=0, effect='arrive', dx=0.0, dy=0.0, turn=0)]
    >>> plan({"x": Spot(0, 0)}, [Seen("card:2H", Spot(0, 0), effect="arrive")], scoped=False)
    []
    """
    if not scoped:
        return []
    counts: dict[str, int] = {}
    for seen in after:
        counts[seen.key] = counts.get(seen.key, 0) + 1
    steps: list[Step] = []
    carried: set[int] = set()
    for i, seen in enumerate(after):
        step = _step(i, seen, before) if counts[seen.key] == 1 else None
        if step is not None and step.effect == "slide" and seen.parent in carried:
            carried.add(i)  # it rides along with its carrier
            continue
        if step is not None:
            steps.append(step)
            if step.effect in ("slide", "turn"):
                carried.add(i)
    return steps


def _step(i: int, seen: Seen, before: dict[str, Spot]) -> Step | None:
    old = before.get(seen.key)
    if old is None and seen.came_from:  # new under its own key: from where it was drawn before
        old = before.get(seen.came_from)
    effects, spot = (seen.effect or "").split(), seen.spot
    if old is None:  # new: it arrives (but the first picture of a table has nothing arriving)
        arriving = next((e for e in ("arrive", "land") if e in effects), None)
        return Step(i, arriving) if arriving and before else None
    dx, dy = old.x - spot.x, old.y - spot.y
    changed = old.state is not None and spot.state is not None and old.state != spot.state
    if "turn" in effects and changed:
        return Step(i, "turn", dx, dy, quarter_turns(old.state or "0", spot.state or "0"))
    for effect in ("tip", "flip", "roll"):
        if effect in effects and changed:
            return Step(i, effect)
    if abs(dx) >= MIN_SHIFT_PX or abs(dy) >= MIN_SHIFT_PX:
        return Step(i, "slide", dx, dy)
    return None


def quarter_turns(old: str, new: str) -> int:
    """The shortest way from an old rotation (quarter turns, 0-3) to a new one: -1, 1 or 2.

    >>> quarter_turns("3", "0"), quarter_turns("0", "3"), quarter_turns("1", "3")
    (1, -1, 2)
    """
    try:
        d = (int(new) - int(old)) % 4
    except ValueError:
        return 0
    return d - 4 if d == 3 else d


def keyframes(step: Step) -> tuple[list[dict[str, Any]], int]:
    """The Web Animations keyframes and duration (ms) of one step; every one ends where the
    element already is (no transform), so nothing is left displaced if it is cut short.

    >>> keyframes(Step(0, "slide", 12.0, -40.0))
    ([{'transform': 'translate(12.0px, -40.0px)'}, {'transform': 'none'}], 260)
    """
    if step.effect == "slide":
        return [{"transform": f"translate({step.dx:.1f}px, {step.dy:.1f}px)"}, {"transform": "none"}], SLIDE_MS
    if step.effect == "turn":
        return [
            {"transform": f"translate({step.dx:.1f}px, {step.dy:.1f}px) rotate({-90 * step.turn}deg)"},
            {"transform": "none"},
        ], LONGEST_MS
    if step.effect == "tip":
        return [{"transform": "rotate(-90deg)", "offset": 0}, {"transform": "rotate(8deg)", "offset": 0.8}, {"transform": "none"}], 280
    if step.effect == "flip":
        return [{"transform": "perspective(400px) rotateY(90deg)"}, {"transform": "none"}], 240
    if step.effect == "land":
        return [{"opacity": 0.35, "transform": "scale(1.35)"}, {"opacity": 1, "transform": "none"}], 220
    if step.effect == "roll":
        return [{"transform": "rotate(-270deg) scale(.6)"}, {"transform": "none"}], LONGEST_MS
    return [{"opacity": 0, "transform": "translateY(-14px) scale(.85)"}, {"opacity": 1, "transform": "none"}], 220  # arrive


def moved(old: Scope | None, new: Scope | None) -> bool:
    """Whether the page goes from one position of a game to another seen by the same eyes: a move
    was made or taken back. ``(game, eyes, moves)``; a re-render for a half-made choice, a
    hand-over or another screen is not motion.

    >>> moved(("g1", None, 4), ("g1", None, 5)), moved(("g1", None, 4), ("g1", None, 4)), moved(("g1", 0, 4), ("g1", 1, 5))
    (True, False, False)
    """
    return old is not None and new is not None and old[:-1] == new[:-1] and old[-1] != new[-1]


# One call to the page to read, one to animate, not several per element (through Pyodide each DOM
# call is a round trip: starting 30 animations one call at a time took ~15 ms). A place is read
# relative to the element's ``data-motion-frame`` (a board), so the board being pushed down by a
# longer prompt is not taken for its pieces moving. The CSP allows eval for Pyodide itself; these
# are the app's only compiled snippets.
READ_JS = """
const found = Array.from(root.querySelectorAll('[data-motion]'));
const index = new Map(found.map((el, i) => [el, i]));
const frames = new Map();
return JSON.stringify(found.map(el => {
  const r = el.getBoundingClientRect();
  const frame = el.closest('[data-motion-frame]');
  if (frame && !frames.has(frame)) frames.set(frame, frame.getBoundingClientRect());
  const f = frame ? frames.get(frame) : {left: 0, top: 0};
  const carrier = el.parentElement ? el.parentElement.closest('[data-motion]') : null;
  return [el.getAttribute('data-motion'), r.left - f.left, r.top - f.top, el.getAttribute('data-motion-state'),
          el.getAttribute('data-motion-from'), el.getAttribute('data-motion-effect'), carrier ? index.get(carrier) : null];
}));
"""
ANIMATE_JS = """
const found = root.querySelectorAll('[data-motion]');
for (const [i, frames, options] of JSON.parse(steps)) found[i].animate(frames, options);
return document.getAnimations().length;
"""
FRAME = "data-motion-frame"


def frame() -> dict[str, str]:
    """Attributes of a board whose pieces are placed relative to it (see READ_JS)."""
    return {FRAME: "1"}


def read_page(text: str) -> list[Seen]:
    """The page reader's answer as ``Seen`` values, in document order.

    >>> read_page('[["card:QS", 10, 20.5, null, null, "arrive", null]]')
    [Seen(key='card:QS', spot=Spot(x=10.0, y=20.5, state=None), came_from=None, effect='arrive', parent=None)]
    """
    return [
        Seen(k, Spot(float(x), float(y), state), came_from, effect, parent)
        for k, x, y, state, came_from, effect, parent in json.loads(text)
    ]


def keyframes_and_options(step: Step) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    frames, ms = keyframes(step)
    return frames, {"duration": ms, "easing": "cubic-bezier(.2, .7, .3, 1)"}


class Motion:
    """Notes keyed elements before a render and animates them after it (the browser half)."""

    def __init__(self) -> None:
        import js

        self.js = js
        self.scope: Scope | None = None  # what the page shows now: (game, eyes, moves) at the table, None elsewhere
        self._read: Any = None
        self._system = None
        try:
            self._read = js.Function.new("root", READ_JS)
            self._animate = js.Function.new("root", "steps", ANIMATE_JS)
            self._system = js.window.matchMedia("(prefers-reduced-motion: reduce)")
        except Exception:  # a page whose policy forbids compiling: the table simply does not move
            pass
        self.stats: dict[str, Any] = {"renders": 0, "moves": 0, "animated": 0, "last_ms": 0.0, "total_ms": 0.0, "parts_ms": []}

    def wanted(self, settings: dict[str, Any]) -> bool:
        """Off with the app's reduce-motion setting or the system's preference."""
        if settings.get("reduce_motion") or self._read is None:
            return False
        return not (self._system is not None and bool(self._system.matches))

    def show(self, root: Any, scope: Scope | None, settings: dict[str, Any], show: Any) -> int:
        """Run ``show()`` (which rebuilds ``root``); when it shows the next position of the same
        game, animate what moved. Returns how many animations started. ``scope`` is
        (game, eyes, moves) for a table, None for any other screen."""
        active = moved(self.scope, scope) and self.wanted(settings)
        self.scope = scope
        self.stats["renders"] += 1
        if not active:
            show()
            return 0
        started = time.perf_counter()
        before = {seen.key: seen.spot for seen in read_page(str(self._read(root)))}
        noted = time.perf_counter()
        show()
        shown = time.perf_counter()
        try:  # motion is a nicety: whatever goes wrong here, the new page is already shown
            now = read_page(str(self._read(root)))
            read = time.perf_counter()
            steps = plan(before, now)
            self._animate(root, json.dumps([[step.index, *keyframes_and_options(step)] for step in steps]))
        except Exception as exc:
            print(f"motion: not animated ({type(exc).__name__}: {exc})")
            return 0
        count = len(steps)
        done = time.perf_counter()
        spent = (noted - started + done - shown) * 1000  # noting + reading + starting (not the render)
        self.stats["parts_ms"] = [round((noted - started) * 1000, 2), round((read - shown) * 1000, 2), round((done - read) * 1000, 2)]
        self.stats["moves"] += 1
        self.stats["animated"] += count
        self.stats["last_ms"] = round(spent, 2)
        self.stats["total_ms"] = round(self.stats["total_ms"] + spent, 2)
        return count

    def expose(self) -> None:
        """``window.twMotion()``: the counts and the time spent noting and animating (for measuring)."""
        from pyodide.ffi import create_proxy

        self.js.window.twMotion = create_proxy(lambda: self.js.JSON.parse(json.dumps(self.stats)))
