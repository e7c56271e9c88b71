"""The view explains a fallen card with the tripod it stood on and the balance point
that left it (for the table's drawing of the fall)."""

from tabletop.games.tower_war import tower as tw
from tabletop.games.tower_war.views import view

from .positions import L, M, place_pyramid, tripod, war_position


def toppled():
    """Card 1 on a medium tripod; a large pyramid dropped at its corner tips it over."""
    s = war_position(hands=("2H", "9H"), tower=[("2C", 0, 0, tripod(M)), ("10C", 0, -6.7, ())], leader=0)
    s.phase, s.actor, s.placing, s.reason = "place", 0, "pyramid", "skirmish"
    return place_pyramid(s, L, 29.0, 41.0)


def test_a_card_fall_carries_its_support():
    s = toppled()
    assert s.fall is not None and s.fall.piece == "card" and s.fall.cause == "centre-of-mass"
    t = view(s, None)["tower"]
    fs = t["fall_support"]
    sp = tw.support(s.tower, s.fall.level)
    assert fs["level"] == s.fall.level == 1
    assert fs["tripod"] == [[round(x, 3), round(y, 3)] for x, y in sp.apexes]
    assert fs["com"] == [round(sp.com[0], 3), round(sp.com[1], 3)]
    assert fs["margin_mm"] == round(s.fall.margin_mm, 3) < 0


def test_no_fall_no_support():
    s = war_position(hands=("2H", "9H"), tower=[("2C", 0, 0, tripod(M)), ("10C", 0, -6.7, ())], leader=0)
    assert view(s, 0)["tower"]["fall_support"] is None
