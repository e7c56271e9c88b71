"""The warning before release: what a drop landing exactly at the aim would do,
asked of the engine (``exact_drop.py``), and the sizes that cannot complete a level. Rulebook
scenarios ("What makes the tower fall", "Losing the war"), then 2,000 exact drops on random
towers where the warning agrees with the engine applying that drop with no tremor."""

from __future__ import annotations

import pytest

from tabletop.engine.cards import Card
from tabletop.engine.errors import IllegalMove
from tabletop.engine.rng import Rng
from tabletop.games.tower_war import physics
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.exact_drop import exact_drop_from_view, outcome_of_exact_drop, size_warnings
from tabletop.games.tower_war.views import view

from .positions import L, M, S, place_pyramid, play, tripod, war_position

SPOTS = [(-17.0, -22.0), (17.0, -22.0), (0.0, 24.0)]
NARROW = tripod(S, 0, 0, spread=0.6)
WIDE = tripod(M, 0, -4, spread=1.3)
C2 = (0.0, sum(p.y for p in WIDE) / 3)
HIGH_TOWER = [("2C", 0, 0, NARROW), ("3C", 0, -4, WIDE), ("4C", *C2, ())]
DROPS = 2000


def lost_skirmish(**kw):
    """Red leads a 2 against Blue's 9: Red must add a pyramid."""
    kw.setdefault("hands", ("2H 5D 6S", "9H 7D 8S"))
    kw.setdefault("decks", ("JD QD KD", "JS QS KS"))
    return play(war_position(**kw), "2H", "9H")


def both(s: r.State, x: float, y: float):
    """The engine's answer from the state and from the view a seat sees: always the same."""
    a = outcome_of_exact_drop(s, x, y)
    b = exact_drop_from_view(view(s, r.mover(s)), x, y)
    assert a.to_json() == b.to_json()
    return a


def test_two_large_pyramids_overlapping_by_1_3_mm_fall_and_the_overlap_is_named():
    s = place_pyramid(lost_skirmish(stash=((5, 5, 5), (5, 5, 5))), L, -12.0, 0.0)
    s = play(s, "5D", "7D")
    s = r.apply(s, r.PickPyramid(L))
    ok = both(s, 13.0, 0.0)  # bases 25 mm wide, 25 mm apart: touching is fine
    assert ok.stands and ok.overlaps == () and ok.words() == "If it lands exactly on the aim the tower stands."
    bad = both(s, 11.7, 0.0)
    assert not bad.stands and bad.fall.cause == "overlap"
    assert [(i, round(d, 1)) for i, d in bad.overlaps] == [(0, 1.3)]
    assert "overlaps the large pyramid already there by 1.3 mm" in bad.words() and "lose the war" in bad.words()


def test_a_large_pyramid_off_centre_high_up_topples_a_lower_card():
    s = r.apply(lost_skirmish(tower=HIGH_TOWER), r.PickPyramid(L))
    edge = both(s, 22.0, -12.0)
    assert not edge.stands and (edge.fall.level, edge.fall.piece, edge.fall.cause) == (1, "card", "centre-of-mass")
    assert "the card of level 1 topples" in edge.words() and "2.3 mm outside" in edge.words()
    centred = both(s, 0.0, 0.0)
    assert centred.stands and centred.fall is None


def test_a_pyramid_off_the_card_and_a_card_missing_an_apex():
    s = r.apply(lost_skirmish(), r.PickPyramid(S))
    off = both(s, 0.0, 46.0)
    assert off.fall.cause == "off-card" and "2.0 mm beyond the card's edge" in off.words()
    s = war_position(played=("AH 10C 6C", "9S 4S 2S"), tower=[("2C", 0, 0, tripod(M))], skirmish=3, start=False)
    r.end_battle(s)
    s = r.apply(s, r.PickCard(Card.parse("AH")))
    miss = both(s, 20.0, -6.0)
    assert miss.fall.cause == "apex-outside" and "misses a pyramid" in miss.words()
    assert both(s, 0.0, -6.7).stands


def test_a_narrow_margin_is_said_and_nothing_is_asked_when_nothing_is_held():
    s = r.apply(lost_skirmish(tower=HIGH_TOWER), r.PickPyramid(L))
    close = [x / 2 for x in range(0, 60) if both(s, x / 2, 0.0).stands][-1]
    assert "only just: a balance point is 1.1 mm inside" in both(s, close, 0.0).words()
    assert both(r.apply(lost_skirmish(), r.PickPyramid(L)), 0.0, 0.0).words() == "If it lands exactly on the aim the tower stands."
    with pytest.raises(IllegalMove):
        outcome_of_exact_drop(lost_skirmish(), 0.0, 0.0)


def test_sizes_that_cannot_complete_the_level_are_marked_with_the_reason():
    # a skirmish's pyramid on an empty level: 2 smalls of mine, 2 + 0 in both stashes
    s = lost_skirmish(stash=((2, 5, 1), (0, 5, 5)))
    warned = size_warnings(s)
    assert warned["small"] == "Only 2 small are left in both stashes and this level needs 3: it could never be finished."
    assert warned["large"].startswith("You have 1 large left and this level needs 3: if you lose this battle")
    assert "medium" not in warned
    assert view(s, 0)["placing"]["size_warnings"] == warned
    # filling after a lost battle: the loser adds all three
    s = war_position(played=("2H 3C 4S", "9S 8D 7H"), skirmish=3, start=False, stash=((2, 5, 5), (5, 5, 5)))
    r.end_battle(s)
    assert s.placing == "pyramid" and s.reason == "battle" and s.actor == 0
    assert size_warnings(s) == {"small": "You have 2 small left and must add 3 to this level: you would run out and lose the war."}
    # once the level has its size there is nothing to choose
    s = place_pyramid(s, M, *SPOTS[0])
    assert size_warnings(s) == {}


def test_a_marked_size_loses_as_it_says():
    """The battle loser with 2 smalls picks small on an empty level: the third one is missing."""
    s = war_position(played=("2H 3C 4S", "9S 8D 7H"), skirmish=3, start=False, stash=((2, 5, 5), (5, 5, 5)))
    r.end_battle(s)
    assert "small" in size_warnings(s)
    s = place_pyramid(s, S, *SPOTS[0])
    s = place_pyramid(s, S, *SPOTS[1])
    assert s.result is not None and s.result.details["cause"] == "no-pyramid"


# --- the warning agrees with the engine -----------------------------------------------------------


def without_tremor(s: r.State) -> r.State:
    """The same position with a perfectly steady hand: the piece lands on the target."""
    still = s.copy()
    still.held = s.held._replace(amplitude=0.0)
    return still


def standing_drop(s: r.State, rng: Rng) -> r.Move:
    """A legal drop that keeps the tower up, when one of a few tries does (to grow tall towers)."""
    drops = r.legal_moves(s)
    for _ in range(30):
        move = rng.choice(drops)
        if r.apply(s, move).fall is None:
            return move
    return rng.choice(drops)


def test_2000_exact_drops_the_warning_agrees_with_the_engines_outcome():
    rng = Rng(2222)
    checked = falls = cards = game = 0
    causes: set[str] = set()
    levels: set[int] = set()
    bounds_x = physics.CARD_HALF_WIDTH_MM + physics.DROP_REACH_MM
    bounds_y = physics.CARD_HALF_LENGTH_MM + physics.DROP_REACH_MM
    while checked < DROPS:
        s = r.new_game(2, None, 500 + game)
        game += 1
        while s.result is None and checked < DROPS:
            if s.phase == "drop":
                v = view(s, r.mover(s))
                for _ in range(8):
                    # aims as the table makes them (0.1 mm steps), mostly near the card, some far off
                    spread = 1.0 if rng.below(4) else 0.45
                    x = round((rng.below(2001) / 1000 - 1) * bounds_x * spread, 1)
                    y = round((rng.below(2001) / 1000 - 1) * bounds_y * spread, 1)
                    warned = exact_drop_from_view(v, x, y)
                    after = r.apply(without_tremor(s), r.Drop(x, y, rng.below(physics.HOLD_MS_MAX + 1)))
                    assert warned.stands == (after.fall is None), (x, y, warned, after.fall)
                    assert warned.to_json()["fall"] == (after.fall.to_json() if after.fall else None)
                    assert outcome_of_exact_drop(s, x, y) == warned
                    checked += 1
                    falls += not warned.stands
                    cards += s.held.piece == "card"
                    levels.add(s.held.level)
                    if after.fall:
                        causes.add(after.fall.cause)
                move = standing_drop(s, rng)
            else:
                move = rng.choice(r.legal_moves(s))
            s = r.apply(s, move)
    print(f"{checked} exact drops in {game} games: {falls} would fall, {cards} cards, levels {sorted(levels)}, causes {sorted(causes)}")
    assert checked == DROPS
    assert set(causes) == {"off-card", "overlap", "apex-outside", "centre-of-mass"}, causes
    assert DROPS // 10 < falls < DROPS - DROPS // 10  # both answers are common
    assert cards > 100 and max(levels) >= 2
