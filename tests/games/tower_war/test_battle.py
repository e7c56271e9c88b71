"""Battles and skirmishes: values, shared suits, hierarchy, doubles, jokers, ties,
filling the level, the card on top, drawing and the lead (rules page: "Battles and skirmishes", "What a card is worth", "Winning a battle")."""

import pytest

from tabletop.engine.cards import Card
from tabletop.engine.errors import IllegalMove
from tabletop.games.tower_war import rules as r
from tabletop.games.tower_war.moves import PickCard, PickPyramid, Play
from tabletop.games.tower_war.scoring import battle_total, compare, points, skirmish_value

from .positions import L, M, S, assert_conserved, cards, drop_exactly, log, place_pyramid, play, war_position

SPOTS = [(-17.0, -22.0), (17.0, -22.0), (0.0, 24.0)]


def test_points_and_the_worked_examples_as_pure_functions():
    assert [points(c) for c in cards("2H 9S 10C JD QH KS AC")] == [2, 9, 10, 10, 10, 10, 10]
    assert skirmish_value(Card.parse("2H"), cards("9H")) == 18
    assert skirmish_value(Card.parse("8C"), cards("10C")) == 80
    assert skirmish_value(Card.parse("5C"), cards("10C 8C")) == 400
    assert battle_total(cards("10C 8C 5C")) == 400
    assert battle_total(cards("AH 10C 6C")) == 70 and battle_total(cards("9S 4S 2S")) == 72


def test_nine_then_two_of_hearts_is_worth_eighteen_and_wins():
    # the opponent (Blue, seat 1) leads; you are Red (seat 0)
    s = war_position(hands=("9H 2H 5S", "AC KD 3C"), decks=("6D 7D 8D", "6S 7S 8S"), leader=1)
    s = play(s, "AC", "9H")
    assert s.phase == "place" and s.actor == 0 and s.reason == "skirmish"  # the 9 lost to the ace
    s = place_pyramid(s, M, *SPOTS[0])
    s = play(s, "KD", "2H")
    assert s.played[0][-1].value == 18
    assert s.phase == "place" and s.actor == 1  # the king lost to the 18
    assert "Red's 2♥ (18) beats Blue's K♦ (10)" in log(s)[-1]


def test_ten_eight_five_of_clubs_make_the_five_worth_four_hundred():
    s = war_position(hands=("10C 8C 5C", "2D 3D 4S"), decks=("6D 7D 8D", "6S 7S 8S"), leader=0)
    s = play(s, "10C", "2D")
    s = place_pyramid(s, M, *SPOTS[0])
    s = play(s, "8C", "3D")
    assert s.played[0][-1].value == 80
    s = place_pyramid(s, M, *SPOTS[1])
    s = play(s, "5C", "4S")
    assert s.played[0][-1].value == 400
    s = place_pyramid(s, M, *SPOTS[2])
    assert s.totals == [400, 3 * 2 + 4]  # red: only the 5 counts, 400; blue: diamonds 2*3 + spades 4


def test_the_seventy_against_seventy_two_battle():
    s = war_position(hands=("AH 10C 6C", "9S 4S 2S"), decks=("6D 7D 8D", "5D 3D 2D"), leader=0)
    s = play(s, "AH", "9S")
    assert s.actor == 1 and s.phase == "place"  # 9 loses to the ace
    s = place_pyramid(s, M, *SPOTS[0])
    s = play(s, "10C", "4S")  # 36 beats 10
    assert s.actor == 0 and s.phase == "place"
    s = place_pyramid(s, M, *SPOTS[1])
    s = play(s, "6C", "2S")  # 72 beats 60
    s = place_pyramid(s, M, *SPOTS[2])
    assert s.totals == [70, 72] and s.battle_loser == 0
    # the level already holds three pyramids: Red goes straight to the card
    assert s.phase == "place" and s.placing == "card" and s.actor == 0
    assert set(r.legal_moves(s)) >= {PickCard(c) for c in cards("AH 10C 6C")}
    with pytest.raises(IllegalMove):
        r.apply(s, PickCard(Card.parse("9S")))
    s = r.apply(s, PickCard(Card.parse("10C")))
    s = drop_exactly(s, 0.0, -6.5)
    assert len(s.tower) == 2 and s.tower[1].card == Card.parse("10C")
    assert (s.tower[1].x, s.tower[1].y) == pytest.approx((0.0, -6.5))
    assert set(s.discard[0]) == set(cards("AH 6C")) and set(s.discard[1]) == set(cards("9S 4S 2S"))
    # the next battle: Blue leads, three cards each
    assert s.battle == 2 and s.leader == 1 and s.actor == 1 and [len(h) for h in s.hand] == [3, 3]
    assert_conserved(s)


def test_hierarchy_breaks_ties_only_between_ten_point_ranks():
    assert compare(Card.parse("JC"), 10, Card.parse("AH"), 10) == -1
    assert compare(Card.parse("10C"), 10, Card.parse("JH"), 10) == -1
    assert compare(Card.parse("KC"), 10, Card.parse("QH"), 10) == 1
    assert compare(Card.parse("KC"), 10, Card.parse("KH"), 10) == 0
    assert compare(Card.parse("5C"), 10, Card.parse("10H"), 10) == 0  # a 5 worth 10 is no 10-point rank
    # in play: a jack against an ace, the ace wins
    s = war_position(hands=("JC 3D 4D", "AH 5S 6S"), decks=("", ""), leader=0)
    s = play(s, "JC", "AH")
    assert s.phase == "place" and s.actor == 0


def test_a_tied_skirmish_costs_nobody_a_pyramid():
    s = war_position(hands=("5C 2C 9D", "10S 3H 4D"), played=("", ""), leader=0)
    s = play(s, "2C", "3H")  # Red loses the 2 against the 3
    s = place_pyramid(s, S, *SPOTS[0])
    s = play(s, "5C", "10S")  # 5 of clubs after the 2 of clubs is worth 10: equal to the 10, no hierarchy
    assert s.phase == "play" and s.skirmish == 2
    assert "is a tie" in log(s)[-1]


def test_a_double_saves_its_player_from_adding_a_pyramid():
    # You played a 10 in both skirmishes; the opponent a 9 then a 5 of hearts (45).
    s = war_position(hands=("10C 10D 2S", "9H 5H 3S"), decks=("", ""), leader=0)
    s = play(s, "10C", "9H")
    s = place_pyramid(s, M, *SPOTS[0])
    s = play(s, "10D", "5H")
    assert s.phase == "play" and s.skirmish == 2  # no placing: straight to the third skirmish
    assert log(s)[-1].endswith(" Red played a double, so adds no pyramid.")
    assert s.played[0][-1].double


def test_a_joker_copies_an_earlier_card_and_cannot_open_a_battle():
    s = war_position(hands=("JOKER1 9H 7C", "2S 3S 4D"), decks=("", ""), leader=0)
    assert Play(Card.parse("JOKER1"), Card.parse("9H")) not in r.legal_moves(s)
    with pytest.raises(IllegalMove, match="first card"):
        play(s, "JOKER1=9H")
    s = play(s, "9H", "2S")
    s = place_pyramid(s, M, *SPOTS[0])
    assert s.actor == 0 and s.phase == "play"
    assert Play(Card.parse("JOKER1"), Card.parse("9H")) in r.legal_moves(s)
    with pytest.raises(IllegalMove, match="copy one of the cards"):
        play(s, "JOKER1=7C")
    with pytest.raises(IllegalMove, match="only a joker"):
        play(s, "7C=9H")
    s = play(s, "JOKER1=9H")
    entry = s.played[0][-1]
    assert (entry.card, entry.eff, entry.value, entry.double) == (Card.parse("JOKER1"), Card.parse("9H"), 81, True)


def test_a_joker_that_copies_an_ace_wins_by_hierarchy():
    s = war_position(hands=("JOKER2 2C", "KS 3D"), played=("AH", "QS"), decks=("", ""), leader=0, skirmish=1)
    s = play(s, "JOKER2=AH")
    assert s.played[0][-1].value == 100
    s = war_position(hands=("JOKER2 2C", "KS 3D"), played=("AH", "QD"), decks=("", ""), leader=1, skirmish=1)
    s = play(s, "KS", "JOKER2=AH")  # king of spades: 10; the joker as an ace of hearts: 100
    assert s.phase == "place" and s.actor == 1


def test_the_skirmish_pyramid_matches_the_level_size():
    s = war_position(hands=("2C 3C 4C", "9H 8H 7S"), decks=("", ""), leader=0)
    s = play(s, "2C", "9H")
    assert {m for m in r.legal_moves(s) if isinstance(m, PickPyramid)} == {PickPyramid(z) for z in (S, M, L)}
    s = place_pyramid(s, L, *SPOTS[0])
    s = play(s, "3C", "8H")
    assert [m for m in r.legal_moves(s) if isinstance(m, PickPyramid)] == [PickPyramid(L)]
    with pytest.raises(IllegalMove, match="large"):
        r.apply(s, PickPyramid(M))


def test_a_player_with_no_card_to_play_loses_the_skirmish():
    s = war_position(hands=("5H", "2C 3C 4C"), decks=("", "JD QD KD"), leader=0)
    s = play(s, "5H", "2C")
    s = place_pyramid(s, M, *SPOTS[0])  # Blue lost
    assert s.phase == "play" and s.actor == 1  # Red has nothing: Blue plays alone
    s = play(s, "3C")
    assert s.phase == "place" and s.actor == 0 and "Red has no card to play" in log(s)[-1]


def test_a_player_without_a_card_at_the_start_of_a_battle_loses_the_war():
    s = war_position(hands=("5H", "2C 3C 4C"), decks=("", "JD QD KD"), leader=0)
    s = play(s, "5H", "2C")
    s = place_pyramid(s, M, *SPOTS[0])
    s = play(s, "3C")
    s = place_pyramid(s, M, *SPOTS[1])
    s = play(s, "4C")
    s = place_pyramid(s, M, *SPOTS[2])
    assert s.totals == [5, 24] and s.placing == "card" and s.actor == 0
    s = r.apply(s, PickCard(Card.parse("5H")))
    s = drop_exactly(s, 0.0, -6.5)
    assert s.result is not None and s.result.winners == (1,)
    assert "Red has no card left to start battle 2" in s.result.reason
    assert s.result.details["cause"] == "no-cards"
    assert r.legal_moves(s) == []


def test_tied_battle_returns_pyramids_leader_first():
    s = war_position(hands=("4D 8C 5S", "9D 3C 5H"), decks=("6D 7D 8D", "6S 7S 8S"), leader=1)
    s = play(s, "9D", "4D")  # Red (following) loses
    s = place_pyramid(s, M, *SPOTS[0])
    s = play(s, "3C", "8C")  # Blue (leading) loses
    s = place_pyramid(s, M, *SPOTS[1])
    s = play(s, "5H", "5S")  # a tie
    assert s.totals == [17, 17]
    assert s.returned == [(1, M), (0, M)]  # the leader (Blue) takes back first
    i = log(s).index("Battle 1 is tied at 17: every pyramid placed in it goes back.")
    assert log(s)[i + 1 : i + 3] == ["Blue takes back 1 pyramid.", "Red takes back 1 pyramid."]
    assert s.tower[-1].pyramids == () and len(s.tower) == 1
    assert s.stash == [[0, 5, 5, 5], [0, 5, 5, 5]]
    assert s.battle == 2 and s.leader == 0 and s.actor == 0
    assert_conserved(s)


def test_the_battle_loser_fills_the_level_to_three_with_its_size():
    s = war_position(hands=("2C 5D 6S", "9H 5S 6D"), decks=("", ""), leader=0)
    s = play(s, "2C", "9H")
    s = place_pyramid(s, S, *SPOTS[0])  # Red lost the first skirmish
    s = play(s, "5D", "5S", "6S", "6D")  # two ties
    assert s.totals == [13, 20] and s.battle_loser == 0
    assert s.phase == "place" and s.placing == "pyramid" and s.reason == "battle" and s.actor == 0
    assert [m for m in r.legal_moves(s) if isinstance(m, PickPyramid)] == [PickPyramid(S)]
    s = place_pyramid(s, S, *SPOTS[1])
    assert s.placing == "pyramid"
    s = place_pyramid(s, S, *SPOTS[2])
    assert s.placing == "card" and [p.owner for p in s.tower[0].pyramids] == [0, 0, 0]
    assert s.stash[0] == [0, 2, 5, 5]


def test_the_battle_loser_adds_pyramids_until_three():
    s = war_position(hands=("KC QD JS", "2H 3D 4S"), decks=("", ""), leader=1)
    s = play(s, "2H", "KC")  # Blue loses: 1 pyramid
    s = place_pyramid(s, L, *SPOTS[0])
    s = play(s, "3D", "QD")  # Blue: 2 pyramids
    s = place_pyramid(s, L, *SPOTS[1])
    s = play(s, "4S", "JS")  # Blue: 3 pyramids... totals 9 against 30: Blue loses and the level is full
    s = place_pyramid(s, L, *SPOTS[2])
    assert s.battle_loser == 1 and s.placing == "card"
    s = war_position(hands=("KC 2D 2S", "2H KD 4S"), decks=("", ""), leader=0)
    s = play(s, "KC", "2H")  # Blue loses the first
    s = place_pyramid(s, M, *SPOTS[0])
    s = play(s, "2D", "KD")  # Red loses the second
    s = place_pyramid(s, M, *SPOTS[1])
    s = play(s, "2S", "4S")  # Red loses the third too, but it is a double: no pyramid
    assert s.totals == [14, 16] and s.battle_loser == 0
    assert s.phase == "place" and s.placing == "pyramid" and s.reason == "battle"
    assert [m for m in r.legal_moves(s) if isinstance(m, PickPyramid)] == [PickPyramid(M)]
    s = place_pyramid(s, M, *SPOTS[2])
    assert s.placing == "card" and s.actor == 0


def test_drawing_from_an_empty_deck_shuffles_the_discard_pile():
    s = war_position(hands=("", ""), decks=("", "2S 3S 4S"), discards=("7H 8H 9H 10H", ""), leader=1, start=False)
    r.start_battle(s)
    assert s.battle == 2 and s.leader == 0
    assert len(s.hand[0]) == 3 and len(s.deck[0]) == 1 and s.discard[0] == []
    assert "Red shuffles their discard pile into a new deck." in log(s)
    assert_conserved(s)


def test_with_deck_and_discard_empty_a_player_draws_fewer():
    s = war_position(hands=("", ""), decks=("5H", "2S 3S 4S"), leader=1, start=False)
    r.start_battle(s)
    assert [len(h) for h in s.hand] == [1, 3] and s.phase == "play"


def test_the_lead_alternates_from_player_one():
    s = r.new_game(2, None, 21)
    while s.phase != "play":
        s = r.apply(s, r.legal_moves(s)[0])
    assert s.battle == 1 and s.leader == 0 and s.actor == 0
    s = war_position(hands=("5H 6H 7H", "5S 6S 7S"), decks=("2D 3D 4D", "2C 3C 4C"), leader=0)
    s = play(s, "5H", "5S", "6H", "6S", "7H", "7S")  # three tied skirmishes, a tied battle
    assert s.battle == 2 and s.leader == 1 and s.actor == 1


def test_a_rank_tie_break_says_why_at_the_battle():
    """A♦ (10) against K♣ (10): equal values, the higher rank wins, and the line says so."""
    s = war_position(hands=("AD 5S 6S", "KC 7D 8D"), decks=("6D 7C 8S", "6C 7S 8C"), leader=0)
    s = play(s, "AD", "KC")
    assert log(s)[-1] == (
        "Skirmish 1: Red's A♦ (10) beats Blue's K♣ (10): equal values, and between 10, J, Q, K and A the higher rank wins (10 < J < Q < K < A)."
    )
    s = war_position(hands=("9H 5S 6S", "2C 7D 8D"), decks=("6D 7C 8S", "6C 7S 8C"), leader=0)
    assert log(play(s, "9H", "2C"))[-1] == "Skirmish 1: Red's 9♥ (9) beats Blue's 2♣ (2)."  # values decide: nothing more to say
