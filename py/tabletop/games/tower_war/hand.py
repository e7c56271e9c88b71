"""The unsteady hand: where a held piece lands when it is let go.

Picking a piece up draws two phases from the game's seeded generator; from then on
the piece trembles around the pointer target::

    landing = target + A * (sin(2*pi*f1*t + p1), sin(2*pi*f2*t + p2))

with ``t = hold_ms / 1000`` and ``A`` growing with the level the piece joins. A move
records only the target and the hold time, so the engine recomputes the landing
exactly on every replay.

The calm (hand edition 2): ``A`` is also scaled by a steadiness ``s(t)`` that every
``TREMOR_CALM_EVERY_MS`` fades to ``TREMOR_CALM_FLOOR`` for ``TREMOR_CALM_MS`` (with
smooth ramps), at a moment set by a third public phase. A person sees the calm come
and has time to let go inside it. Edition 1 (saves made before save format 2) has two
phases and no calm; the number of phases says which hand a held piece is in.

The sine is our own polynomial built from + - * / and ``round`` only: IEEE-754 makes
those bit-identical on CPython and on Pyodide's WebAssembly, whereas ``math.sin``
comes from the platform's C library and may differ in the last bit, which could
flip a knife-edge statics check between a saved game and its replay.

The phases are public (both players watch the hand tremble), but SplitMix64's
outputs are invertible: a phase made straight from one output would give away the
generator's state, hence the seed, every shuffle and every hidden card. So the two
raw outputs taken at pick-up go through a one-way hash (BLAKE2b, in the standard
library of CPython and Pyodide alike) and only the hash becomes the phases; nothing
shown lets anyone step the generator.

>>> tremor(6.0, (0.0, 0.0), 0)
(0.0, 0.0)
>>> x, y = tremor(6.0, (HALF_PI, 0.0), 0)
>>> round(x, 12), y
(6.0, 0.0)
"""

from __future__ import annotations

import hashlib
import math

from tabletop.engine.rng import Rng
from tabletop.games.tower_war.physics import (
    HAND_EDITION,
    TREMOR_AMPLITUDE_CARD_MM,
    TREMOR_AMPLITUDE_PYRAMID_MM,
    TREMOR_CALM_EVERY_MS,
    TREMOR_CALM_FLOOR,
    TREMOR_CALM_MS,
    TREMOR_CALM_RAMP_MS,
    TREMOR_FREQUENCIES_HZ,
    TREMOR_GROWTH_PER_LEVEL,
)

Phases = tuple[float, ...]  # (p1, p2) in edition 1; (p1, p2, calm offset in [0, 1)) in edition 2

PI = math.pi
TWO_PI = 2.0 * math.pi
HALF_PI = 0.5 * math.pi
# Taylor coefficients of sin up to x**17 (error below 5e-14 on [-pi/2, pi/2]); each is
# an int / int division, correctly rounded on every IEEE platform.
_SIN_TERMS = tuple((-1) ** k / math.factorial(2 * k + 1) for k in range(9))


def sine(x: float) -> float:
    """sin(x) to about 1e-13, bit-identical on every IEEE-754 Python.

    >>> [round(sine(v), 12) for v in (0.0, HALF_PI, PI, -HALF_PI, 100.0)] == [0.0, 1.0, 0.0, -1.0, round(math.sin(100.0), 12)]
    True
    """
    r = x - round(x / TWO_PI) * TWO_PI  # now in [-pi, pi]
    if r > HALF_PI:
        r = PI - r
    elif r < -HALF_PI:
        r = -PI - r
    r2 = r * r
    acc = 0.0
    for c in reversed(_SIN_TERMS):
        acc = acc * r2 + c
    return acc * r


def amplitude(piece: str, level: int) -> float:
    """Tremor amplitude in mm for a ``"pyramid"`` or ``"card"`` joining ``level``:
    the higher the tower, the shakier the hand."""
    base = TREMOR_AMPLITUDE_CARD_MM if piece == "card" else TREMOR_AMPLITUDE_PYRAMID_MM
    return base * (1.0 + TREMOR_GROWTH_PER_LEVEL * level)


# Domain separation for the phase hash: no other use of BLAKE2b in the game can collide with it.
_PHASE_PERSON = b"tw-tremor-phase"
_CALM_PERSON = b"tw-tremor-calm"
_UNIT = float(1 << 53)


def phases_from(raw: tuple[int, int], edition: int = HAND_EDITION) -> Phases:
    """The public phases from two secret 64-bit generator outputs, through a one-way hash:
    integer and byte work only, so identical on every Python. Two sway phases in
    [0, 2*pi); edition 2 adds the calm's offset in [0, 1) (its own hash of the same draw,
    so the sway phases are those of edition 1).

    >>> phases_from((1, 2)) == phases_from((1, 2)) != phases_from((2, 1))
    True
    >>> all(0.0 <= p < TWO_PI for p in phases_from((0, (1 << 64) - 1)))
    True
    >>> phases_from((1, 2), 1) == phases_from((1, 2))[:2], len(phases_from((1, 2)))
    (True, 3)
    """
    data = raw[0].to_bytes(8, "little") + raw[1].to_bytes(8, "little")
    digest = hashlib.blake2b(data, digest_size=16, person=_PHASE_PERSON).digest()
    top = (int.from_bytes(digest[:8], "little") >> 11, int.from_bytes(digest[8:], "little") >> 11)
    sway = (top[0] / _UNIT * TWO_PI, top[1] / _UNIT * TWO_PI)
    if edition == 1:
        return sway
    calm = hashlib.blake2b(data, digest_size=8, person=_CALM_PERSON).digest()
    return sway + ((int.from_bytes(calm, "little") >> 11) / _UNIT,)


def draw_phases(rng: Rng, edition: int = HAND_EDITION) -> Phases:
    """The tremor's phases, drawn at pick-up from the game's generator: two outputs
    (as before, so the rest of the game's chance is unchanged) hashed one-way."""
    return phases_from((rng.next_u64(), rng.next_u64()), edition)


def _smooth(x: float) -> float:
    return x * x * (3.0 - 2.0 * x)


def steadiness(phases: Phases, hold_ms: int) -> float:
    """How much of the full sway the hand has now: 1 between calms, ``TREMOR_CALM_FLOOR``
    inside one, smooth ramps between (always 1 in edition 1).

    >>> steadiness((0.0, 0.0), 1234), steadiness((0.0, 0.0, 0.0), 10), steadiness((0.0, 0.0, 0.0), 1500)
    (1.0, 0.08, 1.0)
    """
    if len(phases) < 3:
        return 1.0
    u = hold_ms + phases[2] * TREMOR_CALM_EVERY_MS
    u -= math.floor(u / TREMOR_CALM_EVERY_MS) * TREMOR_CALM_EVERY_MS  # now in [0, every)
    if u < TREMOR_CALM_MS:
        return TREMOR_CALM_FLOOR
    ramp = min(u - TREMOR_CALM_MS, TREMOR_CALM_EVERY_MS - u) / TREMOR_CALM_RAMP_MS
    if ramp >= 1.0:
        return 1.0
    return TREMOR_CALM_FLOOR + (1.0 - TREMOR_CALM_FLOOR) * _smooth(ramp)


def is_calm(phases: Phases, hold_ms: int) -> bool:
    """What the screen lights as calm: the hand at its calm floor (edition 2), or in
    edition 1 the sway within a quarter of its reach of the aim."""
    if len(phases) >= 3:
        return steadiness(phases, hold_ms) <= TREMOR_CALM_FLOOR + 1e-9
    return math.hypot(*tremor(1.0, phases, hold_ms)) < 0.25 * math.sqrt(2.0)


def tremor(amp: float, phases: Phases, hold_ms: int) -> tuple[float, float]:
    """The hand's offset ``d(t)`` after holding the piece ``hold_ms`` milliseconds."""
    t = hold_ms / 1000.0
    f1, f2 = TREMOR_FREQUENCIES_HZ
    a = amp * steadiness(phases, hold_ms)
    return (a * sine(TWO_PI * f1 * t + phases[0]), a * sine(TWO_PI * f2 * t + phases[1]))


def landing(target: tuple[float, float], amp: float, phases: Phases, hold_ms: int) -> tuple[float, float]:
    """Where the piece lands: the pointer target plus the tremor at release."""
    dx, dy = tremor(amp, phases, hold_ms)
    return (target[0] + dx, target[1] + dy)


def calm_holds(phases: Phases, hold_ms_max: int, step_ms: int = 10) -> list[int]:
    """Hold times (on a ``step_ms`` grid) where the hand is stillest: local minima of the
    tremor's distance from the target. A helper for computer players and hints."""
    amp = 1.0
    dist = [math.hypot(*tremor(amp, phases, t)) for t in range(0, hold_ms_max + 1, step_ms)]
    return [i * step_ms for i in range(1, len(dist) - 1) if dist[i] <= dist[i - 1] and dist[i] <= dist[i + 1]]
