"""The per-seat view: what each play would do, who sees what, recycling notices."""

import json

import tabletop.games.towers_of_wyoming as tw
from tabletop.engine.events import Names
from tabletop.games.towers_of_wyoming.telling import play_words

from .wyoming_helpers import C, H, S, play, position


def plays_by_target(v, suit, count):
    return {(p["owner"], p["foundation"]): dict(p, text=text(p, v)) for p in v["plays"] if p["suit"] == suit and p["count"] == count}


def text(p, v):
    """A play on offer as the seat choosing it reads it (the engine's default names for the others)."""
    return play_words(p, Names.default(4, None), v["seat"], v["foundations_each"])


def test_play_descriptions_say_construct_or_deconstruct_and_the_result():
    s = position(4, hands={1: "HHH S"}, towers={(0, 0): "SS", (2, 0): "SSS", (3, 0): "HHHHH"}, current=1)
    v = tw.view(s, 1)
    three = plays_by_target(v, "H", 3)
    over = three[(0, 0)]
    assert over["action"] == "deconstruct" and over["before"] == {"suit": "S", "size": 2} and over["after"] == {"suit": "H", "size": 1}
    assert over["text"] == "3 hearts onto Player 1's 2-card spade tower: it becomes 1 heart"
    assert over["move"] == {"kind": "play", "suit": "H", "count": 3, "owner": 0, "foundation": 0}
    exact = three[(2, 0)]
    assert exact["after"] == {"suit": None, "size": 0} and exact["text"].endswith("it is knocked down to an empty foundation")
    build = three[(3, 0)]
    assert build["action"] == "construct" and build["after"] == {"suit": "H", "size": 8}
    assert build["text"] == "3 hearts onto Player 4's 5-card heart tower: it becomes 8 hearts"
    own = three[(1, 0)]
    assert own["text"] == "3 hearts onto your empty foundation: starts a tower of 3 hearts"
    short = plays_by_target(v, "H", 1)[(2, 0)]
    assert short["after"] == {"suit": "S", "size": 2} and short["text"].endswith("it becomes 2 spades")
    spade = plays_by_target(v, "S", 1)
    assert set(spade) == {(0, 0), (1, 0), (2, 0), (3, 0)} and spade[(3, 0)]["action"] == "deconstruct"
    assert len(v["plays"]) == len(tw.legal_moves(s))


def test_two_foundations_are_numbered_in_texts():
    s = position(2, hands={0: "H"}, towers={(1, 1): "HH"})
    v = tw.view(s, 0)
    texts = {text(p, v) for p in v["plays"]}
    assert texts == {
        "1 heart onto your empty foundation 1: starts a tower of 1 heart",
        "1 heart onto your empty foundation 2: starts a tower of 1 heart",
        "1 heart onto Player 2's 2-card heart tower on foundation 2: it becomes 3 hearts",
    }


def test_winning_plays_are_flagged():
    s = position(2, hands={0: "HHH"}, towers={(0, 0): "HHHHHHHH"}, sky=10)
    wins = {p["count"]: p["wins"] for p in tw.view(s, 0)["plays"] if p["foundation"] == 0}
    assert wins == {1: None, 2: None, 3: 0}


def test_only_the_seat_to_act_sees_its_choices():
    s = position(3, hands={0: "HH", 1: "SSS", 2: "C"})
    acting, other, spectator = tw.view(s, 0), tw.view(s, 1), tw.view(s, None)
    assert acting["plays"] and not acting["must_discard"]
    for v in (other, spectator):
        assert v["plays"] == [] and v["discards"] == [] and v["must_discard"] is False and v["drawn"] == []
    assert spectator["hand"] is None and [c["suit"] for c in other["hand"]] == ["S", "S", "S"]
    assert [p["hand_size"] for p in spectator["seats"]] == [2, 3, 1]


def test_forced_discard_is_shown_only_to_the_player():
    s = position(4, hands={0: "CC", 1: "CCC"}, towers={(0, 0): "H", (1, 0): "S", (2, 0): "HH", (3, 0): "SS"})
    v = tw.view(s, 0)
    assert v["must_discard"] and len(v["discards"]) == 2 and v["plays"] == []
    assert v["discards"][0]["move"]["kind"] == "discard"
    assert tw.view(s, 1)["must_discard"] is False


def test_view_shows_piles_sky_towers_and_is_json():
    s = position(2, hands={0: "H", 1: "CCCC"}, towers={(1, 0): "SS"}, draw="D", rest="discard", sky=10)
    s2 = tw.apply(s, play(H, 1, 0, 0))
    v = tw.view(s2, 1)
    json.dumps(v)
    assert v["sky"] == 9 and v["sky_start"] == 10 and v["draw_pile"] == len(s2.draw) and v["discard_pile"] == 0
    assert v["discard_top"] is None
    assert v["seats"][1]["towers"][0]["suit"] == "S" and v["seats"][1]["towers"][0]["size"] == 2
    assert v["seats"][0]["tallest"] == 1
    kinds = [e["kind"] for e in v["events"]]
    assert kinds == ["deal", "construct", "draw", "recycle", "draw"]
    assert v["recycles"][0]["sky_before"] == 10 and v["recycles"][0]["sky_after"] == 9
    assert len(v["drawn"]) == 3 and set(v["drawn"]) <= {c["code"] for c in v["hand"]}
    assert v["win_rule"].startswith("A tower of 10 or more") and v["win_size"] == 10


def test_discard_top_is_the_last_discarded_card():
    s = position(2, hands={0: "S", 1: "CCCCCCC"}, towers={(1, 0): "HHH"})
    s2 = tw.apply(s, play(S, 1, 1, 0))
    assert tw.view(s2, 0)["discard_top"]["suit"] == "S" and tw.view(s2, 0)["discard_pile"] == 2


def test_epoch_grows_with_every_move():
    s = position(2, hands={0: "H", 1: "C"}, draw="", rest="discard")
    s2 = tw.apply(s, play(H, 1, 0, 0))
    s3 = tw.apply(s2, play(C, 1, 1, 0))
    assert tw.epoch(s) < tw.epoch(s2) < tw.epoch(s3)


def test_bad_seat_is_refused():
    s = tw.new_game(2, {}, 1)
    for bad in (2, -1, "0"):
        try:
            tw.view(s, bad)
        except ValueError:
            continue
        raise AssertionError(f"view accepted seat {bad!r}")


def test_guide_states_this_editions_readings():
    text = " ".join(p if isinstance(p, str) else " ".join(p) for _, ps in tw.GUIDE for p in ps)
    for ruling in (
        "never drops below 0",
        "tallest tower",
        "turn order",
        "one way",
        "toss",
        "discard one card",
        "empty foundation",
        "nobody wins",
    ):
        assert ruling in text
