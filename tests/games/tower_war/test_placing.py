"""Adding pieces: pick-up (the tremor's phases), drop (target + hold time), adjusting,
falls and their loser, running out of pyramids (rules page: "Adding a
piece: the unsteady hand", "What makes the tower fall", "Losing the war")."""

import math

import pytest

from tabletop.engine.cards import Card
from tabletop.engine.errors import IllegalMove
from tabletop.games.tower_war import hand, physics
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.moves import Drop, LiftPyramid, PickCard, PickPyramid, Play, move_from_json
from tabletop.games.tower_war.views import view

from .positions import L, M, S, assert_conserved, drop_exactly, log, place_pyramid, play, tripod, war_position

SPOTS = [(-17.0, -22.0), (17.0, -22.0), (0.0, 24.0)]
NARROW = tripod(S, 0, 0, spread=0.6)
WIDE = tripod(M, 0, -4, spread=1.3)
C2 = (0.0, sum(p.y for p in WIDE) / 3)
HIGH_TOWER = [("2C", 0, 0, NARROW), ("3C", 0, -4, WIDE), ("4C", *C2, ())]


def lost_skirmish(**kw):
    """Red leads a 2 against Blue's 9: Red must add a pyramid."""
    kw.setdefault("hands", ("2H 5D 6S", "9H 7D 8S"))
    kw.setdefault("decks", ("JD QD KD", "JS QS KS"))
    s = war_position(**kw)
    return play(s, "2H", "9H")


def card_to_place():
    """Battle over, 70 against 72, the level full: Red must crown it with a card."""
    s = war_position(played=("AH 10C 6C", "9S 4S 2S"), tower=[("2C", 0, 0, tripod(M))], skirmish=3, start=False)
    r.end_battle(s)
    assert s.placing == "card" and s.actor == 0
    return s


def test_picking_up_draws_the_phases_and_moves_the_epoch():
    s = lost_skirmish()
    before = s.epoch
    held = r.apply(s, PickPyramid(M))
    assert held.epoch == before + 1 and held.phase == "drop" and held.actor == 0
    assert held.held.phases == hand.draw_phases(s.rng.copy())
    assert held.held.amplitude == physics.TREMOR_AMPLITUDE_PYRAMID_MM and held.held.level == 0
    assert held.stash[0][M] == 4
    v = view(held, 1)["held"]
    assert v["phases"] == list(held.held.phases) and v["frequencies_hz"] == [0.7, 1.1]
    assert v["amplitude_mm"] == 6.0 and v["hold_ms_max"] == 10_000 and v["piece"] == "pyramid"


def test_the_engine_lands_the_piece_where_the_views_ghost_is():
    s = r.apply(lost_skirmish(), PickPyramid(M))
    g = view(s, 0)["held"]
    calm = g["calm"]
    for hold in (3210, 555, 1999, 4321, 7777):
        target = (4.0, -7.5)
        t = hold / 1000
        # the calm from the view's numbers alone, as a client would draw it
        u = (hold + g["phases"][2] * calm["every_ms"]) % calm["every_ms"]
        edge = min(u - calm["calm_ms"], calm["every_ms"] - u) / calm["ramp_ms"]
        x = min(1.0, max(0.0, edge))
        steady = calm["floor"] if u < calm["calm_ms"] else calm["floor"] + (1 - calm["floor"]) * x * x * (3 - 2 * x)
        a = g["amplitude_mm"] * steady
        ghost = (
            target[0] + a * math.sin(2 * math.pi * g["frequencies_hz"][0] * t + g["phases"][0]),
            target[1] + a * math.sin(2 * math.pi * g["frequencies_hz"][1] * t + g["phases"][1]),
        )
        after = r.apply(s, Drop(*target, hold))
        p = after.tower[0].pyramids[0]
        assert (p.x, p.y) == pytest.approx(ghost, abs=1e-9)
        assert (p.x, p.y) == hand.landing(target, g["amplitude_mm"], tuple(g["phases"]), hold)
        assert after.last_drop["target"] == [4.0, -7.5] and after.last_drop["hold_ms"] == hold
    assert after.epoch == s.epoch + 1


def test_same_seed_same_level_same_hold_same_landing():
    a = r.apply(r.apply(lost_skirmish(seed=3), PickPyramid(M)), Drop(0.0, 0.0, 777))
    b = r.apply(r.apply(lost_skirmish(seed=3), PickPyramid(M)), Drop(0.0, 0.0, 777))
    c = r.apply(r.apply(lost_skirmish(seed=4), PickPyramid(M)), Drop(0.0, 0.0, 777))
    assert a.tower == b.tower and a.tower != c.tower


def test_higher_levels_tremble_more():
    low = r.apply(lost_skirmish(seed=3), PickPyramid(M))
    high = r.apply(lost_skirmish(seed=3, tower=HIGH_TOWER), PickPyramid(M))
    assert high.held.level == 2 and high.held.phases == low.held.phases
    assert high.held.amplitude == pytest.approx(6.0 * 1.7)
    off_low = hand.tremor(low.held.amplitude, low.held.phases, 1500)
    off_high = hand.tremor(high.held.amplitude, high.held.phases, 1500)
    assert math.hypot(*off_high) == pytest.approx(1.7 * math.hypot(*off_low))


def test_a_card_trembles_as_a_card_on_the_level_it_starts():
    s = card_to_place()
    assert s.placing == "card" and s.actor == 0
    s = r.apply(s, PickCard(Card.parse("6C")))
    assert s.held.level == 1 and s.held.amplitude == pytest.approx(9.0 * 1.35)


def test_drop_bounds_and_hold_times():
    s = r.apply(lost_skirmish(), PickPyramid(M))
    reach_x = physics.CARD_HALF_WIDTH_MM + physics.DROP_REACH_MM
    reach_y = physics.CARD_HALF_LENGTH_MM + physics.DROP_REACH_MM
    for ok in [Drop(reach_x, 0.0, 0), Drop(0.0, -reach_y, 10_000), Drop(-reach_x, reach_y, 5000)]:
        r.apply(s, ok)  # accepted (whatever then falls)
    for bad in [
        Drop(reach_x + 0.01, 0.0, 0),
        Drop(0.0, reach_y + 0.01, 0),
        Drop(0.0, 0.0, -1),
        Drop(0.0, 0.0, 10_001),
        Drop(math.nan, 0.0, 100),
        Drop(0.0, math.inf, 100),
    ]:
        snapshot = view(s, None)
        with pytest.raises(IllegalMove):
            r.apply(s, bad)
        assert view(s, None) == snapshot
    with pytest.raises(IllegalMove):
        move_from_json({"kind": "drop", "x": 1, "y": 2, "hold_ms": 1.5})


def test_a_pick_up_commits_the_player_to_a_drop():
    s = r.apply(lost_skirmish(), PickPyramid(M))
    for move in [PickPyramid(M), LiftPyramid(0), Play(Card.parse("5D"))]:
        with pytest.raises(IllegalMove, match="drop the piece"):
            r.apply(s, move)


def test_legal_drops_are_a_five_millimetre_grid_with_a_few_hold_times():
    s = r.apply(lost_skirmish(), PickPyramid(M))
    drops = r.legal_moves(s)
    assert len(drops) == 13 * 17 * len(physics.SAMPLE_HOLDS_MS)
    assert {d.hold_ms for d in drops} == set(physics.SAMPLE_HOLDS_MS)
    assert all(abs(d.x) <= 31.5 and abs(d.y) <= 44 and d.x % 5 == 0 and d.y % 5 == 0 for d in drops)
    # a card: the grid over the tripod under it, plus the tripod's centroid
    s = card_to_place()
    s = r.apply(s, PickCard(Card.parse("6C")))
    drops = r.legal_moves(s)
    points = {(d.x, d.y) for d in drops}
    assert (0.0, -6.7) in points
    assert all(-17 <= x <= 17 and -22 <= y <= 24 for x, y in points)
    assert len(points) == 7 * 9 + 1


def test_adjusting_lifts_an_uncovered_top_level_pyramid_and_drops_it_again():
    s = lost_skirmish()
    s = place_pyramid(s, M, *SPOTS[0])
    s = play(s, "5D", "7D")  # Red loses again
    assert LiftPyramid(0) in r.legal_moves(s)
    s = r.apply(s, LiftPyramid(0))
    assert s.tower[0].pyramids == () and s.held.lifted is not None and s.held.owner == 0
    assert view(s, 1)["held"]["adjusting"] and view(s, 1)["held"]["from"] == [-17.0, -22.0]
    s = drop_exactly(s, -10.0, -20.0)
    assert s.phase == "place" and s.actor == 0 and s.adjustments_left == physics.ADJUSTMENTS_PER_PLACEMENT - 1
    (p,) = s.tower[0].pyramids
    assert (p.x, p.y) == pytest.approx((-10.0, -20.0))
    assert "adjust" in log(s)[-2]
    assert physics.ADJUSTMENTS_PER_PLACEMENT == 3  # the rules page ("Adding a piece"): at most 3 adjustments per piece added
    for _ in range(2):
        s = drop_exactly(r.apply(s, LiftPyramid(0)), -10.0, -20.0)
    assert not any(isinstance(m, LiftPyramid) for m in r.legal_moves(s))
    with pytest.raises(IllegalMove, match="adjustments"):
        r.apply(s, LiftPyramid(0))
    s = place_pyramid(s, M, *SPOTS[1])
    assert s.phase == "play"
    assert_conserved(s)


def test_covered_pyramids_cannot_be_adjusted():
    s = lost_skirmish(tower=HIGH_TOWER)
    assert not any(isinstance(m, LiftPyramid) for m in r.legal_moves(s))
    with pytest.raises(IllegalMove, match="not yet covered"):
        r.apply(s, LiftPyramid(0))


def test_an_adjustment_can_make_the_tower_fall():
    s = place_pyramid(lost_skirmish(), M, *SPOTS[0])
    s = play(s, "5D", "7D")
    s = place_pyramid(s, M, *SPOTS[1])
    s = play(s, "6S", "8S")
    s = drop_exactly(r.apply(s, LiftPyramid(1)), -10.0, -18.0)  # onto the other pyramid
    assert s.result.winners == (1,) and s.fall.cause == "overlap"


def test_a_heavy_pyramid_near_a_high_cards_edge_topples_a_lower_card_and_loses():
    s = lost_skirmish(tower=HIGH_TOWER)
    s = place_pyramid(s, L, 22.0, -12.0)
    assert s.result is not None and s.result.winners == (1,)
    fall = s.result.details["fall"]
    assert (fall["level"], fall["piece"], fall["cause"]) == (1, "card", "centre-of-mass")
    assert fall["margin_mm"] == pytest.approx(-2.251, abs=1e-3) and fall["needed_mm"] == 1.0
    assert "Red made the tower fall: the card of level 1 toppled" in s.result.reason
    tv = view(s, None)["tower"]
    assert tv["fall"] == fall and len(tv["levels"]) == 3
    assert tv["levels"][2]["pyramids"][0]["size"] == "large"
    assert [st["level"] for st in tv["stability"]] == []  # card 1 and all above fell
    assert r.legal_moves(s) == [] and r.to_act(s) is None


def test_the_same_pyramid_centred_stands():
    s = place_pyramid(lost_skirmish(tower=HIGH_TOWER), L, 0.0, 0.0)
    assert s.result is None and s.phase == "play"
    st = view(s, 1)["tower"]["stability"]
    assert [x["level"] for x in st] == [1, 2] and all(x["margin_mm"] >= 1 for x in st)


def test_a_card_that_misses_an_apex_falls():
    s = card_to_place()
    s = r.apply(s, PickCard(Card.parse("AH")))
    s = drop_exactly(s, 20.0, -6.0)
    assert s.result.winners == (1,) and s.fall.cause == "apex-outside" and s.fall.level == 1
    assert "missed a pyramid" in view(s, 0)["outcome"]["reason"]


def test_a_pyramid_dropped_off_the_card_falls():
    s = place_pyramid(lost_skirmish(), S, 0.0, 46.0)
    assert s.result.winners == (1,) and s.fall.cause == "off-card"
    assert s.result.details == {"cause": "fall", "fall": s.fall.to_json(), "loser": 0}


def test_losing_for_lack_of_a_pyramid_of_the_level_size():
    s = war_position(hands=("2H 5D 6S", "9H 7D 8S"), decks=("", ""), stash=((5, 0, 5), (5, 5, 5)), leader=0)
    s = play(s, "2H", "9H")
    s = place_pyramid(s, L, *SPOTS[0])  # Red has no medium
    s = play(s, "5D", "7D")
    assert s.phase == "place"  # Red has larges left
    s = place_pyramid(s, L, *SPOTS[1])
    s = war_position(hands=("2H 5D 6S", "9H 7D 8S"), decks=("", ""), stash=((5, 5, 1), (5, 5, 5)), leader=0)
    s = play(s, "2H", "9H")
    s = place_pyramid(s, L, *SPOTS[0])  # Red's last large
    s = play(s, "5D", "7D")
    assert s.result is not None and s.result.winners == (1,)
    assert s.result.reason == "Red had to add a large pyramid to the tower and has none left. Blue wins the war."
    assert s.result.details == {"cause": "no-pyramid", "size": "large", "loser": 0}


def test_losing_with_an_empty_stash_on_an_empty_level():
    s = war_position(hands=("2H 5D 6S", "9H 7D 8S"), decks=("", ""), stash=((0, 0, 0), (5, 5, 5)), leader=0)
    s = play(s, "2H", "9H")
    assert s.result.winners == (1,) and "has none left" in s.result.reason


def test_the_battle_loser_can_run_out_while_filling_the_level():
    s = war_position(hands=("2C 5D 6S", "9H 5S 6D"), decks=("", ""), stash=((2, 5, 5), (5, 5, 5)), leader=0)
    s = play(s, "2C", "9H")
    s = place_pyramid(s, S, *SPOTS[0])
    s = play(s, "5D", "5S", "6S", "6D")
    s = place_pyramid(s, S, *SPOTS[1])  # Red's last small
    assert s.result is not None and s.result.details["size"] == "small"
