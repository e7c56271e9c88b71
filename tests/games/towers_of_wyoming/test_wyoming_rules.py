"""Scenario tests for the core rules of Towers of Wyoming (the rules page, ``guide.py``, with this edition's readings).

Each test builds an explicit position, makes one move and checks the exact result.
"""

import pytest

import tabletop.games.towers_of_wyoming as tw
from tabletop.engine.cards import Card, Suit
from tabletop.engine.errors import IllegalMove
from tabletop.games.towers_of_wyoming.facts import CARDS, CODES, PER_SUIT
from telling import told

from .wyoming_helpers import C, D, Discard, H, S, assert_accounted, held, play, position, suit_of_all, tower


def refused(state, move, words):
    """The move raises IllegalMove mentioning ``words`` and leaves the state untouched."""
    before = state.copy()
    with pytest.raises(IllegalMove, match=words):
        tw.apply(state, move)
    assert state == before


# ---------------------------------------------------------------- deck and set-up


def test_deck_is_four_suits_of_25_with_one_king_each_and_twins_told_apart():
    assert len(CARDS) == 100 and len(set(CARDS)) == 100
    for suit in Suit:
        cards = [c for c in CARDS if c.suit is suit]
        assert len(cards) == 25
        assert sum(1 for c in cards if c.rank == 13) == 1
        assert sorted({c.rank for c in cards}) == list(range(1, 14))
    assert Card(5, Suit.HEARTS, 0) in CARDS and Card(5, Suit.HEARTS, 1) in CARDS
    assert Card(13, Suit.HEARTS, 1) not in CARDS


@pytest.mark.parametrize(
    "players, options, foundations, sky",
    [
        (2, {}, 2, 10),
        (3, {}, 1, 10),
        (3, {"three_player_two_foundations": True}, 2, 8),
        (4, {}, 1, 10),
        (2, {"three_player_two_foundations": True}, 2, 10),  # the switch is for three players only
        (4, {"tidal_influences": True}, 1, 8),
        (2, {"tidal_influences": True}, 2, 8),
        (3, {"three_player_two_foundations": True, "tidal_influences": True}, 2, 8),
    ],
)
def test_setup_table(players, options, foundations, sky):
    s = tw.new_game(players, options, seed=3)
    assert s.foundations == foundations and s.sky == sky
    assert all(len(ts) == foundations and not any(ts) for ts in s.towers)
    assert [len(h) for h in s.hands] == [7] * players
    assert len(s.draw) == 100 - 7 * players and s.discard == []
    assert tw.to_act(s) == 0
    assert_accounted(s)


@pytest.mark.parametrize("bad", [1, 5, 0, True, "2"])
def test_player_count_is_2_to_4(bad):
    with pytest.raises(ValueError):
        tw.new_game(bad, {}, 1)


def test_unknown_or_mistyped_option_is_refused():
    with pytest.raises(ValueError):
        tw.new_game(2, {"sudden_death": "yes"}, 1)
    with pytest.raises(ValueError):
        tw.new_game(2, {"no_such_rule": True}, 1)


# ---------------------------------------------------------------- construct


def test_construct_any_suit_on_own_empty_foundation():
    s = position(2, hands={0: "HHH S", 1: "CCCCCCC"})
    legal = tw.legal_moves(s)
    assert play(H, 3, 0, 1) in legal and play(S, 1, 0, 0) in legal
    s2 = tw.apply(s, play(H, 3, 0, 1))
    assert tower(s2, 0, 1) == ("H", 3)
    assert held(s2, 0, H) == 0 and len(s2.hands[0]) == 1
    assert told(tw, s2)[-1] == "Player 1 started a heart tower on their foundation 2 with 3 hearts."


def test_no_construct_on_another_players_empty_foundation():
    s = position(2, hands={0: "HHH", 1: "CCCCCCC"})
    assert all(m.owner == 0 for m in tw.legal_moves(s))
    refused(s, play(H, 1, 1, 0), "another player's empty foundation")


def test_construct_onto_a_rivals_tower_of_the_same_suit():
    s = position(2, hands={0: "HH", 1: "CCCCCCC"}, towers={(1, 0): "HHH"})
    s2 = tw.apply(s, play(H, 2, 1, 0))
    assert tower(s2, 1, 0) == ("H", 5)
    assert "Player 1 built 2 hearts onto Player 2's 3-card heart tower on foundation 1: now 5 hearts." in told(tw, s2)


def test_a_suit_neither_equal_nor_opposed_cannot_touch_a_tower():
    s = position(4, hands={0: "C"}, towers={(0, 0): "S", (1, 0): "HH"})
    refused(s, play(C, 1, 1, 0), "clubs can neither build on nor deconstruct a heart tower")


def test_all_cards_of_one_suit_one_player_one_tower():
    """The move itself names one suit, one player and one foundation; the count must be held."""
    s = position(2, hands={0: "HH SS", 1: "CCCCCCC"})
    refused(s, play(H, 3, 0, 0), "you hold only 2 hearts")
    refused(s, play(H, 0, 0, 0), "at least one card")
    refused(s, play(H, 1, 2, 0), "not in the game")
    refused(s, play(H, 1, 0, 2), "2 foundations")
    counts = {(m.suit, m.count) for m in tw.legal_moves(s)}
    assert counts == {(H, 1), (H, 2), (S, 1), (S, 2)}


def test_played_cards_are_the_players_own_lowest_of_that_suit():
    s = position(2, hands={0: "HHH", 1: "CCCCCCC"})
    hearts = sorted(s.hands[0])
    s2 = tw.apply(s, play(H, 2, 0, 0))
    assert s2.towers[0][0] == hearts[:2] and s2.hands[0] == hearts[2:]


# ---------------------------------------------------------------- deconstruct


def test_deconstruct_short_tower_loses_one_card_per_card_played():
    s = position(2, hands={0: "SS", 1: "CCCCCCC"}, towers={(1, 0): "HHHHH"})
    top_two = s.towers[1][0][-2:]
    s2 = tw.apply(s, play(S, 2, 1, 0))
    assert tower(s2, 1, 0) == ("H", 3)
    assert len(s2.discard) == 4 and suit_of_all(s2.discard) == {"H", "S"}
    assert set(top_two) <= set(s2.discard)
    assert "Player 1 played 2 spades against Player 2's 5-card heart tower on foundation 1: it drops to 3 hearts." in told(tw, s2)


def test_deconstruct_exact_leaves_an_empty_foundation():
    s = position(2, hands={0: "SSS", 1: "CCCCCCC"}, towers={(1, 0): "HHH"})
    s2 = tw.apply(s, play(S, 3, 1, 0))
    assert tower(s2, 1, 0) == (None, 0)
    assert len(s2.discard) == 6
    event = [e for e in s2.events if e["kind"] == "deconstruct"][-1]
    assert event["after"] == {"suit": None, "size": 0}


def test_deconstruct_overflow_turns_the_tower_to_the_played_suit():
    s = position(2, hands={0: "SSSSS", 1: "CCCCCCC"}, towers={(1, 0): "HH"})
    spades = set(s.hands[0])
    s2 = tw.apply(s, play(S, 5, 1, 0))
    assert tower(s2, 1, 0) == ("S", 3)
    assert set(s2.towers[1][0]) <= spades
    assert len(s2.discard) == 4 and sorted(suit_of_all(s2.discard)) == ["H", "S"]
    assert any("it turns into a tower of 3 spades" in line for line in told(tw, s2))


def test_deconstruct_own_tower_is_allowed():
    s = position(2, hands={0: "SSSSS", 1: "CCCCCCC"}, towers={(0, 0): "HHHH", (0, 1): "S"})
    assert play(S, 5, 0, 0) in tw.legal_moves(s)
    s2 = tw.apply(s, play(S, 5, 0, 0))
    assert tower(s2, 0, 0) == ("S", 1)


def test_standard_opposition_both_ways():
    s = position(4, hands={0: "HDCS"}, towers={(0, 0): "H", (1, 0): "SS", (2, 0): "CC", (3, 0): "DD"})
    legal = {(m.suit, m.owner) for m in tw.legal_moves(s)}
    assert legal == {(H, 0), (H, 1), (S, 0), (S, 1), (D, 2), (D, 3), (C, 2), (C, 3)}


# ---------------------------------------------------------------- forced discard


def test_forced_discard_when_no_play_exists():
    s = position(4, hands={0: "CC"}, towers={(0, 0): "H", (1, 0): "S", (2, 0): "HH", (3, 0): "SS"})
    legal = tw.legal_moves(s)
    assert len(legal) == 2 and all(isinstance(m, Discard) for m in legal)
    refused(s, play(C, 1, 0, 0), "neither")
    card = legal[1].card
    s2 = tw.apply(s, legal[1])
    assert CARDS[s2.discard[-1]] == card and len(s2.hands[0]) == 1
    assert f"Player 1 had no play and discarded the {card.name}." in told(tw, s2)
    assert tw.to_act(s2) == 1


def test_discard_refused_while_a_play_exists_or_for_a_card_not_held():
    s = position(2, hands={0: "CC", 1: "HHHHHHH"})
    held_card = CARDS[s.hands[0][0]]
    refused(s, Discard(held_card), "you have a play")
    refused(s, Discard(Card(13, Suit.HEARTS)), "you do not hold")
    refused(s, Discard(Card(0, None, 1)), "not a card of this game")


def test_a_forced_discard_is_a_turn_with_the_end_of_turn_win_check():
    """Player 2's 10 hearts already top a Sky of 9 (as after a recycle during Player 2's draw); Player 2
    holds only clubs, with no club or diamond tower anywhere, so must discard, and wins at the end of that turn."""
    s = position(4, hands={1: "CCCCCCC"}, towers={(0, 0): "H", (1, 0): "HHHHHHHHHH", (2, 0): "SS", (3, 0): "S"}, sky=9, current=1)
    moves = tw.legal_moves(s)
    assert len(moves) == 7 and all(isinstance(m, Discard) for m in moves)
    out = tw.outcome(tw.apply(s, moves[0]))
    assert out.winners == (1,)


# ---------------------------------------------------------------- drawing and recycling


def test_draw_to_seven_at_the_start_of_the_turn():
    s = position(2, hands={0: "H", 1: "CCC"})
    s2 = tw.apply(s, play(H, 1, 0, 0))
    assert len(s2.hands[1]) == 7 and tw.to_act(s2) == 1
    assert s2.events[-1] == {"kind": "draw", "move": 0, "seat": 1, "count": 4, "cards": [CODES[c] for c in s2.fresh]}
    assert len(s2.fresh) == 4 and set(s2.fresh) <= set(s2.hands[1])


def test_recycling_happens_mid_draw_and_lowers_the_sky_then():
    s = position(2, hands={0: "H", 1: "CCCC"}, draw="D", rest="discard", sky=10)
    discards = len(s.discard)
    s2 = tw.apply(s, play(H, 1, 0, 0))
    kinds = [e["kind"] for e in s2.events[len(s.events) :]]
    assert kinds == ["construct", "draw", "recycle", "draw"] and {e["move"] for e in s2.events[len(s.events) :]} == {0}
    recycle = [e for e in s2.events if e["kind"] == "recycle"][0]
    assert recycle["seat"] == 1 and recycle["sky_before"] == 10 and recycle["sky_after"] == 9
    assert recycle["shuffled"] == discards and recycle["tosses"] == []
    assert s2.sky == 9 and len(s2.hands[1]) == 7 and len(s2.draw) == discards - 2 and s2.discard == []
    assert_accounted(s2)
    assert any("the Sky goes from 10 to 9 pennies" in line for line in told(tw, s2))


def test_no_recycling_while_no_draw_is_needed():
    """The pile empties exactly as a hand fills: the Sky stays until someone must draw from the empty pile."""
    s = position(2, hands={0: "HH", 1: "CCCC"}, draw="DDD", rest="discard", sky=10)
    s2 = tw.apply(s, play(H, 1, 0, 0))
    assert s2.sky == 10 and s2.draw == [] and len(s2.hands[1]) == 7
    assert not any(e["kind"] == "recycle" for e in s2.events)
    s3 = tw.apply(s2, play(C, 1, 1, 0))
    assert s3.sky == 9 and [e["seat"] for e in s3.events if e["kind"] == "recycle"] == [0]


def test_the_lowered_sky_counts_in_the_same_turns_win_check():
    s = position(2, hands={0: "S", 1: "CCCCCC"}, towers={(1, 0): "HHHHHHHHHH"}, draw="", rest="discard", sky=10)
    s2 = tw.apply(s, play(S, 1, 0, 0))
    assert tw.outcome(s2) is None and s2.sky == 9
    s3 = tw.apply(s2, play(C, 1, 1, 1))
    assert tw.outcome(s3).winners == (1,)
    assert "a tower of 10 cards is taller than the Sky of 9 pennies" in tw.outcome(s3).reason


def test_nothing_to_recycle_leaves_the_sky_and_a_short_hand():
    s = position(2, hands={0: "S", 1: "CCCC"}, sky=30)
    # every other card stands in towers, one suit per tower
    for i in range(4):
        suit_cards = [c for c in s.draw if c // PER_SUIT == i]
        s.towers[i // 2][i % 2] += suit_cards
    s.draw = []
    assert_accounted(s)
    s2 = tw.apply(s, play(S, 1, 1, 1))
    assert s2.sky == 30 and len(s2.hands[1]) == 4 and tw.to_act(s2) == 1
    assert not any(e["kind"] == "recycle" for e in s2.events)


def test_sky_never_drops_below_zero():
    s = position(2, hands={0: "SS", 1: "CCCC"}, towers={(1, 0): "HH"}, draw="", rest="discard", sky=0)
    s2 = tw.apply(s, play(S, 2, 1, 0))  # exact: no tower stands, so nobody wins at sky 0
    assert tw.outcome(s2) is None
    assert s2.sky == 0 and [e["sky_after"] for e in s2.events if e["kind"] == "recycle"] == [0]
    assert any("the Sky is already empty and stays at 0" in line for line in told(tw, s2))


# ---------------------------------------------------------------- winning


def test_a_tower_taller_than_the_sky_wins_at_the_end_of_the_turn():
    s = position(2, hands={0: "HH", 1: "CCCCCCC"}, towers={(0, 0): "HHHHHHHH"}, sky=10)
    s_equal = tw.apply(
        s,
        play(
            H,
            2,
            0,
            0,
        ),
    )
    assert tw.outcome(s_equal) is None  # 10 is not taller than 10
    s = position(2, hands={0: "HHH", 1: "CCCCCCC"}, towers={(0, 0): "HHHHHHHH"}, sky=10)
    s2 = tw.apply(s, play(H, 3, 0, 0))
    out = tw.outcome(s2)
    assert out.winners == (0,) and out.details["how"] == "tower"
    assert out.scores == (11.0, 0.0)
    assert tw.legal_moves(s2) == [] and tw.to_act(s2) is None
    refused(s2, play(H, 1, 0, 0), "the game is over")


def test_building_a_rivals_tower_past_the_sky_makes_the_rival_win():
    s = position(2, hands={0: "HH", 1: "CCCCCCC"}, towers={(1, 0): "HHHHHHHHHH"}, sky=10)
    assert tw.outcome(tw.apply(s, play(H, 1, 1, 0))).winners == (1,)


def test_several_qualify_the_tallest_tower_wins():
    s = position(3, hands={0: "H"}, towers={(0, 0): "HHHHH", (1, 0): "SSSSSSSS", (2, 0): "CCCCCCCCC"}, sky=7)
    out = tw.outcome(tw.apply(s, play(H, 1, 0, 0)))
    assert out.winners == (2,)
    assert "Player 2 also qualified" in out.reason


def test_several_qualify_tied_the_player_whose_turn_it_was_wins():
    s = position(3, hands={0: "H"}, towers={(0, 0): "HHHHHHH", (1, 0): "SSSSSSSS"}, sky=7)
    assert tw.outcome(tw.apply(s, play(H, 1, 0, 0))).winners == (0,)


@pytest.mark.parametrize("current, tied, winner", [(2, (1, 3), 3), (2, (0, 1), 0), (3, (1, 2), 1), (1, (0, 3), 3)])
def test_several_qualify_tied_else_next_in_turn_order(current, tied, winner):
    """Two 8-card towers over a Sky of 7, neither belonging to the player whose turn it is."""
    towers = {(tied[0], 0): "CCCCCCCC", (tied[1], 0): "SSSSSSSS"}
    s = position(4, hands={current: "D"}, towers=towers, sky=7, current=current)
    out = tw.outcome(tw.apply(s, play(D, 1, current, 0)))
    assert out.winners == (winner,)


def test_sky_drop_makes_two_qualify_at_once_and_turn_order_decides():
    """Recycling during Player 2's draw lowers the Sky to 7: the 8-card towers of Players 1 and 3
    both qualify at the end of Player 2's turn; Player 3 is next after Player 2."""
    s = position(
        3, hands={0: "C", 1: "CCCCCC"}, towers={(0, 0): "HHHHHHHH", (1, 0): "CC", (2, 0): "SSSSSSSS"}, draw="", rest="discard", sky=8
    )
    s2 = tw.apply(s, play(C, 1, 1, 0))
    assert tw.outcome(s2) is None and s2.sky == 7 and tw.to_act(s2) == 1
    s3 = tw.apply(s2, play(C, 1, 1, 0))
    assert tw.outcome(s3).winners == (2,)


def test_outcome_and_view_after_the_end_are_json():
    s = position(2, hands={0: "HHH", 1: "CCCCCCC"}, towers={(0, 0): "HHHHHHHH"}, sky=10)
    s2 = tw.apply(s, play(H, 3, 0, 0))
    v = tw.view(s2, 1)
    assert v["outcome"]["winners"] == [0] and v["outcome"]["reason"].startswith("Player 1 wins")
    assert v["to_act"] is None and v["plays"] == [] and v["events"][-1]["kind"] == "end"
