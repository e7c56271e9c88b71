"""The tower's sway and fall keep going across re-renders.

The table is drawn anew after every move (and every computer move), which would restart
each CSS animation: the sway would jump back to its start. So the sway runs on the wall
clock, so each render starts its animation with a negative delay at the point the clock
says it has reached; a fall is timed from the first render that showed it, so a re-render
during the fall carries on (and after it shows the fallen tower, not a second fall).
"""

from __future__ import annotations

import time
from typing import Any

# After the page is built, each sway's start is set on the page's own clock, exactly: Python's
# delay is taken while the table is still being built, up to a few hundred ms before the
# animation starts on a busy phone.
ON_THE_CLOCK_JS = """for (const el of document.querySelectorAll('.twar-wobble')) for (const a of el.getAnimations()) {
  const t = a.effect.getTiming(), cycle = 2 * t.duration;
  if (cycle > 0) a.startTime = -(performance.timeOrigin % cycle) - t.delay; }"""
_ON_THE_CLOCK: list[Any] = []
FALL_DELAY_MS = 300  # the stylesheet's pause before the fall starts (.twar-falling-*)
_FALLS_SEEN: dict[str, float] = {}  # a fall's key -> the wall-clock ms it was first drawn
_FALLS_KEPT = 32


def now_ms() -> float:
    return time.time() * 1000


def keep_on_the_clock() -> None:
    """Once the table is on the page, start each sway where the wall clock says it is."""
    try:
        import js
    except ImportError:  # CPython tests: the delay alone
        return
    if not _ON_THE_CLOCK:
        _ON_THE_CLOCK.append(js.Function.new(ON_THE_CLOCK_JS))
    js.setTimeout(_ON_THE_CLOCK[0], 0)


def sway_delay(period_s: float, now: float) -> str:
    """The animation-delay that puts a sway of ``period_s`` (one way; it runs there and back,
    ``alternate``) where the clock ``now`` (ms) says it is: the same for every render.

    >>> sway_delay(2.0, 9_500.0), sway_delay(2.0, 13_500.0)
    ('-1500ms', '-1500ms')
    """
    return f"-{now % (2 * period_s * 1000):.0f}ms"


def fall_delay(key: str, now: float) -> str:
    """The animation-delay of the fall ``key`` (a game and its fall): its pause the first time it
    is drawn, then less by the time since, so each render resumes the fall where it was.

    >>> _FALLS_SEEN.clear(); fall_delay("g", 1_000.0), fall_delay("g", 1_250.0), fall_delay("g", 3_000.0)
    ('300ms', '50ms', '-1700ms')
    """
    if key not in _FALLS_SEEN and len(_FALLS_SEEN) >= _FALLS_KEPT:
        _FALLS_SEEN.pop(next(iter(_FALLS_SEEN)))
    started = _FALLS_SEEN.setdefault(key, now)
    return f"{FALL_DELAY_MS - (now - started):.0f}ms"
