"""Every physical number of Tower War's modelled tower and unsteady hand, in one place.

Millimetres, grams, seconds and hertz. The rules page (``guide.py``, "Adding a piece"
and "What makes the tower fall") shows these numbers to players from here; tune them
here for play feel, and the tests that pin the behaviour will say what moved.

Sizes are indexed by ``Size`` (an ``IntEnum`` 1..3), so the tables below carry an
unused slot 0 and the hot statics loop can index them without a dict look-up.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.pyramids import Size

# --- cards -------------------------------------------------------------------------------
CARD_WIDTH_MM = 63.0  # along the frame's x axis (every card lies portrait, axis-aligned)
CARD_LENGTH_MM = 88.0  # along the frame's y axis
CARD_HALF_WIDTH_MM = CARD_WIDTH_MM / 2
CARD_HALF_LENGTH_MM = CARD_LENGTH_MM / 2
CARD_MASS_G = 1.8
CARD_THICKNESS_MM = 0.3  # drawing only: the statics are top-down

# --- pyramids (square base side, height, mass), indexed by Size ----------------------------
PYRAMID_BASE_MM = (0.0, 15.0, 20.0, 25.0)
PYRAMID_HEIGHT_MM = (0.0, 26.0, 35.0, 44.0)
PYRAMID_MASS_G = (0.0, 1.5, 3.0, 5.5)
PYRAMIDS_PER_LEVEL = 3  # a card rests on a tripod

# --- statics -----------------------------------------------------------------------------
COM_MARGIN_MM = 1.0  # a centre of mass must be at least this far inside its support triangle
TOLERANCE_MM = 1e-9  # float slack on every "inside" / "touching" comparison
WOBBLE_CALM_MM = 12.0  # a support margin this large or more shows no wobble at all

# --- the unsteady hand -------------------------------------------------------------------
TREMOR_FREQUENCIES_HZ = (0.7, 1.1)  # x and y
TREMOR_AMPLITUDE_PYRAMID_MM = 6.0
TREMOR_AMPLITUDE_CARD_MM = 9.0
TREMOR_GROWTH_PER_LEVEL = 0.35  # amplitude times (1 + growth * level)
HOLD_MS_MAX = 10_000
# The calm moment (hand edition 2): the sway fades to a floor for a while, every
# so often, at a time of the hand's own (a third public phase). Tuned so that a careful
# person who lets go 150-250 ms after seeing the calm lands as well as the normal computer
# (``tests/games/tower_war/bench_calm.py`` measures it; the numbers are in the guide).
TREMOR_CALM_EVERY_MS = 2400  # one calm per this long
TREMOR_CALM_MS = 700  # how long the calm lasts at its floor
TREMOR_CALM_RAMP_MS = 350  # fading in and out of the calm, each
TREMOR_CALM_FLOOR = 0.08  # the sway during the calm, as a fraction of the full sway
HAND_EDITION = 2  # 1: the sway never calms (saves made before version 2 replay with it)
HAND_EDITIONS = (1, 2)
DROP_REACH_MM = 20.0  # a target may lie this far beyond the top card's edges

# --- the representative drops listed by legal_moves ----------------------------------------
GRID_STEP_MM = 5.0
SAMPLE_HOLDS_MS = (250, 900, 1600, 2700)
ADJUSTMENTS_PER_PLACEMENT = 3  # re-placed pyramids allowed before each added piece


def pyramid_dimensions(size: Size) -> dict[str, Any]:
    """Side, height and mass of one pyramid size, for views and guides."""
    return {"base_mm": PYRAMID_BASE_MM[size], "height_mm": PYRAMID_HEIGHT_MM[size], "mass_g": PYRAMID_MASS_G[size]}
