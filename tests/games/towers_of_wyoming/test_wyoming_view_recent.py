"""The view's ``recent`` events: what happened since the seat's own last turn."""

import tabletop.games.towers_of_wyoming as tw
from tabletop.engine.events import of_move
from tabletop.games.towers_of_wyoming.facts import CODES

from .wyoming_helpers import C, D, H, S, play, position


def test_recent_lists_the_events_since_the_seats_own_last_play():
    s = position(3, hands={0: "HH", 1: "SS", 2: "CC"})
    s1 = tw.apply(s, play(H, 1, 0, 0))
    s2 = tw.apply(s1, play(S, 1, 1, 0))
    s3 = tw.apply(s2, play(C, 1, 2, 0))
    recent = tw.view(s3, 0)["recent"]
    assert [(e["kind"], e["seat"]) for e in recent] == [("draw", 1), ("construct", 1), ("draw", 2), ("construct", 2), ("draw", 0)]
    assert [e["kind"] for e in tw.view(s3, 1)["recent"]] == ["draw", "construct", "draw", "construct", "draw"][2:]
    assert tw.view(s3, None)["recent"] == of_move(tw.view(s3, None)["events"], 2)  # a spectator: the last move's
    first = tw.view(s1, 1)["recent"]
    assert [e["kind"] for e in first] == ["construct", "draw"]


def test_recent_keeps_a_recycle_made_during_another_seats_draw():
    s = position(3, hands={0: "D", 1: "CCCCCC", 2: "CCCCCCC"}, draw="", rest="discard", sky=10)
    s1 = tw.apply(s, play(D, 1, 0, 0))
    assert [e["kind"] for e in tw.view(s1, 1)["recent"]] == ["construct", "recycle", "draw"]
    s2 = tw.apply(s1, play(C, 1, 1, 0))
    recent = tw.view(s2, 2)["recent"]
    assert [e["kind"] for e in recent] == ["construct", "recycle", "draw", "construct"]
    assert recent[1]["sky_before"] == 10 and recent[1]["sky_after"] == 9


def test_recent_goes_back_one_round_at_most_and_names_a_discard_by_its_code():
    """A discarded card lies face up: every view names it, the spectator's too (whose events are
    the whole game's), so naming its copy shows nobody more than everyone saw."""
    s = position(2, hands={0: "CC", 1: "H"}, towers={(0, 0): "S", (0, 1): "S", (1, 0): "S", (1, 1): "S"}, current=1)
    s1 = tw.apply(s, tw.legal_moves(s)[0])  # Player 2's heart knocks down a spade tower
    s2 = tw.apply(s1, tw.legal_moves(s1)[0])
    for seat in (0, 1):
        assert all(e["move"] >= s2.moves - 2 for e in tw.view(s2, seat)["recent"])
    d = position(2, hands={0: "CC", 1: "CCC"}, towers={(0, 0): "H", (0, 1): "H", (1, 0): "S", (1, 1): "S"})
    d1 = tw.apply(d, tw.legal_moves(d)[0])
    discard = next(e for e in tw.view(d1, 1)["recent"] if e["kind"] == "discard")
    assert discard["card"] == CODES[d1.discard[-1]] and discard in tw.view(d1, None)["events"]
