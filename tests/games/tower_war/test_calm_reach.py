"""A careful person who lets go 150-250 ms after the calm lights up
lands as well as the normal computer (``calm_reach`` says how both are simulated;
``bench_calm.py`` prints the full table)."""

from __future__ import annotations

import pytest

from tabletop.games.tower_war import hand
from tabletop.games.tower_war.physics import HAND_EDITION, TREMOR_CALM_MS

from . import calm_reach as cr

CASES = [("pyramid", 0), ("pyramid", 6), ("card", 9)]


@pytest.mark.parametrize(("piece", "level"), CASES)
def test_a_careful_person_lands_as_often_as_the_normal_computer(piece, level):
    got = cr.measure(piece, level, HAND_EDITION, drops=20)
    assert got["person"]["success"] >= got["normal"]["success"], got
    assert got["person"]["success"] >= 0.95 and got["person"]["success"] > got["easy"]["success"], got


def test_the_old_hand_was_beyond_reach():
    got = cr.measure("pyramid", 1, 1, drops=20)
    assert got["person"]["success"] < 0.1 < got["normal"]["success"], got
    assert got["calm_fraction"] < 0.06 < cr.calm_fraction(HAND_EDITION)


def test_the_calm_outlasts_the_slowest_reaction():
    assert TREMOR_CALM_MS > 2 * cr.REACTION_MS[1]
    phases = hand.phases_from((11, 12))
    lit = [t for t in range(0, 10_000, 5) if hand.is_calm(phases, t)]
    runs = sum(1 for a, b in zip(lit, lit[1:], strict=False) if b - a > 5) + 1
    assert 4 <= runs <= 5  # a calm every 2.4 s over the 10 s grip
    assert all(abs(v) <= 0.08 * 6.0 + 1e-9 for t in lit for v in hand.tremor(6.0, phases, t))
