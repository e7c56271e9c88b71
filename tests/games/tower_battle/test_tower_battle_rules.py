"""Scenario tests for Tower Battle, one per rule and reading (the rules page, ``games/tower_battle/guide.py``)."""

from __future__ import annotations

import pytest

import tabletop.games.tower_battle as tb
from tabletop.engine.cards import Card, Suit
from tabletop.engine.errors import IllegalMove
from tabletop.engine.rng import Rng
from tabletop.engine.saves import MAX_MOVES
from tabletop.games.tower_battle import ChooseScoringCard, DeclareBattle, DeclineBattle, DiscardCard, PlayCard
from tabletop.games.tower_battle.ai import determinize
from tabletop.games.tower_battle.facts import side_cards
from tabletop.games.tower_battle.telling import ENGINE_NAMES, battle_result
from telling import told

from .positions import cards, position

C = Card.parse


def tower(s, suit: str) -> list[tuple[str, bool]]:
    return [(str(card), up) for card, up in s.towers[Suit(suit)]]


def codes(pile) -> list[str]:
    return [str(c) for c in pile]


def faces(s, code: str) -> list[bool]:
    return sorted(m.face_up for m in tb.legal_moves(s) if isinstance(m, PlayCard) and m.card == C(code))


def play(s, code: str, face_up: bool = True):
    return tb.apply(s, PlayCard(C(code), face_up))


def discard(s, code: str):
    return tb.apply(s, DiscardCard(C(code)))


def declare(s):
    return tb.apply(s, DeclareBattle())


def decline(s):
    return tb.apply(s, DeclineBattle())


def log_text(s) -> str:
    """What a spectator's log says, with the sides' names."""
    return "\n".join(told(tb, s))


def last_battle(s) -> dict | None:
    """The last battle fought (its ``battle`` event: both cards turned up)."""
    return next((e for e in reversed(s.event_list()) if e["kind"] == "battle"), None)


def battle_words(s) -> str:
    return battle_result(last_battle(s), ENGINE_NAMES)


def plays_entry(s, code: str) -> dict:
    return next(p for p in tb.view(s, s.player)["plays"] if p["card"] == code)


# --- setup ---------------------------------------------------------------------------------------


def test_new_game_sets_out_stocks_hands_and_empty_towers():
    s = tb.new_game(2, {"first": "black"}, seed=3)
    assert tb.to_act(s) == 1 and s.phase == "play" and s.game_number == 1
    assert [len(h) for h in s.hands] == [3, 3] and [len(st) for st in s.stocks] == [15, 15]
    assert all(c.suit in (Suit.HEARTS, Suit.DIAMONDS) for c in s.hands[0] + s.stocks[0])
    assert all(c.suit in (Suit.CLUBS, Suit.SPADES) for c in s.hands[1] + s.stocks[1])
    assert not any(c.rank in (8, 9, 10, 13) for seat in (0, 1) for c in s.hands[seat] + s.stocks[seat])
    assert all(t == [] for t in s.towers.values())
    v = tb.view(s, None)
    assert [(t["suit"], t["faces"], t["king"]) for t in v["towers"]] == [
        ("H", "C", "KH"),
        ("C", "H", "KC"),
        ("D", "S", "KD"),
        ("S", "D", "KS"),
    ]


def test_first_player_is_random_from_the_seed_unless_fixed():
    starters = {tb.to_act(tb.new_game(2, None, seed)) for seed in range(20)}
    assert starters == {0, 1}
    assert tb.to_act(tb.new_game(2, None, 11)) == tb.to_act(tb.new_game(2, None, 11))
    assert tb.to_act(tb.new_game(2, {"first": "red"}, 5)) == 0
    assert tb.to_act(tb.new_game(2, {"first": "black"}, 5)) == 1


def test_bad_options_and_seat_counts_are_refused():
    with pytest.raises(ValueError):
        tb.new_game(3, None, 1)
    with pytest.raises(ValueError):
        tb.new_game(2, {"scoring": "fancy"}, 1)
    with pytest.raises(ValueError):
        tb.new_game(2, {"target": 0}, 1)
    with pytest.raises(ValueError):
        tb.new_game(2, {"tnt": "yes"}, 1)


# --- face up or face down -----------------------------------------------------------------------


def test_army_card_is_forced_face_up_when_both_tops_are_face_down():
    s = position(hands=("5H 2D QH", "7S 4S 6S"), towers={"H": "2H?", "C": "4C?"})
    assert faces(s, "5H") == [True]
    with pytest.raises(IllegalMove, match="must be played face up"):
        play(s, "5H", face_up=False)
    entry = plays_entry(s, "5H")
    assert entry["free_choice"] is False and entry["faces"] == [True]
    assert "both face down" in entry["reason"]
    # The diamonds tower and the spades tower have no top card: free choice.
    assert faces(s, "2D") == [False, True]
    assert plays_entry(s, "2D")["reason"] is None


def test_choice_is_free_when_either_top_is_face_up_or_missing():
    assert faces(position(hands=("5H", ""), towers={"H": "2H", "C": "4C?"}), "5H") == [False, True]
    assert faces(position(hands=("5H", ""), towers={"H": "2H?", "C": "4C"}), "5H") == [False, True]
    assert faces(position(hands=("5H", ""), towers={"H": "2H?"}), "5H") == [False, True]
    assert faces(position(hands=("5H", ""), towers={"C": "4C?"}), "5H") == [False, True]


def test_effect_cards_are_always_played_face_up():
    s = position(hands=("AH QD 3H", ""))
    assert faces(s, "AH") == [True] and faces(s, "QD") == [True]
    with pytest.raises(IllegalMove, match="Assassin is an effect card"):
        play(s, "AH", face_up=False)
    with pytest.raises(IllegalMove, match="Diplomat is an effect card"):
        play(s, "QD", face_up=False)
    assert plays_entry(s, "QD")["reason"] == "A Diplomat is an effect card: it is always played face up."


def test_face_down_card_is_a_back_to_the_opponent_and_known_to_its_owner():
    s = play(position(hands=("5H 2D 3D", "7S 4S 6S")), "5H", face_up=False)
    assert tower(s, "H") == [("5H", False)]
    assert tb.view(s, 0)["towers"][0]["cards"][0]["card"] == "5H"
    assert tb.view(s, 1)["towers"][0]["cards"][0] == {"card": None, "label": None, "face_up": False, "role": None, "value": None}
    assert tb.view(s, None)["towers"][0]["cards"][0]["card"] is None
    assert "5H" not in log_text(s) and "5♥" not in log_text(s)


def test_cards_only_go_on_the_tower_of_their_suit_and_must_be_in_hand():
    s = position(hands=("5H 2D 3D", "7S 4S 6S"))
    assert {p["card"]: p["tower"] for p in tb.view(s, 0)["plays"]} == {"2D": "D", "3D": "D", "5H": "H"}
    with pytest.raises(IllegalMove, match="does not hold"):
        play(s, "6H")
    with pytest.raises(IllegalMove, match="does not hold"):
        play(s, "3C")


# --- the battle offer ---------------------------------------------------------------------------


def test_battle_is_offered_after_an_army_card_against_an_attackable_top():
    s = play(position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "3C?"}), "5H", face_up=False)
    assert s.phase == "battle" and tb.to_act(s) == 0
    offer = tb.view(s, 0)["battle_offer"]
    assert offer["to"] == 0 and offer["mover"] == 0 and offer["asking_mover"] and offer["towers"] == ["H", "C"]
    assert tb.legal_moves(s) == [DeclareBattle(), DeclineBattle()]


def test_no_battle_offer_against_an_empty_facing_tower():
    s = play(position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"S": "2S"}), "5H")
    assert s.phase == "play" and tb.to_act(s) == 1


def test_no_battle_offer_after_an_effect_card():
    s = play(position(hands=("QH 2D 3D", "7S 4S 6S"), towers={"H": "4H", "C": "3C"}), "QH")
    assert s.phase == "play" and tb.to_act(s) == 1
    s = play(position(hands=("AH 2D 3D", "7S 4S 6S"), towers={"H": "4H", "C": "2C 3C"}), "AH")
    assert tower(s, "C") == [("2C", True)]
    assert s.phase == "play" and tb.to_act(s) == 1


def test_no_battle_offer_after_a_discard():
    s = discard(position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"H": "4H", "C": "3C"}), "5H")
    assert s.phase == "play" and tb.to_act(s) == 1 and codes(s.discards[0]) == ["5H"]


def test_battle_answers_are_refused_when_no_battle_is_on_offer():
    s = position(hands=("5H 2D 3D", "7S 4S 6S"))
    with pytest.raises(IllegalMove, match="turn to play or discard"):
        declare(s)
    offered = play(position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "3C"}), "5H")
    with pytest.raises(IllegalMove, match="battle is on offer"):
        discard(offered, "2D")


def test_mover_answers_first_then_the_opponent_with_their_own_turn_to_act():
    s = play(position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "6C"}), "5H", face_up=False)
    assert tb.to_act(s) == 0
    s = decline(s)
    assert s.phase == "battle" and tb.to_act(s) == 1
    offer = tb.view(s, 1)["battle_offer"]
    assert offer["to"] == 1 and offer["mover"] == 0 and not offer["asking_mover"]
    assert offer["tops"][0]["card"] is None and offer["tops"][1]["card"] == "6C"
    s = declare(s)
    assert last_battle(s)["seat"] == 1
    assert tower(s, "H") == [] and tower(s, "C") == [("6C", True)]
    assert s.phase == "play" and tb.to_act(s) == 1


def test_both_declining_leaves_the_towers_and_ends_the_turn():
    s = decline(decline(play(position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "6C"}), "5H", face_up=False)))
    assert tower(s, "H") == [("5H", False)] and tower(s, "C") == [("6C", True)]
    assert last_battle(s) is None and s.phase == "play" and tb.to_act(s) == 1
    assert "does not declare a battle either" in log_text(s)


# --- battles ------------------------------------------------------------------------------------


def battle(hand_card: str, towers: dict, face_up: bool = False):
    s = position(hands=(f"{hand_card} 2D 3D", "7S 4S 6S"), towers=towers)
    return declare(play(s, hand_card, face_up))


def test_higher_card_stays_face_up_and_lower_is_discarded():
    s = battle("5H", {"C": "2C 3C?"})
    assert tower(s, "H") == [("5H", True)] and tower(s, "C") == [("2C", True)]
    assert codes(s.discards[1]) == ["3C"]
    assert last_battle(s)["values"] == [5, 3] and last_battle(s)["result"] == "higher"
    assert battle_words(s) == "5♥ (5) beats 3♣ (3): 3♣ is discarded and 5♥ stays face up."
    assert told(tb, s)[-3:] == [
        "Red declares a battle: Red's hearts tower against Black's clubs tower.",
        "The cards are turned up: 5♥ against 3♣.",
        "5♥ (5) beats 3♣ (3): 3♣ is discarded and 5♥ stays face up.",
    ]


def test_lower_played_card_loses():
    s = battle("2H", {"C": "6C?"})
    assert tower(s, "H") == [] and tower(s, "C") == [("6C", True)]
    assert codes(s.discards[0]) == ["2H"]


def test_tie_discards_both():
    s = battle("4H", {"H": "7H", "C": "4C?"})
    assert tower(s, "H") == [("7H", True)] and tower(s, "C") == []
    assert codes(s.discards[0]) == ["4H"] and codes(s.discards[1]) == ["4C"]
    assert "tie at 4" in battle_words(s) and "4♥ and 4♣ tie at 4: both are discarded." in log_text(s)


def test_ace_is_low_in_battle():
    s = battle("2H", {"C": "5C AC"})
    assert tower(s, "H") == [("2H", True)] and tower(s, "C") == [("5C", True)]
    assert last_battle(s)["values"] == [2, 1] and codes(s.discards[1]) == ["AC"]


def test_exposed_knave_in_battle_wipes_its_tower_and_the_other_card_stays():
    s = battle("3H", {"C": "2C 5C JC?"}, face_up=True)
    assert tower(s, "C") == [] and sorted(codes(s.discards[1])) == ["2C", "5C", "JC"]
    assert tower(s, "H") == [("3H", True)]
    assert battle_words(s) == "The Knave is exposed: Black's clubs tower is discarded and 3♥ stays."
    assert last_battle(s)["values"] == [3, None] and last_battle(s)["knaves"] == ["C"]


def test_movers_own_face_down_knave_turned_up_in_battle_wipes_the_movers_tower():
    s = position(hands=("JH 2D 3D", "7S 4S 6S"), towers={"H": "4H", "C": "6C?"})
    s = declare(decline(play(s, "JH", face_up=False)))
    assert tower(s, "H") == [] and sorted(codes(s.discards[0])) == ["4H", "JH"]
    assert tower(s, "C") == [("6C", True)]


def test_two_knaves_in_battle_wipe_both_towers():
    s = battle("JH", {"H": "2H", "C": "3C JC?"})
    assert tower(s, "H") == [] and tower(s, "C") == []
    assert battle_words(s) == "Both cards are Knaves: both towers are discarded."


def test_knave_played_face_up_wipes_its_own_tower_and_offers_no_battle():
    s = play(position(hands=("JH 2D 3D", "7S 4S 6S"), towers={"H": "4H 5H?", "C": "3C"}), "JH", face_up=True)
    assert tower(s, "H") == [] and codes(s.discards[0]) == ["4H", "5H", "JH"]
    assert s.phase == "play" and tb.to_act(s) == 1
    assert "The Knave J♥ is exposed" in log_text(s)


# --- the Assassin and the Diplomat --------------------------------------------------------------


def test_assassin_on_an_empty_facing_tower_does_nothing_and_stays():
    s = play(position(hands=("AH 2D 3D", "7S 4S 6S"), towers={"S": "3S"}), "AH")
    assert tower(s, "H") == [("AH", True)] and tower(s, "C") == [] and tower(s, "S") == [("3S", True)]
    assert s.discards == [[], []] and tb.to_act(s) == 1
    assert "finds Black's clubs tower empty" in log_text(s)


def test_assassin_removes_the_facing_top_card_showing_a_face_down_one():
    s = play(position(hands=("AH 2D 3D", "7S 4S 6S"), towers={"C": "2C 6C?"}), "AH")
    assert tower(s, "C") == [("2C", True)] and codes(s.discards[1]) == ["6C"]
    assert tower(s, "H") == [("AH", True)]
    assert "The Assassin A♥ strikes Black's clubs tower: 6♣ (it was face down) goes to the discard pile." in log_text(s)


def test_knave_revealed_by_an_assassin_takes_its_whole_tower():
    s = play(position(hands=("AH 2D 3D", "7S 4S 6S"), towers={"C": "2C 4C? JC?"}), "AH")
    assert tower(s, "C") == [] and sorted(codes(s.discards[1])) == ["2C", "4C", "JC"]
    assert "The Knave J♣ was seen" in log_text(s)


def test_diplomat_on_top_blocks_the_battle():
    s = play(position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "3C QC"}), "5H")
    assert s.phase == "play" and tb.to_act(s) == 1
    assert tb.view(s, 0)["towers"][1]["diplomat_on_top"] is True


def test_diplomat_played_is_announced_and_guards_its_tower_against_the_other_side():
    s = play(position(hands=("QH 2D 3D", "5C 4S 6S"), towers={"C": "3C"}), "QH")
    assert "No battle may be fought between Red's hearts tower and Black's clubs tower while the Diplomat is on top." in log_text(s)
    s = play(s, "5C", face_up=False)
    assert s.phase == "play" and tb.to_act(s) == 0 and tower(s, "C") == [("3C", True), ("5C", False)]


def test_diplomat_falls_to_an_assassin_and_battles_return():
    s = position(hands=("AH 5H 3D", "7S 4S 6S"), towers={"C": "3C QC"})
    s = play(s, "AH")
    assert tower(s, "C") == [("3C", True)] and codes(s.discards[1]) == ["QC"]
    s = discard(s, "6S")
    s = play(s, "5H")
    assert s.phase == "battle" and tb.to_act(s) == 0


def test_view_says_what_each_play_would_do():
    s = position(hands=("AH 5D JD", "7S 4S 6S"), towers={"C": "3C?", "S": "QS"})
    assert plays_entry(s, "AH")["options"][0]["effect"] == "Sends the face-down card on top of Black's clubs tower to the discard pile."
    effects = {o["face_up"]: o["effect"] for o in plays_entry(s, "JD")["options"]}
    assert effects[True].startswith("A Knave seen face up") and effects[False] == "No battle: a Diplomat guards Black's spades tower."


# --- drawing and the stock ----------------------------------------------------------------------


def test_a_turn_draws_the_top_card_of_the_stock():
    s = play(position(hands=("5H 2D 3D", "7S 4S 6S"), stock_tops=("7D", "")), "5H")
    assert sorted(codes(s.hands[0])) == ["2D", "3D", "7D"] and len(s.stocks[0]) == 14


def test_empty_stock_is_refilled_by_shuffling_the_discard_pile():
    hand = "5H 2D 3D"
    rest = " ".join(str(c) for c in side_cards(0, False) if str(c) not in hand.split())
    s = position(hands=(hand, "7S 4S 6S"), discards=(rest, ""), stocks=("", None))
    before = s.epoch
    s = discard(s, "5H")
    assert s.discards[0] == [] and len(s.stocks[0]) == 15 and len(s.hands[0]) == 3
    assert sorted(map(str, s.stocks[0] + s.hands[0])) == sorted(rest.split() + hand.split())
    assert "Red's stock is empty: the discard pile (16 cards) is shuffled into a new stock." in log_text(s)
    assert s.epoch > before


# --- winning ------------------------------------------------------------------------------------


def test_five_cards_win_only_at_the_end_of_the_turn_after_the_battle():
    s = position(hands=("6H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 4H 5H", "C": "7C"})
    s = play(s, "6H", face_up=False)
    assert len(s.towers[Suit.HEARTS]) == 5 and tb.outcome(s) is None and s.game_number == 1
    s = declare(decline(s))
    assert tower(s, "H") == [("2H", True), ("3H", True), ("4H", True), ("5H", True)]
    assert s.results == () and s.game_number == 1 and tb.to_act(s) == 1


def test_five_cards_standing_at_the_end_of_the_turn_win_the_game():
    s = position(hands=("6H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 4H 5H", "C": "7C"})
    s = decline(decline(play(s, "6H", face_up=False)))
    assert [r.winner for r in s.results] == [0] and s.scores == [1, 0]
    assert "Red wins game 1 with five cards on the hearts tower" in s.results[0].reason
    assert s.game_number == 2 and s.starter == 1 and tb.to_act(s) == 1


def test_a_tower_of_five_wins_for_its_owner_only_at_the_end_of_their_own_turn():
    s = position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "2C 3C 4C 5C 6C"})
    s = discard(s, "5H")
    assert s.results == () and tb.to_act(s) == 1
    s = discard(s, "7S")
    assert [r.winner for r in s.results] == [1]


# --- match play and scoring ---------------------------------------------------------------------


def test_simple_scoring_plays_games_to_the_target_with_alternating_starters():
    s = position(hands=("6H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 4H 5H"}, target=2)
    s = play(s, "6H")
    assert s.scores == [1, 0] and s.game_number == 2 and tb.outcome(s) is None
    assert s.starter == 1 and all(t == [] for t in s.towers.values())
    assert [len(h) for h in s.hands] == [3, 3] and [len(x) for x in s.stocks] == [15, 15] and s.discards == [[], []]
    results = tb.view(s, 0)["match"]["results"]
    assert results[0]["winner"] == 0 and results[0]["points"] == 1
    assert results[0]["final_towers"]["H"] == ["2H", "3H", "4H", "5H", "6H"]


def test_a_finished_game_turns_its_bluffs_face_up_for_both_players():
    s = position(hands=("6H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 4H 5H", "S": "2S? JS?", "D": "5D?"}, target=2)
    s = play(s, "6H")
    for viewer in (0, 1, None):
        last = tb.view(s, viewer)["match"]["results"][0]
        assert last["final_towers"]["S"] == [None, None] and last["final_towers"]["D"] == [None]
        assert last["revealed_towers"]["S"] == ["2S", "JS"] and last["revealed_towers"]["D"] == ["5D"]
        assert last["revealed_towers"]["H"] == ["2H", "3H", "4H", "5H", "6H"]


def test_match_ends_when_the_target_is_reached():
    s = play(position(hands=("6H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 4H 5H"}, target=1), "6H")
    out = tb.outcome(s)
    assert out.winners == (0,) and out.scores == (1.0, 0.0) and "Red wins the match 1 to 0" in out.reason
    assert tb.to_act(s) is None and tb.legal_moves(s) == []
    with pytest.raises(IllegalMove, match="over"):
        discard(s, "2D")


def test_advanced_scoring_opens_each_game_with_secret_scoring_cards():
    s = tb.new_game(2, {"scoring": "advanced", "first": "red"}, seed=4)
    assert s.phase == "scoring-card" and tb.to_act(s) == 0 and s.hands == [[], []]
    assert len(tb.legal_moves(s)) == 18
    assert tb.view(s, 0)["scoring_choice"]["choices"][:2] == ["AH", "AD"] and tb.view(s, 1)["scoring_choice"] is None
    s = tb.apply(s, ChooseScoringCard(C("5H")))
    assert tb.to_act(s) == 1 and tb.view(s, 0)["players"][0]["scoring_card"] == "5H"
    assert tb.view(s, 1)["players"][0] == tb.view(s, None)["players"][0]
    assert tb.view(s, 1)["players"][0]["scoring_card"] is None and tb.view(s, 1)["players"][0]["scoring_card_set"]
    with pytest.raises(IllegalMove, match="not in Black's stock"):
        tb.apply(s, ChooseScoringCard(C("5H")))
    epoch = s.epoch
    s = tb.apply(s, ChooseScoringCard(C("JC")))
    assert s.phase == "play" and tb.to_act(s) == 0 and s.epoch > epoch
    assert [len(h) for h in s.hands] == [3, 3] and [len(x) for x in s.stocks] == [14, 14]
    assert C("5H") not in s.stocks[0] + s.hands[0]


def test_advanced_scoring_winner_scores_the_value_of_the_scoring_card():
    s = position(hands=("6H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 4H 5H"}, advanced=True, target=10, scoring=("5D", "3C"))
    s = play(s, "6H")
    assert s.scores == [5, 0]
    assert s.results[0].scoring_cards == (C("5D"), C("3C"))
    assert "Red's scoring card is 5♦: Red scores 5." in log_text(s)


def test_advanced_scoring_forfeit_gives_the_loser_their_own_card_value():
    s = position(hands=("6H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 4H 5H"}, advanced=True, target=10, scoring=("JD", "4C"))
    s = play(s, "6H")
    assert s.scores == [0, 4] and s.results[0].winner == 0 and s.results[0].scorer == 1
    assert "Red forfeits: Black scores 4" in log_text(s)


def test_advanced_scoring_forfeit_with_no_number_card_on_either_side_scores_nothing():
    s = position(hands=("6H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 4H 5H"}, advanced=True, target=10, scoring=("QD", "AC"))
    s = play(s, "6H")
    assert s.scores == [0, 0] and s.results[0].scorer is None and tb.outcome(s) is None


def test_advanced_scoring_lets_players_swap_scoring_cards_between_games():
    s = position(hands=("6H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 4H 5H"}, advanced=True, target=10, scoring=("5D", "3C"))
    s = play(s, "6H")
    assert s.phase == "scoring-card" and s.game_number == 2 and tb.to_act(s) == 1
    assert s.scoring_cards == [None, None] and C("3C") in s.stocks[1] and C("5D") in s.stocks[0]
    choice = tb.view(s, 1)["scoring_choice"]
    assert choice["previous"] == "3C" and "3C" in choice["choices"]
    s = tb.apply(s, ChooseScoringCard(C("7S")))
    s = tb.apply(s, ChooseScoringCard(C("5D")))
    assert s.scoring_cards == [C("5D"), C("7S")] and s.phase == "play" and tb.to_act(s) == 1


def test_advanced_scoring_match_ends_at_the_target():
    s = position(hands=("6H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 4H 5H"}, advanced=True, target=5, scoring=("5D", "3C"))
    s = play(s, "6H")
    assert tb.outcome(s).winners == (0,) and s.phase == "over"
    assert tb.view(s, 1)["players"][0]["scoring_card"] == "5D"


# --- the move limit: a save holds MAX_MOVES moves, so the move that fills it ends the match ------


LIMIT = f"The match reached {MAX_MOVES:,} moves, the most a save can hold"


def near_the_limit(moves_left: int, scores: tuple[int, int] = (46, 42), towers: dict[str, str] | None = None):
    s = position(hands=("6H 2D 3D", "7S 4S 6S"), towers=towers or {"H": "2H 4H?", "C": "3C?"}, target=100)
    s.moves, s.scores = MAX_MOVES - moves_left, list(scores)
    return s


def test_apply_refuses_nothing_legal_before_the_move_limit():
    s = near_the_limit(2)
    assert determinize(tb.view(s, 1), 1, Rng(3)).moves == s.moves  # the computer's rollouts see the limit coming
    for move in tb.legal_moves(s):
        after = tb.apply(s, move)
        assert after.moves == MAX_MOVES - 1 and tb.outcome(after) is None and tb.view(after, 0)["match"]["moves"] == after.moves
        for last in tb.legal_moves(after):
            end = tb.apply(after, last)
            assert end.moves == MAX_MOVES and tb.outcome(end) is not None and tb.legal_moves(end) == []


def test_the_move_that_fills_a_save_ends_the_match_and_the_leader_wins_it():
    s = discard(near_the_limit(1), "2D")
    end = tb.outcome(s)
    assert end.winners == (0,) and end.scores == (46.0, 42.0) and end.why == f"{LIMIT}: Red leads 46 to 42."
    assert end.reason == (
        f"Red wins the match 46 to 42: it reached {MAX_MOVES:,} moves, the most a save can hold, "
        "before either player reached the target of 100 points."
    )
    assert tb.legal_moves(s) == [] and tb.to_act(s) is None and tb.view(s, 1)["outcome"]["why"] == end.why
    with pytest.raises(IllegalMove, match="The match is over"):
        discard(s, "3D")
    game = s.results[-1]  # the game in progress is left unfinished, its bluffs turned up like a finished game's
    assert (game.number, game.winner, game.scorer, game.points) == (1, None, None, 0)
    assert dict(game.final_towers)["H"] == ("2H", None) and dict(game.revealed_towers)["H"] == ("2H", "4H")
    assert log_text(s).split("\n")[-2:] == [
        f"The match has reached {MAX_MOVES:,} moves, the most a save can hold: game 1 is left unfinished.",
        f"{LIMIT}: Red leads 46 to 42.",  # the end, not naming who won (the table says "Red wins." first)
    ]


@pytest.mark.parametrize(
    ("scores", "winners", "words"),
    [
        ((42, 46), (1,), "Black leads 46 to 42."),
        ((44, 44), (), "Red and Black are level at 44 points each."),
        ((1, 1), (), "Red and Black are level at 1 point each."),
    ],
)
def test_at_the_move_limit_more_match_points_win_and_level_points_draw(scores, winners, words):
    end = tb.outcome(discard(near_the_limit(1, scores), "2D"))
    assert end.winners == winners and end.is_draw == (not winners) and end.why == f"{LIMIT}: {words}"


def test_a_battle_on_offer_when_the_limit_comes_is_never_fought():
    assert play(near_the_limit(2), "6H").phase == "battle"  # a move earlier, 6H would offer a battle against 3C
    s = play(near_the_limit(1), "6H")
    assert s.phase == "over" and tb.legal_moves(s) == [] and dict(s.results[-1].revealed_towers)["H"] == ("2H", "4H", "6H")


def test_a_match_won_by_its_target_on_the_last_move_a_save_holds_is_won_by_the_target():
    s = position(hands=("6H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 4H 5H"}, target=1)
    s.moves = MAX_MOVES - 1
    s = play(s, "6H")
    assert tb.outcome(s).winners == (0,) and tb.outcome(s).why.startswith("Game 1 decided the match")
    assert len(s.results) == 1 and s.results[0].winner == 0


def test_a_game_won_on_the_last_move_a_save_holds_counts_and_the_next_game_is_not_recorded():
    s = near_the_limit(1, (10, 12), towers={"H": "2H 3H 4H 5H"})
    s = play(s, "6H")  # Red wins game 1 (11 to 12); game 2 is dealt, but no move of it is made
    assert s.scores == [11, 12] and s.game_number == 2 and [r.number for r in s.results] == [1]
    assert tb.outcome(s).winners == (1,) and tb.outcome(s).why == f"{LIMIT}: Black leads 12 to 11."


# --- TNT ----------------------------------------------------------------------------------------


def test_tnt_ten_seen_in_battle_loses_its_owner_the_game_at_once():
    s = position(hands=("4H 2D 3D", "7S 4S 6S"), towers={"C": "10C?"}, tnt=True, target=3)
    s = declare(play(s, "4H", face_up=False))
    assert [r.winner for r in s.results] == [0] and s.scores == [1, 0] and s.game_number == 2
    assert "Black's 10 was found on a tower: Black loses game 1 at once" in s.results[0].reason
    assert last_battle(s)["cards"] == ["4H", "10C"] and last_battle(s)["result"] == "tnt" and last_battle(s)["tnt"] == [1]
    assert battle_words(s) == "Black's 10 is seen: TNT!"


def test_tnt_own_bluff_called_by_the_opponent_loses():
    s = position(hands=("10H 2D 3D", "7S 4S 6S"), towers={"C": "5C"}, tnt=True)
    assert faces(s, "10H") == [False]
    s = declare(decline(play(s, "10H", face_up=False)))
    assert [r.winner for r in s.results] == [1]


def test_tnt_ten_struck_by_an_assassin_loses_at_once():
    s = play(position(hands=("AH 2D 3D", "7S 4S 6S"), towers={"C": "3C 10C?"}, tnt=True), "AH")
    assert [r.winner for r in s.results] == [0]


def test_tnt_ten_under_an_exposed_knave_is_found_out():
    s = declare(play(position(hands=("3H 2D 3D", "7S 4S 6S"), towers={"C": "10C? JC?"}, tnt=True), "3H"))
    assert [r.winner for r in s.results] == [0]


def test_tnt_ten_never_goes_face_up_and_cannot_be_played_when_forced():
    s = position(hands=("10H 2D 3D", "7S 4S 6S"), towers={"H": "2H?", "C": "4C?"}, tnt=True)
    assert faces(s, "10H") == []
    assert DiscardCard(C("10H")) in tb.legal_moves(s)
    with pytest.raises(IllegalMove, match="cannot go on this tower"):
        play(s, "10H", face_up=True)
    assert "Discard it instead" in plays_entry(s, "10H")["reason"]


def test_tnt_tower_of_five_with_a_hidden_ten_is_counted_and_loses():
    """This edition's reading (rules page, "Winning a game and the match" and "TNT variant"): a tower reaching 5 cards is turned up to be counted; a hidden 10 is revealed, its owner loses."""
    s = position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 10H? 4H"}, tnt=True)
    s = play(s, "5H")
    assert [r.winner for r in s.results] == [1] and s.scores == [0, 1]
    told = log_text(s)
    assert "turned up to be counted, and a 10 is found in it" in told and "Red loses game 1" in told


def test_tnt_tower_of_five_without_a_ten_wins_as_usual():
    s = position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"H": "2H 3H 6H? 4H"}, tnt=True)
    s = play(s, "5H")
    assert [r.winner for r in s.results] == [0] and s.scores == [1, 0]


def test_a_colour_is_20_cards_and_the_stock_18():
    """The rules page's count ("The cards"): A, 2-7, J, Q, K in two suits; the kings are the bases."""
    for seat in (0, 1):
        assert len(side_cards(seat, tnt=False)) == 18 and len(side_cards(seat, tnt=True)) == 20
    s = tb.new_game(2, {"first": "red"}, seed=5)
    assert [len(h) + len(x) for h, x in zip(s.hands, s.stocks)] == [18, 18]
    dealt = [c for pile in (*s.hands, *s.stocks) for c in pile]
    assert len(set(dealt)) == 36 and not any(c.rank == 13 for c in dealt)  # the kings are the bases


def test_tnt_two_tens_seen_together_lose_both_and_nobody_scores():
    s = position(hands=("10H 2D 3D", "7S 4S 6S"), towers={"C": "10C?"}, tnt=True)
    s = declare(play(s, "10H", face_up=False))
    assert [r.winner for r in s.results] == [None] and s.scores == [0, 0] and s.game_number == 2


def test_tnt_ten_turned_up_against_a_knave_hiding_a_ten_loses_both():
    """Black's bluffed 10 is turned up in the battle; Red's Knave, turned up too, throws out its tower and the 10 under it."""
    s = position(hands=("2D 3D 4D", "10C 4S 6S"), towers={"H": "10H? JH?", "C": "5C"}, tnt=True, player=1)
    s = declare(play(s, "10C", face_up=False))
    assert [r.winner for r in s.results] == [None] and s.scores == [0, 0] and s.game_number == 2
    assert "Both players' 10s were seen on their towers: both lose game 1." in log_text(s)


def test_tnt_stock_holds_the_tens_and_discarding_a_ten_is_harmless():
    s = tb.new_game(2, {"tnt": True, "first": "red"}, seed=9)
    assert [len(h) + len(x) for h, x in zip(s.hands, s.stocks)] == [20, 20]
    s = discard(position(hands=("10H 2D 3D", "7S 4S 6S"), tnt=True), "10H")
    assert s.results == () and codes(s.discards[0]) == ["10H"]


# --- moves as JSON ------------------------------------------------------------------------------


def test_moves_round_trip_through_json_and_bad_json_is_refused():
    for move in (PlayCard(C("10H"), False), DiscardCard(C("QS")), DeclareBattle(), DeclineBattle(), ChooseScoringCard(C("AD"))):
        assert tb.move_from_json(tb.move_to_json(move)) == move
    for bad in ({"kind": "play", "card": "5H"}, {"kind": "fly"}, {"kind": "discard", "card": "ZZ"}, "play"):
        with pytest.raises(IllegalMove):
            tb.move_from_json(bad)


def test_cards_helper_reads_codes():
    assert cards("5H 10C") == [C("5H"), C("10C")]


# --- words: plurals and the options in play --------------------------------------------------------


def test_a_lone_knave_is_said_in_the_singular():
    s = position(hands=("JH 2D 3D", "7S 4S 6S"))
    up = next(o for o in plays_entry(s, "JH")["options"] if o["face_up"])
    assert "(1 card with it)" in up["effect"]
    s = play(s, "JH", True)
    assert "it goes to the discard pile, the only card of" in log_text(s) and "all 1 card" not in log_text(s)


def test_the_scoring_note_names_the_10_only_when_tnt_is_in_play():
    plain = tb.new_game(2, {"scoring": "advanced", "first": "red"}, seed=3)
    tnt = tb.new_game(2, {"scoring": "advanced", "first": "red", "tnt": True}, seed=3)
    assert "10" not in tb.view(plain, 0)["scoring_choice"]["note"]
    assert "(or a 10)" in tb.view(tnt, 0)["scoring_choice"]["note"]


def test_declaring_says_what_it_surely_costs_the_seat_asked():
    """The seat asked hears what declaring would surely cost it, from what it can see: its own Knave
    turned up (the whole tower), its own card lower than a face-up one, or a tie; nothing when the
    other top card is face down and its own is an army card."""
    knave = decline(play(position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "2C? JC?"}), "5H", face_up=False))
    costs = tb.view(knave, 1)["battle_offer"]["declaring_costs"]
    assert "Knave J♣" in costs and "clubs tower (2 cards)" in costs
    assert tb.view(knave, 0)["battle_offer"]["declaring_costs"] is None  # (not asked: nothing said)
    lower = play(position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "6C"}), "5H", face_up=False)
    assert "lower than 6♣" in tb.view(lower, 0)["battle_offer"]["declaring_costs"]
    tie = play(position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "5C"}), "5H", face_up=False)
    assert "both would be discarded" in tb.view(tie, 0)["battle_offer"]["declaring_costs"]
    unseen = play(position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "6C?"}), "5H", face_up=False)
    assert tb.view(unseen, 0)["battle_offer"]["declaring_costs"] is None
    higher = play(position(hands=("5H 2D 3D", "7S 4S 6S"), towers={"C": "3C"}), "5H", face_up=False)
    assert tb.view(higher, 0)["battle_offer"]["declaring_costs"] is None
