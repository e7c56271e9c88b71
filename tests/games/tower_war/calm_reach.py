"""Can a person reach the calm? A simulated careful person against the computer's hands.

The person aims the pointer at the spot, is ready after ``READY_MS`` (uniform), waits
for the calm the screen lights (``hand.is_calm``: the drift gauge, the ghost's outline
and the "Calm" light) to come on and lets go ``REACTION_MS`` (uniform) after seeing it
come on (a calm already lit when the person gets ready is let pass: it may be ending). The
person never corrects for the sway: the piece lands at target + d(release).

A computer level aims with its own code (``ai.placement.aim_steps``: it knows its hand,
picks a calm moment and corrects its target for the sway there) and lets go off that
moment by its level's release error (``ai.placement.release_error``).

A drop succeeds when it lands within ``TOLERANCE_MM`` of the spot meant: for a pyramid
3 mm (a planned tripod still has its card's balance well inside the triangle), for a
card 6 mm (a crowning card has about 11 mm of room on a good tripod, ``ai.py``).
Everything is drawn from seeded generators, so the numbers repeat exactly.
"""

from __future__ import annotations

import math

from tabletop.engine.rng import Rng
from tabletop.games.tower_war import ai, hand
from tabletop.games.tower_war.ai import placement as ap
from tabletop.games.tower_war.physics import HOLD_MS_MAX

READY_MS = (600, 1600)  # from the pick-up to an aim the person is happy with
REACTION_MS = (150, 250)  # from seeing the calm to letting go
TOLERANCE_MM = {"pyramid": 3.0, "card": 6.0}
SCAN_MS = 5  # how finely the person's eye samples the calm light (a frame is ~16 ms)


def uniform(rng: Rng, lo: float, hi: float) -> float:
    return lo + (hi - lo) * rng.unit()


def person_release(phases: hand.Phases, rng: Rng) -> int:
    """When the simulated person lets go (ms after the pick-up)."""
    t = round(uniform(rng, *READY_MS))
    while t < HOLD_MS_MAX and hand.is_calm(phases, t):
        t += SCAN_MS
    while t < HOLD_MS_MAX and not hand.is_calm(phases, t):
        t += SCAN_MS
    return min(HOLD_MS_MAX, t + round(uniform(rng, *REACTION_MS)))


def person_error(amp: float, phases: hand.Phases, rng: Rng) -> float:
    return math.hypot(*hand.tremor(amp, phases, person_release(phases, rng)))


def computer_error(amp: float, phases: hand.Phases, skill: ap.Skill, rng: Rng) -> float:
    """Landing error of a computer hand aiming at the spot (0, 0) with its own aim code."""
    aim = ap.finish(ap.aim_steps(lambda x, y: -math.hypot(x, y), (0.0, 0.0), (0.0, 0.0), amp, phases, skill))
    hold = min(HOLD_MS_MAX, max(0, round(aim.hold_ms + ap.release_error(rng, skill))))
    dx, dy = hand.tremor(amp, phases, hold)
    return math.hypot(aim.x + dx, aim.y + dy)


def measure(piece: str, level: int, edition: int, drops: int = 200, seed: int = 1) -> dict:
    """Mean landing error (mm) and success rate of the person and of every computer level,
    over ``drops`` pick-ups of ``piece`` joining ``level`` in hand ``edition``."""
    amp = hand.amplitude(piece, level)
    tol = TOLERANCE_MM[piece]
    draws = Rng(seed)
    errors: dict[str, list[float]] = {"person": [], **{name: [] for name in ai.TUNING}}
    people, hands = Rng(seed + 1), Rng(seed + 2)
    for _ in range(drops):
        phases = hand.phases_from((draws.next_u64(), draws.next_u64()), edition)
        errors["person"].append(person_error(amp, phases, people))
        for name, level_ in ai.TUNING.items():
            errors[name].append(computer_error(amp, phases, level_.skill, hands))
    return {
        "piece": piece,
        "level": level,
        "edition": edition,
        "amplitude_mm": round(amp, 2),
        "calm_fraction": round(calm_fraction(edition), 3),
        **{
            name: {"mean_error_mm": round(sum(e) / len(e), 2), "success": round(sum(x <= tol for x in e) / len(e), 3)}
            for name, e in errors.items()
        },
    }


def calm_fraction(edition: int, samples: int = 400, seed: int = 5) -> float:
    """The share of the time the screen shows the hand as calm."""
    rng = Rng(seed)
    lit = total = 0
    for _ in range(samples // 40):
        phases = hand.phases_from((rng.next_u64(), rng.next_u64()), edition)
        for t in range(0, HOLD_MS_MAX, HOLD_MS_MAX // 40):
            lit += hand.is_calm(phases, t)
            total += 1
    return lit / total
