"""The modelled tower's statics and the unsteady hand (rules page: "What makes the
tower fall", "Adding a piece: the unsteady hand"), tested as pure functions."""

import math

import pytest

from tabletop.engine.rng import Rng
from tabletop.games.tower_war import hand, physics
from tabletop.games.tower_war.tower import (
    Pyramid,
    benchmark,
    first_fall,
    heights,
    stability,
    supports,
    triangle_margin,
    wobble,
)

from .positions import L, M, S, build_tower, tripod

NARROW = tripod(S, 0, 0, spread=0.6)  # a small tripod on the base card, centroid (0, -4)
WIDE = tripod(M, 0, -4, spread=1.3)  # a broad one on card 1, centroid (0, -12.67)
C2 = (0.0, sum(p.y for p in WIDE) / 3)


def test_centred_tripod_with_a_card_on_it_stands():
    tower = build_tower([("2C", 0, 0, tripod(M)), ("3C", 0, -6.667, ())])
    assert first_fall(tower) is None
    (sup,) = supports(tower)
    assert sup.margin_mm > 5 and sup.apex_margin_mm > 10


def test_a_large_pyramid_near_a_high_cards_edge_topples_a_lower_level():
    base = [("2C", 0, 0, NARROW), ("3C", 0, -4, WIDE)]
    centred = build_tower(base + [("4C", *C2, (Pyramid(L, C2[0], C2[1], 1),))])
    assert first_fall(centred) is None
    edge = build_tower(base + [("4C", *C2, (Pyramid(L, C2[0] + 22, C2[1] - 12, 1),))])
    fall = first_fall(edge)
    # card 2's own tripod still holds: it is card 1, lower down, that goes
    assert [round(s.margin_mm, 2) for s in supports(edge)] == [-2.25, 1.41]
    assert (fall.level, fall.piece, fall.cause) == (1, "card", "centre-of-mass")
    assert fall.margin_mm == pytest.approx(-2.2512, abs=1e-3) and fall.needed_mm == 1.0
    assert "card of level 1 toppled" in fall.words() and "2.3 mm outside" in fall.words()


def test_an_apex_outside_the_card_makes_the_card_slide_off():
    wide = (Pyramid(M, -25, -35, 0), Pyramid(M, 25, -35, 1), Pyramid(M, 0, 38, 0))
    assert first_fall(build_tower([("2C", 0, 0, wide), ("3C", 0, -5, ())])) is None
    fall = first_fall(build_tower([("2C", 0, 0, wide), ("3C", 10, -5, ())]))
    assert (fall.level, fall.piece, fall.cause) == (1, "card", "apex-outside")
    assert fall.margin_mm == pytest.approx(-3.5)  # the apex at x = -25 is 35 mm left of the card's centre


def test_overlapping_pyramids_fall_and_touching_ones_stand():
    touching = (Pyramid(M, 0, 0, 0), Pyramid(M, 20, 5, 1))
    assert first_fall(build_tower([("2C", 0, 0, touching)])) is None
    overlapping = (Pyramid(M, 0, 0, 0), Pyramid(M, 12, 5, 1))
    fall = first_fall(build_tower([("2C", 0, 0, overlapping)]))
    assert (fall.level, fall.piece, fall.index, fall.other, fall.cause) == (0, "pyramid", 1, 0, "overlap")
    assert fall.margin_mm == pytest.approx(-8.0)
    mixed = (Pyramid(L, 0, 0, 0), Pyramid(S, 19, 0, 1))  # reach (25 + 15) / 2 = 20
    assert first_fall(build_tower([("2C", 0, 0, mixed)])).cause == "overlap"


def test_a_pyramid_whose_base_centre_is_off_its_card_falls():
    on_edge = (Pyramid(S, 31.5, 0, 0),)
    assert first_fall(build_tower([("2C", 0, 0, on_edge)])) is None
    off = (Pyramid(S, 0, 44.5, 0),)
    fall = first_fall(build_tower([("2C", 0, 0, off)]))
    assert (fall.level, fall.piece, fall.index, fall.cause) == (0, "pyramid", 0, "off-card")
    assert fall.margin_mm == pytest.approx(-0.5)


def test_the_centre_of_mass_needs_one_millimetre_inside_its_triangle():
    # card 1 alone on a tripod whose bottom edge is y = -22: its centre at y = -21 is 1 mm inside
    tri = (Pyramid(M, -25, -22, 0), Pyramid(M, 25, -22, 1), Pyramid(M, 0, 20, 0))
    assert first_fall(build_tower([("2C", 0, 0, tri), ("3C", 0, -21.0, ())])) is None
    fall = first_fall(build_tower([("2C", 0, 0, tri), ("3C", 0, -21.1, ())]))
    assert fall.cause == "centre-of-mass" and fall.margin_mm == pytest.approx(0.9)
    assert "only 0.9 mm inside" in fall.words()


def test_three_apexes_in_a_line_hold_nothing():
    line = (Pyramid(S, -20, 0, 0), Pyramid(S, 0, 0, 1), Pyramid(S, 20, 0, 0))
    assert triangle_margin(0, 0, [(p.x, p.y) for p in line]) <= 0
    assert first_fall(build_tower([("2C", 0, 0, line), ("3C", 0, 0, ())])).cause == "centre-of-mass"


def test_the_lowest_failure_is_reported_and_the_check_runs_through_every_level():
    # ten levels, then a weight on the top card: only the low, narrow tripod gives way
    levels = [("2C", 0, 0, NARROW), ("3C", 0, -4, WIDE)]
    y = C2[1]
    for k, code in enumerate(["4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC"]):
        levels.append((code, 0, y, tripod(M, 0, y, spread=1.3) if k < 7 else (Pyramid(L, 12, y, 1),)))
        y += sum(p.y - y for p in tripod(M, 0, y, spread=1.3)) / 3
    tower = build_tower(levels)
    assert len(tower) == 10
    fall = first_fall(tower)
    assert fall is not None and fall.level == 1
    assert len(stability(tower)) == 9


def test_stability_exposes_margins_and_wobble_per_card():
    tower = build_tower([("2C", 0, 0, tripod(M)), ("3C", 0, -6.667, ())])
    (st,) = stability(tower)
    assert st["level"] == 1 and st["needed_mm"] == physics.COM_MARGIN_MM
    assert st["tripod"] == [[-17.0, -22.0], [17.0, -22.0], [0.0, 24.0]]
    assert 0 <= st["wobble"] < 1 and st["margin_mm"] > 5
    assert wobble(0.5) == 1.0 and wobble(physics.WOBBLE_CALM_MM) == 0.0 and 0 < wobble(5) < 1
    assert heights(tower) == [0.3, 35.6]


def test_benchmark_reports_a_standing_ten_level_tower():
    result = benchmark(levels=10, repeats=5)
    assert result["stands"] and result["levels"] == 10 and result["check_ms"] > 0


# --- the unsteady hand ------------------------------------------------------------------------


def test_sine_is_close_to_math_sin_and_deterministic():
    for x in [i * 0.37 - 40 for i in range(300)]:
        assert hand.sine(x) == pytest.approx(math.sin(x), abs=1e-12)
    assert hand.sine(1.2345) == hand.sine(1.2345)


def test_tremor_follows_the_ruled_formula():
    phases = (0.4, 2.1)
    amp = hand.amplitude("pyramid", 2)
    assert amp == pytest.approx(6 * (1 + 0.35 * 2))
    dx, dy = hand.tremor(amp, phases, 1234)
    t = 1.234
    assert dx == pytest.approx(amp * math.sin(2 * math.pi * 0.7 * t + 0.4), abs=1e-9)
    assert dy == pytest.approx(amp * math.sin(2 * math.pi * 1.1 * t + 2.1), abs=1e-9)
    assert hand.amplitude("card", 1) == pytest.approx(9 * 1.35)


def test_same_seed_level_and_hold_time_give_the_same_landing():
    def land(seed, level, hold):
        phases = hand.draw_phases(Rng(seed))
        return hand.landing((3.0, -4.0), hand.amplitude("pyramid", level), phases, hold)

    assert land(11, 3, 2500) == land(11, 3, 2500)
    assert land(11, 3, 2500) != land(12, 3, 2500)
    assert land(11, 3, 2500) != land(11, 3, 2600)


def test_the_tremor_is_larger_higher_up():
    phases = hand.draw_phases(Rng(5))
    low = [hand.tremor(hand.amplitude("pyramid", 0), phases, t) for t in range(0, 5000, 50)]
    high = [hand.tremor(hand.amplitude("pyramid", 6), phases, t) for t in range(0, 5000, 50)]
    assert max(abs(x) for x, _ in low) <= 6.0 + 1e-9
    assert max(abs(x) for x, _ in high) > 12.0
    ratio = (1 + 0.35 * 6) / 1
    assert all(h[0] == pytest.approx(ratio * lo[0]) and h[1] == pytest.approx(ratio * lo[1]) for lo, h in zip(low, high))


def test_calm_holds_are_moments_of_small_drift():
    phases = hand.draw_phases(Rng(9))
    calm = hand.calm_holds(phases, 10_000)
    assert calm and all(0 < t < 10_000 for t in calm)
    drift = [math.hypot(*hand.tremor(1.0, phases, t)) for t in calm]
    assert min(drift) < 0.5
