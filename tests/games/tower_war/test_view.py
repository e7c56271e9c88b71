"""What each seat sees: JSON only, own cards only, public discards, the whole tower,
and helpful derived facts (rules page: "The draft", "Building a deck")."""

import json

from tabletop.engine.cards import Card
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.views import view

from .positions import FaceUp, M, card_codes_in, log, no_secret_shows, place_pyramid, play, play_game, skilled_bot, tripod, war_position


def mid_war():
    return war_position(
        hands=("2H 5D 6S", "9H 7D 8S"),
        decks=("JD QD KD 4C", "JS QS KS 4H"),
        discards=("3C 3D", "3H 3S"),
        tower=[("2C", 0, 0, tripod(M)), ("10C", 0, -6.7, ())],
        leader=0,
    )


def test_views_are_plain_json_with_the_contract_keys():
    s = mid_war()
    for seat in (0, 1, None):
        v = view(s, seat)
        assert json.loads(json.dumps(v)) == v
        assert {"to_act", "outcome", "events", "epoch"} <= set(v)
        assert v["to_act"] == 0 and v["outcome"] is None and v["epoch"] == s.epoch


def test_a_seat_sees_its_own_hand_and_deck_but_only_counts_of_the_other():
    s = mid_war()
    v0 = view(s, 0)
    assert v0["mine"]["hand"] == ["2H", "5D", "6S"]
    assert v0["mine"]["deck"] == ["4C", "JD", "QD", "KD"]  # sorted by suit then rank: never the order
    assert v0["players"][1]["hand_count"] == 3 and v0["players"][1]["deck_count"] == 4
    assert not card_codes_in(v0) & {"9H", "7D", "8S", "JS", "QS", "KS", "4H"}
    assert view(s, None)["mine"] is None
    assert not card_codes_in(view(s, None)) & {"2H", "5D", "6S", "9H", "JD", "JS"}


def test_discard_piles_are_public():
    s = mid_war()
    for seat in (0, 1, None):
        players = view(s, seat)["players"]
        assert players[0]["discard"] == ["3C", "3D"] and players[1]["discard"] == ["3H", "3S"]


def test_the_view_does_not_change_when_the_opponents_secrets_do():
    s = mid_war()
    other = s.copy()
    # swap a card of Blue's hand with one of Blue's deck, and reorder Red's deck
    other.hand[1][0], other.deck[1][0] = other.deck[1][0], other.hand[1][0]
    assert view(s, 0) == view(other, 0) and view(s, None) == view(other, None)
    assert view(s, 1) != view(other, 1)
    reordered = s.copy()
    reordered.deck[0].reverse()
    assert view(s, 0) == view(reordered, 0)


def test_the_whole_tower_geometry_is_in_the_view():
    s = mid_war()
    s = play(s, "2H", "9H")
    s = place_pyramid(s, M, -15.0, -20.0)
    t = view(s, None)["tower"]
    assert t["top_level"] == 1 and t["top_card_origin"] == [0.0, -6.7]
    base, top = t["levels"]
    assert base["card"] == "2C" and base["covered"] and base["size"] == "medium" and base["z"] == 0.3
    assert [(p["x"], p["y"], p["owner"]) for p in base["pyramids"]] == [(-17.0, -22.0, 0), (17.0, -22.0, 1), (0.0, 24.0, 0)]
    assert top["card"] == "10C" and not top["covered"] and top["z"] == 35.6
    (p,) = top["pyramids"]
    assert (round(p["x"], 6), round(p["y"], 6)) == (-15.0, -26.7) and p["owner"] == 0
    assert p["base_mm"] == 20.0 and p["height_mm"] == 35.0
    (st,) = t["stability"]
    assert st["level"] == 1 and st["margin_mm"] > 1 and 0 <= st["wobble"] <= 1
    assert t["tightest_margin_mm"] == st["margin_mm"] and t["fall"] is None


def test_the_view_says_what_each_play_would_do():
    s = play(mid_war(), "2H")
    plays = view(s, 1)["battle"]["plays"]
    assert {p["move"]["card"]: p["result"] for p in plays} == {"9H": "wins", "7D": "wins", "8S": "wins"}
    assert view(s, 0)["battle"]["plays"] is None
    assert view(s, 1)["battle"]["played"][0] == [{"card": "2H", "as": "2H", "value": 2, "double": False}]
    s = war_position(hands=("JOKER1 9H", "2S 3S"), played=("9D", "KS"), decks=("", ""), leader=0)
    plays = view(s, 0)["battle"]["plays"]
    joker = [p for p in plays if p["move"]["card"] == "JOKER1"]
    assert joker == [{"move": {"kind": "play", "card": "JOKER1", "as_card": "9D"}, "value": 81, "double": True, "result": None}]


def test_the_placing_view_names_size_needs_and_adjustments():
    s = play(mid_war(), "2H", "9H")
    p = view(s, 0)["placing"]
    assert p == {
        "seat": 0,
        "piece": "pyramid",
        "reason": "skirmish",
        "required_size": None,
        "pyramids_needed": 1,
        "adjustments_left": 3,
        "liftable": [],
        "battle_cards": [],
        "size_warnings": {},  # 5 of each size in both stashes: every size can complete the level
    }
    assert "pick up a pyramid of any size" in view(s, 0)["prompt"]


def test_no_view_along_whole_games_shows_a_card_it_should_not():
    for seed in range(6):
        face_up = FaceUp()

        def check(s, face_up=face_up):
            face_up(s)
            no_secret_shows(s, face_up.seen)

        play_game(seed, skilled_bot, options={"advanced_draft": seed % 2 == 1}, on_state=check)


def test_the_log_never_names_a_card_that_stayed_secret():
    for seed in range(3):
        s, _ = play_game(seed, skilled_bot)
        secret = {c.label for c in s.unused[0] + s.unused[1] + s.set_aside}
        secret -= {Card.parse("JOKER1").label}  # both jokers read "Joker"
        named = {w.strip(".,:;()'s") for seat in (0, 1, None) for line in log(s, seat) for w in line.split()}
        assert secret and not named & secret
        assert r.outcome(s) is not None
