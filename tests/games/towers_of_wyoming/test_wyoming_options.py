"""Scenario tests for each optional rule, each one a switch of ``options``."""

import pytest

import tabletop.games.towers_of_wyoming as tw
from tabletop.engine.errors import IllegalMove
from tabletop.engine.rng import Rng
from tabletop.engine.saves import MAX_MOVES
from telling import told

from .wyoming_helpers import C, D, H, S, assert_accounted, play, position, tower

SUDDEN = {"sudden_death": True}
DEADLINES = {"contractual_deadlines": True}
TIDAL = {"tidal_influences": True}
WHEEL = {"wheel_of_opposition": True}
FINICKY = {"finicky_clients": True}


def recycles(s):
    return [e for e in s.events if e["kind"] == "recycle"]


# ---------------------------------------------------------------- Sudden Death


def test_sudden_death_no_recycling_when_the_draw_pile_is_empty():
    s = position(2, SUDDEN, hands={0: "H", 1: "CCC"}, draw="", rest="discard", sky=10)
    s2 = tw.apply(s, play(H, 1, 0, 0))
    assert s2.sky == 10 and recycles(s2) == [] and s2.draw == []
    assert len(s2.hands[1]) == 3 and tw.to_act(s2) == 1


def test_sudden_death_draws_what_is_left():
    s = position(2, SUDDEN, hands={0: "H", 1: "CCC"}, draw="DD", rest="discard")
    s2 = tw.apply(s, play(H, 1, 0, 0))
    assert len(s2.hands[1]) == 5 and s2.draw == [] and s2.sky == 10


def test_sudden_death_players_without_cards_are_skipped():
    s = position(3, SUDDEN, hands={0: "HH", 2: "SS"}, draw="", rest="discard")
    s2 = tw.apply(s, play(H, 1, 0, 0))
    assert tw.to_act(s2) == 2
    assert {"kind": "skip", "move": 0, "seat": 1} in s2.events
    assert "Player 2 had no cards and was skipped." in told(tw, s2)


def test_sudden_death_ends_when_all_hands_are_empty_single_tallest_wins():
    s = position(2, SUDDEN, hands={0: "H"}, towers={(0, 0): "HHHHH", (1, 0): "SSSSS", (1, 1): "CC"}, draw="", rest="discard")
    out = tw.outcome(tw.apply(s, play(H, 1, 0, 0)))
    assert out.winners == (0,) and out.details["how"] == "cards-out"
    assert out.scores == (6.0, 5.0)
    assert "tallest tower (6 cards)" in out.reason


def test_sudden_death_tie_for_tallest_is_shared():
    s = position(3, SUDDEN, hands={0: "H"}, towers={(0, 0): "HHHHH", (1, 0): "SSSSSS", (2, 0): "CCC"}, draw="", rest="discard")
    out = tw.outcome(tw.apply(s, play(H, 1, 0, 0)))
    assert out.winners == (0, 1) and out.scores == (6.0, 6.0, 3.0)
    assert "share the win" in out.reason


def test_sudden_death_with_no_tower_standing_is_a_draw():
    s = position(2, SUDDEN, hands={0: "SS"}, towers={(1, 0): "HH"}, draw="", rest="discard")
    out = tw.outcome(tw.apply(s, play(S, 2, 1, 0)))
    assert out.winners == () and out.is_draw


def test_sudden_death_keeps_the_normal_tower_win():
    s = position(2, SUDDEN, hands={0: "HHH", 1: "C"}, towers={(0, 0): "HHHHHHHH"}, draw="", rest="discard")
    out = tw.outcome(tw.apply(s, play(H, 3, 0, 0)))
    assert out.winners == (0,) and out.details["how"] == "tower"


def test_sudden_death_game_is_not_over_while_the_draw_pile_has_cards():
    s = position(2, SUDDEN, hands={0: "H"}, draw="DD", rest="discard")
    s2 = tw.apply(s, play(H, 1, 0, 0))
    assert tw.outcome(s2) is None and tw.to_act(s2) == 1


# ---------------------------------------------------------------- Contractual Deadlines


def test_deadline_removes_a_builder_without_a_tower_at_the_recycling():
    s = position(3, DEADLINES, hands={0: "H", 1: "CCCC", 2: "DDD"}, towers={(1, 0): "C"}, draw="", rest="discard")
    discards = len(s.discard)
    s2 = tw.apply(s, play(H, 1, 0, 0))
    (event,) = recycles(s2)
    assert event["eliminated"] == [{"seat": 2, "cards": 3}]
    assert event["shuffled"] == discards + 3  # the hand joined the discards before the shuffle
    assert s2.in_game == [True, True, False] and s2.hands[2] == []
    assert tw.to_act(s2) == 1 and len(s2.hands[1]) == 7
    assert_accounted(s2)
    assert any("Player 3 had no tower and lost the building contract" in line for line in told(tw, s2))
    # turn order skips Player 3, and Player 3's foundation is no longer a target
    s3 = tw.apply(s2, play(C, 1, 1, 0))
    assert tw.to_act(s3) == 0
    assert all(m.owner != 2 for m in tw.legal_moves(s3))
    with pytest.raises(IllegalMove, match="not in the game"):
        tw.apply(s3, play(D, 1, 2, 0))


def test_deadline_the_drawing_builder_can_be_out_and_loses_the_turn():
    s = position(3, DEADLINES, hands={0: "H", 1: "CCCC", 2: "DDD"}, towers={(2, 0): "D"}, draw="", rest="discard")
    s2 = tw.apply(s, play(H, 1, 0, 0))
    assert s2.in_game == [True, False, True]
    assert tw.to_act(s2) == 2 and len(s2.hands[2]) == 7 and s2.sky == 9
    assert_accounted(s2)


def test_deadline_last_builder_standing_wins():
    s = position(2, DEADLINES, hands={0: "H", 1: "CCCC"}, draw="", rest="discard")
    s2 = tw.apply(s, play(H, 1, 0, 0))
    out = tw.outcome(s2)
    assert out.winners == (0,) and out.details["how"] == "last-standing"
    assert "last builder still holding a contract" in out.reason
    assert tw.legal_moves(s2) == []


def test_deadline_everyone_out_at_once_is_a_draw():
    s = position(2, DEADLINES, hands={0: "SS", 1: "CCCC"}, towers={(1, 0): "HH"}, draw="", rest="discard")
    s2 = tw.apply(s, play(S, 2, 1, 0))  # exact: no tower stands anywhere
    out = tw.outcome(s2)
    assert out.winners == () and out.is_draw and s2.in_game == [False, False]
    assert_accounted(s2)


def test_without_the_option_nobody_is_removed():
    s = position(3, hands={0: "H", 1: "CCCC", 2: "DDD"}, towers={(1, 0): "C"}, draw="", rest="discard")
    s2 = tw.apply(s, play(H, 1, 0, 0))
    assert s2.in_game == [True, True, True] and recycles(s2)[0]["eliminated"] == []


# ---------------------------------------------------------------- Tidal Influences


def expected_tosses(seed: int, pennies: int) -> list[list[int]]:
    r = Rng(seed)
    out = []
    while True:
        heads = sum(1 for _ in range(pennies) if r.coin())
        out.append([heads, pennies - heads])
        if heads * 2 != pennies:
            return out


def seed_where(predicate, pennies: int) -> int:
    return next(seed for seed in range(10_000) if predicate(expected_tosses(seed, pennies)))


def recycle_with_seed(seed: int, sky: int = 8):
    s = position(2, TIDAL, hands={0: "H", 1: "CCCC"}, draw="", rest="discard", sky=sky)
    s.rng = Rng(seed)
    return tw.apply(s, play(H, 1, 0, 0))


def test_tidal_more_heads_adds_a_penny():
    seed = seed_where(lambda t: len(t) == 1 and t[0][0] > t[0][1], 8)
    s2 = recycle_with_seed(seed)
    (event,) = recycles(s2)
    assert event["tosses"] == expected_tosses(seed, 8) and s2.sky == 9 and event["sky_after"] == 9


def test_tidal_more_tails_removes_a_penny():
    seed = seed_where(lambda t: len(t) == 1 and t[0][0] < t[0][1], 8)
    s2 = recycle_with_seed(seed)
    assert recycles(s2)[0]["tosses"] == expected_tosses(seed, 8) and s2.sky == 7


def test_tidal_half_and_half_tosses_again():
    seed = seed_where(lambda t: len(t) >= 2, 8)
    tosses = expected_tosses(seed, 8)
    s2 = recycle_with_seed(seed)
    (event,) = recycles(s2)
    assert event["tosses"] == tosses and tosses[0] == [4, 4]
    assert all(sum(t) == 8 for t in tosses)
    assert s2.sky == (9 if tosses[-1][0] > 4 else 7)
    assert any("pennies were tossed: 4 heads and 4 tails (a tie: toss again), then " in line for line in told(tw, s2))
    assert tw.view(s2, 0)["recycles"][0]["tosses"] == tosses


def test_tidal_an_odd_sky_never_ties():
    seed = seed_where(lambda t: True, 7)
    s2 = recycle_with_seed(seed, sky=7)
    assert len(recycles(s2)[0]["tosses"]) == 1 and s2.sky in (6, 8)


def test_tidal_empty_sky_has_nothing_to_toss():
    s = position(2, TIDAL, hands={0: "SS", 1: "CCCC"}, towers={(1, 0): "HH"}, draw="", rest="discard", sky=0)
    s2 = tw.apply(s, play(S, 2, 1, 0))
    (event,) = recycles(s2)
    assert event["tosses"] == [] and s2.sky == 0
    assert any("the Sky has no pennies to toss and stays empty" in line for line in told(tw, s2))


def test_tidal_toss_is_seeded_replayable():
    a, b = recycle_with_seed(1234), recycle_with_seed(1234)
    assert a == b and recycles(a)[0]["tosses"] == recycles(b)[0]["tosses"]


# ---------------------------------------------------------------- Wheel of Opposition


def wheel_position(hand):
    return position(4, WHEEL, hands={0: hand}, towers={(0, 0): "H", (1, 0): "SS", (2, 0): "CC", (3, 0): "DD"})


@pytest.mark.parametrize("played, owner", [(C, 3), (D, 1), (S, 0), (H, 2)])
def test_wheel_each_suit_deconstructs_the_next(played, owner):
    s = wheel_position(played.value)
    assert play(played, 1, owner, 0) in tw.legal_moves(s)
    s2 = tw.apply(s, play(played, 1, owner, 0))
    assert tower(s2, owner, 0)[1] == tower(s, owner, 0)[1] - 1


@pytest.mark.parametrize("played, owner, tower_suit", [(D, 2, "club"), (H, 1, "spade"), (S, 3, "diamond"), (C, 0, "heart")])
def test_wheel_is_one_way(played, owner, tower_suit):
    s = wheel_position(played.value)
    assert play(played, 1, owner, 0) not in tw.legal_moves(s)
    with pytest.raises(IllegalMove, match=f"deconstruct a {tower_suit} tower"):
        tw.apply(s, play(played, 1, owner, 0))


def test_wheel_full_legal_set_and_view_map():
    s = wheel_position("HDCS")
    legal = {(m.suit, m.owner) for m in tw.legal_moves(s)}
    # construct on the same suit; deconstruct: C>D, D>S, S>H, H>C
    assert legal == {(H, 0), (S, 1), (C, 2), (D, 3), (C, 3), (D, 1), (S, 0), (H, 2)}
    assert tw.view(s, 0)["opposition"] == {"C": "D", "D": "S", "S": "H", "H": "C"}


# ---------------------------------------------------------------- Finicky Clients


def test_finicky_clients_needs_exactly_the_sky():
    s = position(2, FINICKY, hands={0: "HH", 1: "CCCCCCC"}, towers={(0, 0): "HHHHHHH"}, sky=8)
    assert tw.outcome(tw.apply(s, play(H, 2, 0, 0))) is None  # 9 is taller but not exact
    out = tw.outcome(tw.apply(s, play(H, 1, 0, 0)))
    assert out.winners == (0,) and "exactly as tall as the Sky of 8" in out.reason
    plays = {(p["count"], p["foundation"]): p["wins"] for p in tw.view(s, 0)["plays"] if p["suit"] == "H"}
    assert plays[(1, 0)] == 0 and plays[(2, 0)] is None


def test_finicky_tie_goes_by_turn_order():
    s = position(3, FINICKY, hands={0: "D"}, towers={(1, 0): "SSSSSSSS", (2, 0): "HHHHHHHH"}, sky=8)
    assert tw.outcome(tw.apply(s, play(D, 1, 0, 0))).winners == (1,)


def test_finicky_at_sky_0_an_empty_foundation_wins():
    """A foundation is a tower of 0 cards: with the Sky empty, it is exactly as tall as the Sky."""
    s = position(2, FINICKY, hands={0: "HHH", 1: "CCCCCCC"}, towers={(0, 0): "H", (1, 0): "C", (1, 1): "C"}, sky=0)
    assert tw.view(s, 0)["win_size"] == 0 and "empty foundation" in tw.view(s, 0)["win_rule"]
    out = tw.outcome(tw.apply(s, play(H, 1, 0, 0)))  # seat 0's second foundation is still empty
    assert out.winners == (0,) and "an empty foundation matches the empty Sky" in out.reason


def test_finicky_at_sky_0_clearing_ones_own_tower_wins():
    s = position(2, FINICKY, hands={0: "SS", 1: "CCCCCCC"}, towers={(0, 0): "HH", (0, 1): "D", (1, 0): "C", (1, 1): "C"}, sky=0)
    assert tw.outcome(tw.apply(s, play(S, 1, 0, 0))) is None  # one heart left: a tower of 1 misses the Sky of 0
    out = tw.outcome(tw.apply(s, play(S, 2, 0, 0)))  # exactly as many: the tower is a foundation again
    assert out.winners == (0,)
    plays = {(p["suit"], p["count"], p["owner"], p["foundation"]): p["wins"] for p in tw.view(s, 0)["plays"]}
    assert plays[("S", 2, 0, 0)] == 0 and plays[("S", 1, 0, 0)] is None


def test_finicky_at_sky_0_knocking_a_rival_to_an_empty_foundation_lets_the_rival_win():
    s = position(2, FINICKY, hands={0: "SSS", 1: "CCCCCCC"}, towers={(0, 0): "H", (0, 1): "D", (1, 0): "HH", (1, 1): "C"}, sky=0)
    out = tw.outcome(tw.apply(s, play(S, 2, 1, 0)))
    assert out.winners == (1,)
    assert tw.outcome(tw.apply(s, play(S, 3, 1, 0))) is None  # overflow: a tower of 1 spade stands there


def test_finicky_at_sky_0_ties_go_by_turn_order_from_the_player_whose_turn_it_was():
    # seat 0 plays onto its own only foundation; seats 1 and 2 have empty foundations: the next in turn order wins
    s = position(3, FINICKY, hands={0: "D"}, towers={(1, 0): "", (2, 0): ""}, sky=0)
    out = tw.outcome(tw.apply(s, play(D, 1, 0, 0)))
    assert out.winners == (1,) and "also qualified" in out.reason
    s = position(3, FINICKY, hands={1: "D"}, towers={(0, 0): "H", (2, 0): "S"}, sky=0, current=1)
    assert tw.outcome(tw.apply(s, play(D, 1, 1, 0))) is None  # every foundation now holds a tower
    s = position(3, FINICKY, hands={2: "D"}, sky=0, current=2)
    assert tw.outcome(tw.apply(s, play(D, 1, 2, 0))).winners == (0,)  # seat 2 filled its own; seat 0 is next


def test_finicky_at_sky_0_the_mover_wins_a_tie_with_the_rival_it_emptied():
    """Both builders have an empty foundation at the end of the turn: every qualifying tower has 0 cards,
    so the player whose turn it was wins."""
    s = position(2, FINICKY, hands={1: "SSSSSSS"}, towers={(0, 0): "HHHH"}, sky=0, current=1)
    out = tw.outcome(tw.apply(s, play(S, 4, 0, 0)))  # exact knock-down: seat 0's foundation is empty, seat 1's too
    assert out.winners == (1,)


def test_finicky_frozen_towers_the_sky_cannot_match_end_as_in_sudden_death():
    """Found by the random-play test: two builders left, a full heart and a full spade tower, Sky 0.
    Clubs and diamonds can neither build on nor tear down either tower, so every turn would be a
    discard for ever: the game ends, the tallest tower winning (a tie shared)."""
    s = position(
        4,
        dict(FINICKY, contractual_deadlines=True),
        hands={0: "C", 1: "DDDDDDD"},
        towers={(0, 0): "H" * 25, (1, 0): "S" * 25},
        sky=0,
        out=(2, 3),
    )
    assert tw.rules.towers_frozen(s)
    out = tw.outcome(tw.apply(s, tw.legal_moves(s)[0]))  # a forced discard
    assert out.winners == (0, 1) and "can never match" in out.reason


def frozen_two_player(sky):
    """Hearts and spades all stand in towers (3 and 22 hearts, 20 and 5 spades); only clubs and
    diamonds are loose, and they touch neither suit."""
    return position(
        2, FINICKY, hands={0: "C", 1: "D"}, sky=sky, towers={(0, 0): "H" * 3, (0, 1): "H" * 22, (1, 0): "S" * 20, (1, 1): "S" * 5}
    )


def test_finicky_frozen_towers_taller_than_the_sky_end_the_game():
    s = frozen_two_player(sky=2)
    assert tw.rules.towers_frozen(s)
    assert tw.outcome(tw.apply(s, tw.legal_moves(s)[0])).winners == (0,)  # the tallest tower, 22 hearts


def test_finicky_frozen_towers_the_sky_will_still_match_play_on():
    """The Sky falls at each reshuffle, so it will reach the 3-heart tower: play goes on."""
    s = frozen_two_player(sky=4)
    assert tw.rules.towers_frozen(s)
    assert tw.outcome(tw.apply(s, tw.legal_moves(s)[0])) is None


def test_finicky_under_an_empty_sky_the_move_that_fills_a_save_ends_the_game_tallest_tower_winning():
    """Found by builders who avoid every winning play (Tidal Influences and Finicky Clients, 4 players):
    the Sky reached 0 and stayed there, no foundation was ever emptied, and the game passed 20,000
    moves, more than a save holds. The move that fills a save ends it as Sudden Death does."""
    s = position(2, FINICKY, hands={0: "HHH", 1: "CCCCCCC"}, towers={(0, 0): "HHHHH", (0, 1): "D", (1, 0): "CC", (1, 1): "C"}, sky=0)
    s.moves = MAX_MOVES - 2
    s = tw.apply(s, play(H, 1, 0, 0))  # the 19,999th: no foundation empty, play goes on
    assert tw.outcome(s) is None and tw.legal_moves(s)
    earlier = s.copy()
    earlier.moves = 0
    assert tw.outcome(tw.apply(earlier, play(C, 1, 1, 0))) is None  # the same move earlier in a game: play goes on
    s = tw.apply(s, play(C, 1, 1, 0))  # the 20,000th: still no empty foundation, but a save holds no more
    out = tw.outcome(s)
    assert s.moves == MAX_MOVES and tw.legal_moves(s) == [] and out.details["how"] == "move-limit"
    assert [[len(t) for t in seat] for seat in s.towers] == [[6, 1], [3, 1]] and out.winners == (0,)
    assert out.why == f"The game reached {MAX_MOVES:,} moves, the most a save can hold, and theirs is the tallest tower (6 cards)."


def test_towers_with_a_loose_card_of_their_suit_are_not_frozen():
    s = position(2, FINICKY, hands={0: "C", 1: "D"}, sky=2, towers={(0, 0): "H" * 3, (0, 1): "H" * 21, (1, 0): "S" * 20, (1, 1): "S" * 5})
    assert not tw.rules.towers_frozen(s)  # one heart is still in the draw pile


def test_the_quick_builder_clears_its_own_tower_to_win_at_an_empty_finicky_sky():
    """The computer knows this edition's reading (rules page, "Optional rules"): at Sky 0 an exact knock-down of its own tower wins, and
    knocking a rival's tower down to an empty foundation would hand the rival the game."""
    from tabletop.games.towers_of_wyoming import ai as tow_ai

    s = position(2, FINICKY, hands={0: "SSCCDDD", 1: "CCCCCCC"}, towers={(0, 0): "HH", (0, 1): "D", (1, 0): "HH", (1, 1): "C"}, sky=0)
    assert play(S, 2, 0, 0) in tow_ai.candidates(s)
    move = tow_ai.quick_move(s, tw.legal_moves(s), Rng(1))
    assert tw.outcome(tw.apply(s, move)).winners == (0,)
    on_rivals = [m for m in tw.legal_moves(s) if m.owner == 1]
    assert play(S, 2, 1, 0) in on_rivals and play(D, 1, 1, 1) in on_rivals  # both would empty a rival foundation
    for seed in range(5):
        after = tw.apply(s, tow_ai.quick_move(s, on_rivals, Rng(seed)))
        assert tw.outcome(after) is None
