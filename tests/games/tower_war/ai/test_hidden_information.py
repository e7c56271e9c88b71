"""A computer player decides from what its seat may know: dealing every card it cannot
see anew (the other hand and deck, unused and set-aside cards, face-down drafted cards,
the order of its own deck, the game's generator) never changes its decision."""

import copy
import statistics
import time

import pytest

from tabletop.engine.rng import Rng
from tabletop.games.tower_war import ai
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.views import view

from .helpers import decision_points, redeal

TIMES: dict[tuple[str, str], list[float]] = {}  # (level, phase) -> ms per decision
POINTS = decision_points(21, ("hard", "normal"), per_phase=2) + decision_points(22, ("normal", "hard"), per_phase=2, skip=3)


def test_the_points_cover_every_kind_of_decision():
    assert {s.phase for s, _ in POINTS} == {"split", "take", "build", "play", "place", "drop"}


@pytest.mark.parametrize("i", range(len(POINTS)), ids=lambda i: f"{POINTS[i][0].phase}-{i}")
def test_decisions_are_the_same_in_another_consistent_deal(i):
    s, memory = POINTS[i]
    seat = s.actor
    t = redeal(s, seat, 1000 + i)
    assert view(s, seat) == view(t, seat), "the re-deal must be invisible to the seat"
    legal = r.legal_moves(s)
    assert r.legal_moves(t) == legal
    for level in ai.TUNING:
        start = time.perf_counter()
        here = ai.choose(view(s, seat), legal, level, Rng(5), copy.deepcopy(memory))
        TIMES.setdefault((level, s.phase), []).append(1000 * (time.perf_counter() - start))
        there = ai.choose(view(t, seat), legal, level, Rng(5), copy.deepcopy(memory))
        assert here == there, f"{level} looked at a hidden card"
        r.apply(s, here)  # and it is a move the rules accept


def test_the_redeal_really_moves_hidden_cards():
    changed = 0
    for i, (s, _) in enumerate(POINTS):
        t = redeal(s, s.actor, 1000 + i)
        other = 1 - s.actor
        changed += (t.hand[other], t.deck[other], t.set_aside, t.draft_deck) != (s.hand[other], s.deck[other], s.set_aside, s.draft_deck)
    assert changed >= len(POINTS) - 2


def test_think_time_per_decision_is_measured():
    """Printed, not asserted (run ``pytest -s``): milliseconds per decision on this machine."""
    if not TIMES:
        test_decisions_are_the_same_in_another_consistent_deal(0)
    print("\nthink time per decision (ms): level phase median max")
    for (level, phase), times in sorted(TIMES.items()):
        print(f"  {level:6} {phase:6} {statistics.median(times):7.1f} {max(times):7.1f}")
    assert all(t >= 0 for times in TIMES.values() for t in times)
